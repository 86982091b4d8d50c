import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { postEntry } from './ledger';
import { payments } from './payments.tables';
import type { PaymentRow, PaymentsDeps } from './payments.shared';

/** Escrow: released to the pro and the platform when the work is approved, or refunded to the customer. */

/**
 * Releases every escrowed payment of a completed project, inside the transaction that completes it:
 * the pro's share (fixed when the payment was asked) to their payable, the rest to platform revenue.
 */
export async function releaseProject(tx: Tx, projectId: string) {
  const held = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.projectId, projectId), eq(payments.status, 'succeeded'), isNull(payments.releasedAt)),
    )
    .for('update');
  for (const payment of held) {
    const share = payment.proId ? payment.proShareCents : 0;
    await postEntry(tx, {
      key: `release:${payment.id}`,
      kind: 'release',
      paymentId: payment.id,
      projectId,
      memo: `Released: ${payment.description}`,
      currency: payment.currency,
      lines: [
        { account: 'platform_escrow', amountCents: -payment.amountCents },
        ...(share > 0
          ? [{ account: 'pro_payable' as const, ownerId: payment.proId, amountCents: share }]
          : []),
        { account: 'platform_revenue', amountCents: payment.amountCents - share },
      ],
    });
    await tx.update(payments).set({ releasedAt: new Date() }).where(eq(payments.id, payment.id));
  }
  return held.length;
}

/**
 * Refunds one charged payment in full: the gateway first (idempotent by key, so a retry after a crash
 * refunds once), then the books — escrow (or revenue) back to the customer, the payment refunded.
 */
export async function refundPayment(
  deps: Pick<PaymentsDeps, 'db' | 'gateway'>,
  payment: PaymentRow,
  reason: string,
  inside?: (tx: Tx, payment: PaymentRow) => Promise<void>,
) {
  if (payment.status !== 'succeeded' || !payment.chargeRef) {
    throw new AppError('not_refundable', 'Only a payment that went through can be refunded.', 409);
  }
  if (payment.releasedAt) {
    throw new AppError('already_released', 'This payment was already released to the pro.', 409);
  }
  await deps.gateway.refund({
    chargeRef: payment.chargeRef,
    amountCents: payment.amountCents,
    idempotencyKey: `refund:${payment.id}`,
  });
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (!row || row.status !== 'succeeded' || row.releasedAt) return false;
    const escrowed = await postEntry(tx, {
      key: `refund:${row.id}`,
      kind: 'refund',
      paymentId: row.id,
      projectId: row.projectId,
      memo: `Refund (${reason}): ${row.description}`,
      currency: row.currency,
      lines: [
        {
          account:
            row.purpose === 'project' || row.purpose === 'changes' ? 'platform_escrow' : 'platform_revenue',
          amountCents: -row.amountCents,
        },
        { account: 'refunds', amountCents: row.amountCents },
      ],
    });
    if (!escrowed) return false;
    await tx
      .update(payments)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(eq(payments.id, row.id));
    await inside?.(tx, row);
    return true;
  });
}
