import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { GatewayEvent } from '../../platform/payments/gateway';
import { paymentEventFailures, payments, payouts } from './payments.tables';
import { paymentView } from './payment-views';

/** What the operations console reads of the money, and the failed webhook events it keeps for a retry. */

const LIST_LIMIT = 200;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type PaymentStatusFilter = 'pending' | 'succeeded' | 'failed' | 'refunded';
export type PayoutStatusFilter = 'pending' | 'paid' | 'failed';

function payoutView(p: typeof payouts.$inferSelect) {
  return {
    id: p.id,
    proId: p.proId,
    accountId: p.accountId,
    amountCents: p.amountCents,
    status: p.status,
    transferRef: p.transferRef,
    failureMessage: p.failureMessage,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
  };
}

function failureView(f: typeof paymentEventFailures.$inferSelect) {
  return {
    id: f.id,
    type: f.type,
    error: f.error,
    attempts: f.attempts,
    firstFailedAt: f.firstFailedAt.toISOString(),
    lastFailedAt: f.lastFailedAt.toISOString(),
    resolvedAt: iso(f.resolvedAt),
  };
}

export function staffMoney(db: Db) {
  return {
    /** Payments, newest first, with their payer; refunds are the refunded ones (newest refund first). */
    async payments(filter: { status?: PaymentStatusFilter }) {
      const rows = await db
        .select()
        .from(payments)
        .where(filter.status ? eq(payments.status, filter.status) : undefined)
        .orderBy(filter.status === 'refunded' ? desc(payments.refundedAt) : desc(payments.createdAt))
        .limit(LIST_LIMIT);
      return rows.map((p) => ({
        ...paymentView(p),
        payerId: p.payerId,
        payerName: p.payerName,
        payerEmail: p.receiptEmail,
        feeCents: p.feeCents,
      }));
    },

    /** Payouts, failed ones first (they wait for someone), then newest first. */
    async payouts(filter: { status?: PayoutStatusFilter }) {
      const rows = await db
        .select()
        .from(payouts)
        .where(filter.status ? eq(payouts.status, filter.status) : undefined)
        .orderBy(sql`case when ${payouts.status} = 'failed' then 0 else 1 end`, desc(payouts.createdAt))
        .limit(LIST_LIMIT);
      return rows.map(payoutView);
    },

    /** Gateway events that failed to apply: open ones (or all, with `resolved`), newest failure first. */
    async webhookFailures(filter: { resolved?: boolean }) {
      const rows = await db
        .select()
        .from(paymentEventFailures)
        .where(
          filter.resolved === undefined
            ? undefined
            : filter.resolved
              ? isNotNull(paymentEventFailures.resolvedAt)
              : isNull(paymentEventFailures.resolvedAt),
        )
        .orderBy(desc(paymentEventFailures.lastFailedAt))
        .limit(LIST_LIMIT);
      return rows.map(failureView);
    },

    /** Counts for the console's money summary: failed payouts and open webhook failures. */
    async alerts() {
      const [failedPayouts] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payouts)
        .where(eq(payouts.status, 'failed'));
      const [openFailures] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentEventFailures)
        .where(isNull(paymentEventFailures.resolvedAt));
      return { failedPayouts: failedPayouts?.n ?? 0, failedWebhooks: openFailures?.n ?? 0 };
    },

    /** Records (or counts again) an event whose application failed. */
    async recordFailure(event: GatewayEvent, error: unknown) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await db
        .insert(paymentEventFailures)
        .values({ id: event.id, type: event.type, payload: event, error: message })
        .onConflictDoUpdate({
          target: paymentEventFailures.id,
          set: {
            error: message,
            attempts: sql`${paymentEventFailures.attempts} + 1`,
            lastFailedAt: new Date(),
            resolvedAt: null,
          },
        });
    },

    /** The event was applied (by a retry or a later delivery): its failure is resolved. */
    async resolveFailure(eventId: string) {
      await db
        .update(paymentEventFailures)
        .set({ resolvedAt: new Date() })
        .where(and(eq(paymentEventFailures.id, eventId), isNull(paymentEventFailures.resolvedAt)));
    },

    /** The stored event of an open failure (refused when there is none, or it is resolved). */
    async openFailure(eventId: string) {
      const [row] = await db.select().from(paymentEventFailures).where(eq(paymentEventFailures.id, eventId));
      if (!row) throw notFound('That webhook event');
      if (row.resolvedAt) {
        throw new AppError('event_resolved', 'This webhook event has been applied already.', 409);
      }
      return row.payload as GatewayEvent;
    },

    async failure(eventId: string) {
      const [row] = await db.select().from(paymentEventFailures).where(eq(paymentEventFailures.id, eventId));
      return row ? failureView(row) : null;
    },

    /** Payouts by id (for a reply after a retry). */
    async payoutsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return (await db.select().from(payouts).where(inArray(payouts.id, ids))).map(payoutView);
    },
  };
}

export { payoutView };
