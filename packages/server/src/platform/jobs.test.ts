import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { PgBoss } from 'pg-boss';
import PgBoss10 from 'pg-boss-v10';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { ABANDONED_JOB_RETRY_SECONDS, startJobs, type Jobs } from './jobs';

const log = pino({ level: process.env.JOBS_TEST_LOG ?? 'silent' });
const opened: { database: Database; drop?: () => Promise<void> }[] = [];
const started: { stop(): Promise<void> }[] = [];

/** A fresh database: PGlite in memory, or a new PostgreSQL database when DATABASE_URL is set. */
async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    opened.push({ database });
    return database;
  }
  const name = `facet_jobs_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  opened.push({
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  });
  return database;
}

async function jobsOn(database: Database): Promise<Jobs> {
  const jobs = await startJobs({ sql: database.sql, runWorkers: true, runSchedules: false, log });
  started.push(jobs);
  return jobs;
}

afterEach(async () => {
  for (const s of started.splice(0).reverse()) await s.stop();
  for (const { database, drop } of opened.splice(0)) {
    await database.close();
    await drop?.();
  }
});

const until = async (what: string, done: () => boolean | Promise<boolean>, ms: number) => {
  await vi.waitFor(
    async () => {
      if (!(await done())) throw new Error(`${what}: not within ${ms} ms`);
    },
    { timeout: ms, interval: 100 },
  );
};

describe('a database whose jobs pg-boss 10 kept', () => {
  test('its waiting, retrying and active jobs run under pg-boss 12 with their ids; the old schema is dropped', async () => {
    const database = await freshDatabase();
    const old = new PgBoss10({ db: database.sql, schema: 'pgboss', supervise: false, schedule: false });
    old.on('error', () => {});
    await old.start();
    await old.createQueue('v10-probe', { name: 'v10-probe', retryLimit: 3 });
    const done = await old.send('v10-probe', { n: 'done' });
    await old.fetch('v10-probe');
    await old.complete('v10-probe', done!);
    const active = await old.send('v10-probe', { n: 'active' });
    const [fetched] = await old.fetch('v10-probe');
    expect(fetched?.id).toBe(active);
    const retried = await old.send('v10-probe', { n: 'retried' }, { retryLimit: 3 });
    await old.fetch('v10-probe');
    await old.fail('v10-probe', retried!);
    const waiting = await old.send('v10-probe', { n: 'waiting' });
    // a node stopped with its job still active, as a deploy leaves it
    await old.stop({ graceful: false, wait: true });
    const states = await database.sql.executeSql(
      `select data->>'n' as n, state from pgboss.job where name = 'v10-probe' order by n`,
      [],
    );
    expect(states.rows).toEqual([
      { n: 'active', state: 'active' },
      { n: 'done', state: 'completed' },
      { n: 'retried', state: 'retry' },
      { n: 'waiting', state: 'created' },
    ]);

    const jobs = await jobsOn(database);
    const ran: { n: string; id: string }[] = [];
    await jobs.register<{ n: string }>('v10-probe', async ({ n }, { id }) => {
      ran.push({ n, id });
    });
    await until('the moved jobs ran', () => ran.length >= 3, 15_000);
    await jobs.drain();
    expect(ran.map((r) => r.n).sort()).toEqual(['active', 'retried', 'waiting']);
    expect(Object.fromEntries(ran.map((r) => [r.n, r.id]))).toEqual({
      active,
      retried,
      waiting,
    });
    const left = await database.sql.executeSql(
      `select to_regnamespace('pgboss_v10') is null as gone, (select max(version) from pgboss.version) as version`,
      [],
    );
    expect(left.rows[0]).toMatchObject({ gone: true });
    expect(Number((left.rows[0] as { version: number }).version)).toBeGreaterThanOrEqual(46);
  }, 60_000);

  test('a second start finds nothing left to move and keeps the jobs it has', async () => {
    const database = await freshDatabase();
    const first = await jobsOn(database);
    await first.register('again-probe', async () => {});
    await first.stop();
    started.pop();
    const second = await jobsOn(database);
    const ran: string[] = [];
    await second.register<{ n: string }>('again-probe', async ({ n }) => {
      ran.push(n);
    });
    await second.send('again-probe', { n: 'after' });
    await second.drain();
    expect(ran).toEqual(['after']);
  }, 60_000);
});

describe('a job whose node died', () => {
  test(`is retried by a live node once its heartbeat is missed: within ${ABANDONED_JOB_RETRY_SECONDS} s and a margin, not after its expiry`, async () => {
    const database = await freshDatabase();
    const live = await jobsOn(database);
    const ran: string[] = [];
    await live.register<{ n: string }>('heartbeat-probe', async (_data, { id }) => {
      ran.push(id);
    });
    // the dead node: it took the job and then stopped beating (no handler, no heartbeat timer)
    const dead = new PgBoss({ db: database.sql, schema: 'pgboss', supervise: false, schedule: false });
    dead.on('error', () => {});
    await dead.start();
    started.push(dead);
    await live.stop();
    started.splice(started.indexOf(live), 1);
    await dead.send('heartbeat-probe', { n: 'x' }, { expireInSeconds: 600 });
    const [taken] = await dead.fetch('heartbeat-probe');
    expect(taken?.heartbeatSeconds).toBe(10);
    const takenAt = Date.now();

    const survivor = await jobsOn(database);
    await survivor.register<{ n: string }>('heartbeat-probe', async (_data, { id }) => {
      ran.push(id);
    });
    await until(
      'the abandoned job ran again',
      () => ran.length === 1,
      (ABANDONED_JOB_RETRY_SECONDS + 15) * 1000,
    );
    expect(ran).toEqual([taken!.id]);
    process.stdout.write(
      `heartbeat: an abandoned job ran again ${Date.now() - takenAt} ms after it was taken\n`,
    );
    const { rows } = await database.sql.executeSql(
      `select retry_count, state from pgboss.job where id = $1`,
      [taken!.id],
    );
    await until(
      'its end recorded',
      async () =>
        (
          (await database.sql.executeSql(`select state from pgboss.job where id = $1`, [taken!.id]))
            .rows[0] as { state: string }
        ).state === 'completed',
      5000,
    );
    expect((rows[0] as { retry_count: number }).retry_count).toBe(1);
  }, 60_000);

  test('a handler that fails is retried and one that throws does not send the rest of its batch round again', async () => {
    const database = await freshDatabase();
    const jobs = await jobsOn(database);
    const runs: Record<string, number> = {};
    await jobs.register<{ n: string }>(
      'batch-probe',
      async ({ n }) => {
        runs[n] = (runs[n] ?? 0) + 1;
        if (n === 'bad' && runs[n] === 1) throw new Error('first run fails');
      },
      { batchSize: 5 },
    );
    for (const n of ['a', 'bad', 'b'])
      await jobs.send('batch-probe', { n }, { retryDelay: 0, retryBackoff: false });
    await until('every job done', () => runs.bad === 2 && runs.a === 1 && runs.b === 1, 15_000);
    await jobs.drain();
    expect(runs).toEqual({ a: 1, bad: 2, b: 1 });
  }, 60_000);
});

describe('a queue of one pending job', () => {
  test('keeps one job waiting however often it is sent; once that one runs, the next send waits again', async () => {
    const database = await freshDatabase();
    const jobs = await jobsOn(database);
    const runs: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await jobs.register(
      'one-pending-probe',
      async () => {
        runs.push(Date.now());
        if (runs.length === 1) await held;
      },
      { batchSize: 1, onePending: true },
    );
    await jobs.send('one-pending-probe', {});
    await until('the first run started', () => runs.length === 1, 10_000);
    // the first runs (held); of three more sends one waits, the other two are dropped
    for (let i = 0; i < 3; i += 1) await jobs.send('one-pending-probe', {});
    const waiting = async () =>
      (await jobs.counts()).find((c) => c.queue === 'one-pending-probe' && c.state === 'created')?.count ?? 0;
    expect(await waiting()).toBe(1);
    release();
    await jobs.drain();
    expect(runs).toHaveLength(2);
  }, 60_000);
});
