#!/usr/bin/env node
// `npx node bench/test-apps/workers-bench.mjs [rounds]`: the server suite on a fixed sample of test files,
// whole process (`vitest run`), with one worker (Vitest's default on 2 cores) and with every core,
// alternating in one run. Appends its table to bench/test-apps/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const rounds = Number(process.argv[2] ?? 2);
// every fifth server test file by name: a sample spread across the modules, the same in each run
const all = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'fault') walk(path);
    else if (entry.name.endsWith('.test.ts')) all.push(path.slice(root.length));
  }
};
walk(join(root, 'packages/server/src'));
const sample = all.sort().filter((_, i) => i % 5 === 0);

function run(workers) {
  const load = loadavg()[0];
  const started = Date.now();
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', `--maxWorkers=${workers}`, ...sample], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { workers, seconds: (Date.now() - started) / 1000, ok: r.status === 0, load };
}

const rows = [];
for (let i = 0; i < rounds; i++) for (const workers of [1, availableParallelism()]) rows.push(run(workers));
const lines = [
  '',
  `## The server suite, whole process, one worker against every core (${new Date().toISOString()})`,
  '',
  `Written by \`bench/test-apps/workers-bench.mjs\`: ${sample.length} of ${all.length} server test files (every fifth by name), \`vitest run --project server --maxWorkers=N\`, alternating.`,
  '',
  '| workers | seconds | all passed | load average (1 min) before |',
  '|---|---|---|---|',
  ...rows.map(
    (r) => `| ${r.workers} | ${r.seconds.toFixed(1)} | ${r.ok ? 'yes' : 'no'} | ${r.load.toFixed(2)} |`,
  ),
  '',
];
console.log(lines.join('\n'));
appendFileSync(join(root, 'bench/test-apps/RESULTS.md'), lines.join('\n'));
