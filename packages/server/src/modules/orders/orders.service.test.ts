import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { addWeekdays } from '@facet/domain/format';
import { mailOutbox } from '../../platform/mail/mail.tables';
import { orderItems, orders, orderStageEvents } from './orders.tables';
import { newOrder, ordersTestKit, ringItem } from './orders-test-kit';

let k: Awaited<ReturnType<typeof ordersTestKit>>;
beforeAll(async () => {
  k = await ordersTestKit();
}, 90_000);
afterAll(async () => k?.t.close());

describe('the orders service the checkout writes through', { timeout: 60_000 }, () => {
  test('createPending keeps the items and prices as given; attachPayment and markPaid through the gateway', async () => {
    const items = [
      ringItem(),
      ringItem({ title: 'Pendant', quantity: 1, totalCents: 29_000, leadTimeDays: 12 }),
    ];
    const { orderId, paymentId, checkoutUrl } = await k.pendingOrder('customer', items);
    const db = k.t.ctx.db;
    const [pending] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(pending).toMatchObject({
      status: 'awaiting_payment',
      paymentId,
      subtotalCents: 87_000,
      shippingCents: 1_500,
      totalCents: 88_500,
      paidAt: null,
      promisedAt: null,
    });
    const before = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(before.map((i) => [i.title, i.stage, i.unitPriceCents, i.quantity])).toEqual(
      expect.arrayContaining([
        ['Signet ring', null, 29_000, 2],
        ['Pendant', null, 29_000, 1],
      ]),
    );

    const paid = await k.pay(checkoutUrl, '4242 4242 4242 4242');
    expect(paid.headers.location).toBe(`http://localhost:3000/order-details/${orderId}?payment=${paymentId}`);
    await k.t.ctx.jobs.drain();
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('paid');
    // weekdays from payment: the longest lead time (12) plus the shipping method's 5 business days
    expect(row!.promisedAt!.toISOString()).toBe(addWeekdays(row!.paidAt!, 17).toISOString());
    const after = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(after.map((i) => i.stage)).toEqual(['received', 'received']);
    const events = await db.select().from(orderStageEvents).where(eq(orderStageEvents.orderId, orderId));
    expect(events.map((e) => [e.stage, e.byUserId])).toEqual([
      ['received', null],
      ['received', null],
    ]);

    // markPaid again (a second confirmation) changes nothing
    await db.transaction((tx) => k.t.ctx.orders.markPaid(tx, orderId, new Date(Date.now() + 86_400_000)));
    const [again] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(again!.paidAt!.toISOString()).toBe(row!.paidAt!.toISOString());
    expect(
      await db.select().from(orderStageEvents).where(eq(orderStageEvents.orderId, orderId)),
    ).toHaveLength(2);

    // the customer is told once, after the commit
    await k.t.ctx.orders.announce();
    await k.t.ctx.orders.announce();
    await k.t.ctx.jobs.drain();
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.event, 'order-stage'));
    expect(mails.map((m) => m.to)).toEqual([k.people.customer.email]);
    expect(mails[0]!.subject).toBe(`Order ${orderId.slice(0, 8).toUpperCase()} received`);
    // the receipt of an order speaks of no escrow (only project payments are held)
    const [receipt] = await db.select().from(mailOutbox).where(eq(mailOutbox.event, 'payment-receipt'));
    expect(receipt!.text).not.toContain('escrow');
  });

  test('a payment that comes after its order was cancelled is refunded; the order stays cancelled', async () => {
    const { orderId, paymentId, checkoutUrl } = await k.pendingOrder('customer');
    const db = k.t.ctx.db;
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    await k.pay(checkoutUrl, '4242 4242 4242 4242');
    await k.t.ctx.jobs.drain();
    const payment = (await k.call('customer', 'GET', `/api/payments/${paymentId}`)).json();
    expect(payment.status).toBe('refunded');
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'cancelled', paidAt: null });
    expect(await db.select().from(orderStageEvents).where(eq(orderStageEvents.orderId, orderId))).toEqual([]);
    expect((await k.trial()).totalCents).toBe(0);
  });

  test('a checkout left unpaid for a day is cancelled; a younger one keeps waiting', async () => {
    const db = k.t.ctx.db;
    const old = await k.pendingOrder('customer');
    const fresh = await k.pendingOrder('customer');
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.id, old.orderId));
    expect(await k.t.ctx.orders.expireUnpaid()).toBeGreaterThanOrEqual(1);
    const status = async (id: string) =>
      (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
    expect(await status(old.orderId)).toBe('cancelled');
    expect(await status(fresh.orderId)).toBe('awaiting_payment');
    // its payment, if it still comes, is refunded rather than taken
    await k.pay(old.checkoutUrl, '4242 4242 4242 4242');
    await k.t.ctx.jobs.drain();
    expect((await k.call('customer', 'GET', `/api/payments/${old.paymentId}`)).json().status).toBe(
      'refunded',
    );
    expect((await k.trial()).totalCents).toBe(0);
  });

  test('an order whose sums do not add up is refused and nothing is written', async () => {
    const bad = newOrder(k.ids.customer!);
    bad.totalCents += 1;
    const count = (await k.t.ctx.db.select().from(orders)).length;
    await expect(k.t.ctx.db.transaction((tx) => k.t.ctx.orders.createPending(tx, bad))).rejects.toMatchObject(
      {
        code: 'bad_order',
      },
    );
    expect(await k.t.ctx.db.select().from(orders)).toHaveLength(count);
  });
});

describe('the promised date', () => {
  test('counts weekdays only: paid on a Friday with 3 + 2 days is promised the next Friday', async () => {
    const { promisedDate } = await import('./orders.service');
    const friday = new Date('2026-11-27T15:00:00Z');
    expect(promisedDate(friday, [3, 1], 2).toISOString()).toBe('2026-12-04T15:00:00.000Z');
    // Monday, 1 day: Tuesday
    expect(promisedDate(new Date('2026-11-30T09:00:00Z'), [1], 0).toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
  });
});
