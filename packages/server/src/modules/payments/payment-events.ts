import { eq } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import type { Tx } from '../../db/client';
import type { GatewayEvent } from '../../platform/payments/gateway';
import { mailJob, type MailJob } from '../../platform/mail/mail-job';
import { recordStaffAction } from '../../platform/audit/audit';
import { postEntry } from './ledger';
import { paymentEvents, payments, payoutAccounts } from './payments.tables';
import {
  ESCROWED,
  type ConfirmedHook,
  type PaymentRow,
  type PaymentsDeps,
  type Settled,
} from './payments.shared';

/** Gateway events applied to our books: each stored by its id and applied once, in one transaction. */

export interface Applied {
  applied: boolean;
  mails: MailJob[];
  /** Payments charged for a subject that no longer waited for them: refunded after the commit. */
  refund: PaymentRow[];
  /** The payment this booked as succeeded or marked failed (the metrics count it after the commit). */
  settled?: Settled;
}

/**
 * A verified event that cannot apply to the payment it names: its session or charge belongs to another
 * payment, or its amount is not the payment's. Kept as a failed event for staff and answered, so the gateway
 * stops retrying; nothing is booked.
 */
export class EventRefused extends Error {}

/** Refuses an event whose session (or charge) is not the payment's own: it names one payment, pays another. */
function checkBelongs(
  payment: PaymentRow,
  event: { id: string; sessionId: string | null; chargeRef?: string | null },
) {
  if (event.sessionId && payment.sessionId && event.sessionId !== payment.sessionId) {
    throw new EventRefused(
      `event ${event.id}: its session ${event.sessionId} is not payment ${payment.id}'s (${payment.sessionId})`,
    );
  }
  if (event.chargeRef && payment.chargeRef && event.chargeRef !== payment.chargeRef) {
    throw new EventRefused(
      `event ${event.id}: its charge ${event.chargeRef} is not payment ${payment.id}'s (${payment.chargeRef})`,
    );
  }
}

async function findPayment(tx: Tx, reference: string | null, sessionId: string | null) {
  if (reference && isUuid(reference)) {
    const [row] = await tx.select().from(payments).where(eq(payments.id, reference)).for('update');
    if (row) return row;
  }
  if (sessionId) {
    const [row] = await tx.select().from(payments).where(eq(payments.sessionId, sessionId)).for('update');
    if (row) return row;
  }
  return undefined;
}

/** The receipt mail to the payer (at the address they had when they paid). */
function receiptMail(payment: PaymentRow): MailJob[] {
  return [
    mailJob('paymentReceipt', payment.receiptEmail, {
      firstName: payment.payerName,
      paymentId: payment.id,
      description: payment.description,
      amountCents: payment.amountCents,
      projectId: payment.projectId,
      paidAt: new Date().toISOString(),
    }),
  ];
}

/**
 * Books a confirmed charge: the payment succeeds, the money goes to escrow (or revenue, for what is not
 * held), the processor's fee is booked, and the purpose's hook moves its subject on. Safe to call for a
 * payment already booked (nothing happens): the webhook and the reconciliation may both get here.
 */
export async function bookCharge(
  tx: Tx,
  payment: PaymentRow,
  charge: { chargeRef: string; amountCents: number; feeCents: number; paymentMethodRef?: string | null },
  hooks: Map<string, ConfirmedHook>,
): Promise<Omit<Applied, 'applied'>> {
  if (payment.status === 'succeeded' || payment.status === 'refunded') return { mails: [], refund: [] };
  if (charge.amountCents !== payment.amountCents) {
    throw new EventRefused(
      `payment ${payment.id}: the amount charged (${charge.amountCents}) is not the amount asked (${payment.amountCents})`,
    );
  }
  const [booked] = await tx
    .update(payments)
    .set({
      status: 'succeeded',
      chargeRef: charge.chargeRef,
      feeCents: charge.feeCents,
      paymentMethodRef: charge.paymentMethodRef ?? null,
      failureMessage: null,
      succeededAt: new Date(),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  const escrowed = ESCROWED.includes(payment.purpose);
  await postEntry(tx, {
    key: `charge:${payment.id}`,
    kind: 'charge',
    paymentId: payment.id,
    projectId: payment.projectId,
    memo: payment.description,
    currency: payment.currency,
    lines: [
      { account: 'customer_funds', amountCents: -payment.amountCents },
      { account: escrowed ? 'platform_escrow' : 'platform_revenue', amountCents: payment.amountCents },
    ],
  });
  if (charge.feeCents > 0) {
    await postEntry(tx, {
      key: `fee:${payment.id}`,
      kind: 'fee',
      paymentId: payment.id,
      projectId: payment.projectId,
      memo: `Processing fee: ${payment.description}`,
      currency: payment.currency,
      lines: [
        { account: 'platform_revenue', amountCents: -charge.feeCents },
        { account: 'processor_fees', amountCents: charge.feeCents },
      ],
    });
  }
  const hook = hooks.get(payment.purpose);
  const moved = hook ? await hook(tx, booked!) : [];
  const receipt = receiptMail(booked!);
  const settled = { purpose: payment.purpose, outcome: 'succeeded' as const };
  if (moved === null) return { mails: receipt, refund: [booked!], settled };
  return { mails: [...moved, ...receipt], refund: [], settled };
}

/** Applies one verified gateway event, once. */
export async function applyEvent(
  deps: Pick<PaymentsDeps, 'db'>,
  event: GatewayEvent,
  hooks: Map<string, ConfirmedHook>,
): Promise<Applied> {
  return deps.db.transaction(async (tx) => {
    // staff applying a failed event again: the event and their audit row commit together (decision 038);
    // the gateway's own delivery is no staff request, and writes none
    await recordStaffAction(tx);
    const [stored] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, payload: event })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!stored) return { applied: false, mails: [], refund: [] };
    switch (event.type) {
      case 'payment.succeeded': {
        const payment = await findPayment(tx, event.clientReference, event.sessionId);
        if (!payment) return { applied: true, mails: [], refund: [] };
        checkBelongs(payment, event);
        return { applied: true, ...(await bookCharge(tx, payment, event, hooks)) };
      }
      case 'payment.failed':
      case 'checkout.expired': {
        const payment = await findPayment(tx, event.clientReference, event.sessionId);
        if (payment) checkBelongs(payment, event);
        // a late failure never undoes a success (events may arrive out of order)
        if (payment && (payment.status === 'pending' || payment.status === 'failed')) {
          const message = event.type === 'payment.failed' ? event.message : 'The checkout expired.';
          await tx
            .update(payments)
            .set({ status: 'failed', failureMessage: message })
            .where(eq(payments.id, payment.id));
          return {
            applied: true,
            mails: [],
            refund: [],
            settled: { purpose: payment.purpose, outcome: 'failed' },
          };
        }
        return { applied: true, mails: [], refund: [] };
      }
      case 'account.updated':
        await tx
          .update(payoutAccounts)
          .set({ payoutsEnabled: event.payoutsEnabled, updatedAt: new Date() })
          .where(eq(payoutAccounts.accountId, event.accountId));
        return { applied: true, mails: [], refund: [] };
      default:
        return { applied: true, mails: [], refund: [] };
    }
  });
}
