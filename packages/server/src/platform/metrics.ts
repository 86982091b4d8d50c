import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from './errors';

/**
 * Prometheus figures of one app (decision 054): a registry per app (tests build several in one process),
 * read at `GET /api/metrics` with the METRICS_TOKEN as a bearer token. Nothing here may fail or hold up a
 * request: every hook swallows its own errors, and the figures read from the database at scrape time are
 * given a short time limit, one read at a time; when they do not come, the scrape answers without them
 * and `facet_metrics_scrape_errors{source}` says so.
 */

/** How long a scrape waits for the job counts before answering without them. */
export const SCRAPE_READ_TIMEOUT_MS = 1000;

/** The request duration buckets (seconds): a quick JSON read to a slow upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Methods that get their own label; anything else is `other` (the label set stays bounded). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route label of a request no route matched (whatever its path, so one series). */
export const UNKNOWN_ROUTE = 'unknown';

/** One queue's jobs in one state, as the database counts them. */
export interface QueueCount {
  queue: string;
  state: string;
  count: number;
}

/** The node-postgres pool's connections (null on PGlite: one in-process connection, no pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** What the payments module reports (counted after its transaction commits). */
export interface PaymentsMetrics {
  /** A verified gateway event: applied now (`applied`) or a repeat of one applied before. */
  eventApplied(type: string, applied: boolean): void;
  /** Applying a verified event failed (kept for staff to retry). */
  eventFailed(type: string): void;
  /** A webhook whose signature was missing or wrong. */
  webhookRefused(): void;
  /** A payment's charge was booked (webhook, reconciliation or a saved card). */
  paymentSucceeded(purpose: string): void;
  /** A payment was marked failed (declined card, expired checkout). */
  paymentFailed(purpose: string): void;
}

export interface Metrics {
  /** Whether METRICS_TOKEN is set: the route, the HTTP timings and the process figures only then. */
  readonly enabled: boolean;
  readonly registry: Registry;
  payments: PaymentsMetrics;
  /** A job's handler threw (it is retried, or failed for good after its last retry). */
  jobFailed(queue: string): void;
  /** Where the figures read at scrape time come from, given once the parts exist. */
  watch(sources: {
    sockets?: () => number;
    pool?: () => PoolStats | null;
    queues?: () => Promise<QueueCount[]>;
  }): void;
  /** The text exposition: reads what it must (time-limited), never throws. */
  scrape(): Promise<string>;
}

/** Calls `fn`, logging instead of throwing: instrumentation never breaks what it watches. */
function safely(log: FastifyBaseLogger, fn: () => void) {
  try {
    fn();
  } catch (err) {
    log.warn({ err }, 'metrics: recording a figure failed');
  }
}

/** `work()`, or a rejection after `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

type Registers = Registry[];
type Sources = Parameters<Metrics['watch']>[0];

/** The payments' counters (events applied, duplicate or failed; webhooks refused; payments settled). */
function paymentCounters(registers: Registers, count: (fn: () => void) => void): PaymentsMetrics {
  const refused = new Counter({
    name: 'facet_payment_webhooks_refused_total',
    help: 'Payment webhooks refused for a missing or wrong signature.',
    registers,
  });
  const events = new Counter({
    name: 'facet_payment_events_applied_total',
    help: 'Verified payment gateway events applied, by event type; result is applied or duplicate.',
    labelNames: ['type', 'result'] as const,
    registers,
  });
  const eventFailures = new Counter({
    name: 'facet_payment_events_failed_total',
    help: 'Payment gateway events whose application failed (kept for staff to retry), by event type.',
    labelNames: ['type'] as const,
    registers,
  });
  const payments = new Counter({
    name: 'facet_payments_total',
    help: 'Payments settled, by purpose and outcome (succeeded: the charge was booked; failed).',
    labelNames: ['purpose', 'outcome'] as const,
    registers,
  });
  return {
    eventApplied: (type, applied) =>
      count(() => events.inc({ type, result: applied ? 'applied' : 'duplicate' })),
    eventFailed: (type) => count(() => eventFailures.inc({ type })),
    webhookRefused: () => count(() => refused.inc()),
    paymentSucceeded: (purpose) => count(() => payments.inc({ purpose, outcome: 'succeeded' })),
    paymentFailed: (purpose) => count(() => payments.inc({ purpose, outcome: 'failed' })),
  };
}

/** The figures read in memory at each scrape: sockets open, and the pool's connections once there is a pool. */
function inMemoryGauges(registry: Registry, log: FastifyBaseLogger, sources: () => Sources) {
  const registers = [registry];
  new Gauge({
    name: 'facet_socketio_connections',
    help: 'Socket.io connections open on this node (signed in, main namespace).',
    registers,
    collect() {
      const read = sources().sockets;
      if (read) safely(log, () => this.set(read()));
    },
  });
  const poolGauge = (name: string, help: string, figure: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        safely(log, () => {
          const stats = sources().pool?.();
          if (stats) this.set(figure(stats));
        });
      },
    });
  return {
    /** The pool's gauges, once a pool is watched (PGlite has none: no such figures rather than zeros). */
    watchPool() {
      if (registry.getSingleMetric('facet_db_pool_in_use') || !sources().pool?.()) return;
      poolGauge('facet_db_pool_in_use', 'PostgreSQL pool connections checked out.', (s) => s.total - s.idle);
      poolGauge('facet_db_pool_idle', 'PostgreSQL pool connections open and idle.', (s) => s.idle);
      poolGauge(
        'facet_db_pool_waiting',
        'Queries waiting for a PostgreSQL pool connection.',
        (s) => s.waiting,
      );
      poolGauge('facet_db_pool_max', 'The PostgreSQL pool size limit.', (s) => s.max);
    },
  };
}

/**
 * The queue counts, read from the database at each scrape: one read at a time (a database that does not
 * answer holds one connection, not one a scrape), given up after SCRAPE_READ_TIMEOUT_MS.
 */
function queueGauges(registers: Registers, log: FastifyBaseLogger, sources: () => Sources) {
  const scrapeErrors = new Gauge({
    name: 'facet_metrics_scrape_errors',
    help: 'Whether the last scrape could not read a source (1) or could (0): jobs = the queue counts.',
    labelNames: ['source'] as const,
    registers,
  });
  scrapeErrors.set({ source: 'jobs' }, 0);
  const queueJobs = new Gauge({
    name: 'facet_job_queue_jobs',
    help: 'Jobs per queue and state in the database (cluster-wide): created, retry, active, failed.',
    labelNames: ['queue', 'state'] as const,
    registers,
  });
  let reading: Promise<QueueCount[]> | null = null;
  return async function readQueues() {
    const source = sources().queues;
    if (!source) return;
    let counts: QueueCount[] | null = null;
    try {
      if (!reading) {
        const read = source();
        reading = read;
        const done = () => (reading = null);
        void read.then(done, done);
      }
      counts = await within(reading, SCRAPE_READ_TIMEOUT_MS);
    } catch (err) {
      log.warn({ err }, 'metrics: the job queues could not be read');
    }
    queueJobs.reset();
    scrapeErrors.set({ source: 'jobs' }, counts ? 0 : 1);
    for (const row of counts ?? []) queueJobs.set({ queue: row.queue, state: row.state }, row.count);
  };
}

export function createMetrics(options: { enabled: boolean; log: FastifyBaseLogger }): Metrics {
  const { log } = options;
  const registry = new Registry();
  // process and event-loop figures under their usual names (process_*, nodejs_*), so the common Node.js
  // dashboards work as they are; only when someone can read them
  if (options.enabled) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const count = (fn: () => void) => safely(log, fn);

  const jobFailures = new Counter({
    name: 'facet_job_failures_total',
    help: "Job runs whose handler threw on this node, by queue (each retry's failure counts).",
    labelNames: ['queue'] as const,
    registers,
  });
  let sources: Sources = {};
  const gauges = inMemoryGauges(registry, log, () => sources);
  const readQueues = queueGauges(registers, log, () => sources);

  return {
    enabled: options.enabled,
    registry,
    payments: paymentCounters(registers, count),
    jobFailed: (queue) => count(() => jobFailures.inc({ queue })),
    watch(next) {
      sources = { ...sources, ...next };
      safely(log, gauges.watchPool);
    },
    async scrape() {
      await readQueues();
      return registry.metrics();
    },
  };
}

/** The route label of a request: its route's pattern, never the path (bounded series). */
function routeOf(pattern: string | undefined, status: number) {
  // the web app's catch-all also answers unknown /api/ paths with 404: those are unknown too
  if (!pattern || (pattern === '/*' && status === 404)) return UNKNOWN_ROUTE;
  return pattern;
}

/** Times every HTTP request by method, route pattern and status code (before any route is registered). */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  if (!metrics.enabled) return;
  const duration = new Histogram({
    name: 'facet_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern (unknown: no route) and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    safely(request.log, () => {
      duration.observe(
        {
          method: METHODS.has(request.method) ? request.method : 'other',
          route: routeOf(request.routeOptions.url, reply.statusCode),
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
    done();
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token, compared in constant time. */
function bearerMatches(header: string | undefined, token: string) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  // the digests have one length whatever was sent, so the comparison's time says nothing of the token
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * `GET /api/metrics`, when METRICS_TOKEN is set (without it there is no such route: the 404 of any
 * unknown path). Kept out of the OpenAPI document: it is for the monitoring system, in Prometheus' text.
 */
export function installMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  if (!token || !metrics.enabled) return;
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(
        'unauthenticated',
        'The metrics need the metrics token: send Authorization: Bearer <METRICS_TOKEN>.',
        401,
      );
    }
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
