import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { addWeekdays, type OrderUpdatedPayload } from '@facet/domain/format';
import { mailOutbox } from '../../platform/mail/mail.tables';
import { orderStageEvents } from './orders.tables';
import { ordersTestKit, ringItem } from './orders-test-kit';

let k: Awaited<ReturnType<typeof ordersTestKit>>;
let url = '';
beforeAll(async () => {
  k = await ordersTestKit();
  await k.t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(k.t.app.server.address() as AddressInfo).port}`;
}, 90_000);
afterAll(async () => k?.t.close());

/** The order's mails of one kind, in the order they were written (a table read has no order of its own). */
const mailsTo = async (event: string, orderId: string) =>
  (
    await k.t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.event, event))
      .orderBy(asc(mailOutbox.createdAt))
  )
    .filter((m) => (m.data as { orderId?: string }).orderId === orderId)
    .map((m) => m.subject);

const detail = async (who: string, orderId: string) => {
  const r = await k.call(who, 'GET', `/api/orders/${orderId}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().order;
};

const move = (orderId: string, stage: number, itemId?: string) =>
  k.call('staff', 'POST', `/api/staff/orders/${orderId}/stage`, { stage, ...(itemId ? { itemId } : {}) });

describe('orders of a customer', { timeout: 90_000 }, () => {
  let orderId: string;

  test('the customer lists and reads their paid order; another customer gets 404; staff see all', async () => {
    ({ orderId } = await k.paidOrder('customer'));
    const list = await k.call('customer', 'GET', '/api/orders');
    expect(list.statusCode, list.body).toBe(200);
    const entry = list.json().orders.find((o: { id: string }) => o.id === orderId);
    expect(entry).toMatchObject({
      status: 'active',
      stage: 0,
      stageName: 'RECEIVED',
      title: 'Signet ring',
      totalCents: 59_500,
      lateness: 'On Track',
    });
    expect(entry.promisedDate).toBe(addWeekdays(new Date(entry.paidAt), 13).toISOString());

    const order = await detail('customer', orderId);
    expect(order.stages).toEqual([{ code: 0, name: 'RECEIVED', at: entry.paidAt }]);
    expect(order.items[0]).toMatchObject({
      title: 'Signet ring',
      quantity: 2,
      unitPriceCents: 29_000,
      stage: 0,
      configuration: { material: '14K Yellow Gold', engraving: { text: 'A & B', font: 'Script' } },
    });
    expect(order.cancellable).toBe(true);
    expect(order.payment).toMatchObject({
      status: 'succeeded',
      receiptUrl: expect.stringMatching(/receipt$/),
    });
    expect((await k.call('customer', 'GET', order.payment.receiptUrl)).statusCode).toBe(200);

    expect((await k.call('other', 'GET', `/api/orders/${orderId}`)).statusCode).toBe(404);
    expect((await k.call('other', 'GET', '/api/orders')).json().orders).toEqual([]);
    expect((await k.call('other', 'POST', `/api/orders/${orderId}/cancel`)).statusCode).toBe(404);
    expect((await k.call('customer', 'GET', '/api/orders/not-an-id')).statusCode).toBe(404);
    expect((await k.call('nobody', 'GET', '/api/orders')).statusCode).toBe(401);
    expect((await k.call('staff', 'GET', `/api/orders/${orderId}`)).statusCode).toBe(200);
    const all = await k.call('staff', 'GET', '/api/staff/orders?status=active');
    expect(all.json().orders.map((o: { id: string }) => o.id)).toContain(orderId);
    expect((await k.call('customer', 'GET', '/api/staff/orders')).statusCode).toBe(403);
    expect((await k.call('customer', 'GET', '/api/orders?status=shipped')).statusCode).toBe(400);
  });

  test('a catalog price change never alters a paid order', async () => {
    const before = await detail('customer', orderId);
    const catalog = (await k.call('staff', 'GET', '/api/catalog')).json();
    const material = catalog.materials[0];
    const patched = await k.call('staff', 'PATCH', `/api/catalog/materials/${material.id}`, {
      basePrice: material.basePrice * 3,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await detail('customer', orderId);
    expect(after.items).toEqual(before.items);
    expect([after.subtotalCents, after.totalCents]).toEqual([before.subtotalCents, before.totalCents]);
  });

  test('stage moves follow the production line; any other move is 409 and changes nothing', async () => {
    for (const stage of [2, 6, 0]) {
      const r = await move(orderId, stage);
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().error.code).toBe('stage_not_allowed');
    }
    expect((await move(orderId, 9)).statusCode).toBe(400);
    expect(
      (await k.call('customer', 'POST', `/api/staff/orders/${orderId}/stage`, { stage: 1 })).statusCode,
    ).toBe(403);
    expect((await detail('customer', orderId)).stage).toBe(0);

    const moved = await move(orderId, 1);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().order).toMatchObject({ stage: 1, stageName: 'PROCESSING', cancellable: false });
    // cancelling is only from RECEIVED
    const late = await move(orderId, 7);
    expect(late.statusCode).toBe(409);
    const cancel = await k.call('customer', 'POST', `/api/orders/${orderId}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('not_cancellable');

    for (const stage of [2, 3, 4, 5]) expect((await move(orderId, stage)).statusCode).toBe(200);
    const order = await detail('customer', orderId);
    expect(order.stages.map((s: { name: string }) => s.name)).toEqual([
      'RECEIVED',
      'PROCESSING',
      '3D PRINTING',
      'CASTING',
      'POLISH',
      'FINAL QUALITY CHECK',
    ]);
    // each move a row with who and when
    const rows = await k.t.ctx.db
      .select()
      .from(orderStageEvents)
      .where(eq(orderStageEvents.orderId, orderId));
    // stored as the stages' codes
    expect(rows.filter((r) => r.stage !== 'received').every((r) => r.byUserId === k.ids.staff)).toBe(true);
    expect(rows.map((r) => r.stage).sort()).toEqual(
      ['received', 'processing', 'printing', 'casting', 'polish', 'quality_check'].sort(),
    );
    await k.t.ctx.jobs.drain();
    expect(await mailsTo('order-stage', orderId)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/received$/),
        expect.stringMatching(/: PROCESSING$/),
        expect.stringMatching(/: FINAL QUALITY CHECK$/),
      ]),
    );
    expect(await mailsTo('order-stage', orderId)).toHaveLength(6);
  });

  test('a shipment is recorded, mailed and shown; bad input is 400', async () => {
    const bad = await k.call('staff', 'POST', `/api/staff/orders/${orderId}/shipment`, { carrier: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('trackingNumber');
    const r = await k.call('staff', 'POST', `/api/staff/orders/${orderId}/shipment`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().order.shipments).toEqual([
      { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', at: expect.any(String) },
    ]);
    expect((await move(orderId, 6)).statusCode).toBe(200);
    const order = await detail('customer', orderId);
    expect(order).toMatchObject({ status: 'delivered', stage: 6, stageName: 'DELIVERY' });
    // delivered before the promised date: so many days early
    expect(order.lateness).toMatch(/^\d+ day\(s\) early$/);
    expect((await k.call('customer', 'GET', '/api/orders?status=delivered')).json().orders[0].id).toBe(
      orderId,
    );
    expect((await k.call('customer', 'GET', '/api/orders?status=active')).json().orders).toEqual([]);
    await k.t.ctx.jobs.drain();
    expect(await mailsTo('order-shipped', orderId)).toEqual([expect.stringMatching(/shipped$/)]);
    // DELIVERY is final
    expect((await move(orderId, 7)).statusCode).toBe(409);
  });

  test('one item moves on its own; the order shows its least advanced item', async () => {
    const { orderId: two } = await k.paidOrder('customer', [
      ringItem(),
      ringItem({ title: 'Pendant', quantity: 1, totalCents: 29_000 }),
    ]);
    const order = await detail('customer', two);
    const [first, second] = order.items;
    expect((await move(two, 1, first.id)).statusCode).toBe(200);
    expect((await move(two, 2, first.id)).statusCode).toBe(200);
    expect((await move(two, 3, second.id)).statusCode).toBe(409);
    const after = await detail('customer', two);
    expect(after.stage).toBe(0);
    expect(after.items.map((i: { stage: number }) => i.stage)).toEqual([2, 0]);
    expect(after.items[0].stages.map((s: { code: number }) => s.code)).toEqual([0, 1, 2]);
    // the order moves the items still behind (the second), not the first twice
    expect((await move(two, 1)).statusCode).toBe(200);
    expect((await detail('customer', two)).items.map((i: { stage: number }) => i.stage)).toEqual([2, 1]);
    expect(
      (await k.call('staff', 'POST', `/api/staff/orders/${two}/stage`, { stage: 3, itemId: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('cancelling an order', { timeout: 90_000 }, () => {
  test('the customer cancels while every item is RECEIVED: refunded, the ledger balances', async () => {
    const { orderId } = await k.paidOrder('customer');
    const revenueBefore = await k.balance('platform_revenue');
    const refundsBefore = await k.balance('refunds');
    const r = await k.call('customer', 'POST', `/api/orders/${orderId}/cancel`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().order).toMatchObject({
      status: 'cancelled',
      stage: 7,
      stageName: 'CANCELLED',
      cancellable: false,
      lateness: null,
      payment: { status: 'refunded' },
    });
    expect(await k.balance('refunds')).toBe(refundsBefore + 59_500);
    expect(await k.balance('platform_revenue')).toBe(revenueBefore - 59_500);
    expect((await k.trial()).totalCents).toBe(0);
    // once
    const again = await k.call('customer', 'POST', `/api/orders/${orderId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(await k.balance('refunds')).toBe(refundsBefore + 59_500);
    expect((await move(orderId, 1)).statusCode).toBe(409);
    expect((await k.call('customer', 'GET', '/api/orders?status=cancelled')).json().orders[0].id).toBe(
      orderId,
    );
    await k.t.ctx.jobs.drain();
    expect(await mailsTo('order-stage', orderId)).toEqual([
      expect.stringMatching(/received$/),
      expect.stringMatching(/cancelled$/),
    ]);
  });

  test('staff moving a RECEIVED order to CANCELLED refund it too; one item alone cannot be cancelled', async () => {
    const { orderId } = await k.paidOrder('customer');
    const order = await detail('customer', orderId);
    const one = await move(orderId, 7, order.items[0].id);
    expect(one.statusCode).toBe(409);
    expect(one.json().error.code).toBe('stage_not_allowed');
    const refundsBefore = await k.balance('refunds');
    const r = await move(orderId, 7);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().order).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    expect(await k.balance('refunds')).toBe(refundsBefore + 59_500);
    expect((await k.trial()).totalCents).toBe(0);
    const rows = await k.t.ctx.db
      .select()
      .from(orderStageEvents)
      .where(eq(orderStageEvents.orderId, orderId));
    expect(rows.find((row) => row.stage === 'cancelled')?.byUserId).toBe(k.ids.staff);
  });

  test('an order waiting for its payment cannot be cancelled or moved', async () => {
    const { orderId } = await k.pendingOrder('customer');
    expect((await k.call('customer', 'POST', `/api/orders/${orderId}/cancel`)).statusCode).toBe(409);
    expect((await move(orderId, 1)).statusCode).toBe(409);
    expect((await detail('customer', orderId)).status).toBe('awaiting_payment');
    // not in the list of orders placed
    expect(
      (await k.call('customer', 'GET', '/api/orders')).json().orders.map((o: { id: string }) => o.id),
    ).not.toContain(orderId);
  });
});

describe('live updates and the job sheet', { timeout: 90_000 }, () => {
  test("a stage move reaches the customer's socket, not another customer's", async () => {
    const { orderId } = await k.paidOrder('customer');
    const open = (who: string) =>
      connect(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie: k.c[who]! },
      });
    const mine = open('customer');
    const theirs = open('other');
    const seen: OrderUpdatedPayload[] = [];
    const leaked: unknown[] = [];
    mine.on('order-updated', (p: OrderUpdatedPayload) => seen.push(p));
    theirs.on('order-updated', (p: unknown) => leaked.push(p));
    await Promise.all(
      [mine, theirs].map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          }),
      ),
    );
    expect((await move(orderId, 1)).statusCode).toBe(200);
    await vi.waitFor(() => expect(seen).not.toHaveLength(0), { timeout: 5000, interval: 20 });
    expect(seen).toEqual([{ orderId, status: 'paid', stage: 1, stageName: 'PROCESSING', shipped: false }]);
    expect(leaked).toEqual([]);
    mine.disconnect();
    theirs.disconnect();
  });

  test('staff print a job sheet per item; customers may not', async () => {
    const { orderId } = await k.paidOrder('customer');
    const order = await detail('customer', orderId);
    const path = `/api/staff/orders/${orderId}/items/${order.items[0].id}/job-sheet`;
    const sheet = await k.call('staff', 'GET', path);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/text\/html/);
    for (const text of [
      'Signet ring',
      '14K Yellow Gold',
      '2.40 g',
      'High Polish',
      'A &#38; B',
      'Script',
      'signet.stl',
    ])
      expect(sheet.body).toContain(text);
    expect((await k.call('customer', 'GET', path)).statusCode).toBe(403);
    expect(
      (await k.call('staff', 'GET', `/api/staff/orders/${orderId}/items/${orderId}/job-sheet`)).statusCode,
    ).toBe(404);
    expect(sheet.body).not.toContain('Engraving image');

    // an item engraved with the customer's picture shows it on the sheet
    const engraved = await k.paidOrder('customer', [
      ringItem({
        configuration: {
          ...ringItem().configuration,
          laserEngraving: { text: 'A & B', font: 'Script', image: '/api/engraving-images/1f0c' },
          engraving: undefined,
        },
      }),
    ]);
    const engravedOrder = await detail('customer', engraved.orderId);
    const withImage = await k.call(
      'staff',
      'GET',
      `/api/staff/orders/${engraved.orderId}/items/${engravedOrder.items[0].id}/job-sheet`,
    );
    expect(withImage.body).toContain('Engraving image');
    expect(withImage.body).toContain('src="/api/engraving-images/1f0c"');
  });

  test('order stats: pieces ordered and item-type variety', async () => {
    const r = await k.call('other', 'GET', '/api/me/order-stats');
    expect(r.json()).toMatchObject({ ordersCount: 0, productsTotal: 0, itemTypeVariety: 0 });
    await k.paidOrder('other', [ringItem({ configuration: { itemType: 'Ring', material: 'Silver' } })]);
    const after = (await k.call('other', 'GET', '/api/me/order-stats')).json();
    expect(after).toMatchObject({ ordersCount: 1, productsTotal: 2, itemTypeVariety: 1 });
    // lines from the cart keep the item type as { id, name } (or null): counted by name
    await k.paidOrder('other', [
      ringItem({ configuration: { itemType: { id: 2, name: 'Ring' }, material: 'Gold' } }),
      ringItem({ configuration: { itemType: { id: 4, name: 'Pendant' } }, quantity: 3, totalCents: 87_000 }),
      ringItem({ configuration: { itemType: null }, quantity: 1, totalCents: 29_000 }),
    ]);
    const typed = (await k.call('other', 'GET', '/api/me/order-stats')).json();
    expect(typed).toMatchObject({ ordersCount: 2, productsTotal: 8, itemTypeVariety: 3 });
    expect(typed.itemTypes).toEqual(
      expect.arrayContaining([
        { itemType: 'Ring', pieces: 4 },
        { itemType: 'Pendant', pieces: 3 },
        { itemType: 'Other', pieces: 1 },
      ]),
    );
  });
});
