import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, test } from 'vitest';

// The table-ownership rules of .dependency-cruiser.cjs (decision 019), run on a small fixture tree laid
// out like the server (test/boundaries-fixture/packages/server/src/modules/{alpha,beta}).
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtureRoot = path.join(here, 'boundaries-fixture');
const config = createRequire(import.meta.url)(
  path.join(here, '../../../../.dependency-cruiser.cjs'),
) as IConfiguration;

async function violations() {
  const result = await cruise(['packages/server/src'], {
    baseDir: fixtureRoot,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('module boundaries (dependency-cruiser)', () => {
  test("a module importing another module's tables fails, so does a reads file importing another module, and the operator's command importing the server", async () => {
    expect(await violations()).toEqual([
      'server-cli-starts-no-server: packages/server/src/cli/main.ts -> packages/server/src/app.ts',
      'server-cli-starts-no-server: packages/server/src/cli/main.ts -> packages/server/src/modules/alpha/alpha.jobs.ts',
      'server-reads-are-leaves: packages/server/src/modules/alpha/alpha.reads.ts -> packages/server/src/modules/beta/beta.reads.ts',
      'server-table-owner: packages/server/src/modules/alpha/alpha.service.ts -> packages/server/src/modules/beta/beta.tables.ts',
    ]);
  });
});
