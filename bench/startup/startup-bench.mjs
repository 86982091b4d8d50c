// Start-up time and memory of one node, whole process against whole process, in one run:
//   node bench/startup/startup-bench.mjs [--runs 5] [--before /path/to/a/checkout/of/the/old/commit]
//     [--postgres postgres://postgres@127.0.0.1:5432]
// Each row starts a server process on a PGlite DATA_DIR (or, with --postgres, a database of its own on that
// server) seeded beforehand (a restart: migrations applied,
// demo data present) and measures the time from spawn to the first 200 of GET /api/health (ready), its
// resident memory then (VmRSS) and its peak (VmHWM) once ready, and the same after 5 s idle. Rows alternate
// run by run so that the machine's load falls on each alike; the load average is printed beside each row,
// and the runtime's own baseline (an empty Node process) is measured in the same run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    before: { type: 'string' },
    postgres: { type: 'string' },
  },
});
const runs = Number(values.runs);
const root = fileURLToPath(new URL('../..', import.meta.url));
const node24 = process.execPath;
const node20 = '/usr/bin/node';
const version = (bin) =>
  new Promise((resolve) => {
    const child = spawn(bin, ['-v']);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', () => resolve(out.trim()));
  });

const rows = [];
if (values.before)
  rows.push({
    name: `before: Node ${await version(node20)}, sources under tsx`,
    cwd: values.before,
    command: node20,
    args: ['--import', 'tsx', 'packages/server/src/main.ts'],
  });
rows.push(
  {
    name: `Node ${await version(node24)}, sources under tsx`,
    cwd: root,
    command: node24,
    args: ['--import', 'tsx', 'packages/server/src/main.ts'],
  },
  {
    name: `after: Node ${await version(node24)}, compiled bundle`,
    cwd: root,
    command: node24,
    args: ['packages/server/dist/main.mjs'],
  },
  {
    // Node 24's V8 sizes the young generation by the machine's memory; this caps it as Node 20's did
    name: `after, young generation capped: Node ${await version(node24)}, bundle, --max-semi-space-size=16`,
    cwd: root,
    command: node24,
    args: ['--max-semi-space-size=16', 'packages/server/dist/main.mjs'],
  },
);
const baselines = [
  { name: `baseline: empty Node ${await version(node20)} process`, command: node20 },
  { name: `baseline: empty Node ${await version(node24)} process`, command: node24 },
];

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startOnce(row, { idle = true } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(row.command, row.args, {
    cwd: row.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: row.dataDir,
      DATABASE_URL: row.databaseUrl ?? '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${row.name} exited: ${stderr}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  const readyMs = performance.now() - started;
  const atReady = memoryOf(child.pid);
  let afterIdle = atReady;
  if (idle) {
    await sleep(5000);
    afterIdle = memoryOf(child.pid);
  }
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { readyMs, rssMb: atReady.rssMb, idleRssMb: afterIdle.rssMb, peakMb: afterIdle.peakMb };
}

async function baselineOnce(baseline) {
  const started = performance.now();
  const child = spawn(baseline.command, ['-e', 'console.log("up"); setInterval(() => {}, 1000)'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise((r) => child.stdout.once('data', r));
  const readyMs = performance.now() - started;
  const { rssMb, peakMb } = memoryOf(child.pid);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { readyMs, rssMb, idleRssMb: rssMb, peakMb };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A database of the row's own on the --postgres server (created now, dropped at the end). */
function database(name, command) {
  const server = new URL(values.postgres);
  const args = ['-h', server.hostname, '-p', server.port || '5432', '-U', server.username || 'postgres'];
  const run = spawnSync(command, [...args, ...(command === 'dropdb' ? ['--force'] : []), name]);
  if (run.status !== 0) throw new Error(`${command} ${name}: ${run.stderr}`);
  server.pathname = `/${name}`;
  return server.toString();
}

// each row gets its own DATA_DIR (and database), seeded by one first start (not measured: migrations, demo data)
for (const [i, row] of rows.entries()) {
  row.dataDir = mkdtempSync(join(tmpdir(), 'facet-startup-'));
  if (values.postgres) row.databaseUrl = database(`facet_startup_${process.pid}_${i}`, 'createdb');
  await startOnce(row, { idle: false });
  row.samples = [];
  row.loads = [];
}
for (const baseline of baselines) {
  baseline.samples = [];
  baseline.loads = [];
}
for (let i = 0; i < runs; i += 1) {
  for (const baseline of baselines) {
    baseline.loads.push(load());
    baseline.samples.push(await baselineOnce(baseline));
  }
  for (const row of rows) {
    row.loads.push(load());
    row.samples.push(await startOnce(row));
  }
}
for (const row of rows) {
  rmSync(row.dataDir, { recursive: true, force: true });
  if (row.databaseUrl) database(new URL(row.databaseUrl).pathname.slice(1), 'dropdb');
}

const on = values.postgres ? 'PostgreSQL (a database per row)' : 'PGlite (a DATA_DIR per row)';
console.log(
  `\nStart-up of one node on ${on}, ${runs} runs each, median (min–max); ${new Date().toISOString()}\n`,
);
console.log(
  '| process | ready (ms) | RSS at ready (MB) | RSS after 5 s idle (MB) | peak RSS (MB) | load average at each run (1 min) |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of [...baselines, ...rows]) {
  const f = (key, digits = 0) => {
    const xs = row.samples.map((s) => s[key]);
    return `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
  };
  const loads = row.loads.map((l) => l.split(' ')[0]).join(', ');
  console.log(
    `| ${row.name} | ${f('readyMs')} | ${f('rssMb')} | ${f('idleRssMb')} | ${f('peakMb')} | ${loads} |`,
  );
}
