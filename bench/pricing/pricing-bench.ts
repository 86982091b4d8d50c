/**
 * Quotes under load: `POST /api/pricing` (itemised price of a stored model, kept as a quote) against its
 * anchor `GET /api/health`, at fixed arrival rates, on the embedded database and on PostgreSQL, in one run.
 * One server process per database (the demo data, signed in as the demo customer), one harness process
 * sending over HTTP: every figure is whole-process, and the ratio divides two rows of the same process.
 *
 *   npm run bench -- pricing
 *   PRICING_BENCH_SECONDS=5 PRICING_BENCH_RATES=100,200 npm run bench -- pricing
 *
 * Writes bench/pricing/RESULTS.md.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { api, freshDatabase, signIn, startNode } from '../../packages/server/src/modules/chat/cluster-kit.ts';
import { openLoop, type OpenLoopResult } from '../lib/open-loop.ts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.PRICING_BENCH_SECONDS ?? 10);
const RATES = (process.env.PRICING_BENCH_RATES ?? '200,500').split(',').map(Number);
const MAX_IN_FLIGHT = Number(process.env.PRICING_BENCH_MAX_IN_FLIGHT ?? 200);

interface Row extends OpenLoopResult {
  database: string;
  call: string;
  rate: number;
}

async function benchOne(database: 'embedded' | 'postgres'): Promise<Row[]> {
  const db = database === 'postgres' ? await freshDatabase(DATABASE_URL) : null;
  const node = await startNode({ databaseUrl: db?.url ?? '', seedDemo: true, timeoutMs: 240_000 });
  try {
    const customer = await signIn(node.url, 'customer@demo.facet', 'customer');
    // a US 7 comfort-fit ring, generated and analysed by the server like an upload
    const { model } = await api<{ model: { id: string; status: string } }>(
      node.url,
      customer.cookie,
      'POST',
      '/api/parametric-models',
      {
        kind: 'ring',
        params: { sizeSystem: 'us', size: 7, bandWidthMm: 4, thicknessMm: 1.8, profile: 'comfort' },
      },
    );
    if (model.status !== 'ready') throw new Error(`the ring is ${model.status}, not ready`);
    const body = JSON.stringify({ modelId: model.id, quantity: 3 });
    const calls = {
      'GET /api/health': () => fetch(`${node.url}/api/health`),
      'POST /api/pricing': () =>
        fetch(`${node.url}/api/pricing`, {
          method: 'POST',
          headers: { cookie: customer.cookie, 'content-type': 'application/json', origin: node.url },
          body,
        }),
    };
    // warm-up: the catalog kept, the JIT warm, the pool open
    for (const request of Object.values(calls)) {
      await openLoop({ rate: 50, seconds: 2, maxInFlight: MAX_IN_FLIGHT, label: 'warm-up', request });
    }
    const rows: Row[] = [];
    for (const rate of RATES) {
      for (const [call, request] of Object.entries(calls)) {
        const result = await openLoop({
          rate,
          seconds: SECONDS,
          maxInFlight: MAX_IN_FLIGHT,
          label: call,
          request,
        });
        rows.push({ database, call, rate, ...result });
        console.log(
          `  ${database.padEnd(8)} ${call.padEnd(17)} offered ${String(rate).padStart(4)}/s: answered ${result.rps.toFixed(0)}/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, failed ${result.failed}, dropped ${result.dropped}, load ${result.load.toFixed(2)}`,
        );
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
    return rows;
  } finally {
    await node.kill('SIGTERM');
    await db?.drop();
  }
}

export async function runPricingBench() {
  const rows = [...(await benchOne('embedded')), ...(await benchOne('postgres'))];
  const ok = (r: Row) => r.failed === 0 && r.dropped === 0;
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.version}`;
  const lines = rows.map((r) => {
    const anchor = rows.find(
      (a) => a.database === r.database && a.rate === r.rate && a.call === 'GET /api/health',
    );
    const ratio = r.call === 'GET /api/health' || !anchor ? '' : `${(r.p99 / anchor.p99).toFixed(2)}×`;
    return `| ${r.database} | ${r.call} | ${r.rate} | ${r.sent} | ${r.dropped} | ${r.failed} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${ratio} | ${r.load.toFixed(2)} |`;
  });
  const pricing = (database: string, rate: number) =>
    rows.find((r) => r.database === database && r.rate === rate && r.call === 'POST /api/pricing');
  const verdict = (database: string, rate: number, p99: number) => {
    const r = pricing(database, rate);
    if (!r) return `not run at ${rate}/s`;
    const met = ok(r) && r.rps >= rate * 0.98 && r.p99 < p99;
    return `${met ? 'met' : 'missed'}: ${r.rps.toFixed(0)}/s answered, p99 ${r.p99.toFixed(1)} ms, ${r.failed} failed, ${r.dropped} dropped`;
  };
  const out = [
    '# Pricing bench — quotes under load',
    '',
    '`npm run bench -- pricing` (bench/pricing/pricing-bench.ts). One server process with the demo data per',
    'database, the demo customer signed in, `POST /api/pricing` for a generated US 7 ring (quantity 3, the',
    "catalog's default choices; each call prices and keeps a quote), against `GET /api/health` at the same rate on",
    'the same process. Fixed arrival rate (open loop) for each row; an arrival while 200 requests wait is dropped.',
    'Everything is whole-process over HTTP on 127.0.0.1; the harness shares the 2 cores with the server.',
    '"p99 ÷ health" divides the pricing row\'s p99 by the health row\'s p99 at the same rate, same process.',
    '',
    `Machine: ${machine}. Run: ${new Date().toISOString()}. Load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}.`,
    '',
    `- Target, embedded: ≥ 200 quotes/s with p99 < 50 ms — ${verdict('embedded', 200, 50)}.`,
    `- Target, PostgreSQL: ≥ 500 quotes/s — ${verdict('postgres', 500, Infinity)}.`,
    '',
    '| database | call | offered /s | sent | dropped | failed | answered /s | p50 ms | p99 ms | max ms | p99 ÷ health | load (1 min) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
    '',
  ].join('\n');
  writeFileSync(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), out);
  console.log(out);
}
