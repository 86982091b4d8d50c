import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * The lint rule that keeps production stages out of code as numbers (eslint.config.js, decision 062): each
 * way a stage number used to be written in the source is refused, codes from the table are not. `npm run
 * lint` runs the rule over every source file; this shows the rule itself works.
 */

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: repo });

async function stageProblems(code: string, file = 'packages/server/src/modules/orders/example.ts') {
  const [result] = await eslint.lintText(code, { filePath: join(repo, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

describe('no production stage as a number in code', { timeout: 60_000 }, () => {
  test.each([
    ['a comparison with a number', 'export const f = (item: { stage: number }) => item.stage === 7;\n'],
    ['the number first', 'export const f = (stage: number) => 6 > stage;\n'],
    ['arithmetic on a stage', 'export const f = (order: { stage: number }) => order.stage + 1;\n'],
    ['a stage written as a number', 'export const row = { stage: 0, title: "Ring" };\n'],
    [
      'a number in SQL',
      'declare const sql: (s: TemplateStringsArray) => string;\nexport const q = sql`i.stage < 6`;\n',
    ],
    [
      'a range in SQL',
      'declare const sql: (s: TemplateStringsArray) => string;\nexport const q = sql`stage between 0 and 7`;\n',
    ],
  ])('%s is refused', async (_, code) => {
    expect(await stageProblems(code)).toBe(1);
  });

  test('codes from the table, and the web, pass; tests may use the API numbers', async () => {
    expect(
      await stageProblems(
        "import { CANCELLED_STAGE, type StageCode } from '@facet/domain/workflow';\n" +
          "export const f = (item: { stage: StageCode }) => item.stage === CANCELLED_STAGE || item.stage === 'received';\n" +
          "export const row = { stage: 'received' as const, wire: 3 };\n",
      ),
    ).toBe(0);
    expect(
      await stageProblems(
        'export const f = (order: { stage: number }) => order.stage + 1;\n',
        'packages/web/src/features/ops/pages/example.tsx',
      ),
    ).toBe(1);
    expect(
      await stageProblems(
        'export const body = { stage: 1 };\n',
        'packages/server/src/modules/orders/example.test.ts',
      ),
    ).toBe(0);
  });
});
