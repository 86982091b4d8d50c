import { and, asc, desc, eq, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import { latenessText } from '@facet/domain/format';
import {
  allRefundable,
  CANCELLED_STAGE,
  LAST_STAGE,
  orderStageOf,
  PRODUCTION_STAGES,
  stageIndex,
  stageLabel,
  stageWire,
  type StageCode,
} from '@facet/domain/workflow';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { keysetPage } from '../../platform/paging';
import type { UserRow } from '../accounts/accounts.reads';
import type { PaymentsService } from '../payments/payments.service';
import { orderItems, orders, orderShipments, orderStageEvents } from './orders.tables';
import { deliveredSql } from './orders.reads';

/** What customers and staff read of orders: the list, one order with its timeline, lateness and payment. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
type StageEventRow = typeof orderStageEvents.$inferSelect;
type ShipmentRow = typeof orderShipments.$inferSelect;

export const ORDER_FILTERS = ['all', 'active', 'delivered', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const ORDERS_PAGE_SIZE = 50;
export const ORDERS_PAGE_MAX = 200;
export type OrderPage = { limit: number; cursor?: string };

/** The list filter as a condition (orders awaiting payment are left out of every list beforehand). */
function filterSql(filter: OrderFilter): SQL | undefined {
  if (filter === 'cancelled') return eq(orders.status, 'cancelled');
  if (filter === 'delivered') return deliveredSql;
  if (filter === 'active') return and(eq(orders.status, 'paid'), not(deliveredSql));
  return undefined;
}

export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

type Reached = { code: StageCode; at: Date };

/** A stage reached, as the API shows it: the stage's number and name (decision 062). */
const stageView = ({ code, at }: Reached) => ({
  code: stageWire(code),
  name: stageLabel(code),
  at: at.toISOString(),
});

/** When each stage was reached: an item's own moves, the order's when its last live item got there. */
function timeline(items: OrderItemRow[], events: StageEventRow[]) {
  const reached = new Map<string, Map<StageCode, Date>>();
  for (const e of events) {
    const byStage = reached.get(e.orderItemId) ?? new Map<StageCode, Date>();
    const seen = byStage.get(e.stage);
    if (!seen || seen > e.at) byStage.set(e.stage, e.at);
    reached.set(e.orderItemId, byStage);
  }
  const itemStages = (item: OrderItemRow) =>
    [...(reached.get(item.id) ?? new Map<StageCode, Date>()).entries()]
      .map(([code, at]): Reached => ({ code, at }))
      .sort((a, b) => stageIndex(a.code) - stageIndex(b.code));
  const live = items.filter((i) => i.stage !== CANCELLED_STAGE);
  const counted = live.length > 0 ? live : items;
  const orderStages: Reached[] = [];
  for (const { code } of PRODUCTION_STAGES) {
    const times = counted.map((i) => reached.get(i.id)?.get(code));
    if (times.length === 0 || times.some((t) => !t)) continue;
    orderStages.push({ code, at: new Date(Math.max(...times.map((t) => t!.getTime()))) });
  }
  return { itemStages, orderStages };
}

function statusOf(order: OrderRow, stage: StageCode | null) {
  if (order.status === 'cancelled') return 'cancelled' as const;
  if (order.status === 'awaiting_payment') return 'awaiting_payment' as const;
  return stage === LAST_STAGE ? ('delivered' as const) : ('active' as const);
}

const thumbnailUrl = (order: OrderRow, item: OrderItemRow) =>
  item.thumbnailFileId ? `/api/orders/${order.id}/items/${item.id}/thumbnail` : null;

/** The parts of an order every view shows: stage, status, promised date and lateness. */
function summary(order: OrderRow, items: OrderItemRow[], events: StageEventRow[], now: Date) {
  const stage = orderStageOf(items.map((i) => i.stage));
  const { itemStages, orderStages } = timeline(items, events);
  const delivered = stage === LAST_STAGE ? orderStages.find((s) => s.code === LAST_STAGE) : undefined;
  const lateness =
    order.promisedAt && order.status === 'paid'
      ? latenessText({
          promisedAt: order.promisedAt,
          deliveredAt: delivered?.at ?? null,
          now,
        })
      : null;
  return {
    stage,
    status: statusOf(order, stage),
    itemStages,
    orderStages,
    lateness,
    deliveredAt: delivered?.at.toISOString() ?? null,
    cancellable: order.status === 'paid' && allRefundable(items.map((i) => i.stage)),
  };
}

function listEntry(order: OrderRow, items: OrderItemRow[], events: StageEventRow[], now: Date) {
  const s = summary(order, items, events, now);
  const first = items[0];
  return {
    id: order.id,
    number: orderNumber(order.id),
    customerId: order.customerId,
    status: s.status,
    stage: s.stage === null ? null : stageWire(s.stage),
    stageName: s.stage === null ? null : stageLabel(s.stage),
    title: first ? first.title : 'Order',
    itemCount: items.length,
    pieces: items.reduce((n, i) => n + i.quantity, 0),
    thumbnailUrl: first ? thumbnailUrl(order, first) : null,
    totalCents: order.totalCents,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    promisedDate: order.promisedAt?.toISOString() ?? null,
    deliveredAt: s.deliveredAt,
    lateness: s.lateness,
  };
}

function groupBy<T>(rows: T[], key: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

async function partsOf(db: Db | Tx, orderIds: string[]) {
  if (orderIds.length === 0) return { items: [], events: [], shipments: [] };
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.position));
  const events = await db
    .select()
    .from(orderStageEvents)
    .where(inArray(orderStageEvents.orderId, orderIds))
    .orderBy(asc(orderStageEvents.at));
  const shipments = await db
    .select()
    .from(orderShipments)
    .where(inArray(orderShipments.orderId, orderIds))
    .orderBy(asc(orderShipments.at));
  return { items, events, shipments };
}

/**
 * The item type a line was ordered as: the cart keeps `itemType: { id, name }` (or null), older and library
 * lines a name or a `productType`; 'Other' when none is known.
 */
export function itemTypeOf(configuration: Record<string, unknown>): string {
  for (const value of [configuration.itemType, configuration.productType]) {
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string')
      return (value as { name: string }).name;
  }
  return 'Other';
}

const shipmentView = (s: ShipmentRow) => ({
  carrier: s.carrier,
  trackingNumber: s.trackingNumber,
  at: s.at.toISOString(),
});

export function orderViews(deps: { db: Db; payments: PaymentsService }) {
  const { db } = deps;

  /** The order, for its customer and staff only (anyone else, and unpaid checkouts of others: not found). */
  async function visible(viewer: UserRow, id: string) {
    if (!isUuid(id)) throw notFound('Order');
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    if (!row || (row.customerId !== viewer.id && viewer.role !== 'staff')) throw notFound('Order');
    return row;
  }

  /**
   * One page of orders, newest first (keyset: created_at, id), the filter applied in SQL so a page is always
   * full. `cursor` is the id of the last order of the previous page (one the viewer may see); `nextCursor` is
   * null on the last page.
   */
  async function list(
    where: { customerId?: string },
    filter: OrderFilter,
    page: OrderPage = { limit: ORDERS_PAGE_SIZE },
    now = new Date(),
  ) {
    if (page.cursor) {
      const [row] = isUuid(page.cursor)
        ? await db
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                eq(orders.id, page.cursor),
                where.customerId ? eq(orders.customerId, where.customerId) : undefined,
              ),
            )
        : [];
      if (!row)
        throw new AppError(
          'validation_failed',
          'That page of orders no longer exists; start from the first page.',
          400,
          { cursor: 'Unknown cursor' },
        );
    }
    const rows = await db
      .select()
      .from(orders)
      .where(
        and(
          where.customerId ? eq(orders.customerId, where.customerId) : undefined,
          // a checkout never paid is not an order the customer placed
          ne(orders.status, 'awaiting_payment'),
          filterSql(filter),
          // compared in SQL against the cursor row itself: timestamps keep their microseconds
          page.cursor
            ? sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from ${orders} o where o.id = ${page.cursor})`
            : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit + 1);
    const { shown, next } = keysetPage(rows, page.limit, (row) => row.id);
    const parts = await partsOf(
      db,
      shown.map((r) => r.id),
    );
    // each order's parts by one pass over them (not a scan of every part per order)
    const itemsOf = groupBy(parts.items, (i) => i.orderId);
    const eventsOf = groupBy(parts.events, (e) => e.orderId);
    return {
      orders: shown.map((o) => listEntry(o, itemsOf.get(o.id) ?? [], eventsOf.get(o.id) ?? [], now)),
      nextCursor: next,
    };
  }

  async function detail(viewer: UserRow, id: string, now = new Date()) {
    const order = await visible(viewer, id);
    const { items, events, shipments } = await partsOf(db, [order.id]);
    const s = summary(order, items, events, now);
    const paid = (await deps.payments.paymentsOf('cart', order.id)).find(
      (p) => p.status === 'succeeded' || p.status === 'refunded',
    );
    const latest = paid ?? (await deps.payments.paymentsOf('cart', order.id))[0];
    return {
      ...listEntry(order, items, events, now),
      cancellable: s.cancellable && viewer.id === order.customerId,
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      shippingAddress: order.shippingAddress,
      shippingMethod: order.shippingMethod,
      cancelledAt: order.cancelledAt?.toISOString() ?? null,
      stages: s.orderStages.map(stageView),
      items: items.map((item) => ({
        id: item.id,
        position: item.position,
        source: item.source,
        modelId: item.modelId,
        libraryProductId: item.libraryProductId,
        title: item.title,
        fileName: item.fileName,
        thumbnailUrl: thumbnailUrl(order, item),
        configuration: item.configuration,
        breakdown: item.breakdown,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
        totalCents: item.totalCents,
        leadTimeDays: item.leadTimeDays,
        stage: item.stage === null ? null : stageWire(item.stage),
        stageName: item.stage === null ? null : stageLabel(item.stage),
        stages: s.itemStages(item).map(stageView),
      })),
      shipments: shipments.map(shipmentView),
      payment: latest
        ? {
            id: latest.id,
            status: latest.status,
            amountCents: latest.amountCents,
            succeededAt: latest.succeededAt?.toISOString() ?? null,
            refundedAt: latest.refundedAt?.toISOString() ?? null,
            receiptUrl:
              latest.status === 'succeeded' || latest.status === 'refunded'
                ? `/api/payments/${latest.id}/receipt`
                : null,
          }
        : null,
    };
  }

  /** Products total and item-type variety of a customer's paid orders (spec products-total, item-type-variety). */
  async function stats(customerId: string) {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.status, 'paid')));
    const { items } = await partsOf(
      db,
      rows.map((r) => r.id),
    );
    const live = items.filter((i) => i.stage !== CANCELLED_STAGE);
    const types = new Map<string, number>();
    for (const i of live) {
      const type = itemTypeOf(i.configuration);
      types.set(type, (types.get(type) ?? 0) + i.quantity);
    }
    return {
      ordersCount: rows.length,
      productsTotal: live.reduce((n, i) => n + i.quantity, 0),
      itemTypeVariety: types.size,
      itemTypes: [...types.entries()].map(([itemType, pieces]) => ({ itemType, pieces })),
    };
  }

  return { visible, list, detail, stats };
}
