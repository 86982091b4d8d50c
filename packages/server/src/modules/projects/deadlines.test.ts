import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { addWeekdays } from '@facet/domain/format';
import type { ProjectUpdatedPayload } from '@facet/domain/chat';
import { chatWorld, collect, until } from '../chat/chat-test-kit';
import { projects } from './projects.tables';

/**
 * Due dates, lateness and lead time changes (issue 16 items 3 and 6): a paid project is due its lead
 * time in weekdays after the payment; the chosen pro asks for a new lead time, the customer agrees or
 * declines; the production team sees late projects first.
 */

const w = chatWorld();
const REASON = 'The client asked for a second stone layout.';
const DAY = 24 * 3_600_000;

type Who = 'customer' | 'designer' | 'designer2' | 'service' | 'staff';
const get = (who: Who, path: string) => w.call(who, 'GET', path);
const put = (who: Who, path: string, body: object) => w.call(who, 'PUT', path, body);
const post = (who: Who, path: string, body: object = {}) => w.call(who, 'POST', path, body);
async function ok<R extends { statusCode: number; body: string }>(r: R, status = 200): Promise<R> {
  expect(r.statusCode, r.body).toBe(status);
  return r;
}
const detail = async (who: Who, id: string) =>
  (await ok(await get(who, `/api/projects/${id}`))).json().project;

/** A project of the customer whose offer from `pro` (lead time `days`) is accepted; paid unless told not. */
async function acceptedProject(title: string, days: number, options: { paid?: boolean; pro?: Who } = {}) {
  const pro = options.pro ?? 'designer';
  const id = await w.newProject(title);
  const offer = await w.invite(id, pro);
  await ok(
    await w.call(pro, 'POST', `/api/invitations/${offer}/offer`, { priceCents: 40_000, leadTimeDays: days }),
  );
  await ok(await post('customer', `/api/invitations/${offer}/accept`));
  if (options.paid !== false) await ok(await post('staff', `/api/staff/projects/${id}/mark-paid`));
  return id;
}

/** Moves the payment (and so the due date) into the past, as time passing would. */
async function paidOn(id: string, paidAt: Date, leadTimeDays: number) {
  await w.ctx.db
    .update(projects)
    .set({ paidAt, dueAt: addWeekdays(paidAt, leadTimeDays) })
    .where(eq(projects.id, id));
}

async function deliver(id: string) {
  const body = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
  await ok(await w.postFile('designer', `/api/projects/${id}/deliveries`, 'ring.pdf', body, 'files'), 201);
}

beforeAll(async () => w.start(), 120_000);
afterAll(async () => w.stop());

describe('due date and lateness', () => {
  test('unpaid: no due date; paid: lead time in weekdays after the payment, On Track', async () => {
    const id = await acceptedProject('Due date ring', 3, { paid: false });
    expect(await detail('customer', id)).toMatchObject({ dueAt: null, lateness: null });
    await ok(await post('staff', `/api/staff/projects/${id}/mark-paid`));
    const [row] = await w.ctx.db.select().from(projects).where(eq(projects.id, id));
    const expected = addWeekdays(row!.paidAt!, 3).toISOString();
    for (const who of ['customer', 'designer', 'staff'] as const) {
      expect(await detail(who, id)).toMatchObject({ dueAt: expected, lateness: 'On Track' });
    }
    const listed = (await ok(await get('customer', '/api/projects?pageSize=100'))).json().projects;
    expect(listed.find((p: { id: string }) => p.id === id)).toMatchObject({
      dueAt: expected,
      lateness: 'On Track',
    });
  });

  test('across a weekend, late while open, then measured at the delivery (days and hours)', async () => {
    const id = await acceptedProject('Weekend ring', 3);
    // paid on a Thursday: Friday, Monday, Tuesday
    await paidOn(id, new Date('2024-03-07T10:00:00Z'), 3);
    const open = await detail('customer', id);
    expect(open.dueAt).toBe('2024-03-12T10:00:00.000Z');
    const daysLate = Math.floor((Date.now() - Date.parse('2024-03-12T10:00:00Z')) / DAY);
    expect(open.lateness).toBe(`${daysLate} day(s) Late`);

    await deliver(id);
    const at = async (deliveredAt: string) => {
      await w.ctx.db
        .update(projects)
        .set({ deliveredAt: new Date(deliveredAt) })
        .where(eq(projects.id, id));
      return (await detail('designer', id)).lateness as string;
    };
    expect(await at('2024-03-14T11:00:00Z')).toBe('2 day(s) Late');
    expect(await at('2024-03-12T07:00:00Z')).toBe('3 hour(s) early');
    // early and late count elapsed time; only the due date skips weekends
    expect(await at('2024-03-08T10:00:00Z')).toBe('4 day(s) early');
    expect(await at('2024-03-12T15:30:00Z')).toBe('5 hour(s) Late');
  });

  test('projects paid before due dates were stored get theirs at start-up', async () => {
    const id = await acceptedProject('Backfilled ring', 4);
    await w.ctx.db.update(projects).set({ dueAt: null }).where(eq(projects.id, id));
    expect(await w.ctx.projects.backfillDueDates()).toBeGreaterThanOrEqual(1);
    const [row] = await w.ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(row!.dueAt!.toISOString()).toBe(addWeekdays(row!.paidAt!, 4).toISOString());
    expect(await w.ctx.projects.backfillDueDates()).toBe(0);
  });
});

describe('lead time change', () => {
  let id = '';
  let offProject = '';
  let refusedOffer = '';
  beforeAll(async () => {
    id = await w.newProject('Lead time pendant');
    const mine = await w.invite(id, 'designer');
    refusedOffer = await w.invite(id, 'designer2');
    await ok(
      await w.call('designer', 'POST', `/api/invitations/${mine}/offer`, {
        priceCents: 40_000,
        leadTimeDays: 5,
      }),
    );
    await ok(await post('customer', `/api/invitations/${mine}/accept`));
    offProject = await acceptedProject('Unpaid pendant', 4, { paid: false });
  });

  /** What must stay as it was after a refusal. */
  const unchanged = async (projectId: string, leadTimeDays: number) => {
    const p = await detail('customer', projectId);
    expect(p.leadTimeDays).toBe(leadTimeDays);
    return p;
  };

  test('refused before the payment (409), nothing changes', async () => {
    const r = await put('designer', `/api/projects/${offProject}/lead-time`, {
      leadTimeDays: 8,
      reason: REASON,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toMatchObject({
      code: 'wrong_status',
      message: 'The lead time can change only while the work is in progress.',
    });
    expect((await unchanged(offProject, 4)).leadTimeChange).toBeNull();
  });

  test('the pro asks, the customer sees it and agrees: the due date moves; both hear it live', async () => {
    await ok(await post('staff', `/api/staff/projects/${id}/mark-paid`));
    const rooms = { customer: await w.client('customer'), designer: await w.client('designer') };
    const news = {
      customer: collect(rooms.customer, 'projectUpdated'),
      designer: collect(rooms.designer, 'projectUpdated'),
    };
    const before = await detail('customer', id);

    const asked = await ok(
      await put('designer', `/api/projects/${id}/lead-time`, { leadTimeDays: 9, reason: `  ${REASON} ` }),
    );
    expect(asked.json().leadTimeChange).toMatchObject({
      status: 'requested',
      previousDays: 5,
      leadTimeDays: 9,
      reason: REASON,
    });
    const seen = await detail('customer', id);
    expect(seen.leadTimeDays).toBe(5);
    expect(seen.dueAt).toBe(before.dueAt);
    expect(seen.leadTimeChange).toMatchObject({ status: 'requested', leadTimeDays: 9 });
    expect(seen.allowedActions).toContain('answer-lead-time');
    expect((await detail('designer', id)).allowedActions).not.toContain('request-lead-time');
    const heard = (list: ProjectUpdatedPayload[]) =>
      list.some((n) => n.projectId === id && n.kind === 'lead-time');
    await until(() => heard(news.customer) && heard(news.designer), 5000, 'lead time news');

    const agreed = await ok(
      await post('customer', `/api/projects/${id}/lead-time/answer`, { decision: 'accept' }),
    );
    const [row] = await w.ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(agreed.json().leadTimeChange).toMatchObject({ status: 'accepted' });
    expect(agreed.json().project).toMatchObject({
      leadTimeDays: 9,
      dueAt: addWeekdays(row!.paidAt!, 9).toISOString(),
      lateness: 'On Track',
    });
    expect(row!.dueAt!.toISOString()).toBe(addWeekdays(row!.paidAt!, 9).toISOString());
    await until(() => news.designer.filter((n) => n.projectId === id).length >= 2, 5000, 'answer news');

    const events = (await ok(await get('designer', `/api/projects/${id}/events`))).json().events as {
      message: string;
    }[];
    expect(events.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        `A new lead time of 9 day(s) (was 5 day(s)) was asked: ${REASON}`,
        'The new lead time of 9 day(s) was agreed',
      ]),
    );
    await w.ctx.jobs.drain();
    const mails = async (to: string) =>
      (await w.app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${to}` })).json().messages as {
        event: string;
      }[];
    expect((await mails(w.people.customer!.email)).map((m) => m.event)).toContain('lead-time-requested');
    expect((await mails(w.people.designer!.email)).map((m) => m.event)).toContain('lead-time-answered');
  });

  test('declining keeps the lead time and the due date', async () => {
    const before = await detail('customer', id);
    await ok(await put('designer', `/api/projects/${id}/lead-time`, { leadTimeDays: 14, reason: REASON }));
    const declined = await ok(
      await post('customer', `/api/projects/${id}/lead-time/answer`, { decision: 'decline' }),
    );
    expect(declined.json().leadTimeChange).toMatchObject({ status: 'declined', leadTimeDays: 14 });
    expect(declined.json().project).toMatchObject({ leadTimeDays: 9, dueAt: before.dueAt });
  });

  test.each([
    ['zero days', 400, 'validation_failed', { leadTimeDays: 0, reason: REASON }],
    ['absurd days', 400, 'validation_failed', { leadTimeDays: 366, reason: REASON }],
    ['part days', 400, 'validation_failed', { leadTimeDays: 2.5, reason: REASON }],
    ['no reason', 400, 'validation_failed', { leadTimeDays: 12 }],
    ['a blank reason', 400, 'validation_failed', { leadTimeDays: 12, reason: '  ' }],
    ['the same days', 400, 'lead_time_unchanged', { leadTimeDays: 9, reason: REASON }],
  ] as const)('the pro asks with %s: %i %s, nothing changes', async (_, status, code, body) => {
    const r = await put('designer', `/api/projects/${id}/lead-time`, body);
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json().error.code).toBe(code);
    expect((await unchanged(id, 9)).leadTimeChange.status).toBe('declined');
  });

  test.each([
    ['customer', 403],
    ['staff', 403],
    ['designer2', 404],
    ['service', 404],
  ] as const)('%s may not ask (%i), nothing changes', async (who, status) => {
    const r = await put(who, `/api/projects/${id}/lead-time`, { leadTimeDays: 12, reason: REASON });
    expect(r.statusCode, r.body).toBe(status);
    expect((await unchanged(id, 9)).leadTimeChange.status).toBe('declined');
  });

  test('a second request while one is open is refused (409); only the customer answers it', async () => {
    await ok(await put('designer', `/api/projects/${id}/lead-time`, { leadTimeDays: 12, reason: REASON }));
    const again = await put('designer', `/api/projects/${id}/lead-time`, {
      leadTimeDays: 13,
      reason: REASON,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('lead_time_change_open');
    for (const [who, status] of [
      ['designer', 403],
      ['staff', 403],
      ['designer2', 404],
      ['service', 404],
    ] as const) {
      const r = await post(who, `/api/projects/${id}/lead-time/answer`, { decision: 'accept' });
      expect(r.statusCode, `${who}: ${r.body}`).toBe(status);
    }
    const bad = await post('customer', `/api/projects/${id}/lead-time/answer`, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    const p = await unchanged(id, 9);
    expect(p.leadTimeChange).toMatchObject({ status: 'requested', leadTimeDays: 12 });
    // the refused pro learns nothing of it
    const refused = await get('designer2', `/api/projects/${id}`);
    expect(refused.json().project).toMatchObject({ leadTimeChange: null, dueAt: null, lateness: null });
    expect(refused.body).not.toContain(REASON);
    expect(refusedOffer).toBeTruthy();
    await ok(await post('customer', `/api/projects/${id}/lead-time/answer`, { decision: 'decline' }));
  });

  test('nothing to answer (409); after the delivery and completion nothing can be asked (409)', async () => {
    const none = await post('customer', `/api/projects/${id}/lead-time/answer`, { decision: 'accept' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('There is no lead time change to answer.');
    await deliver(id);
    await ok(await post('customer', `/api/projects/${id}/approve`));
    const late = await put('designer', `/api/projects/${id}/lead-time`, { leadTimeDays: 12, reason: REASON });
    expect(late.statusCode).toBe(409);
    await unchanged(id, 9);
  });
});

describe("the production team's list: late projects first", () => {
  test('open late projects by how late (most late first), then the rest newest first', async () => {
    const a = await acceptedProject('Late by a week', 2);
    const b = await acceptedProject('Late by a month', 2);
    const c = await acceptedProject('Delivered late', 2);
    const d = await acceptedProject('On track', 2);
    const now = Date.now();
    await paidOn(a, new Date(now - 10 * DAY), 2);
    await paidOn(b, new Date(now - 40 * DAY), 2);
    await paidOn(c, new Date(now - 60 * DAY), 2);
    await deliver(c);

    const staff = (await ok(await get('staff', '/api/projects?pageSize=100'))).json().projects as {
      id: string;
      lateness: string | null;
      dueAt: string | null;
      completed: boolean;
      filesDelivered: boolean;
      createdAt: string;
    }[];
    const lateOpen = (p: (typeof staff)[number]) =>
      !p.completed && !p.filesDelivered && Boolean(p.lateness?.endsWith(' Late'));
    const firstOther = staff.findIndex((p) => !lateOpen(p));
    // every open late project comes before the rest, the one due longest ago first
    expect(staff.slice(firstOther).some(lateOpen)).toBe(false);
    const late = staff.slice(0, firstOther);
    expect(late.map((p) => p.dueAt)).toEqual(late.map((p) => p.dueAt).sort());
    const ours = staff.filter((p) => [a, b, c, d].includes(p.id)).map((p) => p.id);
    expect(ours).toEqual([b, a, d, c]);
    const rest = staff.slice(firstOther);
    expect(rest.map((p) => p.createdAt)).toEqual([...rest.map((p) => p.createdAt)].sort().reverse());
    // the late delivery is measured at its delivery, but no longer waits on anyone
    expect(staff.find((p) => p.id === c)!.lateness).toMatch(/Late$/);

    // the customer's own list stays newest first
    const mine = (await ok(await get('customer', '/api/projects?pageSize=100'))).json().projects as {
      id: string;
    }[];
    expect(mine.slice(0, 4).map((p) => p.id)).toEqual([d, c, b, a]);
  });
});
