#!/usr/bin/env node
// `npm test`: API types up to date, type check, lint, unit and server integration tests, build, browser end-to-end.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = new URL('../test-results', import.meta.url).pathname.replace(/\/$/, '');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds}s`);
    summary();
    process.exit(run.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Browser tests need Chromium at ${path}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary).`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } catch {
    console.error(
      'Could not install chromium. Install it with: apt-get update && apt-get install -y chromium',
    );
    process.exit(1);
  }
}

function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of ['unit.json', 'e2e.json']) {
    const file = `${results}/${name}`;
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  }
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
}

ensureChromium();
// the web's API types are generated from the server's OpenAPI document (decision 018)
step('module registry up to date', 'node', ['scripts/modules-registry.mjs', '--check']);
step('API types up to date', 'npm', ['run', 'api:types:check', '--silent']);
step('type check', 'npx', [
  'tsc',
  '-b',
  'packages/domain',
  'packages/server',
  'packages/web',
  'packages/e2e',
]);
step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
step('module boundaries', 'npm', ['run', 'boundaries', '--silent']);
// no dead exports or files, no undeclared dependencies (decision 069)
step('unused exports (knip)', 'npm', ['run', 'knip', '--silent']);
step('format', 'npx', ['prettier', '--check', '.']);
step('unit and server integration tests', 'npx', [
  'vitest',
  'run',
  '--project',
  'domain',
  '--project',
  'server',
  '--project',
  'web',
  '--project',
  'scripts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/unit.json`,
]);
step('build the web app', 'npm', ['run', 'build', '--silent']);
step('browser end-to-end', 'npx', [
  'vitest',
  'run',
  '--config',
  'packages/e2e/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/e2e.json`,
]);
summary();
