import { and, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@facet/domain/money';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerLines, payments, payouts } from './payments.tables';

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
 * What payers paid in `currency` per UTC month of the charge, since `from` (one payer, or everyone with
 * `null`). A payment later refunded is left out: the money went back.
 */
export function monthlySpend(
  db: Db,
  payerId: string | null,
  from: Date,
  currency: CurrencyCode,
): Promise<MonthSum[]> {
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
        eq(payments.currency, currency),
        gte(payments.succeededAt, from),
        payerId ? eq(payments.payerId, payerId) : undefined,
      ),
    )
    .groupBy(chargeMonth);
}

/** The UTC month of a ledger entry, as 'YYYY-MM'. */
const entryMonth = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`;

/**
 * What the pros earned in `currency`, read from the ledger: the releases to their payable account (their
 * share of a payment, credited when its project completes; a refunded payment is never released), per UTC
 * month of the release, since `from` (one pro, or every pro with `null`). `count` is the releases.
 */
export function monthlyProEarnings(
  db: Db,
  proId: string | null,
  from: Date,
  currency: CurrencyCode,
): Promise<MonthSum[]> {
  return db
    .select({
      month: entryMonth,
      cents: sql<number>`coalesce(sum(${ledgerLines.amountCents}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(
      and(
        eq(ledgerLines.account, 'pro_payable'),
        eq(ledgerEntries.kind, 'release'),
        eq(ledgerLines.currency, currency),
        gte(ledgerEntries.createdAt, from),
        proId ? eq(ledgerLines.ownerId, proId) : isNotNull(ledgerLines.ownerId),
      ),
    )
    .groupBy(entryMonth);
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
