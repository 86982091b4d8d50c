import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import type { Tx } from '../../db/client';
import type { CompletedCheckout, GatewayEvent } from '../../platform/payments/gateway';
import type { UserRow } from '../accounts/accounts.reads';
import type { MailJob } from '../../platform/mail/mail-job';
import { recordStaffAction } from '../../platform/audit/audit';
import { trialBalance } from './ledger';
import { applyEvent, bookCharge, EventRefused } from './payment-events';
import { payments } from './payments.tables';
import { paymentReads } from './payment-views';
import { payoutsPart } from './payouts';
import { refundPayment, releaseProject } from './escrow';
import { pay, reservePayment, type NewPayment } from './payment-checkout';
import { chargeSaved } from './saved-charges';
import { staffMoney } from './staff-money';
import { earnedPercentageSetting, setEarnedPercentage } from './earned-percentage';
import {
  countSettled,
  sendMails,
  type ConfirmedHook,
  type PaymentRow,
  type PaymentsDeps,
  type Purpose,
} from './payments.shared';

/**
 * The payments module (`app.ctx.payments`): payments asked of payers through the gateway port, the
 * gateway's events applied once to the double-entry ledger, escrow released or refunded, payouts.
 * A payment has a purpose and a subject; each purpose registers what its confirmation does.
 */

export type { PaymentsDeps, PaymentRow, ConfirmedHook } from './payments.shared';
export type { NewPayment } from './payment-checkout';

type Hooks = Map<string, ConfirmedHook>;

/** Staff's audit row was refused (`recordStaffAction`): the action was not made, for no fault of its own. */
const isAuditFailure = (error: unknown) => error instanceof AppError && error.code === 'audit_failed';

async function refundDuplicates(deps: PaymentsDeps, list: PaymentRow[]) {
  for (const payment of list) {
    await refundPayment(deps, payment, 'already paid').catch((err: unknown) =>
      deps.log.error({ err, paymentId: payment.id }, 'payments: refunding a duplicate charge failed'),
    );
  }
}

/**
 * A verified gateway event, applied once; mails and duplicate refunds after the commit. An event that
 * fails to apply is kept with its error (staff see it and retry); applied later, it is resolved. One that
 * can never apply as sent (another payment's session, another amount) books nothing and is answered with
 * `refused`, so the gateway stops retrying; any other failure is thrown, so the gateway retries it.
 */
async function applyGatewayEvent(
  deps: PaymentsDeps,
  hooks: Hooks,
  money: ReturnType<typeof staffMoney>,
  event: GatewayEvent,
) {
  let result: Awaited<ReturnType<typeof applyEvent>>;
  try {
    result = await applyEvent(deps, event, hooks);
  } catch (error) {
    // staff's retry whose audit row was refused: nothing was applied, and the event did not fail again
    if (isAuditFailure(error)) throw error;
    deps.metrics.eventFailed(event.type);
    await money
      .recordFailure(event, error)
      .catch((err: unknown) =>
        deps.log.error({ err, eventId: event.id }, 'payments: recording a failed event failed'),
      );
    if (error instanceof EventRefused) {
      deps.log.warn({ eventId: event.id, reason: error.message }, 'payments: a signed event was refused');
      return { applied: false, refused: error.message };
    }
    throw error;
  }
  deps.metrics.eventApplied(event.type, result.applied);
  countSettled(deps, result.settled);
  await money.resolveFailure(event.id);
  await sendMails(deps.jobs, result.mails);
  await refundDuplicates(deps, result.refund);
  return { applied: result.applied, refused: null };
}

/**
 * Refunds every payment of a project still held in escrow; `inside` runs in each refund's transaction.
 * Returns how many this call refunded: none when nothing is held (never paid, or refunded already — the
 * gateway's key and the books' key make a retry refund nothing twice).
 */
async function refundSubjectPayments(
  deps: PaymentsDeps,
  projectId: string,
  reason: string,
  inside?: Parameters<typeof refundPayment>[3],
) {
  const held = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.projectId, projectId), eq(payments.status, 'succeeded')));
  let refunded = 0;
  for (const payment of held.filter((p) => !p.releasedAt)) {
    if (await refundPayment(deps, payment, reason, inside)) refunded += 1;
  }
  return refunded;
}

async function paymentsOf(deps: PaymentsDeps, purpose: Purpose, subjectId: string) {
  return deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, purpose), eq(payments.subjectId, subjectId)))
    .orderBy(desc(payments.createdAt));
}

async function refundSubject(
  deps: PaymentsDeps,
  purpose: Purpose,
  subjectId: string,
  reason: string,
  inside?: Parameters<typeof refundPayment>[3],
) {
  const charged = (await paymentsOf(deps, purpose, subjectId)).filter((p) => p.status === 'succeeded');
  let refunded = 0;
  for (const payment of charged) if (await refundPayment(deps, payment, reason, inside)) refunded += 1;
  return refunded;
}

/**
 * Books a charge the gateway made and our ledger missed, as its webhook would have: under the payment's
 * row lock, so a webhook applying it meanwhile and this book it once between them.
 */
async function bookMissed(deps: PaymentsDeps, hooks: Hooks, paymentId: string, paid: CompletedCheckout) {
  const result = await deps.db.transaction(async (tx) => {
    // staff's reconciliation: its first repair carries the audit row (decision 038); a job's writes none
    await recordStaffAction(tx);
    const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    return bookCharge(tx, locked!, paid, hooks);
  });
  countSettled(deps, result.settled);
  await sendMails(deps.jobs, result.mails);
  await refundDuplicates(deps, result.refund);
  return result.settled?.outcome === 'succeeded';
}

/**
 * Compares the gateway's paid checkouts with our payments and books any the ledger missed (a crash
 * between the charge and its webhook, a webhook that never came). Returns what it found.
 */
async function reconcile(deps: PaymentsDeps, hooks: Hooks, options: { since?: Date; repair: boolean }) {
  const { db, gateway } = deps;
  const since = options.since ?? new Date(Date.now() - 7 * 24 * 3_600_000);
  const paidThere = await gateway.completedCheckouts(since);
  const missed: { paymentId: string; sessionId: string; amountCents: number; repaired: boolean }[] = [];
  for (const c of paidThere) {
    const [ours] = await db.select().from(payments).where(eq(payments.sessionId, c.sessionId));
    if (!ours || ours.status === 'succeeded' || ours.status === 'refunded') continue;
    let repaired = false;
    if (options.repair) {
      await bookMissed(deps, hooks, ours.id, c);
      repaired = true;
    }
    missed.push({ paymentId: ours.id, sessionId: c.sessionId, amountCents: c.amountCents, repaired });
  }
  // nothing to repair: staff's request is audited on its own (a no-op when a repair wrote the row)
  await recordStaffAction(db);
  if (missed.length > 0)
    deps.log.warn({ missed }, 'payments: reconciliation found payments the ledger missed');
  return { checked: paidThere.length, missed };
}

/** How far back settlePending looks: a Stripe checkout can be paid for 24 hours at most. */
export const SETTLE_PENDING_HOURS = 24;
/** The gateway is asked about this many payments at a time. */
const SETTLE_CONCURRENCY = 4;

/**
 * Asks the gateway about each payment still waiting for its charge (pending, or failed and paid again
 * since), asked in the last SETTLE_PENDING_HOURS, newest first, and books the ones it has charged: what
 * their webhooks would have done, for payments whose webhook was lost to a database outage. Run when the
 * database comes back (payments.jobs.ts), with either gateway. A payment that cannot be booked as charged
 * (another amount) is left to staff with its reason; any other failure is thrown once the rest are done,
 * so the job runs again.
 */
async function settlePending(deps: PaymentsDeps, hooks: Hooks) {
  const since = new Date(Date.now() - SETTLE_PENDING_HOURS * 3_600_000);
  const waiting = await deps.db
    .select({ id: payments.id, sessionId: payments.sessionId })
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['pending', 'failed']),
        isNotNull(payments.sessionId),
        gte(payments.createdAt, since),
      ),
    )
    .orderBy(desc(payments.createdAt));
  const booked: string[] = [];
  const errors: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < waiting.length) {
      const payment = waiting[next++]!;
      try {
        const paid = await deps.gateway.paidCheckout(payment.sessionId!);
        if (paid && (await bookMissed(deps, hooks, payment.id, paid))) booked.push(payment.id);
      } catch (error) {
        if (error instanceof EventRefused) {
          deps.log.error({ paymentId: payment.id, reason: error.message }, 'payments: a charge was refused');
        } else errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: SETTLE_CONCURRENCY }, worker));
  if (booked.length > 0)
    deps.log.warn(
      { booked },
      'payments: charges booked that their webhooks had not (settled with the gateway)',
    );
  if (errors.length > 0) throw new AggregateError(errors, 'payments: settling pending payments failed');
  return { checked: waiting.length, booked };
}

export function paymentsService(deps: PaymentsDeps) {
  const { db } = deps;
  const hooks: Hooks = new Map<string, ConfirmedHook>();
  const money = staffMoney(db);

  return {
    ...paymentReads(db, deps.currency),
    ...payoutsPart(deps),

    /** What confirming a payment of this purpose does (projects, changes; later carts, plans, credits). */
    onConfirmed(purpose: Purpose, hook: ConfirmedHook) {
      hooks.set(purpose, hook);
    },

    /**
     * Asks the payer for a payment: same idempotency key, same answer (one payment, one checkout);
     * a key used for another subject is refused.
     */
    pay: (payer: UserRow, input: NewPayment, idempotencyKey: string) =>
      pay(deps, payer, input, idempotencyKey),

    /**
     * The payment row of a key written in the caller's transaction, before its checkout is opened (`pay`
     * with the same key and input then opens it): a key already used for anything else is refused there,
     * so the caller's rows roll back with it.
     */
    reservePayment: (tx: Tx, payer: UserRow, input: NewPayment, idempotencyKey: string) =>
      reservePayment(deps, tx, payer, input, idempotencyKey),

    /**
     * Charges a card a checkout kept, without the payer (a renewal): booked at once with the purpose's
     * hook, or failed with the gateway's reason. Same key, same payment.
     */
    chargeSaved: (payer: UserRow, input: Parameters<typeof chargeSaved>[3], idempotencyKey: string) =>
      chargeSaved(deps, hooks, payer, input, idempotencyKey),

    /** A verified gateway event, applied once; mails and duplicate refunds after the commit. */
    applyEvent: (event: GatewayEvent) => applyGatewayEvent(deps, hooks, money, event),

    /** The operations console's lists of payments, payouts and failed webhook events. */
    staff: money,

    /** Staff apply a failed webhook event again (its stored, verified payload). */
    async retryEvent(eventId: string) {
      const event = await money.openFailure(eventId);
      try {
        const { applied, refused } = await applyGatewayEvent(deps, hooks, money, event);
        if (refused) throw new EventRefused(refused);
        return { applied, failure: (await money.failure(eventId))! };
      } catch (error) {
        if (isAuditFailure(error)) throw error;
        deps.log.warn({ err: error, eventId }, 'payments: a retried event failed again');
        throw new AppError('retry_failed', 'The event failed again; its error is kept with it.', 409);
      }
    },

    /** Escrow of a completed project to the pro and the platform (inside the completing transaction). */
    releaseProject,

    /** Refunds every escrowed payment of a project (how many now); `inside` runs in each refund's transaction. */
    refundSubjectPayments: (
      projectId: string,
      reason: string,
      inside?: Parameters<typeof refundPayment>[3],
    ) => refundSubjectPayments(deps, projectId, reason, inside),

    /**
     * Refunds in full every charged payment of a subject that is not for escrow (a cart order): the
     * gateway first, then the books. Payments already refunded count as done; returns how many were
     * refunded now. `inside` runs in each refund's transaction.
     */
    refundSubject: (
      purpose: Purpose,
      subjectId: string,
      reason: string,
      inside?: Parameters<typeof refundPayment>[3],
    ) => refundSubject(deps, purpose, subjectId, reason, inside),

    /** The payments asked for a subject (any status), newest first. */
    paymentsOf: (purpose: Purpose, subjectId: string) => paymentsOf(deps, purpose, subjectId),

    trialBalance: () => trialBalance(db),

    /** The pros' share of a payment, in percent, as staff see and set it (kept in the catalog history). */
    earnedPercentage: () => earnedPercentageSetting(db),
    setEarnedPercentage: (actor: { id: string }, percentage: number) =>
      setEarnedPercentage(db, actor, percentage),

    /**
     * Compares the gateway's paid checkouts with our payments and books any the ledger missed (a crash
     * between the charge and its webhook, a webhook that never came). Returns what it found.
     */
    reconcile: (options: { since?: Date; repair: boolean }) => reconcile(deps, hooks, options),

    /**
     * Asks the gateway about each payment still waiting for its charge (asked in the last day) and books
     * the ones it has charged, with either gateway: run when the database comes back from an outage.
     */
    settlePending: () => settlePending(deps, hooks),

    sendMails: (mails: MailJob[]) => sendMails(deps.jobs, mails),
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
