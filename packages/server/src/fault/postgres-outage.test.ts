import { loadavg } from 'node:os';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, signIn, startNode, type ServerNode } from '../modules/chat/cluster-kit';
import { customerSignup } from '../modules/accounts/test-payloads';
import { postgresProcess, type PostgresProcess } from './postgres-process';

const OUTAGE_MS = 10_000;
const METRICS_TOKEN = 'fault-suite-metrics-token';

let postgres: PostgresProcess;
let node: ServerNode;

const alive = (n: ServerNode) => n.process.exitCode === null && n.process.signalCode === null;

async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  const r = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = (await r.json()) as Record<string, unknown>;
  return { status: r.status, body, ms: performance.now() - started };
}

beforeAll(async () => {
  postgres = await postgresProcess();
  node = await startNode({ databaseUrl: postgres.url, seedDemo: true, env: { METRICS_TOKEN } });
});

afterAll(async () => {
  // a node that died tells why
  if (node && !alive(node)) process.stdout.write(`node output:\n${node.output.join('')}\n`);
  await node?.kill();
  await postgres?.remove();
});

test('PostgreSQL stopped for 10 s: the node stays up, says so in its health answer and answers 503 quickly, then recovers by itself', async () => {
  const customer = await signIn(node.url, 'customer@demo.facet', 'customer');
  await api(node.url, customer.cookie, 'GET', '/api/projects');

  await postgres.stop();
  const stopped = Date.now();
  const live = await timed(`${node.url}/api/health/live`);
  expect(live.status).toBe(200);
  const ready = await timed(`${node.url}/api/health`);
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ status: 'unavailable', ready: false, checks: { database: 'down' } });
  const call = await timed(`${node.url}/api/projects`, { headers: { cookie: customer.cookie } });
  expect(call.status).toBe(503);
  expect(call.body).toEqual({
    error: {
      code: 'unavailable',
      message: 'The service is briefly unavailable. Please try again in a moment.',
    },
  });
  // the metrics answer with what they have: the queue counts are missing, and the scrape says so
  const scrapeStarted = performance.now();
  const scrape = await fetch(`${node.url}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  const scrapeMs = performance.now() - scrapeStarted;
  const figures = await scrape.text();
  expect(scrape.status).toBe(200);
  expect(scrapeMs).toBeLessThan(5000);
  expect(figures).toMatch(/^facet_metrics_scrape_errors\{source="jobs"\} 1$/m);
  expect(figures).not.toMatch(/^facet_job_queue_jobs\{/m);
  expect(figures).toMatch(/^facet_db_pool_in_use \d+$/m);
  expect(figures).toMatch(/^process_cpu_user_seconds_total /m);
  while (Date.now() - stopped < OUTAGE_MS) {
    expect(alive(node)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
  }

  await postgres.start();
  const restarted = Date.now();
  let readyAfterMs = -1;
  while (readyAfterMs < 0 && Date.now() - restarted < 30_000) {
    const r = await fetch(`${node.url}/api/health`).catch(() => null);
    if (r?.status === 200) readyAfterMs = Date.now() - restarted;
    else await new Promise((res) => setTimeout(res, 100));
  }
  expect(readyAfterMs).toBeGreaterThanOrEqual(0);
  // the same session works again, and the job queue runs again (sign-up mail goes out through it)
  await api(node.url, customer.cookie, 'GET', '/api/projects');
  const signup = await fetch(`${node.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(customerSignup('after-outage@example.com')),
  });
  expect(signup.status).toBe(201);
  let mailed = false;
  const deadline = Date.now() + 20_000;
  while (!mailed && Date.now() < deadline) {
    const r = await fetch(`${node.url}/dev/mailbox/messages?to=after-outage@example.com`);
    mailed = ((await r.json()) as { messages: unknown[] }).messages.length > 0;
    if (!mailed) await new Promise((res) => setTimeout(res, 250));
  }
  expect(mailed).toBe(true);
  const jobsBackMs = Date.now() - restarted;
  const back = await fetch(`${node.url}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(await back.text()).toMatch(/^facet_metrics_scrape_errors\{source="jobs"\} 0$/m);
  expect(alive(node)).toBe(true);

  // the figures the operations guide quotes
  process.stdout.write(
    `postgres outage: ${OUTAGE_MS / 1000} s; while away: live ${live.ms.toFixed(0)} ms (200), ` +
      `health ${ready.ms.toFixed(0)} ms (503), an API call ${call.ms.toFixed(0)} ms (503); ready again ` +
      `${readyAfterMs} ms after PostgreSQL restarted; a queued mail sent ${jobsBackMs} ms after ` +
      `(load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})\n`,
  );
});
