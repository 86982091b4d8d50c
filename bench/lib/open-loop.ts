import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

export interface OpenLoopResult {
  sent: number;
  /** Arrivals not sent because `maxInFlight` requests were already waiting. */
  dropped: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests sent per second of the run (all answered by its end). */
  rps: number;
  /** The machine's 1-minute load average at the end of the row. */
  load: number;
  bytes: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/**
 * A fixed arrival rate (open loop): a request every 1000/rate ms whatever the answers do, so a slow
 * server shows as latency, not as a politely slower client. An arrival while `maxInFlight` requests are
 * waiting is dropped (counted), so a slow row cannot queue minutes of work.
 */
export async function openLoop(options: {
  rate: number;
  seconds: number;
  maxInFlight: number;
  label: string;
  request: (i: number) => Promise<Response>;
}): Promise<OpenLoopResult> {
  const times: number[] = [];
  let failed = 0;
  let bytes = 0;
  let dropped = 0;
  let inFlight = 0;
  const total = Math.round(options.seconds * options.rate);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= options.maxInFlight) {
      dropped += 1;
      continue;
    }
    inFlight += 1;
    pending.push(
      (async () => {
        const t = performance.now();
        try {
          const r = await options.request(i);
          const body = await r.text();
          bytes = body.length;
          if (!r.ok) {
            failed += 1;
            if (failed === 1) console.log(`  ${options.label}: ${r.status} ${body.slice(0, 200)}`);
          }
        } catch (e) {
          failed += 1;
          if (failed === 1) console.log(`  ${options.label}: ${(e as Error).message}`);
        }
        times.push(performance.now() - t);
        inFlight -= 1;
      })(),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return {
    sent: total - dropped,
    dropped,
    failed,
    p50: pct(times, 50),
    p99: pct(times, 99),
    max: times.at(-1) ?? NaN,
    rps: (total - dropped) / elapsed,
    load: loadavg()[0]!,
    bytes,
  };
}
