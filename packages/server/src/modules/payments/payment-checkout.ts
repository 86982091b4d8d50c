import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import type { Db, Tx } from '../../db/client';
import type { UserRow } from '../accounts/accounts.queries';
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
  const session = await gateway.createCheckout({
    amountCents: row.amountCents,
    currency: row.currency,
    description: row.description,
    clientReference: row.id,
    successUrl: url(returnPath),
    cancelUrl: `${url(cancelPath)}&cancelled=1`,
    idempotencyKey: `checkout:${row.id}`,
    ...(savePaymentMethod ? { savePaymentMethod } : {}),
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

/**
 * The payment row of an idempotency key, written if it is new, in `db` or the caller's transaction (a
 * purchase writes its row and its payment's together, so a key another request holds leaves neither):
 * the row already written under the key when it asks the same; a key used for another subject is refused.
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
    return existing;
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
