import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import {
  allRefundable,
  CANCELLED_STAGE,
  stageIndex,
  stageLabel,
  stageMoveAllowed,
  type StageCode,
} from '@facet/domain/workflow';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.reads';
import type { PaymentsService } from '../payments/payments.service';
import { orderItems, orders, orderShipments, orderStageEvents } from './orders.tables';
import type { OrderRow } from './orders.views';
import { checkStaffAudit, recordStaffAction, recordStaffOutcome } from '../../platform/audit/audit';

/**
 * The production line: staff move stages and add shipments; the customer cancels while every item is at a
 * refundable stage (RECEIVED). The stages and their rules are `@facet/domain/workflow` PRODUCTION_STAGES.
 */

const notAllowed = (message: string) => new AppError('stage_not_allowed', message, 409);

async function lockVisible(tx: Tx, id: string) {
  if (!isUuid(id)) throw notFound('Order');
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound('Order');
  return row;
}

/** Cancels every item of a paid order (a row each, by whom), inside the caller's transaction. */
async function cancelItems(tx: Tx, order: OrderRow, byUserId: string | null) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  if (order.status !== 'paid' || !allRefundable(items.map((i) => i.stage))) {
    throw new AppError(
      'not_cancellable',
      'This order can no longer be cancelled: production has started.',
      409,
    );
  }
  const at = new Date();
  await tx.update(orderItems).set({ stage: CANCELLED_STAGE }).where(eq(orderItems.orderId, order.id));
  await tx
    .insert(orderStageEvents)
    .values(
      items.map((i) => ({ orderId: order.id, orderItemId: i.id, stage: CANCELLED_STAGE, byUserId, at })),
    );
  await tx.update(orders).set({ status: 'cancelled', cancelledAt: at }).where(eq(orders.id, order.id));
}

export function orderProduction(deps: { db: Db; payments: PaymentsService }) {
  const { db, payments } = deps;

  /**
   * Cancels an order and refunds it: the order first (so no stage move can follow), then the refund
   * through the payments port. A cancelled order whose refund failed is refunded on the next try.
   */
  async function cancel(viewer: UserRow, orderId: string) {
    const state = await db.transaction(async (tx) => {
      const order = await lockVisible(tx, orderId);
      if (order.customerId !== viewer.id && viewer.role !== 'staff') throw notFound('Order');
      if (order.status === 'cancelled') return 'cancelled' as const;
      await cancelItems(tx, order, viewer.id);
      // staff's cancel (the stage route) and its audit row commit together, before the gateway is asked
      await recordStaffAction(tx);
      return 'now' as const;
    });
    // staff retrying the refund of an order cancelled before: the row goes with the refund's books
    // (tried first, so a row the database refuses stops the retry before the gateway is asked)
    if (state === 'cancelled') await checkStaffAudit(db);
    const refunded = await payments.refundSubject('cart', orderId, 'order cancelled', (tx) =>
      recordStaffOutcome(tx),
    );
    const charged = (await payments.paymentsOf('cart', orderId)).some((p) => p.status === 'refunded');
    if (state === 'cancelled' && refunded === 0) {
      throw new AppError('already_cancelled', 'This order is already cancelled.', 409);
    }
    return { refunded: charged };
  }

  /**
   * Staff move an order's items (or one item) to a stage: one step forward, or CANCELLED from a refundable
   * stage (the whole order, refunded). Anything else is refused with 409 `stage_not_allowed`.
   */
  async function moveStage(staff: UserRow, orderId: string, stage: StageCode, itemId?: string) {
    if (stage === CANCELLED_STAGE) {
      if (itemId) throw notAllowed('An item alone cannot be cancelled; cancel the whole order.');
      return cancel(staff, orderId).then(() => undefined);
    }
    await db.transaction(async (tx) => {
      const order = await lockVisible(tx, orderId);
      if (order.status !== 'paid') {
        throw notAllowed(
          order.status === 'cancelled' ? 'This order is cancelled.' : 'This order is not paid yet.',
        );
      }
      const all = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      const moving = itemId
        ? all.filter((i) => i.id === itemId)
        : // the whole order: its live items still behind the stage (an item already past it stays)
          all.filter(
            (i) =>
              i.stage === null || (i.stage !== CANCELLED_STAGE && stageIndex(i.stage) < stageIndex(stage)),
          );
      if (itemId && moving.length === 0) throw notFound('Order item');
      const refused = moving.find((i) => !stageMoveAllowed(i.stage, stage));
      if (moving.length === 0 || refused) {
        const from = refused
          ? refused.stage === null
            ? null
            : stageLabel(refused.stage)
          : stageLabel(stage);
        throw notAllowed(`An item at ${from} cannot move to ${stageLabel(stage)}.`);
      }
      const at = new Date();
      await tx
        .update(orderItems)
        .set({ stage })
        .where(
          and(
            eq(orderItems.orderId, orderId),
            inArray(
              orderItems.id,
              moving.map((i) => i.id),
            ),
          ),
        );
      await tx
        .insert(orderStageEvents)
        .values(moving.map((i) => ({ orderId, orderItemId: i.id, stage, byUserId: staff.id, at })));
      await recordStaffAction(tx);
    });
  }

  /** Staff record a parcel sent for a paid order (spec addShipment). */
  async function addShipment(
    staff: UserRow,
    orderId: string,
    shipment: { carrier: string; trackingNumber: string },
  ) {
    await db.transaction(async (tx) => {
      const order = await lockVisible(tx, orderId);
      if (order.status !== 'paid') {
        throw new AppError('not_shippable', 'Only a paid order that is not cancelled can be shipped.', 409);
      }
      await tx.insert(orderShipments).values({ orderId, ...shipment, byUserId: staff.id });
      await recordStaffAction(tx);
    });
  }

  return { cancel, moveStage, addShipment };
}
