import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrencyCode } from '@facet/domain/money';
import type { Db, Tx } from '../../db/client';
import type { Jobs } from '../../platform/jobs';
import type { PaymentsMetrics } from '../../platform/metrics';
import type { PaymentGateway } from '../../platform/payments/gateway';
import { sendMails, type MailJob } from '../../platform/mail/mail-job';
import type { payments } from './payments.tables';
import { paymentSettings } from './payments.tables';

/** What the payments sub-services share. */

export type PaymentRow = typeof payments.$inferSelect;
export type Purpose = PaymentRow['purpose'];

export interface PaymentsDeps {
  db: Db;
  jobs: Jobs;
  gateway: PaymentGateway;
  publicUrl: string;
  /** The currency every payment is asked in (PAYMENTS_CURRENCY). */
  currency: CurrencyCode;
  log: FastifyBaseLogger;
  /** Counts applied and failed events and payments (after their transaction commits). */
  metrics: PaymentsMetrics;
}

/**
 * What a purpose does once its payment is confirmed, inside the transaction that books the charge
 * (a project moves on, changes return to work, later an order is placed or a plan starts). Null: the
 * subject no longer waits for this payment, which is then refunded.
 */
export type ConfirmedHook = (tx: Tx, payment: PaymentRow) => Promise<MailJob[] | null>;

/** Purposes whose money is held until the work is approved (released to the pro then). */
export const ESCROWED: readonly Purpose[] = ['project', 'changes'];

export const DEFAULT_EARNED_PERCENTAGE = 80;
export const PAYOUT_JOB = 'payments-payouts';
export const RECONCILE_JOB = 'payments-reconcile';
/** Settles the payments still pending with the gateway: sent when the database comes back. */
export const SETTLE_PENDING_JOB = 'payments-settle-pending';

/** The pros' share of a price, in percent (a setting staff may change; 80 unless set). */
export async function earnedPercentage(db: Db | Tx) {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.key, 'earnedPercentage'));
  return row?.value ?? DEFAULT_EARNED_PERCENTAGE;
}

/** The pro's share of an amount at a percentage, rounded once to whole cents (half up). */
export const proShare = (amountCents: number, percentage: number) =>
  Math.round((amountCents * percentage) / 100);

export { sendMails };

/** A payment a transaction booked as succeeded or marked failed. */
export interface Settled {
  purpose: Purpose;
  outcome: 'succeeded' | 'failed';
}

/** Counts a settled payment in the metrics: called once its transaction has committed. */
export function countSettled(deps: Pick<PaymentsDeps, 'metrics'>, settled: Settled | undefined) {
  if (settled?.outcome === 'succeeded') deps.metrics.paymentSucceeded(settled.purpose);
  else if (settled?.outcome === 'failed') deps.metrics.paymentFailed(settled.purpose);
}
