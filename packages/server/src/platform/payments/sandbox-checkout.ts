import { createHash } from 'node:crypto';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { CheckoutRequest, CompletedCheckout, SavedChargeRequest, SavedChargeResult } from './gateway';
import { sandboxCheckoutSessions, sandboxPaymentMethods } from './payments.tables';
import { emit, newId, type SandboxContext } from './sandbox-events';

/** The sandbox gateway's checkouts: sessions, the hosted page's card payments and confirmations. */

export type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

/** The test cards (spaces removed) and what they do. */
export const TEST_CARDS: Record<
  string,
  { outcome: 'succeed' | 'decline' | 'confirm'; message?: string; laterCharges?: 'decline' }
> = {
  '4242424242424242': { outcome: 'succeed' },
  // pays at the checkout, then declines every later charge of the saved card (a failed renewal)
  '4000000000000341': { outcome: 'succeed', laterCharges: 'decline' },
  '5555555555554444': { outcome: 'succeed' },
  '4000000000000002': { outcome: 'decline', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'decline', message: 'Your card has insufficient funds.' },
  '4000002500003155': { outcome: 'confirm' },
};

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What paying on the hosted page led to. */
export type PayOutcome =
  | { kind: 'paid'; redirectTo: string }
  | { kind: 'confirm'; redirectTo: string }
  | { kind: 'refused'; code: string; message: string; session: SessionRow };

/** The sandbox's fee, as Stripe's standard card price: 2.9% + 30 cents. */
export const sandboxFee = (amountCents: number) => Math.round(amountCents * 0.029) + 30;

export async function findSession(db: Db, id: string) {
  const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
  return row;
}

/** Closes the session as paid, once: of many concurrent confirmations one charges, the others find it done. */
async function charge(ctx: SandboxContext, row: SessionRow, cardNumber: string): Promise<PayOutcome> {
  const chargeId = newId('ch_sbx');
  const feeCents = sandboxFee(row.amountCents);
  const paymentMethodId = row.saveCard ? newId('pm_sbx') : null;
  const [done] = await ctx.db
    .update(sandboxCheckoutSessions)
    .set({
      status: 'complete',
      chargeId,
      feeCents,
      paymentMethodId,
      completedAt: new Date(),
      lastError: null,
    })
    .where(
      and(
        eq(sandboxCheckoutSessions.id, row.id),
        inArray(sandboxCheckoutSessions.status, ['open', 'awaiting_confirmation']),
      ),
    )
    .returning();
  if (done) {
    if (paymentMethodId) {
      await ctx.db.insert(sandboxPaymentMethods).values({
        id: paymentMethodId,
        last4: cardNumber.slice(-4),
        laterCharges: TEST_CARDS[cardNumber]?.laterCharges ?? 'succeed',
      });
    }
    await emit(ctx, 'checkout.session.completed', {
      id: done.id,
      object: 'checkout.session',
      client_reference_id: done.clientReference,
      payment_status: 'paid',
      payment_intent: chargeId,
      amount_total: done.amountCents,
      fee: feeCents,
      saved_payment_method: paymentMethodId,
    });
  }
  return { kind: 'paid', redirectTo: row.successUrl };
}

async function decline(ctx: SandboxContext, row: SessionRow, message: string): Promise<PayOutcome> {
  const [updated] = await ctx.db
    .update(sandboxCheckoutSessions)
    .set({ lastError: message, status: 'open' })
    .where(
      and(
        eq(sandboxCheckoutSessions.id, row.id),
        inArray(sandboxCheckoutSessions.status, ['open', 'awaiting_confirmation']),
      ),
    )
    .returning();
  if (!updated) return { kind: 'paid', redirectTo: row.successUrl };
  await emit(ctx, 'payment_intent.payment_failed', {
    object: 'payment_intent',
    checkout_session: row.id,
    client_reference_id: row.clientReference,
    last_payment_error: { message },
  });
  return { kind: 'refused', code: 'card_declined', message, session: updated };
}

function cardProblem(card: CardInput): string | null {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return 'Your card number is incomplete.';
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const now = new Date();
  if (card.expMonth < 1 || card.expMonth > 12) return "Your card's expiration month is invalid.";
  if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
  ) {
    return "Your card's expiration date is in the past.";
  }
  if (!/^\d{3,4}$/.test(card.cvc)) return "Your card's security code is incomplete.";
  if (!TEST_CARDS[number])
    return 'Your card number is incorrect. In the sandbox, use a test card such as 4242 4242 4242 4242.';
  return null;
}

export async function createCheckout(ctx: SandboxContext, request: CheckoutRequest) {
  const { db, base } = ctx;
  const id = newId('cs_sbx');
  await db
    .insert(sandboxCheckoutSessions)
    .values({
      id,
      idempotencyKey: request.idempotencyKey,
      amountCents: request.amountCents,
      currency: request.currency,
      description: request.description,
      clientReference: request.clientReference,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      saveCard: request.savePaymentMethod ?? false,
    })
    .onConflictDoNothing({ target: sandboxCheckoutSessions.idempotencyKey });
  const [row] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.idempotencyKey, request.idempotencyKey));
  return { sessionId: row!.id, url: `${base}/sandbox/checkout/${row!.id}` };
}

export async function expireCheckout(ctx: SandboxContext, sessionId: string) {
  const [row] = await ctx.db
    .update(sandboxCheckoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')))
    .returning();
  if (row) {
    await emit(ctx, 'checkout.session.expired', {
      id: row.id,
      object: 'checkout.session',
      client_reference_id: row.clientReference,
    });
  }
}

export async function payCheckout(
  ctx: SandboxContext,
  sessionId: string,
  card: CardInput,
): Promise<PayOutcome | null> {
  const row = await findSession(ctx.db, sessionId);
  if (!row) return null;
  if (row.status === 'complete') return { kind: 'paid', redirectTo: row.successUrl };
  if (row.status === 'expired') {
    return {
      kind: 'refused',
      code: 'checkout_expired',
      message: 'This checkout has expired.',
      session: row,
    };
  }
  const problem = cardProblem(card);
  if (problem) return { kind: 'refused', code: 'card_invalid', message: problem, session: row };
  const test = TEST_CARDS[card.cardNumber.replace(/[\s-]/g, '')]!;
  if (test.outcome === 'decline') return decline(ctx, row, test.message!);
  if (test.outcome === 'confirm') {
    await ctx.db
      .update(sandboxCheckoutSessions)
      .set({ status: 'awaiting_confirmation' })
      .where(and(eq(sandboxCheckoutSessions.id, row.id), eq(sandboxCheckoutSessions.status, 'open')));
    return { kind: 'confirm', redirectTo: `${ctx.base}/sandbox/checkout/${row.id}/confirm` };
  }
  return charge(ctx, row, card.cardNumber.replace(/[\s-]/g, ''));
}

export async function confirmCheckout(
  ctx: SandboxContext,
  sessionId: string,
  outcome: 'complete' | 'fail',
): Promise<PayOutcome | null> {
  const row = await findSession(ctx.db, sessionId);
  if (!row) return null;
  if (row.status === 'complete') return { kind: 'paid', redirectTo: row.successUrl };
  if (row.status !== 'awaiting_confirmation') {
    return {
      kind: 'refused',
      code: 'no_confirmation',
      message: 'Nothing waits for a confirmation.',
      session: row,
    };
  }
  if (outcome === 'fail') return decline(ctx, row, 'We are unable to authenticate your payment method.');
  // the 3-D Secure test card, kept as it behaves at the checkout
  return charge(ctx, row, '4000002500003155');
}

/**
 * A checkout paid before this gateway was asked (the demo's past payments, seeded with their ledger
 * entries): the sandbox holds it as paid, so its charge can be refunded like any other. Same key, one row.
 */
export async function recordPaidCheckout(
  db: Db | Tx,
  paid: {
    idempotencyKey: string;
    sessionId: string;
    chargeId: string;
    amountCents: number;
    currency: string;
    description: string;
    clientReference: string;
    paidAt: Date;
  },
) {
  await db
    .insert(sandboxCheckoutSessions)
    .values({
      id: paid.sessionId,
      idempotencyKey: paid.idempotencyKey,
      amountCents: paid.amountCents,
      currency: paid.currency,
      description: paid.description,
      clientReference: paid.clientReference,
      successUrl: '/',
      cancelUrl: '/',
      status: 'complete',
      chargeId: paid.chargeId,
      feeCents: 0,
      createdAt: paid.paidAt,
      completedAt: paid.paidAt,
    })
    .onConflictDoNothing({ target: sandboxCheckoutSessions.idempotencyKey });
}

/** A paid session as the port tells it (its charge, fee and kept card, as its event names them). */
const completed = (r: SessionRow): CompletedCheckout => ({
  sessionId: r.id,
  clientReference: r.clientReference,
  chargeRef: r.chargeId!,
  amountCents: r.amountCents,
  feeCents: r.feeCents ?? 0,
  paymentMethodRef: r.paymentMethodId ?? null,
  completedAt: r.completedAt!,
});

export async function completedCheckouts(db: Db, since: Date) {
  const rows = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(
      and(eq(sandboxCheckoutSessions.status, 'complete'), gte(sandboxCheckoutSessions.completedAt, since)),
    );
  return rows.map(completed);
}

/** The session's charge once it is paid; null while it is open, waits for a confirmation or expired. */
export async function paidCheckout(db: Db, sessionId: string) {
  const row = await findSession(db, sessionId);
  return row?.status === 'complete' ? completed(row) : null;
}

/**
 * Charges a saved card without the payer (a renewal): the card's later-charge behaviour decides. The
 * same idempotency key answers the same result.
 */
export async function chargeSaved(
  ctx: SandboxContext,
  request: SavedChargeRequest,
): Promise<SavedChargeResult> {
  const [method] = await ctx.db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, request.paymentMethodRef));
  if (!method) return { ok: false, code: 'no_payment_method', message: 'No saved card was found.' };
  if (method.laterCharges === 'decline') {
    return { ok: false, code: 'card_declined', message: 'Your card was declined.' };
  }
  const chargeId = `ch_sbx_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
  return { ok: true, chargeRef: chargeId, feeCents: sandboxFee(request.amountCents) };
}
