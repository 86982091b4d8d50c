import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['src/journeys/**/*.spec.ts'],
    globalSetup: ['src/global-setup.ts'],
    // one server, one browser at a time: this machine has two cores
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
