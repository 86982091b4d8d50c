import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../accounts/accounts.reads';
import { bookCharge } from './payment-events';
import { payments } from './payments.tables';
import {
  countSettled,
  sendMails,
  type ConfirmedHook,
  type PaymentRow,
  type PaymentsDeps,
} from './payments.shared';
import type { NewPayment } from './payment-checkout';

/**
 * Charges of a saved card without the payer (membership renewals): one payment row per idempotency
 * key, the gateway's answer booked at once (the charge and the purpose's hook in one transaction), a
 * decline stored on the payment as its failure.
 */

export type SavedCharge =
  { ok: true; payment: PaymentRow } | { ok: false; payment: PaymentRow; code: string; message: string };

export async function chargeSaved(
  deps: PaymentsDeps,
  hooks: Map<string, ConfirmedHook>,
  payer: UserRow,
  input: Omit<NewPayment, 'returnPath' | 'cancelPath' | 'savePaymentMethod'> & { paymentMethodRef: string },
  idempotencyKey: string,
): Promise<SavedCharge> {
  const { db, gateway } = deps;
  await db
    .insert(payments)
    .values({
      payerId: payer.id,
      purpose: input.purpose,
      subjectId: input.subjectId,
      description: input.description,
      receiptEmail: payer.email,
      payerName: payer.firstName,
      amountCents: input.amountCents,
      currency: deps.currency,
      gateway: gateway.name,
      idempotencyKey,
      paymentMethodRef: input.paymentMethodRef,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.payerId, payer.id), eq(payments.idempotencyKey, idempotencyKey)));
  if (row!.status === 'succeeded' || row!.status === 'refunded') return { ok: true, payment: row! };
  const answer = await gateway.chargeSaved({
    paymentMethodRef: input.paymentMethodRef,
    amountCents: row!.amountCents,
    currency: row!.currency,
    description: row!.description,
    clientReference: row!.id,
    idempotencyKey: `saved-charge:${row!.id}`,
  });
  if (!answer.ok) {
    const [failed] = await db
      .update(payments)
      .set({ status: 'failed', failureMessage: answer.message })
      .where(and(eq(payments.id, row!.id), eq(payments.status, row!.status)))
      .returning();
    if (failed) countSettled(deps, { purpose: failed.purpose, outcome: 'failed' });
    return { ok: false, payment: failed ?? row!, code: answer.code, message: answer.message };
  }
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, row!.id)).for('update');
    const booked = await bookCharge(
      tx,
      locked!,
      { ...answer, amountCents: locked!.amountCents, paymentMethodRef: input.paymentMethodRef },
      hooks,
    );
    const [after] = await tx.select().from(payments).where(eq(payments.id, row!.id));
    return { ...booked, payment: after! };
  });
  countSettled(deps, result.settled);
  await sendMails(deps.jobs, result.mails);
  return { ok: true, payment: result.payment };
}
