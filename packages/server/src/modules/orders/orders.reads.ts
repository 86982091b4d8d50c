import { CANCELLED_STAGE, LAST_STAGE } from '@facet/domain/workflow';
import { and, eq, gte, isNotNull, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders } from './orders.tables';

/**
 * What other modules may read of orders (decision 019): sold lines for revenue and items per production
 * stage, for the dashboards. A leaf file: it imports nothing from another module.
 */

/** Every live line of the orders paid since `from` (cancelled orders and items left out), with its UTC month. */
export function soldLinesSince(db: Db, from: Date) {
  return db
    .select({
      month: sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM')`,
      unitPriceCents: orderItems.unitPriceCents,
      shopPriceCents: orderItems.shopPriceCents,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from), ne(orderItems.stage, CANCELLED_STAGE)));
}

/** Items of paid orders per production stage (the stage's code). */
export function itemsPerStage(db: Db) {
  return db
    .select({ stage: orderItems.stage, count: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.status, 'paid'), isNotNull(orderItems.stage)))
    .groupBy(orderItems.stage);
}

/**
 * Delivered, in SQL, as the order views read it: a paid order whose least advanced live item is at the end
 * of the line, DELIVERY (every item has a stage, at least one is live, none live is short of the end).
 */
export const deliveredSql = sql`(${orders.status} = 'paid'
  and exists (select 1 from ${orderItems} i where i.order_id = ${orders.id} and i.stage <> ${CANCELLED_STAGE})
  and not exists (select 1 from ${orderItems} i where i.order_id = ${orders.id}
    and (i.stage is null or i.stage not in (${CANCELLED_STAGE}, ${LAST_STAGE}))))`;

/**
 * Paid orders not yet delivered, and those of them late at `now` (an hour or more past the promised date,
 * as `latenessText` says "Late"), counted in the database: every order, not a page of them.
 */
export async function activeOrderCounts(db: Db, now: Date) {
  const lateBefore = new Date(now.getTime() - 3_600_000);
  const [row] = await db
    .select({
      active: sql<number>`count(*)::int`,
      late: sql<number>`(count(*) filter (where ${orders.promisedAt} <= ${lateBefore}))::int`,
    })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), not(deliveredSql)));
  return { active: row?.active ?? 0, late: row?.late ?? 0 };
}
