import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from '../db/client';

export type JobHandler<T> = (data: T) => Promise<void>;

/** Background jobs on pg-boss in our own database (PGlite or PostgreSQL): retried, survive restarts. */
export interface Jobs {
  /** Declare a queue and, when this process runs workers, its handler. */
  register<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  send<T extends object>(name: string, data: T): Promise<void>;
  /** Resolves once every queue is empty (tests and graceful shutdown). */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobs(options: {
  sql: SqlExecutor;
  runWorkers: boolean;
  log: FastifyBaseLogger;
}): Promise<Jobs> {
  const boss = new PgBoss({
    db: options.sql,
    schema: 'pgboss',
    supervise: true,
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  await boss.start();
  const queues = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();

  return {
    async register(name, handler) {
      await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 5, retryBackoff: true });
      queues.add(name);
      if (!options.runWorkers) return;
      await boss.work(name, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
        for (const job of jobs) {
          const run = handler(job.data as never);
          inFlight.add(run);
          try {
            await run;
          } finally {
            inFlight.delete(run);
          }
        }
      });
    },
    async send(name, data) {
      await boss.send(name, data);
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
}
