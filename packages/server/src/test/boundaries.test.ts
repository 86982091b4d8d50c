import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, test } from 'vitest';

// The table-ownership rules of .dependency-cruiser.cjs (decision 019), run on a small fixture tree laid
// out like the server (test/boundaries-fixture/packages/server/src/modules/{alpha,beta}).
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtureRoot = path.join(here, 'boundaries-fixture');
const require = createRequire(import.meta.url);
const config = require(path.join(here, '../../../../.dependency-cruiser.cjs')) as IConfiguration;
const { declaredImportRules } = require(path.join(here, '../../../../scripts/server-module-graph.cjs')) as {
  declaredImportRules(
    root: string,
    where: { server: string; tests: unknown },
  ): NonNullable<IConfiguration['forbidden']>;
};
const DECLARED = 'server-module-imports-what-it-declares';

const fixtureRules = () => (config.forbidden ?? []).filter((rule) => rule.name !== DECLARED);

/** The paths the real declared-import rules were made with (the server's folder and its tests). */
function declaredWhere() {
  const rule = (config.forbidden ?? []).find((r) => r.name === DECLARED);
  if (!rule) throw new Error(`.dependency-cruiser.cjs has no ${DECLARED} rule`);
  return { server: '^packages/server/src/', tests: rule.from.pathNot };
}

async function violations() {
  const result = await cruise(['packages/server/src'], {
    baseDir: fixtureRoot,
    validate: true,
    // the rules the config made from the real modules' registrations, remade from the fixture's
    ruleSet: { forbidden: [...fixtureRules(), ...declaredImportRules(fixtureRoot, declaredWhere())] },
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('module boundaries (dependency-cruiser)', () => {
  test("each planted violation fails its rule, and nothing else does: another module's tables or private file, a reads file importing another module, an undeclared (cyclic) type import, the platform importing a module, the operator's command importing the server", async () => {
    expect(await violations()).toEqual([
      'server-cli-starts-no-server: packages/server/src/cli/main.ts -> packages/server/src/app.ts',
      'server-cli-starts-no-server: packages/server/src/cli/main.ts -> packages/server/src/modules/alpha/alpha.jobs.ts',
      'server-module-imports-what-it-declares: packages/server/src/modules/beta/beta.service.ts -> packages/server/src/modules/alpha/alpha.service.ts',
      'server-module-public-files: packages/server/src/modules/alpha/alpha.service.ts -> packages/server/src/modules/beta/beta.helpers.ts',
      'server-platform-not-modules: packages/server/src/platform/clock.ts -> packages/server/src/modules/beta/beta.reads.ts',
      'server-reads-are-leaves: packages/server/src/modules/alpha/alpha.reads.ts -> packages/server/src/modules/beta/beta.reads.ts',
      'server-table-owner: packages/server/src/modules/alpha/alpha.service.ts -> packages/server/src/modules/beta/beta.tables.ts',
    ]);
  });
});
