import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { NotificationEventPayload, NotificationsReadPayload } from '@facet/domain/notifications';
import { mailOutbox } from '../../platform/mail/mail.tables';
import { chatWorld, until, type ClientSocket } from '../chat/chat-test-kit';
import { notifications } from './notifications.tables';

/**
 * The notification centre (issue 15): every mail makes a notification for the person it is for, live on
 * their own socket channel; counts stay exact under many events at once; a person reads and marks only
 * their own; mail preferences silence optional mail only.
 */

const w = chatWorld();
const heard: Record<string, NotificationEventPayload[]> = {};
const reads: Record<string, NotificationsReadPayload[]> = {};
const sockets: Record<string, ClientSocket> = {};

function listen(socket: ClientSocket, event: string, into: unknown[]) {
  (socket.on as (e: string, l: (p: unknown) => void) => void)(event, (payload) => into.push(payload));
}

beforeAll(async () => {
  await w.start();
  for (const who of ['customer', 'designer']) {
    sockets[who] = await w.client(who);
    heard[who] = [];
    reads[who] = [];
    listen(sockets[who], 'notification', heard[who]);
    listen(sockets[who], 'notifications-read', reads[who]);
  }
}, 60_000);
afterAll(async () => w.stop());

type Listed = { id: string; seq: number; type: string; title: string; link: string | null; read: boolean };

async function list(who: string, query = '') {
  const r = await w.call(who, 'GET', `/api/me/notifications${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { notifications: Listed[]; nextBefore: number | null; unreadCount: number };
}
async function unread(who: string) {
  const r = await w.call(who, 'GET', '/api/me/notifications/unread-count');
  expect(r.statusCode, r.body).toBe(200);
  return r.json().unreadCount as number;
}
const mailsTo = async (email: string, event: string) =>
  w.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.event, event)));

/** A project of the customer with the designer invited and quoting: the customer's "New offer" event. */
async function offerFromDesigner(title: string) {
  const projectId = await w.newProject(title);
  const offerId = await w.invite(projectId, 'designer');
  const r = await w.call('designer', 'POST', `/api/invitations/${offerId}/offer`, {
    priceCents: 48_000,
    leadTimeDays: 7,
  });
  expect(r.statusCode, r.body).toBe(200);
  return projectId;
}

describe('Every mail makes a notification', () => {
  test('the designer sends an offer: the customer hears it live, the list links to the project, the mail went out', async () => {
    const before = heard.customer!.length;
    const projectId = await offerFromDesigner('Live bell');
    await until(
      () => heard.customer!.slice(before).some((n) => n.title === 'New offer on "Live bell"'),
      5000,
      'the customer to hear the offer',
    );
    const live = heard.customer!.slice(before).find((n) => n.title === 'New offer on "Live bell"')!;
    expect(live.link).toBe(`/projects/${projectId}`);
    expect(live.unreadCount).toBeGreaterThan(0);

    const page = await list('customer');
    const item = page.notifications.find((n) => n.id === live.id)!;
    expect(item).toMatchObject({
      type: 'designer-invite-accept',
      link: `/projects/${projectId}`,
      read: false,
    });
    expect(page.unreadCount).toBe(await unread('customer'));
    // the invited designer got theirs too, and nobody sees the other's
    await w.ctx.jobs.drain();
    const designers = await list('designer');
    expect(designers.notifications.some((n) => n.type === 'designer-invite' && n.link === item.link)).toBe(
      true,
    );
    expect(designers.notifications.some((n) => n.id === item.id)).toBe(false);
    expect(await mailsTo(w.people.customer!.email, 'designer-invite-accept')).not.toHaveLength(0);
  });

  test('a retried mail job adds no second notification', async () => {
    const job = {
      event: 'chat-mention',
      to: w.people.customer!.email,
      data: { firstName: 'A', fromName: 'B', projectTitle: 'Retry', projectId: 'x', message: 'hi' },
    };
    const start = await unread('customer');
    await Promise.all([
      w.ctx.notifications.deliver(job, 'job-retried-1'),
      w.ctx.notifications.deliver(job, 'job-retried-1'),
      w.ctx.notifications.deliver(job, 'job-retried-1'),
    ]);
    expect(await unread('customer')).toBe(start + 1);
    const rows = await w.ctx.db.select().from(notifications).where(eq(notifications.jobId, 'job-retried-1'));
    expect(rows).toHaveLength(1);
  });

  test('a mail to an address with no account makes no notification and still goes out', async () => {
    await w.ctx.notifications.deliver(
      { event: 'chat-mention', to: 'nobody@example.com', data: { firstName: 'N', projectTitle: 'T' } },
      'job-nobody',
    );
    expect(
      await w.ctx.db.select().from(notifications).where(eq(notifications.jobId, 'job-nobody')),
    ).toHaveLength(0);
    expect(await mailsTo('nobody@example.com', 'chat-mention')).toHaveLength(1);
  });
});

describe('Counts under many events at once', () => {
  test('fifty mails for one person at once through the queue and directly: the unread count is exact', async () => {
    await w.ctx.jobs.drain();
    const start = await unread('designer');
    const heardBefore = heard.designer!.length;
    const data = (i: number) => ({
      firstName: 'Dana',
      fromName: 'Cleo',
      projectTitle: `Burst ${i}`,
      projectId: 'p',
      message: `m${i}`,
    });
    // 25 through the mail queue (as every module sends), 25 delivered side by side
    await Promise.all([
      ...Array.from({ length: 25 }, (_, i) =>
        w.ctx.jobs.send('mail', { event: 'chat-mention', to: w.people.designer!.email, data: data(i) }),
      ),
      ...Array.from({ length: 25 }, (_, i) =>
        w.ctx.notifications.deliver(
          { event: 'chat-mention', to: w.people.designer!.email, data: data(25 + i) },
          `burst-${i}`,
        ),
      ),
    ]);
    await w.ctx.jobs.drain();
    expect(await unread('designer')).toBe(start + 50);
    // each made notification was told live, once
    await until(() => heard.designer!.length - heardBefore >= 50, 5000, '50 live notifications');
    const told = heard.designer!.slice(heardBefore);
    expect(new Set(told.map((n) => n.id)).size).toBe(50);
    // the highest count told is the exact total
    expect(Math.max(...told.map((n) => n.unreadCount))).toBe(start + 50);
  });

  test('marking all read while new ones arrive: only those up to what was seen are marked', async () => {
    const page = await list('designer', '?limit=1');
    const upTo = page.notifications[0]!.seq;
    const arriving = Array.from({ length: 10 }, (_, i) =>
      w.ctx.notifications.deliver(
        {
          event: 'chat-mention',
          to: w.people.designer!.email,
          data: { firstName: 'D', fromName: 'C', projectTitle: `Late ${i}` },
        },
        `late-${i}`,
      ),
    );
    const marked = w.call('designer', 'POST', '/api/me/notifications/read-all', { upTo });
    const [r] = await Promise.all([marked, ...arriving]);
    expect(r.statusCode, r.body).toBe(200);
    // the ten that came after `upTo` stay unread, whatever the order they landed in
    expect(await unread('designer')).toBe(10);
  });
});

describe('Mark one and mark all read', () => {
  test('one, then all; the count follows and the other tabs hear it', async () => {
    await w.ctx.jobs.drain();
    for (let i = 0; i < 3; i += 1) {
      await w.ctx.notifications.deliver(
        {
          event: 'chat-mention',
          to: w.people.customer!.email,
          data: { firstName: 'A', fromName: 'B', projectTitle: `Read ${i}` },
        },
        `read-${i}`,
      );
    }
    const start = await unread('customer');
    const page = await list('customer');
    const first = page.notifications.find((n) => !n.read)!;
    const readsBefore = reads.customer!.length;
    const one = await w.call('customer', 'POST', `/api/me/notifications/${first.id}/read`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().unreadCount).toBe(start - 1);
    // marking it again changes nothing
    expect(
      (await w.call('customer', 'POST', `/api/me/notifications/${first.id}/read`)).json().unreadCount,
    ).toBe(start - 1);
    expect((await list('customer')).notifications.find((n) => n.id === first.id)!.read).toBe(true);
    await until(() => reads.customer!.length > readsBefore, 2000, 'the read to be told');
    expect(reads.customer!.at(-1)).toEqual({ unreadCount: start - 1 });

    const all = await w.call('customer', 'POST', '/api/me/notifications/read-all');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ marked: start - 1, unreadCount: 0 });
    expect(await unread('customer')).toBe(0);
    expect((await list('customer')).notifications.every((n) => n.read)).toBe(true);
  });

  test('the list pages with `before`, newest first, without gaps or repeats', async () => {
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const page = await list('designer', `?limit=7${before ? `&before=${before}` : ''}`);
      seen.push(...page.notifications.map((n) => n.seq));
      before = page.nextBefore;
    } while (before !== null);
    const total = await w.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, w.ids.designer!));
    expect(seen).toHaveLength(total.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('Privacy: a person reads and marks only their own', () => {
  test("another person's notification is not found; nothing changes", async () => {
    await w.ctx.notifications.deliver(
      {
        event: 'chat-mention',
        to: w.people.customer!.email,
        data: { firstName: 'A', fromName: 'B', projectTitle: 'Mine' },
      },
      'privacy-1',
    );
    const [mine] = await w.ctx.db.select().from(notifications).where(eq(notifications.jobId, 'privacy-1'));
    for (const who of ['designer', 'designer2', 'staff']) {
      const r = await w.call(who, 'POST', `/api/me/notifications/${mine!.id}/read`);
      expect(r.statusCode, `${who}: ${r.body}`).toBe(404);
      expect(r.json().error.code).toBe('not_found');
      expect((await list(who)).notifications.some((n) => n.id === mine!.id)).toBe(false);
    }
    // staff's read-all marks staff's own only
    await w.call('staff', 'POST', '/api/me/notifications/read-all');
    const [still] = await w.ctx.db.select().from(notifications).where(eq(notifications.id, mine!.id));
    expect(still!.readAt).toBeNull();
    // a malformed or unknown id is not found either
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await w.call('customer', 'POST', `/api/me/notifications/${id}/read`)).statusCode).toBe(404);
    }
  });

  test('signed out: every route asks to sign in', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/notifications'],
      ['GET', '/api/me/notifications/unread-count'],
      ['POST', '/api/me/notifications/read-all'],
      ['POST', '/api/me/notifications/00000000-0000-4000-8000-000000000000/read'],
      ['GET', '/api/me/notification-preferences'],
      ['PUT', '/api/me/notification-preferences'],
    ] as const) {
      const r = await w.app.inject({
        method,
        url,
        ...(method === 'PUT' ? { payload: { preferences: [{ type: 'chat-mention', mail: false }] } } : {}),
      });
      expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(401);
    }
  });

  test('bad paging input is a clear 400', async () => {
    for (const q of ['?before=abc', '?before=-1', '?limit=0', '?limit=500']) {
      const r = await w.call('customer', 'GET', `/api/me/notifications${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(r.json().error.message).toBeTruthy();
    }
  });
});

describe('Mail preferences per event type', () => {
  test("each person sees their role's types; transactional ones are on and marked required", async () => {
    const r = await w.call('customer', 'GET', '/api/me/notification-preferences');
    expect(r.statusCode).toBe(200);
    const prefs = r.json().preferences as { type: string; mail: boolean; required: boolean }[];
    expect(prefs.find((p) => p.type === 'payment-receipt')).toMatchObject({ mail: true, required: true });
    expect(prefs.find((p) => p.type === 'designer-invite-accept')).toMatchObject({
      mail: true,
      required: false,
    });
    expect(prefs.some((p) => p.type === 'designer-invite')).toBe(false);
    const designer = (await w.call('designer', 'GET', '/api/me/notification-preferences')).json()
      .preferences as { type: string }[];
    expect(designer.some((p) => p.type === 'designer-invite')).toBe(true);
    expect(designer.some((p) => p.type === 'payment-receipt')).toBe(false);
  });

  test('an opted-out type sends no mail but still makes the notification', async () => {
    const off = await w.call('customer', 'PUT', '/api/me/notification-preferences', {
      preferences: [{ type: 'designer-invite-accept', mail: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      off.json().preferences.find((p: { type: string }) => p.type === 'designer-invite-accept').mail,
    ).toBe(false);
    const mailsBefore = (await mailsTo(w.people.customer!.email, 'designer-invite-accept')).length;
    const projectId = await offerFromDesigner('Quiet offer');
    await w.ctx.jobs.drain();
    const page = await list('customer');
    expect(
      page.notifications.some(
        (n) => n.type === 'designer-invite-accept' && n.link === `/projects/${projectId}`,
      ),
    ).toBe(true);
    expect(await mailsTo(w.people.customer!.email, 'designer-invite-accept')).toHaveLength(mailsBefore);
    // the designer's own choices are theirs: their invitation mail still went out
    expect((await mailsTo(w.people.designer!.email, 'designer-invite')).length).toBeGreaterThan(0);

    // turned on again, the mail goes out again
    await w.call('customer', 'PUT', '/api/me/notification-preferences', {
      preferences: [{ type: 'designer-invite-accept', mail: true }],
    });
    await offerFromDesigner('Loud offer');
    await w.ctx.jobs.drain();
    expect(await mailsTo(w.people.customer!.email, 'designer-invite-accept')).toHaveLength(mailsBefore + 1);
  });

  test("order progress can be silenced, an order's confirmation cannot", async () => {
    await w.call('customer', 'PUT', '/api/me/notification-preferences', {
      preferences: [{ type: 'order-stage', mail: false }],
    });
    const order = { firstName: 'A', orderId: '12345678-aaaa', items: ['Ring'], totalCents: 1000 };
    const before = (await mailsTo(w.people.customer!.email, 'order-stage')).length;
    await w.ctx.notifications.deliver(
      {
        event: 'order-stage',
        to: w.people.customer!.email,
        data: { ...order, stage: 'casting', stageName: 'CASTING' },
      },
      'order-3',
    );
    await w.ctx.notifications.deliver(
      { event: 'order-stage', to: w.people.customer!.email, data: { ...order, stage: 'received' } },
      'order-0',
    );
    // a job queued before the stages' codes (migration 0027) names its stage by the API's number
    await w.ctx.notifications.deliver(
      {
        event: 'order-stage',
        to: w.people.customer!.email,
        data: { ...order, stage: 7, stageName: 'CANCELLED' },
      },
      'order-7',
    );
    const after = await mailsTo(w.people.customer!.email, 'order-stage');
    expect(after).toHaveLength(before + 2);
    expect(after.some((m) => m.subject === 'Order 12345678 received')).toBe(true);
    expect(after.some((m) => m.subject === 'Order 12345678 cancelled')).toBe(true);
    const made = await w.ctx.db.select().from(notifications).where(eq(notifications.userId, w.ids.customer!));
    expect(made.filter((n) => ['order-3', 'order-0', 'order-7'].includes(n.jobId!))).toHaveLength(3);
  });

  test('transactional mail cannot be turned off: a clear refusal, nothing changed', async () => {
    const r = await w.call('customer', 'PUT', '/api/me/notification-preferences', {
      preferences: [
        { type: 'chat-mention', mail: false },
        { type: 'payment-receipt', mail: false },
      ],
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toEqual({
      code: 'mail_required',
      message: '"Payment receipts" mail cannot be turned off: it is about your account, security or money.',
    });
    const prefs = (await w.call('customer', 'GET', '/api/me/notification-preferences')).json()
      .preferences as { type: string; mail: boolean }[];
    expect(prefs.find((p) => p.type === 'chat-mention')!.mail).toBe(true);
    expect(prefs.find((p) => p.type === 'payment-receipt')!.mail).toBe(true);
    // and a receipt still mails whatever is stored
    for (const type of ['password-reset', 'email-verification', 'account-status', 'membership-ended']) {
      const refused = await w.call('customer', 'PUT', '/api/me/notification-preferences', {
        preferences: [{ type, mail: false }],
      });
      expect(refused.statusCode, type).toBe(409);
    }
  });

  test("an unknown type or another role's type is a 400; a bad body is a 400", async () => {
    const unknown = await w.call('customer', 'PUT', '/api/me/notification-preferences', {
      preferences: [{ type: 'no-such-event', mail: false }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('unknown_notification_type');
    const others = await w.call('customer', 'PUT', '/api/me/notification-preferences', {
      preferences: [{ type: 'designer-invite', mail: false }],
    });
    expect(others.statusCode).toBe(400);
    for (const body of [{}, { preferences: [] }, { preferences: [{ type: 'chat-mention', mail: 'no' }] }]) {
      expect((await w.call('customer', 'PUT', '/api/me/notification-preferences', body)).statusCode).toBe(
        400,
      );
    }
  });
});
