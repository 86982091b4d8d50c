import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import type { GatewayEvent } from '../../platform/payments/gateway';
import type { UserRow } from '../accounts/accounts.queries';
import type { MailJob } from '../notifications/notifications.service';
import { trialBalance } from './ledger';
import { applyEvent, bookCharge } from './payment-events';
import { payments } from './payments.tables';
import { paymentReads } from './payment-views';
import { payoutsPart } from './payouts';
import { refundPayment, releaseProject } from './escrow';
import {
  earnedPercentage,
  proShare,
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

export interface NewPayment {
  purpose: Purpose;
  subjectId: string;
  amountCents: number;
  description: string;
  projectId?: string | null;
  /** The pro who earns from it (escrowed purposes). */
  proId?: string | null;
  /** Our page the gateway sends the payer back to (paid or cancelled). */
  returnPath: string;
}

export function paymentsService(deps: PaymentsDeps) {
  const { db, gateway } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');
  const hooks = new Map<string, ConfirmedHook>();
  const reads = paymentReads(db);
  const payoutsApi = payoutsPart(deps);

  async function refundDuplicates(list: PaymentRow[]) {
    for (const payment of list) {
      await refundPayment(deps, payment, 'already paid').catch((err: unknown) =>
        deps.log.error({ err, paymentId: payment.id }, 'payments: refunding a duplicate charge failed'),
      );
    }
  }

  /** Opens (or finds) the gateway checkout of a payment row. */
  async function checkout(row: PaymentRow, returnPath: string) {
    if (row.checkoutUrl) return { paymentId: row.id, checkoutUrl: row.checkoutUrl };
    const back = `${base}${returnPath}`;
    const join = back.includes('?') ? '&' : '?';
    const session = await gateway.createCheckout({
      amountCents: row.amountCents,
      currency: row.currency,
      description: row.description,
      clientReference: row.id,
      successUrl: `${back}${join}payment=${row.id}`,
      cancelUrl: `${back}${join}payment=${row.id}&cancelled=1`,
      idempotencyKey: `checkout:${row.id}`,
    });
    await db
      .update(payments)
      .set({ sessionId: session.sessionId, checkoutUrl: session.url })
      .where(eq(payments.id, row.id));
    // an older checkout of the same subject will not be paid now
    const older = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.purpose, row.purpose),
          eq(payments.subjectId, row.subjectId),
          eq(payments.status, 'pending'),
          ne(payments.id, row.id),
        ),
      );
    for (const old of older)
      if (old.sessionId) await gateway.expireCheckout(old.sessionId).catch(() => undefined);
    return { paymentId: row.id, checkoutUrl: session.url };
  }

  return {
    ...reads,
    ...payoutsApi,

    /** What confirming a payment of this purpose does (projects, changes; later carts, plans, credits). */
    onConfirmed(purpose: Purpose, hook: ConfirmedHook) {
      hooks.set(purpose, hook);
    },

    /**
     * Asks the payer for a payment: same idempotency key, same answer (one payment, one checkout);
     * a key used for another subject is refused.
     */
    async pay(payer: UserRow, input: NewPayment, idempotencyKey: string) {
      const [existing] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.payerId, payer.id), eq(payments.idempotencyKey, idempotencyKey)));
      if (existing) {
        if (existing.purpose !== input.purpose || existing.subjectId !== input.subjectId) {
          throw new AppError(
            'idempotency_key_reused',
            'This Idempotency-Key was used for another payment.',
            409,
          );
        }
        return checkout(existing, input.returnPath);
      }
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new AppError('nothing_to_pay', 'There is nothing to pay.', 409);
      }
      const [paid] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.purpose, input.purpose),
            eq(payments.subjectId, input.subjectId),
            eq(payments.status, 'succeeded'),
          ),
        );
      if (paid) throw new AppError('already_paid', 'This is already paid.', 409);
      const percentage = input.proId ? await earnedPercentage(db) : null;
      await db
        .insert(payments)
        .values({
          payerId: payer.id,
          purpose: input.purpose,
          subjectId: input.subjectId,
          projectId: input.projectId ?? null,
          proId: input.proId ?? null,
          earnedPercentage: percentage,
          proShareCents: percentage === null ? 0 : proShare(input.amountCents, percentage),
          description: input.description,
          receiptEmail: payer.email,
          payerName: payer.firstName,
          amountCents: input.amountCents,
          currency: deps.currency,
          gateway: gateway.name,
          idempotencyKey,
        })
        .onConflictDoNothing();
      // a concurrent request with the same key may have written it first: both answer the same row
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.payerId, payer.id), eq(payments.idempotencyKey, idempotencyKey)));
      if (row!.purpose !== input.purpose || row!.subjectId !== input.subjectId) {
        throw new AppError(
          'idempotency_key_reused',
          'This Idempotency-Key was used for another payment.',
          409,
        );
      }
      return checkout(row!, input.returnPath);
    },

    /** A verified gateway event, applied once; mails and duplicate refunds after the commit. */
    async applyEvent(event: GatewayEvent) {
      const result = await applyEvent(deps, event, hooks);
      await sendMails(deps.jobs, result.mails);
      await refundDuplicates(result.refund);
      return { applied: result.applied };
    },

    /** Escrow of a completed project to the pro and the platform (inside the completing transaction). */
    releaseProject,

    /** Staff refund every escrowed payment of a project; `inside` runs in each refund's transaction. */
    async refundSubjectPayments(
      projectId: string,
      reason: string,
      inside?: Parameters<typeof refundPayment>[3],
    ) {
      const held = await db
        .select()
        .from(payments)
        .where(and(eq(payments.projectId, projectId), eq(payments.status, 'succeeded')));
      const refundable = held.filter((p) => !p.releasedAt);
      if (refundable.length === 0) {
        throw new AppError('nothing_to_refund', 'This project has no payment held in escrow.', 409);
      }
      for (const payment of refundable) await refundPayment(deps, payment, reason, inside);
      return refundable.length;
    },

    trialBalance: () => trialBalance(db),

    /**
     * Compares the gateway's paid checkouts with our payments and books any the ledger missed (a crash
     * between the charge and its webhook, a webhook that never came). Returns what it found.
     */
    async reconcile(options: { since?: Date; repair: boolean }) {
      const since = options.since ?? new Date(Date.now() - 7 * 24 * 3_600_000);
      const paidThere = await gateway.completedCheckouts(since);
      const missed: { paymentId: string; sessionId: string; amountCents: number; repaired: boolean }[] = [];
      for (const c of paidThere) {
        const [ours] = await db.select().from(payments).where(eq(payments.sessionId, c.sessionId));
        if (!ours || ours.status === 'succeeded' || ours.status === 'refunded') continue;
        let repaired = false;
        if (options.repair) {
          const result = await db.transaction(async (tx) => {
            const [locked] = await tx.select().from(payments).where(eq(payments.id, ours.id)).for('update');
            return bookCharge(tx, locked!, c, hooks);
          });
          await sendMails(deps.jobs, result.mails);
          await refundDuplicates(result.refund);
          repaired = true;
        }
        missed.push({ paymentId: ours.id, sessionId: c.sessionId, amountCents: c.amountCents, repaired });
      }
      if (missed.length > 0)
        deps.log.warn({ missed }, 'payments: reconciliation found payments the ledger missed');
      return { checked: paidThere.length, missed };
    },

    sendMails: (mails: MailJob[]) => sendMails(deps.jobs, mails),
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
