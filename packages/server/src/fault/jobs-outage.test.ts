import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { ABANDONED_JOB_RETRY_SECONDS, startJobs, type Jobs } from '../platform/jobs';
import { postgresProcess, type PostgresProcess } from './postgres-process';

let postgres: PostgresProcess;
let database: Database;
let jobs: Jobs | null = null;
const logged: { level: number; msg: string }[] = [];
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  postgres = await postgresProcess();
  database = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
  process.on('unhandledRejection', onRejection);
});

afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await jobs?.stop();
  await database?.close();
  await postgres?.remove();
});

const until = async (what: string, done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

test('PostgreSQL gone as a job ends: the failed record is logged, nothing is left unhandled, and the job runs again within 30 s of its return', async () => {
  const log = pino(
    { level: 'warn' },
    new Writable({
      write(chunk: Buffer, _encoding, next) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        next();
      },
    }),
  );
  jobs = await startJobs({ sql: database.sql, runWorkers: true, log });
  const backAt: number[] = [];
  jobs.onDatabaseBack(() => backAt.push(Date.now()));
  const runs: number[] = [];
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await jobs.register('outage-probe', async () => {
    runs.push(Date.now());
    if (runs.length === 1) await held;
  });
  // retried as a payment's webhook job is (sandbox-events.ts): the charge it carries must be applied soon
  await jobs.send('outage-probe', { n: 1 }, { retryLimit: 10, retryDelay: 1, retryBackoff: true });
  await until('the job started', () => runs.length === 1, 10_000);

  await postgres.stop();
  release();
  // pg-boss records the job's end after the handler, awaited, and reports the failure as an error event
  const notRecorded = () => logged.some((l) => l.msg === 'job queue error');
  await until('the end of the job tried', () => notRecorded() || rejections.length > 0, 10_000);
  expect(rejections).toEqual([]);
  expect(notRecorded()).toBe(true);

  const restarted = Date.now();
  await postgres.start();
  // the job was left active: its heartbeat (10 s) is missed and supervision (every 10 s) sends it round
  // again, well within 30 s of PostgreSQL's return
  await until('the job ran again', () => runs.length >= 2, (ABANDONED_JOB_RETRY_SECONDS + 10) * 1000);
  expect(rejections).toEqual([]);
  // the queue told its listeners of the return (what settles the payments left pending meanwhile)
  const seenBack = backAt.at(-1) ?? 0;
  expect(seenBack).toBeGreaterThanOrEqual(restarted);
  process.stdout.write(
    `jobs outage: the database seen back ${seenBack - restarted} ms and the job run again ` +
      `${runs[1]! - restarted} ms after PostgreSQL restarted\n`,
  );
});
