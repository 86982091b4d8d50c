import { randomUUID } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { models } from './models.tables';
import { sessions } from '../accounts/accounts.tables';
import { ABANDONED_JOB_RETRY_SECONDS, HEARTBEAT_SECONDS, startJobs } from '../../platform/jobs';
import { createTestApp } from '../../test/test-app';
import { givenCustomer } from '../../test/world';
import { SESSION_PURGE } from '../accounts/sessions.service';
import { PROJECT_INACTIVITY } from '../projects/projects.routes';
import { ANALYSIS_SWEEP } from './models.jobs';
import type { ModelView } from './models.contract';
import { ANALYSIS_QUEUE, analysisStaleAfterMs } from './models.service';
import { fixture, signUpCustomer, uploadModel } from './models.test-helper';

let t: Awaited<ReturnType<typeof createTestApp>>;
let maya: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  maya = (await givenCustomer(t)).cookie;
  other = await signUpCustomer(t.app, 'analysis.other@example.com');
}, 60_000);
afterAll(() => t?.close());

const rowOf = async (id: string) => (await t.ctx.db.select().from(models).where(eq(models.id, id)))[0]!;
const post = (url: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });

/** A ready model put back in the state a node that died mid-analysis leaves it: analysing, `ago` ms old. */
async function leftAnalysing(name: string, ago: number): Promise<ModelView> {
  const { model } = await uploadModel(t.app, maya, name, fixture('stl_binary-Cube.stl'));
  await t.ctx.db
    .update(models)
    .set({ status: 'analysing', rawAnalysis: null, analysedAt: null, updatedAt: new Date(Date.now() - ago) })
    .where(eq(models.id, model.id));
  return model;
}

async function runSweep() {
  await t.ctx.jobs.send(ANALYSIS_SWEEP, {});
  await t.ctx.jobs.drain();
}

describe('a model whose analysis node died', () => {
  test('the sweep ends a model stuck analysing past the limit as failed (analysis_timeout); a fresh one is left', async () => {
    const stale = await leftAnalysing(
      'stuck.stl',
      analysisStaleAfterMs(t.ctx.config.analysisTimeoutMs) + 1000,
    );
    const fresh = await leftAnalysing('fresh.stl', 1000);
    await runSweep();
    const ended = await rowOf(stale.id);
    expect(ended.status).toBe('failed');
    expect(ended.error).toEqual({
      code: 'analysis_timeout',
      message: 'The model took too long to analyse. Please simplify it or upload a smaller file.',
    });
    expect((await rowOf(fresh.id)).status).toBe('analysing');
    // what the customer sees
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/models/${stale.id}`,
      headers: { cookie: maya },
    });
    expect(seen.json().model).toMatchObject({ status: 'failed', error: { code: 'analysis_timeout' } });
  });

  test('a job left active by a vanished worker is retried once its heartbeat is missed, long before its expiry', async () => {
    const model = await leftAnalysing('orphan.stl', 5000);
    // the row a node leaves when it is killed while running the job: active, its last heartbeat 30 s old,
    // its expiry (10 minutes) far off
    const inserted = (await t.ctx.database.sql.executeSql(
      `insert into pgboss.job (name, data, state, retry_limit, retry_delay, started_on, heartbeat_on,
                               heartbeat_seconds, expire_seconds, policy)
       values ($1, $2::jsonb, 'active', 2, 1, now() - interval '30 seconds', now() - interval '30 seconds',
               $3, 600, 'standard')
       returning id`,
      [ANALYSIS_QUEUE, JSON.stringify({ modelId: model.id }), HEARTBEAT_SECONDS],
    )) as { rows: { id: string }[] };
    const jobId = inserted.rows[0]!.id;
    const started = Date.now();
    // supervision (every 10 s) fails the job for its missed heartbeat; a live worker then takes the retry
    const bound = (ABANDONED_JOB_RETRY_SECONDS + 10) * 1000;
    await vi.waitFor(
      async () =>
        expect((await rowOf(model.id)).status, 'the orphaned analysis was not retried in time').not.toBe(
          'analysing',
        ),
      { timeout: bound - (Date.now() - started), interval: 250 },
    );
    const done = await rowOf(model.id);
    expect(done.status).toBe('ready');
    expect(done.rawAnalysis?.volumeMm3).toBe(8);
    const { rows } = (await t.ctx.database.sql.executeSql(
      `select retry_count, state, output from pgboss.job where id = $1`,
      [jobId],
    )) as { rows: { retry_count: number; state: string }[] };
    expect(rows[0]).toMatchObject({ retry_count: 1, state: 'completed' });
  }, 60_000);
});

describe('POST /api/models/:id/retry', () => {
  test('a failed analysis is run again and the model becomes ready', async () => {
    const stale = await leftAnalysing(
      'retry-me.stl',
      analysisStaleAfterMs(t.ctx.config.analysisTimeoutMs) + 1000,
    );
    await runSweep();
    expect((await rowOf(stale.id)).status).toBe('failed');
    const res = await post(`/api/models/${stale.id}/retry`, maya);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model).toMatchObject({ id: stale.id, status: 'ready', error: null });
    expect(res.json().model.analysis.volumeMm3).toBe(8);
  });

  test('an unreadable file fails again with its reader message', async () => {
    const broken = new Uint8Array(Buffer.from('solid broken\n  facet normal 0 0 1\n    outer loop\n'));
    const { model } = await uploadModel(t.app, maya, 'broken.stl', broken);
    expect(model.status).toBe('failed');
    const res = await post(`/api/models/${model.id}/retry`, maya);
    expect(res.statusCode).toBe(200);
    expect(res.json().model.status).toBe('failed');
    expect(res.json().model.error).toEqual(model.error);
  });

  test('refused with a clear error, changing nothing: not failed, not mine, signed out, unknown, file gone', async () => {
    const { model } = await uploadModel(t.app, maya, 'fine.stl', fixture('stl_binary-Cube.stl'));
    const before = await rowOf(model.id);
    const ready = await post(`/api/models/${model.id}/retry`, maya);
    expect(ready.statusCode).toBe(409);
    expect(ready.json().error).toEqual({
      code: 'model_not_failed',
      message: 'Only a model whose analysis failed can be analysed again.',
    });
    expect((await post(`/api/models/${model.id}/retry`, other)).statusCode).toBe(404);
    expect((await post(`/api/models/${model.id}/retry`)).statusCode).toBe(401);
    expect((await post(`/api/models/${randomUUID()}/retry`, maya)).statusCode).toBe(404);
    expect((await post(`/api/models/not-an-id/retry`, maya)).statusCode).toBe(404);
    expect(await rowOf(model.id)).toEqual(before);

    await t.ctx.db.update(models).set({ status: 'failed' }).where(eq(models.id, model.id));
    await t.ctx.storage.remove(before.storageKey);
    const gone = await post(`/api/models/${model.id}/retry`, maya);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.code).toBe('upload_missing');
    expect((await rowOf(model.id)).status).toBe('failed');
  });
});

describe('upload leftovers', () => {
  test('the sweep removes .part files older than an hour and keeps fresh ones and stored models', async () => {
    const source = await t.ctx.storage.sourceOf('models/probe.stl');
    if (source.kind !== 'file') throw new Error('disk storage expected');
    const dir = dirname(source.path);
    mkdirSync(dir, { recursive: true });
    const old = join(dir, `${randomUUID()}.stl.part-${randomUUID()}`);
    const fresh = join(dir, `${randomUUID()}.stl.part-${randomUUID()}`);
    const oldModel = join(dir, `${randomUUID()}.stl`);
    for (const file of [old, fresh, oldModel]) writeFileSync(file, 'solid half\n');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    utimesSync(oldModel, twoHoursAgo, twoHoursAgo);
    await runSweep();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(oldModel)).toBe(true);
  });
});

describe('scheduled jobs', () => {
  test('expired sessions are purged by the scheduled job; live ones stay', async () => {
    const [me] = await t.ctx.db.select().from(sessions).limit(1);
    const expired = `expired-${randomUUID()}`;
    await t.ctx.db
      .insert(sessions)
      .values({ id: expired, userId: me!.userId, expiresAt: new Date(Date.now() - 60_000) });
    const liveBefore = (await t.ctx.db.select().from(sessions)).filter(
      (s) => s.expiresAt > new Date(),
    ).length;
    await t.ctx.jobs.send(SESSION_PURGE, {});
    await t.ctx.jobs.drain();
    const after = await t.ctx.db.select().from(sessions);
    expect(after.find((s) => s.id === expired)).toBeUndefined();
    expect(after.length).toBe(liveBefore);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: maya } })).statusCode,
    ).toBe(200);
  });

  test('each schedule is stored once, in UTC cron', async () => {
    const list = await t.ctx.jobs.schedules();
    const names = list.map((s) => s.name).sort();
    expect(names).toEqual(
      [
        'auth-throttle-purge',
        ANALYSIS_SWEEP,
        PROJECT_INACTIVITY,
        SESSION_PURGE,
        'payments-payouts',
        'payments-reconcile',
        'orders-expire-unpaid',
        'billing-renewals',
        'billing-monthly-credits',
        'design-generations-sweep',
        'metal-prices-refresh',
      ].sort(),
    );
    expect(list.find((s) => s.name === 'orders-expire-unpaid')?.cron).toBe('17 * * * *');
    expect(list.find((s) => s.name === 'metal-prices-refresh')?.cron).toBe('5 * * * *');
    expect(list.find((s) => s.name === ANALYSIS_SWEEP)?.cron).toBe('* * * * *');
    expect(list.find((s) => s.name === PROJECT_INACTIVITY)?.cron).toBe('7 * * * *');
    expect(list.find((s) => s.name === 'auth-throttle-purge')?.cron).toBe('*/15 * * * *');
  });

  test('two nodes keeping the same schedule run it once per slot, by the clock', async () => {
    const runs: string[] = [];
    const log = t.app.log;
    const nodes = await Promise.all(
      [0, 1].map(() =>
        startJobs({
          sql: t.ctx.database.sql,
          runWorkers: true,
          runSchedules: true,
          cronIntervalSeconds: 1,
          log,
        }),
      ),
    );
    try {
      const started = Date.now();
      await Promise.all(
        nodes.map((jobs, i) =>
          jobs.schedule('clock-probe', '* * * * *', async () => {
            runs.push(i === 0 ? 'a' : 'b');
          }),
        ),
      );
      await vi.waitFor(() => expect(runs, 'the schedule never fired').not.toHaveLength(0), {
        timeout: 30_000,
        interval: 200,
      });
      // a second run of the slot would be sent by a later cron pass (either node's): wait for two more
      // passes, then for every job they sent to have run
      const cronPasses = async () => {
        const { rows } = (await t.ctx.database.sql.executeSql(`select cron_on from pgboss.version`)) as {
          rows: { cron_on: Date | string | null }[];
        };
        return String(rows[0]?.cron_on);
      };
      const seen = new Set([await cronPasses()]);
      await vi.waitFor(
        async () => {
          seen.add(await cronPasses());
          expect(seen.size, 'two more cron passes').toBeGreaterThanOrEqual(3);
        },
        { timeout: 15_000, interval: 100 },
      );
      await vi.waitFor(
        async () => {
          const { rows } = (await t.ctx.database.sql.executeSql(
            `select count(*)::int as n from pgboss.job where name = 'clock-probe' and state in ('created', 'retry', 'active')`,
          )) as { rows: { n: number }[] };
          expect(rows[0]!.n, 'clock-probe jobs still to run').toBe(0);
        },
        { timeout: 15_000, interval: 100 },
      );
      // one run per minute slot, whichever node took it. The slots are those of the whole test: a slot's job
      // sent in its last second runs in the next minute, beside that minute's own (CI saw two runs in one
      // minute that way, when counting the minutes the runs fell in)
      const slots = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
      expect(runs.length).toBeLessThanOrEqual(slots);
      expect((await nodes[0]!.schedules()).filter((s) => s.name === 'clock-probe')).toHaveLength(1);
    } finally {
      for (const jobs of nodes) await jobs.stop();
    }
  }, 60_000);
});
