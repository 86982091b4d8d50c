import { PgBoss, type Job, type JobResult } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from '../db/client';
import { isDatabaseUnreachable } from './error-handler';

/** A job's data, and the job's own id (the same on each retry, so a handler can do its part once). */
export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

/** How one job is run and given up: per job, so a changed setting applies to the next job sent. */
export interface SendOptions {
  /**
   * The longest a run may take: a run still going after this is failed (and retried). A job whose node died
   * is noticed sooner, by its missing heartbeat (HEARTBEAT_SECONDS).
   */
  expireInSeconds?: number;
  retryLimit?: number;
  retryDelay?: number;
  /** Each retry waits about twice as long as the one before. */
  retryBackoff?: boolean;
  /** Seconds to wait before the job may run. */
  startAfter?: number;
}

export interface RegisterOptions {
  /** Jobs fetched at once by one node; with `parallel` they run side by side. */
  batchSize?: number;
  parallel?: boolean;
  /**
   * At most one job of the queue waits at a time (pg-boss's `short` policy): a send while one waits is
   * dropped, as that one will do the same work. Set when the queue is created; it stays.
   */
  onePending?: boolean;
}

/**
 * How often pg-boss's supervision looks at the active jobs (expired, or heartbeat missing) and refreshes
 * the queues' counts, cluster-wide: each queue is claimed by one node per interval.
 */
export const SUPERVISE_INTERVAL_SECONDS = 10;
/**
 * Every job's heartbeat: while its handler runs the node touches it every half of this; a job not touched
 * for this long (its node died, or its end could not be recorded while PostgreSQL was away) is failed by the
 * next supervision and retried. pg-boss's least value.
 */
export const HEARTBEAT_SECONDS = 10;
/**
 * The most an abandoned job stays active: its heartbeat runs out, then a supervision pass fails it. Its retry
 * delay comes on top (1–2 s for a payment's webhook job, 1 s for an analysis).
 */
export const ABANDONED_JOB_RETRY_SECONDS = HEARTBEAT_SECONDS + SUPERVISE_INTERVAL_SECONDS;

/** Background jobs on pg-boss in our own database (PGlite or PostgreSQL): retried, survive restarts. */
export interface Jobs {
  /** Declare a queue and, when this process runs workers, its handler. */
  register<T extends object>(name: string, handler: JobHandler<T>, options?: RegisterOptions): Promise<void>;
  /**
   * A queue run on a cron schedule (UTC): one run per cluster per slot, whichever node's worker takes it,
   * retried on failure and logged. Tests send the queue a job to run the handler directly.
   */
  schedule(name: string, cron: string, handler: () => Promise<void>): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  /** The schedules stored in the database (one per name, whatever the number of nodes). */
  schedules(): Promise<{ name: string; cron: string }[]>;
  /**
   * Jobs waiting (created, retry), running (active) and failed for good (until pg-boss deletes them), per
   * queue, counted in the database across the cluster; at most QUEUE_COUNT_LIMIT jobs are counted.
   */
  counts(): Promise<{ queue: string; state: string; count: number }[]>;
  /** Resolves once every queue is empty (tests and graceful shutdown). */
  drain(timeoutMs?: number): Promise<void>;
  /**
   * Calls `listener` each time the database answers again after it could not be reached (the queue
   * polls it every half second while it runs workers, so an outage is seen within that, and its end too).
   */
  onDatabaseBack(listener: () => void): void;
  stop(): Promise<void>;
}

const SCHEMA = 'pgboss';
/** Where a pg-boss 10 schema is kept while its waiting jobs are moved into pg-boss 12's (decision 056). */
const V10_SCHEMA = 'pgboss_v10';
/** pg-boss 12 migrates its schema from version 25 (pg-boss 11) on; pg-boss 10 left version 24. */
const FIRST_MIGRATABLE_VERSION = 25;
/** The advisory lock under which one node sets a pg-boss 10 schema aside (the text is hashed by PostgreSQL). */
const MOVE_LOCK = 'facet:pgboss-v10-move';

/** The most jobs `counts()` reads: a backlog past this is counted as this many (the read stays short). */
export const QUEUE_COUNT_LIMIT = 100_000;
const QUEUE_COUNTS = `SELECT name AS queue, state::text AS state, count(*)::int AS count
  FROM (SELECT name, state FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed')
        LIMIT ${QUEUE_COUNT_LIMIT}) AS jobs
  GROUP BY name, state`;

/**
 * pg-boss 12 cannot migrate a pg-boss 10 schema (it starts from pg-boss 11's). Before pg-boss starts, a
 * schema left by pg-boss 10 is renamed out of the way (one node does it, under a lock), so pg-boss 12
 * installs its own; `moveV10Jobs` then carries its waiting jobs over.
 */
async function setV10Aside(sql: SqlExecutor) {
  await sql.executeSql(`
    BEGIN;
    SELECT pg_advisory_xact_lock(hashtext('${MOVE_LOCK}'));
    DO $$
    DECLARE installed int;
    BEGIN
      IF to_regclass('${SCHEMA}.version') IS NOT NULL THEN
        EXECUTE 'SELECT max(version) FROM ${SCHEMA}.version' INTO installed;
        IF installed < ${FIRST_MIGRATABLE_VERSION} THEN
          ALTER SCHEMA ${SCHEMA} RENAME TO ${V10_SCHEMA};
        END IF;
      END IF;
    END $$;
    COMMIT;
  `);
}

interface V10Job {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date | string;
  singleton_key: string | null;
  expire_seconds: number | string;
}

/**
 * Sends pg-boss 12 the jobs pg-boss 10 had not finished (waiting, to be retried, or active: no node of the
 * old version runs any more), with their ids, so a handler that does its part once per id still does; then
 * drops the old schema. Finished jobs and pg-boss 10's archive are history and are not kept. Schedules are
 * not carried: every node stores its schedules again as it starts. Nodes starting together may both move
 * the jobs: an id already there is skipped, and the one that finds the schema dropped under it is done.
 * A move cut short is done again by the next start.
 */
async function moveV10Jobs(boss: PgBoss, sql: SqlExecutor, log: FastifyBaseLogger) {
  const v10Left = async () =>
    (
      (await sql.executeSql(`SELECT to_regclass('${V10_SCHEMA}.job') IS NOT NULL AS found`, [])).rows[0] as {
        found: boolean;
      }
    ).found;
  if (!(await v10Left())) return;
  let rows: V10Job[];
  try {
    rows = (
      (await sql.executeSql(
        `SELECT id, name, data, priority, retry_limit, retry_delay, retry_backoff, start_after, singleton_key,
                EXTRACT(epoch FROM expire_in)::int AS expire_seconds
           FROM ${V10_SCHEMA}.job
          WHERE state IN ('created', 'retry', 'active')
          ORDER BY created_on`,
        [],
      )) as { rows: V10Job[] }
    ).rows;
  } catch (error) {
    if (!(await v10Left())) return; // another node moved them and dropped the schema meanwhile
    throw error;
  }
  const byQueue = new Map<string, V10Job[]>();
  for (const job of rows) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job]);
  for (const [name, queued] of byQueue) {
    await ensureQueue(boss, name);
    await boss.insert(
      name,
      queued.map((job) => ({
        id: job.id,
        data: job.data ?? {},
        priority: job.priority,
        retryLimit: job.retry_limit,
        retryDelay: job.retry_delay,
        retryBackoff: job.retry_backoff,
        startAfter: new Date(job.start_after),
        ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
        expireInSeconds: Math.max(1, Number(job.expire_seconds)),
      })),
    );
  }
  await sql.executeSql(`DROP SCHEMA IF EXISTS ${V10_SCHEMA} CASCADE`);
  log.info({ jobs: rows.length, queues: byQueue.size }, 'pg-boss 10 jobs moved to pg-boss 12');
}

/** Our queues' defaults: retried with backoff, every job with a heartbeat. */
const QUEUE_OPTIONS = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  heartbeatSeconds: HEARTBEAT_SECONDS,
} as const;

/**
 * Creates the queue unless it exists, and gives an existing one the heartbeat. Nodes starting together on a
 * new database may both create it: PostgreSQL then ends one of them as a deadlock (or a duplicate), which
 * looks again and finds the queue made.
 */
async function ensureQueue(boss: PgBoss, name: string, onePending = false) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const queue = await boss.getQueue(name);
      if (queue) {
        if (queue.heartbeatSeconds !== HEARTBEAT_SECONDS)
          await boss.updateQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS });
        return;
      }
      await boss.createQueue(name, { ...QUEUE_OPTIONS, ...(onePending ? { policy: 'short' } : {}) });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/**
 * pg-boss's SQL, watched: a statement failing because the database cannot be reached marks it away, the
 * next one answered marks it back and tells the listeners (after this statement's caller has its answer).
 */
function databaseWatch(sql: SqlExecutor, log: FastifyBaseLogger) {
  let awaySince: number | null = null;
  const listeners: (() => void)[] = [];
  const watched: SqlExecutor = {
    async executeSql(text, values) {
      let result: Awaited<ReturnType<SqlExecutor['executeSql']>>;
      try {
        result = await sql.executeSql(text, values);
      } catch (error) {
        if (awaySince === null && isDatabaseUnreachable(error)) awaySince = Date.now();
        throw error;
      }
      if (awaySince !== null) {
        log.warn({ awayMs: Date.now() - awaySince }, 'database answers again');
        awaySince = null;
        for (const listener of listeners) queueMicrotask(listener);
      }
      return result;
    },
  };
  return { sql: watched, listen: (listener: () => void) => void listeners.push(listener) };
}

export async function startJobs(options: {
  sql: SqlExecutor;
  runWorkers: boolean;
  /** Fire cron schedules from this process (every node may: pg-boss lets one of them send each slot). */
  runSchedules?: boolean;
  /**
   * Run pg-boss's maintenance (expiring abandoned jobs) from this process; the operator's command, which
   * only sends jobs for the server's workers, does not (default on).
   */
  supervise?: boolean;
  /** How often this node looks at the schedules (seconds, pg-boss default 30; tests go faster). */
  cronIntervalSeconds?: number;
  log: FastifyBaseLogger;
  /** Told of each job run whose handler threw (the metrics' failure count). */
  onFailure?: (queue: string) => void;
}): Promise<Jobs> {
  const { sql, log } = options;
  const cronInterval = options.cronIntervalSeconds;
  await setV10Aside(sql);
  const back = databaseWatch(sql, log);
  const boss = new PgBoss({
    db: back.sql,
    schema: SCHEMA,
    supervise: options.supervise ?? true,
    schedule: options.runSchedules ?? true,
    ...(cronInterval
      ? { cronMonitorIntervalSeconds: cronInterval, cronWorkerIntervalSeconds: cronInterval }
      : {}),
    // fails the active jobs of a dead node (heartbeat missing, or past their expiry) so another node
    // retries them; the same pass counts the queues
    superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    // deletes finished jobs past their retention
    maintenanceIntervalSeconds: 300,
  });
  // pg-boss reports here what it cannot do in the background: a fetch, a heartbeat or the record of a
  // job's end while the database is away (the job stays active and is retried once its heartbeat is missed)
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ data: warning.data }, warning.message));
  await boss.start();
  await moveV10Jobs(boss, sql, log);
  const queues = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();

  /** Runs one job of a batch; its outcome is what pg-boss records for it alone (perJobResults). */
  async function runOne(name: string, job: Job<object>, handler: JobHandler<object>): Promise<JobResult> {
    const run = handler(job.data, { id: job.id });
    inFlight.add(run);
    try {
      await run;
      return { id: job.id, status: 'completed' };
    } catch (err) {
      log.warn({ err, queue: name, jobId: job.id }, 'job failed; it is retried');
      options.onFailure?.(name);
      return { id: job.id, status: 'failed', output: { message: (err as Error)?.message ?? String(err) } };
    } finally {
      inFlight.delete(run);
    }
  }

  const jobs: Jobs = {
    async register(name, handler, registerOptions = {}) {
      await ensureQueue(boss, name, registerOptions.onePending);
      queues.add(name);
      if (!options.runWorkers) return;
      const { batchSize = 5, parallel = false } = registerOptions;
      const run = handler as JobHandler<object>;
      await boss.work<object>(
        name,
        { pollingIntervalSeconds: 0.5, batchSize, perJobResults: true },
        async (batch) => {
          if (parallel) return Promise.all(batch.map((job) => runOne(name, job, run)));
          const results: JobResult[] = [];
          for (const job of batch) results.push(await runOne(name, job, run));
          return results;
        },
      );
    },
    async schedule(name, cron, handler) {
      await jobs.register(
        name,
        async () => {
          const started = Date.now();
          await handler();
          log.info({ queue: name, ms: Date.now() - started }, 'scheduled job done');
        },
        { batchSize: 1 },
      );
      // stored by name: every node calling this keeps the one schedule
      await boss.schedule(name, cron, {}, { tz: 'UTC', retryLimit: 3, retryDelay: 30 });
    },
    async send(name, data, sendOptions = {}) {
      await boss.send(name, data, sendOptions);
    },
    async schedules() {
      return (await boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron }));
    },
    async counts() {
      const { rows } = await sql.executeSql(QUEUE_COUNTS, []);
      return rows as { queue: string; state: string; count: number }[];
    },
    async drain(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        // read from the jobs themselves: pg-boss's queue counts are refreshed by supervision only
        const { rows } = await sql.executeSql(
          `SELECT count(*)::int AS pending FROM ${SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'completed'`,
          [[...queues]],
        );
        const pending = (rows[0] as { pending: number } | undefined)?.pending ?? 0;
        if (pending === 0 && inFlight.size === 0) return;
        if (Date.now() > until)
          throw new Error(`jobs did not drain within ${timeoutMs} ms (${pending} pending)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    onDatabaseBack: back.listen,
    async stop() {
      await boss.stop({ graceful: true, close: false, timeout: 5000 });
    },
  };
  return jobs;
}
