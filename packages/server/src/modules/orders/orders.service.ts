import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import { addWeekdays } from '@facet/domain/format';
import { FIRST_STAGE } from '@facet/domain/workflow';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { orderItems, orders, orderStageEvents } from './orders.tables';
import type { NewOrder } from './orders.shared';
import { orderAnnouncer, type OrderEmitter } from './orders.announce';
import type { UserRow } from '../accounts/accounts.reads';
import { orderViews, type OrderFilter, type OrderPage } from './orders.views';
import { orderProduction } from './orders.production';
import { jobSheetHtml } from './orders.job-sheet';
import type { PaymentsService } from '../payments/payments.service';

export type { NewOrder, NewOrderItem } from './orders.shared';

/** How long a checkout's order waits for its payment before it is cancelled. */
export const UNPAID_ORDER_TTL_MS = 24 * 3_600_000;
export const EXPIRE_UNPAID_JOB = 'orders-expire-unpaid';

export interface OrdersDeps {
  db: Db;
  jobs: Jobs;
}

const cents = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** Refuses an order whose sums do not add up: the checkout computes them, the order keeps them as paid. */
function checkNewOrder(order: NewOrder) {
  if (order.items.length === 0) throw new AppError('empty_order', 'An order needs at least one item.', 400);
  for (const item of order.items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new AppError('bad_order', 'Every item needs a quantity of at least 1.', 400);
    }
    if (!cents(item.unitPriceCents) || !cents(item.totalCents) || !cents(item.leadTimeDays)) {
      throw new AppError('bad_order', 'Item prices and lead times are whole, non-negative numbers.', 400);
    }
  }
  const subtotal = order.items.reduce((sum, i) => sum + i.totalCents, 0);
  if (
    !cents(order.shippingCents) ||
    subtotal !== order.subtotalCents ||
    order.subtotalCents + order.shippingCents !== order.totalCents
  ) {
    throw new AppError('bad_order', 'The order total is not the sum of its items and shipping.', 400);
  }
}

/** The order's promised date: weekdays from payment, the longest item lead time plus shipping days. */
export function promisedDate(paidAt: Date, leadTimes: number[], shippingBusinessDays: number) {
  return addWeekdays(paidAt, Math.max(0, ...leadTimes) + Math.max(0, shippingBusinessDays));
}

/**
 * The orders module's write path (`app.ctx.orders`) for other modules: the checkout creates a pending
 * order, attaches its payment, and the payment's confirmation marks it paid. Telling the customer
 * (mail, live update) happens after the commit, by the announcer (orders.announce.ts).
 */
export function ordersCore(deps: OrdersDeps) {
  const announcer = orderAnnouncer(deps);

  async function lockOrder(tx: Tx, orderId: string) {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw notFound('Order');
    return row;
  }

  return {
    announcer,
    lockOrder,

    /** A new order waiting for its payment; items keep their prices as the checkout priced them. */
    async createPending(tx: Tx, order: NewOrder): Promise<{ orderId: string }> {
      checkNewOrder(order);
      const [row] = await tx
        .insert(orders)
        .values({
          customerId: order.customerId,
          shippingAddress: order.shippingAddress,
          shippingMethod: order.shippingMethod,
          subtotalCents: order.subtotalCents,
          shippingCents: order.shippingCents,
          totalCents: order.totalCents,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(
        order.items.map((item, position) => ({
          orderId: row!.id,
          position,
          source: item.source,
          modelId: item.modelId,
          libraryProductId: item.libraryProductId,
          title: item.title,
          fileName: item.fileName,
          thumbnailFileId: item.thumbnailFileId,
          configuration: item.configuration,
          breakdown: item.breakdown,
          unitPriceCents: item.unitPriceCents,
          quantity: item.quantity,
          totalCents: item.totalCents,
          leadTimeDays: item.leadTimeDays,
        })),
      );
      return { orderId: row!.id };
    },

    /** The payment asked for the order (its latest attempt). */
    async attachPayment(tx: Tx, orderId: string, paymentId: string): Promise<void> {
      const row = await lockOrder(tx, orderId);
      if (row.status !== 'awaiting_payment') {
        throw new AppError('order_not_payable', 'This order is not waiting for a payment.', 409);
      }
      await tx.update(orders).set({ paymentId }).where(eq(orders.id, orderId));
    },

    /**
     * The payment went through (inside the transaction that books it): the order is paid, every item at
     * the line's first stage, RECEIVED (a stage row by the system), the promised date set. Idempotent: a paid order stays as it is.
     * Answers whether the order takes the payment: false when it was cancelled before the payment came,
     * so the caller has the charge refunded.
     */
    async markPaid(tx: Tx, orderId: string, paidAt: Date): Promise<boolean> {
      const row = await lockOrder(tx, orderId);
      if (row.status === 'cancelled') return false;
      if (row.status !== 'awaiting_payment') return true;
      const items = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
      await tx
        .update(orders)
        .set({
          status: 'paid',
          paidAt,
          promisedAt: promisedDate(
            paidAt,
            items.map((i) => i.leadTimeDays),
            row.shippingMethod.businessDays,
          ),
        })
        .where(eq(orders.id, orderId));
      await tx
        .update(orderItems)
        .set({ stage: FIRST_STAGE })
        .where(
          and(
            eq(orderItems.orderId, orderId),
            inArray(
              orderItems.id,
              items.map((i) => i.id),
            ),
          ),
        );
      await tx
        .insert(orderStageEvents)
        .values(
          items.map((i) => ({ orderId, orderItemId: i.id, stage: FIRST_STAGE, byUserId: null, at: paidAt })),
        );
      return true;
    },
  };
}

export type { OrderEmitter };

/** The orders module on `app.ctx.orders`. */
export function ordersService(deps: OrdersDeps & { payments: PaymentsService }) {
  const core = ordersCore(deps);
  const views = orderViews(deps);
  const production = orderProduction(deps);
  const { announce } = core.announcer;

  /** Runs a change, then tells the customer (mail, live update) once it has committed. */
  const thenAnnounce =
    <A extends unknown[], R>(change: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await change(...args);
      await announce();
      return result;
    };

  async function item(viewer: UserRow, orderId: string, itemId: string) {
    const order = await views.visible(viewer, orderId);
    if (!isUuid(itemId)) throw notFound('Order item');
    const [row] = await deps.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.id, itemId)));
    if (!row) throw notFound('Order item');
    return { order, item: row };
  }

  return {
    createPending: core.createPending,
    attachPayment: core.attachPayment,
    markPaid: core.markPaid,
    /** Tells customers of every stage move and shipment not yet told (mail + live update). */
    announce,

    /**
     * Checkouts left unpaid for a day are cancelled (job `orders-expire-unpaid`, hourly): the order never
     * reached the workshop; a payment that still comes later is refunded (markPaid refuses it).
     */
    async expireUnpaid(olderThanMs = UNPAID_ORDER_TTL_MS): Promise<number> {
      const expired = await deps.db
        .update(orders)
        .set({ status: 'cancelled' })
        .where(
          and(
            eq(orders.status, 'awaiting_payment'),
            lt(orders.createdAt, new Date(Date.now() - olderThanMs)),
          ),
        )
        .returning({ id: orders.id });
      return expired.length;
    },
    setEmitter: core.announcer.setEmitter,

    list: (viewer: UserRow, filter: OrderFilter, page?: OrderPage) =>
      views.list({ customerId: viewer.id }, filter, page),
    staffList: (filter: OrderFilter, page?: OrderPage) => views.list({}, filter, page),
    detail: views.detail,
    stats: (viewer: UserRow) => views.stats(viewer.id),
    item,

    cancel: thenAnnounce(production.cancel),
    moveStage: thenAnnounce(production.moveStage),
    addShipment: thenAnnounce(production.addShipment),

    /** The workshop's printable sheet of one item (staff). */
    async jobSheet(staff: UserRow, orderId: string, itemId: string) {
      const found = await item(staff, orderId, itemId);
      return jobSheetHtml(found.order, found.item, {
        thumbnail: found.item.thumbnailFileId ? `/api/orders/${orderId}/items/${itemId}/thumbnail` : null,
        modelFile: found.item.modelId ? `/api/staff/orders/${orderId}/items/${itemId}/model-file` : null,
      });
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
