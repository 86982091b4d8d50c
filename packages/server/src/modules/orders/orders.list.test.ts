import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { StageCode } from '@facet/domain/workflow';
import { orderItems, orders } from './orders.tables';
import { newOrder, ordersTestKit, ringItem } from './orders-test-kit';

/**
 * The order lists page by keyset (created_at, id) and filter in SQL. The SQL filter must say what the order
 * views say of each order, so every mix of order status and item stages below is listed under each filter
 * and compared with the status the view itself shows.
 */
let k: Awaited<ReturnType<typeof ordersTestKit>>;
beforeAll(async () => {
  k = await ordersTestKit();
}, 90_000);
afterAll(async () => k?.t.close());

type Entry = { id: string; status: string; createdAt: string; lateness: string | null };
/** Order status and its items' stages: the mixes the production line can reach (and a few it should not). */
const MIXES: { status: 'paid' | 'cancelled' | 'awaiting_payment'; stages: (StageCode | null)[] }[] = [
  { status: 'paid', stages: ['received'] },
  { status: 'paid', stages: ['delivery'] },
  { status: 'paid', stages: ['delivery', 'delivery'] },
  { status: 'paid', stages: ['delivery', 'cancelled'] },
  { status: 'paid', stages: ['quality_check', 'delivery'] },
  { status: 'paid', stages: ['cancelled'] },
  { status: 'paid', stages: ['cancelled', 'cancelled'] },
  { status: 'paid', stages: [null] },
  { status: 'paid', stages: ['delivery', null] },
  { status: 'paid', stages: ['printing', 'casting', 'cancelled'] },
  { status: 'cancelled', stages: ['cancelled'] },
  { status: 'cancelled', stages: ['received'] },
  { status: 'awaiting_payment', stages: [null] },
];

/** Every page of a list at `limit`, checking each page's size and the cursor chain. */
async function allPages(who: string, path: string, limit: number) {
  const seen: Entry[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await k.call(who, 'GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as { orders: Entry[]; nextCursor: string | null };
    expect(body.orders.length).toBeLessThanOrEqual(limit);
    seen.push(...body.orders);
    if (body.nextCursor === null) return seen;
    // a page that says there is more is full, and its cursor is its last order
    expect(body.orders).toHaveLength(limit);
    expect(body.nextCursor).toBe(body.orders.at(-1)!.id);
    cursor = body.nextCursor;
  }
  throw new Error(`${path} did not end within 100 pages`);
}

async function placeMixes(who: string, promisedAt: Date) {
  const ids: string[] = [];
  for (const mix of MIXES) {
    const items = mix.stages.map((_, i) => ringItem({ title: `Piece ${i + 1}` }));
    const { orderId } = await k.t.ctx.db.transaction((tx) =>
      k.t.ctx.orders.createPending(tx, newOrder(k.ids[who]!, items)),
    );
    await k.t.ctx.db
      .update(orders)
      .set({ status: mix.status, paidAt: mix.status === 'awaiting_payment' ? null : new Date(), promisedAt })
      .where(eq(orders.id, orderId));
    const rows = await k.t.ctx.db
      .select({ id: orderItems.id, position: orderItems.position })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    for (const row of rows)
      await k.t.ctx.db
        .update(orderItems)
        .set({ stage: mix.stages[row.position] ?? null })
        .where(eq(orderItems.id, row.id));
    ids.push(orderId);
  }
  return ids;
}

describe('order lists: keyset pages, the filter in SQL', { timeout: 120_000 }, () => {
  let mine: string[] = [];
  let others: string[] = [];

  beforeAll(async () => {
    // the other customer's orders are late (promised two days ago); the customer's are not due yet
    others = await placeMixes('other', new Date(Date.now() - 2 * 86_400_000));
    mine = await placeMixes('customer', new Date(Date.now() + 5 * 86_400_000));
    mine.push(...(await placeMixes('customer', new Date(Date.now() + 5 * 86_400_000))));
  });

  test('every page of every filter agrees with the status each order shows, newest first, each once', async () => {
    for (const who of ['customer', 'staff']) {
      const path = who === 'staff' ? '/api/staff/orders' : '/api/orders';
      const all = await allPages(who, path, 200);
      const placed = who === 'staff' ? [...mine, ...others] : mine;
      const unpaid = await k.t.ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.status, ['awaiting_payment']));
      const unpaidIds = new Set(unpaid.map((r) => r.id));
      // every placed order but the unpaid checkouts, and nothing of another customer
      expect(new Set(all.map((o) => o.id))).toEqual(new Set(placed.filter((id) => !unpaidIds.has(id))));
      const newestFirst = [...all].sort(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
      );
      expect(all.map((o) => o.id)).toEqual(newestFirst.map((o) => o.id));
      // small pages walk the same list
      expect((await allPages(who, path, 4)).map((o) => o.id)).toEqual(all.map((o) => o.id));

      for (const filter of ['active', 'delivered', 'cancelled'] as const) {
        const expected = all.filter((o) => o.status === filter).map((o) => o.id);
        expect(expected.length, `${who} ${filter}`).toBeGreaterThan(0);
        const paged = await allPages(who, `${path}?status=${filter}`, 3);
        expect(
          paged.map((o) => o.id),
          `${who} ?status=${filter}`,
        ).toEqual(expected);
        expect(paged.every((o) => o.status === filter)).toBe(true);
      }
    }
  });

  test('a bad limit or a cursor that is not the viewer’s is a clear 400', async () => {
    const first = await k.call('customer', 'GET', '/api/orders?limit=1');
    const cursor = first.json().nextCursor as string;
    expect(cursor).toBe(first.json().orders[0].id);

    for (const bad of ['limit=0', 'limit=201', 'limit=ten']) {
      const r = await k.call('customer', 'GET', `/api/orders?${bad}`);
      expect(r.statusCode, bad).toBe(400);
    }
    expect((await k.call('customer', 'GET', '/api/orders?limit=201')).json().error.message).toMatch(
      /at most 200 orders/,
    );
    for (const [who, c] of [
      ['customer', 'nonsense'],
      ['customer', '00000000-0000-4000-8000-000000000000'],
      ['other', cursor],
    ] as const) {
      const r = await k.call(who, 'GET', `/api/orders?cursor=${c}`);
      expect(r.statusCode, `${who} ${c}`).toBe(400);
      expect(r.json().error.message).toBe('That page of orders no longer exists; start from the first page.');
    }
    // staff may page from any order
    expect((await k.call('staff', 'GET', `/api/staff/orders?cursor=${cursor}`)).statusCode).toBe(200);
  });

  test('the staff dashboard counts every active and late order, not a page of them', async () => {
    const active = (await allPages('staff', '/api/staff/orders?status=active', 200)).length;
    const late = others.length; // bound below: the other customer's active orders are the late ones
    const summary = (await k.call('staff', 'GET', '/api/me/dashboard')).json().dashboard;
    expect(summary.activeOrders).toBe(active);
    const lateListed = (await allPages('staff', '/api/staff/orders?status=active', 200)).filter((o) =>
      / Late$/.test(o.lateness ?? ''),
    ).length;
    expect(lateListed).toBeGreaterThan(0);
    expect(lateListed).toBeLessThan(late);
    expect(summary.lateOrders).toBe(lateListed);
  });
});
