import { and, eq, isNull, ne } from 'drizzle-orm';
import { AppError, GATEWAY_REFUSED_MESSAGE, PAYMENTS_UNAVAILABLE_MESSAGE } from '../../platform/errors';
import { GatewayError, GatewayUnavailable } from '../../platform/payments/gateway';
import type { Db, Tx } from '../../db/client';
import type { UserRow } from '../accounts/accounts.reads';
import { payments } from './payments.tables';
import { idempotencyKeyReused } from '../../platform/request-hash';
import {
  earnedPercentage,
  proShare,
  type PaymentRow,
  type PaymentsDeps,
  type Purpose,
} from './payments.shared';

/** Asking a payer for a payment: the payment row (one per idempotency key) and its gateway checkout. */

export interface NewPayment {
  purpose: Purpose;
  subjectId: string;
  amountCents: number;
  description: string;
  projectId?: string | null;
  /** The pro who earns from it (escrowed purposes). */
  proId?: string | null;
  /** Our page the gateway sends the payer back to (paid, and cancelled unless `cancelPath` is given). */
  returnPath: string;
  /** Our page for a cancelled payment, when it is not `returnPath` (the cart's checkout page). */
  cancelPath?: string;
  /** Keep the card for later charges without the payer (a membership's renewals). */
  savePaymentMethod?: boolean;
}

const keyReused = () => idempotencyKeyReused('a payment');

/** What the payer reads of an attempt whose checkout could not be opened. */
function notOpenedBecause(error: unknown) {
  if (error instanceof GatewayUnavailable) return PAYMENTS_UNAVAILABLE_MESSAGE;
  if (error instanceof GatewayError) return GATEWAY_REFUSED_MESSAGE;
  return 'The payment could not be started; nothing was charged.';
}

/**
 * The gateway did not open the checkout (away, refusing): the payment is closed as failed with the reason,
 * so no pending payment waits on a checkout that does not exist. The same key asks again (`reopen`).
 */
async function closeNotOpened(deps: PaymentsDeps, row: PaymentRow, error: unknown) {
  await deps.db
    .update(payments)
    .set({ status: 'failed', failureMessage: notOpenedBecause(error) })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pending'), isNull(payments.checkoutUrl)))
    .catch((err: unknown) =>
      deps.log.error({ err, paymentId: row.id }, 'payments: closing an unopened payment failed'),
    );
}

/** Refuses a payment of a subject that another payment has paid. */
async function refuseIfPaid(db: Db | Tx, purpose: PaymentRow['purpose'], subjectId: string) {
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.purpose, purpose), eq(payments.subjectId, subjectId), eq(payments.status, 'succeeded')),
    );
  if (paid) throw new AppError('already_paid', 'This is already paid.', 409);
}

/**
 * The same key after its checkout could not be opened (the gateway was away): the same payment asks again,
 * with the same gateway idempotency key, so a checkout the gateway made but never told us of is the one
 * given back, and the payer is charged once.
 */
async function reopen(db: Db | Tx, row: PaymentRow) {
  if (row.status !== 'failed' || row.checkoutUrl) return row;
  await refuseIfPaid(db, row.purpose, row.subjectId);
  const [reopened] = await db
    .update(payments)
    .set({ status: 'pending', failureMessage: null })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'failed'), isNull(payments.checkoutUrl)))
    .returning();
  if (reopened) return reopened;
  const [now] = await db.select().from(payments).where(eq(payments.id, row.id));
  return now!;
}

/** Opens (or finds) the gateway checkout of a payment row. */
export async function openCheckout(
  deps: PaymentsDeps,
  row: PaymentRow,
  returnPath: string,
  cancelPath = returnPath,
  savePaymentMethod = false,
) {
  const { db, gateway } = deps;
  if (row.checkoutUrl) return { paymentId: row.id, checkoutUrl: row.checkoutUrl };
  const url = (path: string) => {
    const back = `${deps.publicUrl.replace(/\/$/, '')}${path}`;
    return `${back}${back.includes('?') ? '&' : '?'}payment=${row.id}`;
  };
  let session: Awaited<ReturnType<typeof gateway.createCheckout>>;
  try {
    session = await gateway.createCheckout({
      amountCents: row.amountCents,
      currency: row.currency,
      description: row.description,
      clientReference: row.id,
      successUrl: url(returnPath),
      cancelUrl: `${url(cancelPath)}&cancelled=1`,
      idempotencyKey: `checkout:${row.id}`,
      ...(savePaymentMethod ? { savePaymentMethod } : {}),
    });
  } catch (error) {
    await closeNotOpened(deps, row, error);
    throw error;
  }
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

/**
 * The payment row of an idempotency key, written if it is new, in `db` or the caller's transaction (a
 * purchase writes its row and its payment's together, so a key another request holds leaves neither):
 * the row already written under the key when it asks the same (reopened when its checkout could not be
 * opened); a key used for another subject is refused.
 */
export async function reservePayment(
  deps: PaymentsDeps,
  db: Db | Tx,
  payer: UserRow,
  input: NewPayment,
  idempotencyKey: string,
): Promise<PaymentRow> {
  const { gateway } = deps;
  const [existing] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.payerId, payer.id), eq(payments.idempotencyKey, idempotencyKey)));
  if (existing) {
    if (existing.purpose !== input.purpose || existing.subjectId !== input.subjectId) throw keyReused();
    return reopen(db, existing);
  }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new AppError('nothing_to_pay', 'There is nothing to pay.', 409);
  }
  await refuseIfPaid(db, input.purpose, input.subjectId);
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
  if (row!.purpose !== input.purpose || row!.subjectId !== input.subjectId) throw keyReused();
  return row!;
}

/**
 * Asks the payer for a payment: same idempotency key, same answer (one payment, one checkout);
 * a key used for another subject is refused.
 */
export async function pay(deps: PaymentsDeps, payer: UserRow, input: NewPayment, idempotencyKey: string) {
  const row = await reservePayment(deps, deps.db, payer, input, idempotencyKey);
  return openCheckout(deps, row, input.returnPath, input.cancelPath, input.savePaymentMethod);
}
