import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts', 'packages/server/src/modules/notifications/mail-job.ts'],
    rules: {
      // a mail job is made by mailJob()/mailTo(), which hold its event and data to MailEventMap
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='send'][arguments.0.value='mail']",
          message:
            'Queue mail with sendMails(jobs, [mailJob(event, to, data)]) from modules/notifications/mail-job.ts.',
        },
      ],
    },
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
  prettier,
);
