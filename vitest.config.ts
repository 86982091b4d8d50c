import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // every core: without watch, Vitest's default is one fewer than the cores, so on our 2-core machines the
    // whole suite ran in a single worker while the other core idled (bench/test-apps/RESULTS.md)
    maxWorkers: availableParallelism(),
    projects: [
      // time-outs guard against hangs, not speed: the 2-core CI machine runs every project at once
      {
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
      },
      // the repository's own scripts (the commit message rule, …)
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          // the fault suite stops and restarts real processes: CI runs it on its own, after this suite
          exclude: ['src/fault/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['src/test/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'fault',
          root: 'packages/server',
          include: ['src/fault/**/*.test.ts'],
          // real server processes, a Redis and PostgreSQL of the suite's own: one file at a time
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          setupFiles: ['src/test/fail-on-console-error.ts'],
        },
      },
      {
        extends: 'packages/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 30_000,
          setupFiles: ['src/testing/setup.ts'],
        },
      },
    ],
  },
});
