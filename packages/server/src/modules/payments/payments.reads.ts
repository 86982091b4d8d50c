import { and, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, payouts } from './payments.tables';

/**
 * What other modules may read of payments (decision 019): monthly sums for the dashboards and the money
 * that needs the production team. A leaf file: it imports nothing from another module.
 */

export interface MonthSum {
  month: string;
  cents: number;
  count: number;
}

/** The UTC month of a payment's charge, as 'YYYY-MM'. */
const chargeMonth = sql<string>`to_char(${payments.succeededAt} at time zone 'UTC', 'YYYY-MM')`;

/**
 * What payers paid per UTC month of the charge, since `from` (one payer, or everyone with `null`). A
 * payment later refunded is left out: the money went back.
 */
export function monthlySpend(db: Db, payerId: string | null, from: Date): Promise<MonthSum[]> {
  return db
    .select({
      month: chargeMonth,
      cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'succeeded'),
        gte(payments.succeededAt, from),
        payerId ? eq(payments.payerId, payerId) : undefined,
      ),
    )
    .groupBy(chargeMonth);
}

/**
 * The pros' share of what customers paid for their work, per UTC month of the charge, since `from` (one
 * pro, or every pro with `null`). Refunded payments are left out.
 */
export function monthlyProEarnings(db: Db, proId: string | null, from: Date): Promise<MonthSum[]> {
  return db
    .select({
      month: chargeMonth,
      cents: sql<number>`coalesce(sum(${payments.proShareCents}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'succeeded'),
        gte(payments.succeededAt, from),
        proId ? eq(payments.proId, proId) : isNotNull(payments.proId),
      ),
    )
    .groupBy(chargeMonth);
}

/** Money that needs the production team: payouts that failed, and payments that failed since `since`. */
export async function moneyNeedingAttention(db: Db, since: Date) {
  const [failedPayouts] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .where(eq(payouts.status, 'failed'));
  const [failedPayments] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.status, 'failed'), gte(payments.createdAt, since)));
  return { failedPayouts: failedPayouts?.n ?? 0, failedPayments: failedPayments?.n ?? 0 };
}

/**
 * The money each of these projects holds in escrow now: its payments that went through and were neither
 * released to the pro nor refunded (what cancelling it with refund gives back). Projects holding nothing are
 * absent.
 */
export async function heldInEscrow(db: Db, projectIds: readonly string[]): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({ projectId: payments.projectId, cents: sql<number>`sum(${payments.amountCents})::int` })
    .from(payments)
    .where(
      and(
        inArray(payments.projectId, [...new Set(projectIds)]),
        eq(payments.status, 'succeeded'),
        isNull(payments.releasedAt),
      ),
    )
    .groupBy(payments.projectId);
  return new Map(rows.map((r) => [r.projectId!, Number(r.cents)]));
}
