import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { monthKey, monthStart } from '@facet/domain/metrics';
import type { StageCode } from '@facet/domain/workflow';
import type { CurrencyCode } from '@facet/domain/money';
import { postEntry, type NewEntry } from '../payments/ledger';
import { paymentsTestKit } from '../payments/payments-test-kit';
import { payments } from '../payments/payments.tables';
import { orderItems, orders } from '../orders/orders.tables';
import { invitations } from '../projects/projects.tables';
import { ratings } from '../ratings/ratings.tables';

let k: Awaited<ReturnType<typeof paymentsTestKit>>;
beforeAll(async () => {
  k = await paymentsTestKit();
});
afterAll(() => k.t.close());

// the month boundary in UTC: its first millisecond belongs to this month, the one before it to last month
const now = new Date();
const thisMonth = monthStart(now);
const lastMonthEnd = new Date(thisMonth.getTime() - 1);
const twoMonthsAgoEnd = new Date(monthStart(now, -1).getTime() - 1);
const DAY = 24 * 3_600_000;

const series = async (who: string, metric: string, months = 3) => {
  const r = await k.call(who, 'GET', `/api/me/dashboard/series?metric=${metric}&months=${months}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().series;
};
const summary = async (who: string) => {
  const r = await k.call(who, 'GET', '/api/me/dashboard');
  expect(r.statusCode, r.body).toBe(200);
  return r.json().dashboard;
};
const cents = (s: { months: { cents: number }[] }) => s.months.map((m) => m.cents);

let n = 0;
/** A payment row as the gateway would have left it (the arithmetic tests place them on the boundary). */
async function paid(
  payer: string,
  amountCents: number,
  at: Date,
  extra: Partial<typeof payments.$inferInsert> = {},
) {
  n += 1;
  await k.t.ctx.db.insert(payments).values({
    payerId: k.ids[payer]!,
    purpose: 'credits',
    subjectId: `dashboard-${n}`,
    description: `Test payment ${n}`,
    receiptEmail: 'payer@example.com',
    payerName: 'Payer',
    amountCents,
    gateway: 'sandbox',
    idempotencyKey: `dashboard-test-${n}`,
    status: 'succeeded',
    createdAt: at,
    succeededAt: at,
    ...extra,
  });
}

describe('who may read which figures', () => {
  test('signed out: 401 on both endpoints', async () => {
    expect((await k.call('nobody', 'GET', '/api/me/dashboard')).statusCode).toBe(401);
    expect((await k.call('nobody', 'GET', '/api/me/dashboard/series?metric=spend')).statusCode).toBe(401);
  });

  test.each([
    ['customer', ['spend'], ['earnings', 'offers', 'rating', 'revenue']],
    ['designer', ['earnings', 'offers', 'rating'], ['spend', 'revenue']],
    ['staff', ['spend', 'earnings', 'offers', 'rating', 'revenue'], []],
  ])('%s: its own series, 403 on the others', async (who, allowed, refused) => {
    for (const metric of allowed) expect((await series(who, metric)).metric).toBe(metric);
    for (const metric of refused) {
      const r = await k.call(who, 'GET', `/api/me/dashboard/series?metric=${metric}`);
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toEqual({
        code: 'metric_not_yours',
        message: 'That figure is not part of your dashboard.',
      });
    }
    expect((await summary(who)).role).toBe(who);
  });

  test('bad input: a clear 400', async () => {
    const bad = async (query: string) => {
      const r = await k.call('staff', 'GET', `/api/me/dashboard/series?${query}`);
      expect(r.statusCode, query).toBe(400);
      return r.json().error.message as string;
    };
    expect(await bad('metric=profit')).toContain('Choose spend, earnings, offers, rating or revenue.');
    expect(await bad('')).toContain('Choose spend, earnings, offers, rating or revenue.');
    for (const months of ['0', '25', '2.5', 'six'])
      expect(await bad(`metric=spend&months=${months}`)).toContain(
        'Months must be a whole number from 1 to 24.',
      );
  });

  test('six UTC months by default, oldest first, ending with this month', async () => {
    const s = await series('customer', 'spend', 6);
    expect(s.months).toHaveLength(6);
    expect(s.months[5].month).toBe(monthKey(now));
    expect(s.months[4].month).toBe(monthKey(lastMonthEnd));
    expect(
      (await k.call('customer', 'GET', '/api/me/dashboard/series?metric=spend')).json().series.months,
    ).toHaveLength(6);
  });
});

describe('spend: a customer sees only what they paid, by UTC month of the charge', () => {
  test('payments on the month boundary, refunded, pending and failed ones, and another payer', async () => {
    const staffBefore = cents(await series('staff', 'spend'));
    await paid('other', 10_000, thisMonth); // 00:00:00.000 UTC on the 1st: this month
    await paid('other', 2_500, lastMonthEnd); // 23:59:59.999 UTC the day before: last month
    await paid('other', 9_999, twoMonthsAgoEnd);
    await paid('other', 7_000, now, { status: 'refunded', refundedAt: now }); // the money went back
    await paid('other', 4_000, now, { status: 'pending', succeededAt: null });
    await paid('other', 1_234, now, { status: 'failed', succeededAt: null });
    await paid('customer', 50_000, thisMonth); // someone else's

    expect(cents(await series('other', 'spend'))).toEqual([9_999, 2_500, 10_000]);
    expect((await series('other', 'spend')).months.map((m: { count: number }) => m.count)).toEqual([1, 1, 1]);
    expect((await summary('other')).spend).toEqual({
      thisMonthCents: 10_000,
      lastMonthCents: 2_500,
      month: monthKey(now),
    });
    // staff: everyone's, this one's and the other customer's together
    const staffAfter = cents(await series('staff', 'spend'));
    expect(staffAfter.map((c, i) => c - staffBefore[i]!)).toEqual([9_999, 2_500, 60_000]);
  });
});

describe("earnings: read from the ledger, the pro's share credited when the work is approved", () => {
  /** A ledger entry as the money path books it, at a chosen time. */
  const book = (entry: Omit<NewEntry, 'key' | 'memo'>) => {
    n += 1;
    return k.t.ctx.db.transaction((tx) =>
      postEntry(tx, { key: `dashboard-test:${n}`, memo: `Test entry ${n}`, ...entry }),
    );
  };
  const release = (pro: string, shareCents: number, at: Date, currency: CurrencyCode = 'usd') =>
    book({
      kind: 'release',
      currency,
      at,
      lines: [
        { account: 'platform_escrow', amountCents: -shareCents },
        { account: 'pro_payable', ownerId: k.ids[pro]!, amountCents: shareCents },
      ],
    });

  test('a real payment earns on approval; releases on the boundary; payouts, refunds and other currencies are not earnings', async () => {
    const staffBefore = cents(await series('staff', 'earnings'));
    expect(cents(await series('designer2', 'earnings'))).toEqual([0, 0, 0]);
    const projectId = await k.projectAtPayment('Dashboard ring', 48_000, 'designer2');
    const { checkoutUrl } = (
      await k.checkout(`/api/projects/${projectId}/payment`, 'dashboard-pay-1')
    ).json();
    expect((await k.pay(checkoutUrl, '4242 4242 4242 4242')).statusCode).toBe(303);
    await k.t.ctx.jobs.drain();
    // paid, but held in escrow: not earned yet
    expect(cents(await series('designer2', 'earnings'))).toEqual([0, 0, 0]);
    await k.deliver(projectId, 'designer2');
    const approved = await k.call('customer', 'POST', `/api/projects/${projectId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    // released: 80 percent of 48,000 is the pro's
    expect(cents(await series('designer2', 'earnings'))).toEqual([0, 0, 38_400]);

    await release('designer2', 8_000, lastMonthEnd);
    await release('designer2', 1_000, thisMonth);
    await release('designer', 5_000, thisMonth);
    // a refunded payment is never released, and a payment held in escrow is not yet
    await paid('other', 20_000, thisMonth, {
      purpose: 'project',
      proId: k.ids.designer2!,
      earnedPercentage: 80,
      proShareCents: 16_000,
      status: 'refunded',
    });
    // a payout moves earnings to the payout account: still earned
    await book({
      kind: 'payout',
      currency: 'usd',
      at: thisMonth,
      lines: [
        { account: 'pro_payable', ownerId: k.ids.designer2!, amountCents: -9_000 },
        { account: 'pro_paid_out', ownerId: k.ids.designer2!, amountCents: 9_000 },
      ],
    });
    // money of another currency than the payments' is not summed with it
    await release('designer2', 70_000, thisMonth, 'eur');

    const mine = await series('designer2', 'earnings');
    expect(cents(mine)).toEqual([0, 8_000, 39_400]);
    expect(mine.months.map((m: { count: number }) => m.count)).toEqual([0, 1, 2]);
    expect((await summary('designer2')).earnings).toMatchObject({
      thisMonthCents: 39_400,
      lastMonthCents: 8_000,
    });
    const staffAfter = cents(await series('staff', 'earnings'));
    expect(staffAfter.map((c, i) => c - staffBefore[i]!)).toEqual([0, 8_000, 44_400]);
  });
});

describe('revenue (staff): the shop price, else the price plus 25 percent', () => {
  test('paid orders on the boundary; cancelled orders and items and unpaid checkouts left out', async () => {
    const before = cents(await series('staff', 'revenue'));
    const summaryBefore = await summary('staff');
    const order = async (
      status: 'paid' | 'cancelled' | 'awaiting_payment',
      paidAt: Date | null,
      lines: { unit: number; shop: number | null; quantity: number; stage: StageCode | null }[],
      promisedAt: Date | null = null,
    ) => {
      const total = lines.reduce((s, l) => s + l.unit * l.quantity, 0);
      const [row] = await k.t.ctx.db
        .insert(orders)
        .values({
          customerId: k.ids.other!,
          status,
          shippingAddress: {} as never,
          shippingMethod: {} as never,
          subtotalCents: total,
          shippingCents: 0,
          totalCents: total,
          paidAt,
          promisedAt,
        })
        .returning();
      await k.t.ctx.db.insert(orderItems).values(
        lines.map((l, position) => ({
          orderId: row!.id,
          position,
          source: 'model' as const,
          title: `Piece ${position + 1}`,
          configuration: {} as never,
          breakdown: {},
          unitPriceCents: l.unit,
          shopPriceCents: l.shop,
          quantity: l.quantity,
          totalCents: l.unit * l.quantity,
          leadTimeDays: 5,
          stage: l.stage,
        })),
      );
      return row!.id;
    };
    // this month: 2 x (10,000 + 25 %) = 25,000 and 3 x the shop price 7,500 = 22,500; the cancelled item is not sold
    const late = await order(
      'paid',
      thisMonth,
      [
        { unit: 10_000, shop: null, quantity: 2, stage: 'received' },
        { unit: 4_250, shop: 7_500, quantity: 3, stage: 'casting' },
        { unit: 99_999, shop: null, quantity: 1, stage: 'cancelled' },
      ],
      new Date(now.getTime() - 3 * DAY),
    );
    // last month's last millisecond: 1,001 + 25 % = 1,251.25, 1,251 cents
    await order('paid', lastMonthEnd, [{ unit: 1_001, shop: null, quantity: 1, stage: 'delivery' }]);
    await order('cancelled', thisMonth, [{ unit: 50_000, shop: null, quantity: 1, stage: 'cancelled' }]);
    await order('awaiting_payment', null, [{ unit: 70_000, shop: null, quantity: 1, stage: null }]);

    const after = cents(await series('staff', 'revenue'));
    expect(after.map((c, i) => c - before[i]!)).toEqual([0, 1_251, 47_500]);
    const s = await summary('staff');
    expect(s.revenue.thisMonthCents - summaryBefore.revenue.thisMonthCents).toBe(47_500);
    expect(s.revenue.lastMonthCents - summaryBefore.revenue.lastMonthCents).toBe(1_251);
    const stageDelta = s.ordersPerStage.map(
      (x: { count: number }, i: number) => x.count - summaryBefore.ordersPerStage[i].count,
    );
    expect(stageDelta).toEqual([1, 0, 0, 1, 0, 0, 1]);
    // the line in order, as the API numbers and names its stages
    expect(s.ordersPerStage.map((x: { stage: number; name: string }) => [x.stage, x.name])).toEqual([
      [0, 'RECEIVED'],
      [1, 'PROCESSING'],
      [2, '3D PRINTING'],
      [3, 'CASTING'],
      [4, 'POLISH'],
      [5, 'FINAL QUALITY CHECK'],
      [6, 'DELIVERY'],
    ]);
    expect(s.lateOrders - summaryBefore.lateOrders).toBe(1);

    // the customer sees the late order among theirs in production
    const mine = await summary('other');
    expect(mine.ordersInProduction.find((o: { id: string }) => o.id === late)).toMatchObject({
      lateness: '3 day(s) Late',
      late: true,
      stageName: 'RECEIVED',
    });
    expect((await summary('customer')).ordersInProduction.some((o: { id: string }) => o.id === late)).toBe(
      false,
    );
  });
});

describe("offers, response and rating: a pro's own", () => {
  test('offers sent and won per month; ratings per month and overall', async () => {
    const pairs = (o: { months: { sent: number; won: number }[] }) => o.months.map((m) => [m.sent, m.won]);
    const offersBefore = pairs(await series('designer2', 'offers'));
    const summaryBefore = await summary('designer2');
    expect(
      (await series('designer2', 'rating', 24)).months.every((m: { count: number }) => m.count === 0),
    ).toBe(true);
    const projectIds: string[] = [];
    for (const title of ['Offer one', 'Offer two', 'Offer three']) {
      const created = await k.call('other', 'POST', '/api/projects', {
        title,
        items: [{ title, category: 'Rings', itemType: 'Ring', dimensions: [{ width: '20' }] }],
      });
      const projectId = created.json().project.id as string;
      projectIds.push(projectId);
      const invited = await k.call('other', 'POST', `/api/projects/${projectId}/invitations`, {
        proId: k.ids.designer2,
      });
      const offerId = invited.json().offer.id as string;
      const quoted = await k.call('designer2', 'POST', `/api/invitations/${offerId}/offer`, {
        priceCents: 30_000,
        leadTimeDays: 5,
      });
      expect(quoted.statusCode, quoted.body).toBe(200);
      if (title === 'Offer one')
        expect((await k.call('other', 'POST', `/api/invitations/${offerId}/accept`)).statusCode).toBe(200);
    }
    // the third offer was sent last month
    await k.t.ctx.db
      .update(invitations)
      .set({ quotedAt: lastMonthEnd })
      .where(eq(invitations.projectId, projectIds[2]!));

    const offersAfter = pairs(await series('designer2', 'offers'));
    expect(
      offersAfter.map(([sent, won], i) => [sent! - offersBefore[i]![0]!, won! - offersBefore[i]![1]!]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [2, 1],
    ]);
    const d = await summary('designer2');
    expect(d.offersThisMonth).toEqual({
      sent: summaryBefore.offersThisMonth.sent + 2,
      won: summaryBefore.offersThisMonth.won + 1,
    });
    expect(d.responseRate).toBe(100);
    expect(d.responseTime).toBe('Within an hour');

    const rate = (projectId: string, stars: number, at: Date) =>
      k.t.ctx.db.insert(ratings).values({
        projectId,
        proId: k.ids.designer2!,
        customerId: k.ids.other!,
        stars,
        createdAt: at,
      });
    await rate(projectIds[0]!, 5, thisMonth);
    await rate(projectIds[1]!, 3, lastMonthEnd);
    await rate(projectIds[2]!, 4, new Date(twoMonthsAgoEnd.getTime() - 10 * DAY));
    const r = await series('designer2', 'rating');
    expect(r.months).toEqual([
      { month: monthKey(twoMonthsAgoEnd), average: 4, count: 1, overall: 4 },
      { month: monthKey(lastMonthEnd), average: 3, count: 1, overall: 3.5 },
      { month: monthKey(now), average: 5, count: 1, overall: 4 },
    ]);
    // a rating before the window still counts in the overall average
    const one = await series('designer2', 'rating', 1);
    expect(one.months).toEqual([{ month: monthKey(now), average: 5, count: 1, overall: 4 }]);
    expect((await summary('designer2')).rating).toBe(4);
    // another pro's figures are not theirs
    expect((await series('designer', 'rating', 1)).months[0].count).toBe(0);
  });
});
