import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from '../db/client';

/** A job's data, and the job's own id (the same on each retry, so a handler can do its part once). */
export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

/** How one job is run and given up: per job, so a changed setting applies to the next job sent. */
export interface SendOptions {
  /** An active job older than this is taken as abandoned (its node died) and retried elsewhere. */
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
}

/** Checks pg-boss's maintenance (expiring abandoned jobs) runs this often, cluster-wide. */
export const MAINTENANCE_INTERVAL_SECONDS = 15;

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
   * Jobs waiting (created, retry), running (active) and failed for good (until pg-boss archives them), per
   * queue, counted in the database across the cluster; at most QUEUE_COUNT_LIMIT jobs are counted.
   */
  counts(): Promise<{ queue: string; state: string; count: number }[]>;
  /** Resolves once every queue is empty (tests and graceful shutdown). */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss's commands that record the end of jobs by id: complete, and fail (which retries or ends them). */
const RECORD_OF_END = [
  /SET completed_on = now\(\),\s*state = 'completed'[\s\S]*UNNEST\(\$2::uuid\[\]\)/,
  /WITH deleted_jobs AS[\s\S]*UNNEST\(\$2::uuid\[\]\)/,
];
const ZERO_COUNT = { rows: [{ count: '0' }] };

/** The most jobs `counts()` reads: a backlog past this is counted as this many (the read stays short). */
export const QUEUE_COUNT_LIMIT = 100_000;
const QUEUE_COUNTS = `SELECT name AS queue, state::text AS state, count(*)::int AS count
  FROM (SELECT name, state FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed')
        LIMIT ${QUEUE_COUNT_LIMIT}) AS jobs
  GROUP BY name, state`;

/**
 * The connection pg-boss is given. After a batch's callback pg-boss records the batch's end itself (complete,
 * or fail when the callback threw or ran past its expiry) without awaiting it, so a failure there (the
 * database away for a moment) would end the process as an unhandled rejection. Our runOne has recorded
 * each job already (the ids in `recorded`): that second record is skipped. Any other record of an end that
 * fails is logged and answered with a zero count: the jobs stay active and are retried once they expire.
 */
function afterBatchRecords(sql: SqlExecutor, recorded: Set<string>, log: FastifyBaseLogger): SqlExecutor {
  return {
    async executeSql(text, values) {
      const ids = values?.[1];
      if (!Array.isArray(ids) || !RECORD_OF_END.some((command) => command.test(text)))
        return sql.executeSql(text, values);
      if (ids.every((id) => recorded.has(id as string))) {
        for (const id of ids) recorded.delete(id as string);
        return ZERO_COUNT;
      }
      try {
        return await sql.executeSql(text, values);
      } catch (err) {
        log.warn(
          { err, jobIds: ids },
          'the end of jobs could not be recorded; they are retried once they expire',
        );
        return ZERO_COUNT;
      }
    },
  };
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
  const cronInterval = options.cronIntervalSeconds;
  const recorded = new Set<string>();
  const boss = new PgBoss({
    db: afterBatchRecords(options.sql, recorded, options.log),
    schema: 'pgboss',
    supervise: options.supervise ?? true,
    schedule: options.runSchedules ?? true,
    ...(cronInterval
      ? { cronMonitorIntervalSeconds: cronInterval, cronWorkerIntervalSeconds: cronInterval }
      : {}),
    monitorStateIntervalSeconds: 60,
    // expires the active jobs of a dead node (past their expireInSeconds) so another node retries them
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
  });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  await boss.start();
  const queues = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();

  async function runOne(name: string, job: PgBoss.Job<object>, handler: JobHandler<object>) {
    recorded.delete(job.id); // a retry keeps the id: what an earlier run left here says nothing of this one
    const run = handler(job.data, { id: job.id });
    inFlight.add(run);
    // each job its own outcome, recorded here on our own connection: one failure does not send the rest of
    // the batch round again, and pg-boss's own record of the batch after it is then skipped
    let failure: unknown = null;
    try {
      await run;
    } catch (err) {
      failure = err;
      options.log.warn({ err, queue: name, jobId: job.id }, 'job failed; it is retried');
      options.onFailure?.(name);
    } finally {
      inFlight.delete(run);
    }
    try {
      if (failure === null) await boss.complete(name, job.id, {}, { db: options.sql });
      else
        await boss.fail(
          name,
          job.id,
          { message: (failure as Error)?.message ?? String(failure) },
          { db: options.sql },
        );
    } catch (err) {
      // the database is away for a moment: the job stays active and is run again once it expires
      options.log.warn(
        { err, queue: name, jobId: job.id },
        'the end of a job could not be recorded; it is retried',
      );
    } finally {
      recorded.add(job.id);
    }
  }

  /**
   * Creates the queue unless it exists. Nodes starting together on a new database may both create it:
   * PostgreSQL then ends one of them as a deadlock, which looks again and finds the queue made.
   */
  async function ensureQueue(name: string) {
    for (let attempt = 1; ; attempt += 1) {
      if (await boss.getQueue(name)) return;
      try {
        await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 5, retryBackoff: true });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  }

  const jobs: Jobs = {
    async register(name, handler, registerOptions = {}) {
      await ensureQueue(name);
      queues.add(name);
      if (!options.runWorkers) return;
      const { batchSize = 5, parallel = false } = registerOptions;
      await boss.work<object>(name, { pollingIntervalSeconds: 0.5, batchSize }, async (batch) => {
        if (parallel) {
          await Promise.all(batch.map((job) => runOne(name, job, handler as JobHandler<object>)));
        } else {
          for (const job of batch) await runOne(name, job, handler as JobHandler<object>);
        }
      });
    },
    async schedule(name, cron, handler) {
      await jobs.register(
        name,
        async () => {
          const started = Date.now();
          await handler();
          options.log.info({ queue: name, ms: Date.now() - started }, 'scheduled job done');
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
      const { rows } = await options.sql.executeSql(QUEUE_COUNTS, []);
      return rows as { queue: string; state: string; count: number }[];
    },
    async drain(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        let pending = 0;
        for (const name of queues) pending += await boss.getQueueSize(name, { before: 'completed' });
        if (pending === 0 && inFlight.size === 0) return;
        if (Date.now() > until)
          throw new Error(`jobs did not drain within ${timeoutMs} ms (${pending} pending)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
  return jobs;
}
