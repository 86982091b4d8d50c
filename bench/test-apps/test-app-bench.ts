/**
 * `npm run bench -- test-apps`: what one test app costs to build, in process, two ways in one run,
 * alternating: from a new embedded cluster (initdb, then every migration: how every test app started
 * before) and from the migrated copy (test/migrated-copy.ts: PGlite loads the archive, the migrations
 * find nothing to do). Both build the whole app without the demo. Writes RESULTS.md beside this file.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/test/test-app.ts';
import { migratedCopy } from '../../packages/server/src/test/migrated-copy.ts';

const ROUNDS = 7;

async function timeBuild(embeddedStart?: Blob): Promise<number> {
  const started = performance.now();
  const built = await buildApp(testConfig({ seedDemo: false }), embeddedStart ? { embeddedStart } : {});
  const ms = performance.now() - started;
  await built.app.close();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runTestAppBench() {
  const copyStarted = performance.now();
  const copy = await migratedCopy();
  const copyMs = performance.now() - copyStarted;
  // one of each first, unmeasured: module loading and the JIT are not what is compared
  await timeBuild();
  await timeBuild(copy);
  const fresh: number[] = [];
  const fromCopy: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    loads.push(loadavg()[0]!);
    fresh.push(await timeBuild());
    fromCopy.push(await timeBuild(copy));
  }
  const row = (name: string, xs: number[]) =>
    `| ${name} | ${median(xs).toFixed(0)} | ${Math.min(...xs).toFixed(0)} | ${Math.max(...xs).toFixed(0)} |`;
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${platform()} ${release()}, Node ${process.version}`;
  const out = [
    '# Building one test app (in process)',
    '',
    'Written by `npm run bench -- test-apps` (bench/test-apps/test-app-bench.ts). Each round builds the',
    'whole app without the demo twice, alternating: from a new embedded cluster (the baseline: initdb',
    'and every migration, how each test app started before) and from the migrated copy',
    '(`packages/server/src/test/migrated-copy.ts`). Same process, same run.',
    '',
    `Machine: ${machine}. Run: ${new Date().toISOString()}. Load average (1 min) before each round: ${loads
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
    '',
    `The copy itself (read from node_modules/.cache, or made once): ${copyMs.toFixed(0)} ms, ${((copy.size ?? 0) / 2 ** 20).toFixed(1)} MiB.`,
    '',
    `| start | median ms (${ROUNDS} rounds) | min | max |`,
    '|---|---|---|---|',
    row('new cluster + migrations (baseline)', fresh),
    row('migrated copy', fromCopy),
    '',
    `Ratio of medians (copy / baseline): ${(median(fromCopy) / median(fresh)).toFixed(2)}.`,
    '',
  ].join('\n');
  console.log(out);
  writeFileSync(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), out);
}
