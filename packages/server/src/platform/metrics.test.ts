import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { loadConfig } from '../config';
import { createTestApp } from '../test/test-app';
import { paymentsTestKit } from '../modules/payments/payments-test-kit';
import { signPayload } from './payments/sandbox-gateway';
import { SCRAPE_READ_TIMEOUT_MS, UNKNOWN_ROUTE } from './metrics';

const TOKEN = 'metrics-test-token-0123456789';

let k: Awaited<ReturnType<typeof paymentsTestKit>>;
let url = '';
beforeAll(async () => {
  k = await paymentsTestKit({ metricsToken: TOKEN });
  await k.t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(k.t.app.server.address() as AddressInfo).port}`;
}, 90_000);
afterAll(async () => k?.t.close());

/** One sample's value: the line of `name` with exactly these labels (undefined when there is none). */
function figure(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(have).length && wanted.every(([key, value]) => have[key] === value))
      return Number(match[3]);
  }
  return undefined;
}

async function scrape() {
  const r = await k.t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.body;
}

/** Scrapes until `check` holds of the text (a figure another part updates on its own time). */
async function scrapeUntil(check: (text: string) => boolean, what: string, timeoutMs = 10_000) {
  return vi.waitFor(
    async () => {
      const text = await scrape();
      if (!check(text)) throw new Error(`timed out waiting for ${what}:\n${text}`);
      return text;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

describe('METRICS_TOKEN', () => {
  test('is optional, at least 16 characters, without spaces', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(
      /METRICS_TOKEN: must not contain spaces/,
    );
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  test('is the 404 of any unknown API route, whatever the header', async () => {
    const t = await createTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const r = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ error: { code: 'not_found', message: 'No route GET /api/metrics.' } });
      }
      // counters are kept (the payments use them) but no process figures are collected
      expect(t.ctx.metrics.enabled).toBe(false);
      expect(await t.ctx.metrics.registry.getSingleMetric('process_cpu_user_seconds_total')).toBeUndefined();
    } finally {
      await t.close();
    }
  }, 90_000);
});

describe('GET /api/metrics with METRICS_TOKEN', { timeout: 90_000 }, () => {
  test('a missing or wrong token is a 401 with a clear message', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-some-length',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const r = await k.t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(r.statusCode, authorization).toBe(401);
      expect(r.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(r.json()).toEqual({
        error: {
          code: 'unauthenticated',
          message: 'The metrics need the metrics token: send Authorization: Bearer <METRICS_TOKEN>.',
        },
      });
    }
  });

  test("the right token gets Prometheus' text: our figures, the process's and the event loop's", async () => {
    const r = await k.t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(r.headers['cache-control']).toBe('no-store');
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'facet_http_request_duration_seconds',
      'facet_socketio_connections',
      'facet_job_queue_jobs',
      'facet_job_failures_total',
      'facet_payments_total',
      'facet_payment_events_applied_total',
      'facet_payment_events_failed_total',
      'facet_payment_webhooks_refused_total',
      'facet_metrics_scrape_errors',
    ]) {
      expect(r.body).toContain(`# HELP ${name} `);
      expect(r.body).toMatch(new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, 'm'));
    }
    expect(figure(r.body, 'facet_metrics_scrape_errors', { source: 'jobs' })).toBe(0);
    // the pool's figures on PostgreSQL; PGlite has no pool, so none
    const inUse = figure(r.body, 'facet_db_pool_in_use');
    if (process.env.DATABASE_URL) {
      expect(figure(r.body, 'facet_db_pool_max')).toBe(10);
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(figure(r.body, 'facet_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      expect(inUse).toBeUndefined();
    }
  });

  test('requests are timed by their route pattern, never the path; unmatched paths share one label', async () => {
    const labels = (route: string, status: number) => ({
      method: 'GET',
      route,
      status_code: String(status),
    });
    const before = await scrape();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const statuses = [];
    for (const id of ids) statuses.push((await k.call('customer', 'GET', `/api/projects/${id}`)).statusCode);
    expect(new Set(statuses).size).toBe(1);
    const status = statuses[0]!;
    const missing = await k.t.app.inject({ method: 'GET', url: `/api/nothing-here/${ids[0]}` });
    expect(missing.statusCode).toBe(404);
    const after = await scrape();

    const count = (text: string, route: string, code: number) =>
      figure(text, 'facet_http_request_duration_seconds_count', labels(route, code)) ?? 0;
    expect(count(after, '/api/projects/:id', status) - count(before, '/api/projects/:id', status)).toBe(3);
    expect(count(after, UNKNOWN_ROUTE, 404) - count(before, UNKNOWN_ROUTE, 404)).toBe(1);
    expect(
      figure(after, 'facet_http_request_duration_seconds_bucket', {
        ...labels('/api/projects/:id', status),
        le: '+Inf',
      }),
    ).toBe(count(after, '/api/projects/:id', status));
    for (const id of ids) expect(after).not.toContain(id);
  });

  test('the socket gauge follows real socket.io connections', async () => {
    const open = () => figure(scrapeText, 'facet_socketio_connections');
    let scrapeText = await scrape();
    const start = open()!;
    const socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: k.c.customer! },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      scrapeText = await scrapeUntil(
        (text) => figure(text, 'facet_socketio_connections') === start + 1,
        'the socket counted',
      );
      expect(open()).toBe(start + 1);
    } finally {
      socket.disconnect();
    }
    scrapeText = await scrapeUntil(
      (text) => figure(text, 'facet_socketio_connections') === start,
      'the socket gone',
    );
    expect(open()).toBe(start);
  });

  test('queue depth is read from the database; failed runs are counted per queue', async () => {
    const { jobs } = k.t.ctx;
    const waiting = `metrics-probe-${randomUUID().slice(0, 8)}`;
    await jobs.register(waiting, async () => {});
    const before = await scrape();
    expect(figure(before, 'facet_job_queue_jobs', { queue: waiting, state: 'created' })).toBeUndefined();
    // due in an hour: it waits in the queue for the rest of the test
    await jobs.send(waiting, { n: 1 }, { startAfter: 3600 });
    await jobs.send(waiting, { n: 2 }, { startAfter: 3600 });
    const after = await scrape();
    expect(figure(after, 'facet_job_queue_jobs', { queue: waiting, state: 'created' })).toBe(2);
    // gone again (they would hold up jobs.drain() in the tests below)
    await k.t.ctx.db.execute(sql`delete from pgboss.job where name = ${waiting}`);
    expect(
      figure(await scrape(), 'facet_job_queue_jobs', { queue: waiting, state: 'created' }),
    ).toBeUndefined();

    const failing = `metrics-failing-${randomUUID().slice(0, 8)}`;
    await jobs.register(failing, async () => {
      throw new Error('this job fails');
    });
    expect(figure(after, 'facet_job_failures_total', { queue: failing })).toBeUndefined();
    await jobs.send(failing, {}, { retryLimit: 0 });
    const failed = await scrapeUntil(
      (text) =>
        figure(text, 'facet_job_failures_total', { queue: failing }) === 1 &&
        figure(text, 'facet_job_queue_jobs', { queue: failing, state: 'failed' }) === 1,
      'the failed job counted',
    );
    expect(figure(failed, 'facet_job_queue_jobs', { queue: failing, state: 'created' })).toBeUndefined();
  });

  test('a sandbox payment applied, a declined one and a refused webhook are counted', async () => {
    const project = { purpose: 'project', outcome: 'succeeded' };
    const events = (type: string, result: string) => ({ type, result });
    const before = await scrape();
    const at = (text: string, name: string, labels: Record<string, string> = {}) =>
      figure(text, name, labels) ?? 0;

    const projectId = await k.projectAtPayment('Counted ring', 30_000);
    const opened = await k.checkout(`/api/projects/${projectId}/payment`, 'metrics-pay-0001');
    expect(opened.statusCode, opened.body).toBe(200);
    const { checkoutUrl } = opened.json();
    expect((await k.pay(checkoutUrl, '4000000000000002')).statusCode).toBe(402);
    await k.t.ctx.jobs.drain();
    const declined = await scrape();
    expect(
      at(declined, 'facet_payments_total', { purpose: 'project', outcome: 'failed' }) -
        at(before, 'facet_payments_total', { purpose: 'project', outcome: 'failed' }),
    ).toBe(1);
    expect(at(declined, 'facet_payments_total', project)).toBe(at(before, 'facet_payments_total', project));

    expect((await k.pay(checkoutUrl, '4242424242424242')).statusCode).toBeLessThan(400);
    await k.t.ctx.jobs.drain();
    const paid = await scrape();
    expect(at(paid, 'facet_payments_total', project) - at(before, 'facet_payments_total', project)).toBe(1);
    const applied = events('payment.succeeded', 'applied');
    expect(
      at(paid, 'facet_payment_events_applied_total', applied) -
        at(before, 'facet_payment_events_applied_total', applied),
    ).toBe(1);

    // the same event again: a duplicate, and no second payment
    const ids = await k.sandbox.eventIds();
    const bodies = await Promise.all(ids.map((id) => k.sandbox.eventBody(id)));
    const success = bodies.filter((b) => b!.includes('checkout.session.completed')).at(-1)!;
    const redeliver = (signature: string) =>
      k.t.app.inject({
        method: 'POST',
        url: '/api/webhooks/payments',
        headers: { 'content-type': 'application/json', 'facet-signature': signature },
        payload: success,
      });
    const again = await redeliver(signPayload(success, k.sandbox.secret));
    expect(again.json()).toEqual({ received: true, applied: false });
    expect((await redeliver(signPayload(success, 'whsec_not_ours'))).statusCode).toBe(400);
    const after = await scrape();
    const duplicate = events('payment.succeeded', 'duplicate');
    expect(
      at(after, 'facet_payment_events_applied_total', duplicate) -
        at(paid, 'facet_payment_events_applied_total', duplicate),
    ).toBe(1);
    expect(at(after, 'facet_payments_total', project)).toBe(at(paid, 'facet_payments_total', project));
    expect(
      at(after, 'facet_payment_webhooks_refused_total') - at(paid, 'facet_payment_webhooks_refused_total'),
    ).toBe(1);
  });

  test('a failing job count read leaves the scrape answering, with the error said', async () => {
    const { db } = k.t.ctx;
    await db.execute(sql`alter table pgboss.job rename to job_away`);
    let text: string;
    try {
      text = await scrape();
    } finally {
      await db.execute(sql`alter table pgboss.job_away rename to job`);
    }
    expect(figure(text, 'facet_metrics_scrape_errors', { source: 'jobs' })).toBe(1);
    expect(text).not.toMatch(/^facet_job_queue_jobs\{/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(figure(text, 'facet_socketio_connections')).toBeGreaterThanOrEqual(0);
    // the next scrape reads them again
    const back = await scrape();
    expect(figure(back, 'facet_metrics_scrape_errors', { source: 'jobs' })).toBe(0);
    expect(back).toMatch(/^facet_job_queue_jobs\{/m);
  });

  test('a job count read the database does not answer in time is given up; the scrape answers', async () => {
    const { db } = k.t.ctx;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // the jobs table held by an open transaction (PGlite: the one connection is held)
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`lock table pgboss.job in access exclusive mode`);
      locked();
      await released;
    });
    let text = '';
    let took = 0;
    try {
      await isLocked;
      const start = Date.now();
      text = await scrape();
      took = Date.now() - start;
      // a second scrape while the first read still waits does not start another
      expect(figure(await scrape(), 'facet_metrics_scrape_errors', { source: 'jobs' })).toBe(1);
    } finally {
      release();
      await holding;
    }
    expect(took).toBeGreaterThanOrEqual(SCRAPE_READ_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(SCRAPE_READ_TIMEOUT_MS + 2000);
    expect(figure(text, 'facet_metrics_scrape_errors', { source: 'jobs' })).toBe(1);
    expect(text).not.toMatch(/^facet_job_queue_jobs\{/m);
    await scrapeUntil(
      (next) => figure(next, 'facet_metrics_scrape_errors', { source: 'jobs' }) === 0,
      'the job counts read again',
    );
  });

  // last: the sources it breaks stay broken for the rest of the app's life
  test('a figure source that throws costs that figure only, never the scrape nor a request', async () => {
    k.t.ctx.metrics.watch({
      sockets: () => {
        throw new Error('sockets unreadable');
      },
      queues: () => {
        throw new Error('queues unreadable');
      },
    });
    const text = await scrape();
    expect(figure(text, 'facet_metrics_scrape_errors', { source: 'jobs' })).toBe(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect((await k.t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
