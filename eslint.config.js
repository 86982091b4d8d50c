import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * A production stage written as a number: compared with, set to, switched on, computed or written in SQL
 * (decision 062). Each selector is a shape the stages were once written in.
 */
const noStageNumbers = [
  'Property[key.name=/^stage$/i][value.type="Literal"][value.raw=/^-?\\d/]',
  'BinaryExpression[left.property.name=/stage$/i][right.raw=/^-?\\d/]',
  'BinaryExpression[right.property.name=/stage$/i][left.raw=/^-?\\d/]',
  'BinaryExpression[left.name=/stage$/i][right.raw=/^-?\\d/]',
  'BinaryExpression[right.name=/stage$/i][left.raw=/^-?\\d/]',
  'CallExpression:has(> MemberExpression.arguments[property.name=/stage$/i]) > Literal.arguments[raw=/^-?\\d/]',
  'SwitchStatement[discriminant.property.name=/stage$/i] > SwitchCase > Literal.test[raw=/^-?\\d/]',
  'VariableDeclarator[id.name=/stage/i] > Literal.init[raw=/^-?\\d/]',
  // SQL: `stage < 6` written out, or `${t.stage} BETWEEN 0 AND 7` after the column
  'TemplateElement[value.raw=/\\bstage\\s*(=|<>|!=|<|>|in\\b|between\\b)\\s*\\(?\\s*-?\\d/i]',
  'TemplateLiteral:has(> MemberExpression.expressions[property.name=/stage$/i]) > TemplateElement[value.raw=/^\\s*(=|<>|!=|<|>|in\\b|between\\b)\\s*\\(?\\s*-?\\d/i]',
].map((selector) => ({
  selector,
  message:
    'A production stage is a code of @facet/domain/workflow PRODUCTION_STAGES, never a number (decision 062).',
}));

/**
 * A fixed sleep in a test: the test waits for the event, polls a condition (`vi.waitFor`, `expect.poll`) or
 * moves fake timers instead (issue 29). Only the fault suite, which takes real parts away for real
 * seconds, is exempt.
 */
const noFixedSleeps = [
  // new Promise((r) => setTimeout(r, 300)), window.setTimeout too
  "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
  "NewExpression[callee.name='Promise'] CallExpression[callee.property.name='setTimeout'][arguments.0.type='Identifier']",
  // new Promise((r) => setTimeout(() => r(), 300))
  "NewExpression[callee.name='Promise'] CallExpression[callee.name=/setTimeout$/][arguments.0.type='ArrowFunctionExpression'][arguments.0.body.type='CallExpression'][arguments.0.body.arguments.length=0]",
  // `await setTimeout(300)` of node:timers/promises, a sleep helper by its usual names, Playwright's wait
  'ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]',
  'CallExpression[callee.name=/^(sleep|delay|wait|pause)$/]',
  "CallExpression[callee.property.name='waitForTimeout']",
].map((selector) => ({
  selector,
  message:
    'No fixed sleeps in tests: wait for the event or condition (vi.waitFor, expect.poll, a round trip) or use fake timers.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'bench/out/**',
      'packages/web/src/api/openapi.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      // the domain package is pure: data in, result out, no I/O
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:*',
            'fs',
            'path',
            'drizzle-orm*',
            'fastify*',
            'react*',
            '@facet/server*',
            '@facet/web*',
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'fetch'],
    },
  },
  {
    // production stages are codes from one table (@facet/domain/workflow PRODUCTION_STAGES, decision 062):
    // no stage is a number in code (the API's numbers come from the table's `wire`); tests may use them
    files: ['packages/{domain,server,web}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...noStageNumbers] },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts', 'packages/server/src/platform/mail/mail-job.ts'],
    rules: {
      // (one setting of the rule per file: the stage rule is repeated here for the server's files)
      'no-restricted-syntax': [
        'error',
        // a mail job is made by mailJob()/mailTo(), which hold its event and data to MailEventMap
        {
          selector: "CallExpression[callee.property.name='send'][arguments.0.value='mail']",
          message:
            'Queue mail with sendMails(jobs, [mailJob(event, to, data)]) from platform/mail/mail-job.ts.',
        },
        ...noStageNumbers,
      ],
    },
  },
  {
    files: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/e2e/src/**/*.spec.ts'],
    ignores: ['packages/server/src/fault/**'],
    rules: { 'no-restricted-syntax': ['error', ...noFixedSleeps] },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'packages/domain/src/mesh/cli.ts',
      'packages/server/src/main.ts',
      'packages/server/src/db/seed-cli.ts',
      'packages/server/src/openapi-export.ts',
    ],
    rules: { 'no-console': 'off', 'no-restricted-globals': 'off', 'no-restricted-imports': 'off' },
  },
  {
    // CommonJS by its extension (the dependency-cruiser config and what it loads)
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
