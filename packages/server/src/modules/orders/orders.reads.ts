import { and, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
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
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from), ne(orderItems.stage, 7)));
}

/** Items of paid orders per production stage code (0..7). */
export function itemsPerStage(db: Db) {
  return db
    .select({ stage: sql<number>`${orderItems.stage}::int`, count: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.status, 'paid'), isNotNull(orderItems.stage)))
    .groupBy(orderItems.stage);
}
