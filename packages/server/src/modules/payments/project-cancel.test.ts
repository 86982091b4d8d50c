import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { isAckError } from '@facet/domain/chat';
import { mailOutbox } from '../../platform/mail/mail.tables';
import { notifications } from '../notifications/notifications.tables';
import { projects, projectStatusHistory } from '../projects/projects.tables';
import { chatClient, connected, type ClientSocket } from '../chat/chat-test-kit';
import { ledgerEntries } from './payments.tables';
import { paymentsTestKit } from './payments-test-kit';

/** Staff cancel a project with refund (decision 051): a real Cancelled status, once, closing the project. */

let k: Awaited<ReturnType<typeof paymentsTestKit>>;
let url = '';
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  k = await paymentsTestKit();
  await k.t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(k.t.app.server.address() as AddressInfo).port}`;
}, 90_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await k?.t.close();
});

const CHAT_CLOSED = 'This project was cancelled, so its chat is closed.';
const refund = (projectId: string, who = 'staff') =>
  k.call(who, 'POST', `/api/staff/projects/${projectId}/refund`, { reason: 'The customer asked to stop' });
const detail = async (projectId: string, who = 'customer') =>
  (await k.call(who, 'GET', `/api/projects/${projectId}`)).json().project;
const history = (projectId: string) =>
  k.t.ctx.db
    .select()
    .from(projectStatusHistory)
    .where(eq(projectStatusHistory.projectId, projectId))
    .orderBy(asc(projectStatusHistory.createdAt));
const events = async (projectId: string) =>
  (await k.call('customer', 'GET', `/api/projects/${projectId}/events`)).json().events as {
    kind: string;
    message: string;
    statusId: string | null;
  }[];
const outbox = async () => (await k.t.ctx.db.select().from(mailOutbox)).map((m) => `${m.event}:${m.to}`);

/** A project of the customer at Make Payment, paid on the hosted page: it is In Design. */
async function paidProject(title: string, priceCents: number, key: string) {
  const projectId = await k.projectAtPayment(title, priceCents);
  const { checkoutUrl, paymentId } = (await k.checkout(`/api/projects/${projectId}/payment`, key)).json();
  expect((await k.pay(checkoutUrl, '4242424242424242')).statusCode).toBe(303);
  await k.t.ctx.jobs.drain();
  expect(await k.status(projectId)).toBe('In Design');
  return { projectId, paymentId: paymentId as string };
}

/** A socket of `who` that joined the room, to send in it as the browser does. */
async function joined(who: string, chatRoom: string) {
  const s = chatClient(url, k.c[who]!);
  sockets.push(s);
  await connected(s);
  const ack = await s.timeout(5000).emitWithAck('join', { chatRoom, id: k.ids[who]!, type: 'user' });
  if (isAckError(ack)) throw new Error(`join refused: ${ack.error}`);
  return s;
}

let cancelledId = '';

describe('Staff cancel a paid project with refund', { timeout: 90_000 }, () => {
  test('the escrow goes back and the project moves to Cancelled: history row, system message, mails, notifications', async () => {
    const { projectId, paymentId } = await paidProject('Cancelled ring', 20_000, 'cancel-ring-01');
    cancelledId = projectId;
    const escrow = await k.balance('platform_escrow');
    const refunds = await k.balance('refunds');
    const movesBefore = (await history(projectId)).length;

    const cancelled = await refund(projectId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ refunded: 1, refundedCents: 20_000 });
    expect(await k.balance('platform_escrow')).toBe(escrow - 20_000);
    expect(await k.balance('refunds')).toBe(refunds + 20_000);
    expect((await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json().status).toBe('refunded');

    const project = await detail(projectId);
    expect(project).toMatchObject({
      activeStatus: { id: 'design-cancelled', name: 'Cancelled', position: 5 },
      phase: 'cancelled',
      completed: false,
      // nothing is due any more, and nothing is left to do (no deletion: an offer was accepted)
      dueAt: null,
      lateness: null,
      allowedActions: [],
    });
    expect((await detail(projectId, 'designer')).allowedActions).toEqual([]);
    expect((await detail(projectId, 'staff')).allowedActions).toEqual([]);

    const moves = await history(projectId);
    expect(moves).toHaveLength(movesBefore + 1);
    expect(moves.at(-1)).toMatchObject({
      fromStatusId: 'design-in-progress',
      toStatusId: 'design-cancelled',
      completed: false,
      actorId: k.ids.staff,
      automatic: false,
    });
    const logged = await events(projectId);
    expect(logged.filter((e) => e.kind === 'status-moved').at(-1)).toMatchObject({
      message: 'Project has been moved to Cancelled',
      statusId: 'design-cancelled',
    });
    // written in the same transaction as the move (the order of the two is not the point)
    expect(logged.filter((e) => e.kind === 'payment').at(-1)).toMatchObject({
      message: 'The payment was refunded to the customer',
    });

    // the move reaches the rooms as a system message, once
    await k.t.ctx.chat.syncProjectEvents();
    const { rooms } = (await k.call('customer', 'GET', `/api/projects/${projectId}/rooms`)).json();
    expect(rooms).toHaveLength(1);
    expect(rooms[0].sendDisabledReason).toBe(CHAT_CLOSED);
    const messages = (
      await k.call('designer', 'GET', `/api/rooms/${encodeURIComponent(rooms[0].id)}/messages?limit=200`)
    ).json().messages as { type: string; message: string }[];
    expect(
      messages.filter((m) => m.type === 'ai' && m.message === 'Project has been moved to Cancelled'),
    ).toHaveLength(1);

    // mails and in-app notifications to the customer, the pro and the production team
    await k.t.ctx.jobs.drain();
    const mails = await outbox();
    expect(mails).toContain(`designer-status-moved:${k.people.customer.email}`);
    expect(mails).toContain(`designer-status-moved:${k.people.designer.email}`);
    expect(mails).toContain(`designer-status-moved-erp:${k.people.staff.email}`);
    for (const who of ['customer', 'designer']) {
      const mine = await k.t.ctx.db.select().from(notifications).where(eq(notifications.userId, k.ids[who]!));
      expect(mine.map((n) => n.title)).toContain('"Cancelled ring": Cancelled');
    }
    expect((await k.trial()).totalCents).toBe(0);
  });

  test('the board says what cancelling refunds: the escrow held, not a payment marked made outside', async () => {
    const { projectId } = await paidProject('Board held ring', 31_500, 'board-held-ring-01');
    const marked = await k.projectAtPayment('Board marked ring', 27_000);
    expect((await k.call('staff', 'POST', `/api/staff/projects/${marked}/mark-paid`)).statusCode).toBe(200);
    const board = (await k.call('staff', 'GET', '/api/staff/projects/board')).json();
    const card = (id: string) =>
      board.columns
        .flatMap((c: { projects: { id: string }[] }) => c.projects)
        .find((p: { id: string }) => p.id === id);
    expect(card(projectId)).toMatchObject({ canCancel: true, canRefund: true, heldCents: 31_500 });
    expect(card(marked)).toMatchObject({ canCancel: true, canRefund: false, heldCents: 0 });
    const done = (await refund(marked)).json();
    expect(done).toEqual({ refunded: 0, refundedCents: 0 });
    expect(await k.status(marked)).toBe('Cancelled');
  });

  test('called again it answers the same and changes nothing: no second refund, move, message or mail', async () => {
    const escrow = await k.balance('platform_escrow');
    const refunds = await k.balance('refunds');
    const moves = (await history(cancelledId)).length;
    const logged = (await events(cancelledId)).length;
    const refundEntries = (
      await k.t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.projectId, cancelledId))
    ).filter((e) => e.kind === 'refund').length;
    await k.t.ctx.jobs.drain();
    const mails = (await outbox()).length;

    const retries = await Promise.all([refund(cancelledId), refund(cancelledId)]);
    for (const again of retries) {
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ refunded: 1, refundedCents: 20_000 });
    }
    expect(await k.balance('platform_escrow')).toBe(escrow);
    expect(await k.balance('refunds')).toBe(refunds);
    expect((await history(cancelledId)).length).toBe(moves);
    expect((await events(cancelledId)).length).toBe(logged);
    expect(
      (await k.t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.projectId, cancelledId))).filter(
        (e) => e.kind === 'refund',
      ),
    ).toHaveLength(refundEntries);
    await k.t.ctx.chat.syncProjectEvents();
    await k.t.ctx.jobs.drain();
    expect((await outbox()).length).toBe(mails);
    expect(await k.status(cancelledId)).toBe('Cancelled');
  });

  test('a cancelled project is closed: chat, moves, deliveries, lead time, edits and files are refused (409)', async () => {
    const { rooms } = (await k.call('designer', 'GET', `/api/projects/${cancelledId}/rooms`)).json();
    for (const who of ['customer', 'designer', 'staff']) {
      const s = await joined(who, rooms[0].id);
      const ack = await s.timeout(5000).emitWithAck('sendMessage', {
        clientId: `cancelled-${who}`,
        chatRoom: rooms[0].id,
        projectId: cancelledId,
        message: 'Are we still on?',
      });
      expect(ack).toEqual({ error: CHAT_CLOSED, code: 'project_cancelled' });
    }

    const refusals = [
      await k.call('staff', 'POST', `/api/staff/projects/${cancelledId}/mark-paid`),
      await k.call('customer', 'PATCH', `/api/projects/${cancelledId}`, { title: 'Still going?' }),
      await k.call('designer', 'PUT', `/api/projects/${cancelledId}/lead-time`, {
        leadTimeDays: 9,
        reason: 'More time for the setting',
      }),
      await k.t.app.inject({
        method: 'POST',
        url: `/api/projects/${cancelledId}/deliveries`,
        headers: { cookie: k.c.designer!, 'content-type': 'multipart/form-data; boundary=X' },
        payload: `--X\r\nContent-Disposition: form-data; name="files"; filename="ring.stl"\r\nContent-Type: application/octet-stream\r\n\r\nsolid ring\nendsolid ring\n\r\n--X--\r\n`,
      }),
      await k.t.app.inject({
        method: 'POST',
        url: `/api/projects/${cancelledId}/attachments`,
        headers: { cookie: k.c.customer!, 'content-type': 'multipart/form-data; boundary=X' },
        payload: `--X\r\nContent-Disposition: form-data; name="files"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nmore notes\r\n--X--\r\n`,
      }),
    ];
    for (const r of refusals) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().error).toEqual({ code: 'project_cancelled', message: 'This project was cancelled.' });
    }
    expect(await k.status(cancelledId)).toBe('Cancelled');
  });
});

describe('Staff cancel a project that is not paid yet', { timeout: 90_000 }, () => {
  let invitingId = '';

  test('at Invite Designers: nothing is refunded, the project moves to Cancelled and takes no offer', async () => {
    const created = await k.call('customer', 'POST', '/api/projects', { title: 'Cancelled pendant' });
    invitingId = created.json().project.id;
    const invited = await k.call('customer', 'POST', `/api/projects/${invitingId}/invitations`, {
      proId: k.ids.designer2,
    });
    const offerId = invited.json().offer.id as string;
    const cancelled = await refund(invitingId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ refunded: 0, refundedCents: 0 });
    expect((await history(invitingId)).at(-1)).toMatchObject({
      fromStatusId: 'design-invite',
      toStatusId: 'design-cancelled',
    });
    expect((await refund(invitingId)).json()).toEqual({ refunded: 0, refundedCents: 0 });
    expect((await history(invitingId)).filter((h) => h.toStatusId === 'design-cancelled')).toHaveLength(1);

    const quote = await k.call('designer2', 'POST', `/api/invitations/${offerId}/offer`, {
      priceCents: 30_000,
      leadTimeDays: 5,
    });
    expect(quote.statusCode, quote.body).toBe(409);
    expect(quote.json().error.message).toBe('This project was cancelled.');
    const invite = await k.call('customer', 'POST', `/api/projects/${invitingId}/invitations`, {
      proId: k.ids.designer,
    });
    expect(invite.statusCode, invite.body).toBe(409);
    // the invited pro sees it cancelled too; no offer was accepted, so its owner may still delete it
    expect((await detail(invitingId, 'designer2')).activeStatus.name).toBe('Cancelled');
    expect((await detail(invitingId)).allowedActions).toEqual(['delete']);
  });

  test('at Make Payment: a payment that comes through after the cancel is refunded, the project stays cancelled', async () => {
    const projectId = await k.projectAtPayment('Late payment ring', 15_000);
    const { checkoutUrl, paymentId } = (
      await k.checkout(`/api/projects/${projectId}/payment`, 'late-pay-ring-01')
    ).json();
    expect((await refund(projectId)).json()).toEqual({ refunded: 0, refundedCents: 0 });
    // the customer still pays on the page they had open
    await k.pay(checkoutUrl, '4242424242424242');
    await k.t.ctx.jobs.drain();
    expect((await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json().status).toBe('refunded');
    expect(await k.status(projectId)).toBe('Cancelled');
    expect((await refund(projectId)).json()).toEqual({ refunded: 1, refundedCents: 15_000 });
    expect((await k.trial()).totalCents).toBe(0);
  });

  test('lists, filters and the board: cancelled is neither in progress nor invited, and shows as Cancelled', async () => {
    const list = async (filter: string) =>
      (await k.call('customer', 'GET', `/api/projects?filter=${filter}&pageSize=100`)).json().projects as {
        id: string;
        phase: string;
        activeStatus: { name: string };
      }[];
    const all = await list('all');
    for (const id of [cancelledId, invitingId]) {
      expect(all.find((p) => p.id === id)).toMatchObject({
        phase: 'cancelled',
        activeStatus: { name: 'Cancelled' },
      });
      for (const filter of ['in-progress', 'invited', 'not-started', 'completed']) {
        expect((await list(filter)).some((p) => p.id === id)).toBe(false);
      }
    }

    // long past its due date, a cancelled project is never late
    const monthAgo = new Date(Date.now() - 30 * 24 * 3_600_000);
    await k.t.ctx.db
      .update(projects)
      .set({ paidAt: monthAgo, dueAt: monthAgo })
      .where(eq(projects.id, cancelledId));
    const board = (await k.call('staff', 'GET', '/api/staff/projects/board')).json();
    const column = (key: string) =>
      board.columns.find((c: { key: string }) => c.key === key) as {
        name: string;
        projects: { id: string; statusName: string; late: boolean; canCancel: boolean; canRefund: boolean }[];
      };
    expect(column('cancelled').name).toBe('Cancelled');
    expect(column('cancelled').projects.find((p) => p.id === cancelledId)).toMatchObject({
      statusName: 'Cancelled',
      late: false,
      canCancel: false,
      canRefund: false,
    });
    expect(column('cancelled').projects.some((p) => p.id === invitingId)).toBe(true);
    for (const key of ['not-started', 'invite', 'payment', 'in-progress', 'review', 'completed']) {
      expect(column(key).projects.some((p) => p.id === cancelledId || p.id === invitingId)).toBe(false);
    }
    const staffList = (await k.call('staff', 'GET', '/api/projects?filter=all&pageSize=100')).json().projects;
    expect(staffList.find((p: { id: string }) => p.id === cancelledId)).toMatchObject({
      lateness: null,
      dueAt: null,
    });

    // the customer's dashboard counts them as Cancelled, apart from the work in progress
    const { dashboard } = (await k.call('customer', 'GET', '/api/me/dashboard')).json();
    const mine = (await k.call('customer', 'GET', '/api/projects?filter=all&pageSize=100')).json()
      .projects as {
      activeStatus: { name: string };
    }[];
    const cancelledCount = mine.filter((p) => p.activeStatus.name === 'Cancelled').length;
    expect(cancelledCount).toBeGreaterThanOrEqual(3);
    expect(dashboard.projectsByStatus).toContainEqual({ status: 'Cancelled', count: cancelledCount });
  });

  test('a delivered project is still refused, with its money left in escrow', async () => {
    const { projectId } = await paidProject('Delivered ring', 12_000, 'delivered-ring-01');
    await k.deliver(projectId);
    const escrow = await k.balance('platform_escrow');
    const refused = await refund(projectId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'already_delivered',
      message: 'Only a project cancelled before delivery can be refunded.',
    });
    expect(await k.balance('platform_escrow')).toBe(escrow);
    expect(await k.status(projectId)).toBe('Review & Delivery');
    expect((await refund(projectId, 'customer')).statusCode).toBe(403);
  });
});
