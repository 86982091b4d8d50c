import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { GatewayError, type PaymentGateway } from './gateway';
import { sandboxAccounts, sandboxCheckoutSessions, sandboxMoneyMoves } from './payments.tables';
import { emit, newId, type SandboxContext } from './sandbox-events';

/** The sandbox gateway's payout accounts and money moves (transfers to them, refunds of charges). */

export type AccountRow = typeof sandboxAccounts.$inferSelect;

type TransferRequest = Parameters<PaymentGateway['transfer']>[0];
type RefundRequest = Parameters<PaymentGateway['refund']>[0];

export async function createPayoutAccount(db: Db, request: { email: string; idempotencyKey: string }) {
  await db
    .insert(sandboxAccounts)
    .values({ id: newId('acct_sbx'), idempotencyKey: request.idempotencyKey, email: request.email })
    .onConflictDoNothing({ target: sandboxAccounts.idempotencyKey });
  const [row] = await db
    .select()
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.idempotencyKey, request.idempotencyKey));
  return { accountId: row!.id };
}

export async function findAccount(db: Db, id: string) {
  const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, id));
  return row;
}

export async function completeOnboarding(ctx: SandboxContext, id: string) {
  const [row] = await ctx.db
    .update(sandboxAccounts)
    .set({ payoutsEnabled: true })
    .where(eq(sandboxAccounts.id, id))
    .returning();
  if (row) await emit(ctx, 'account.updated', { id: row.id, object: 'account', payouts_enabled: true });
  return row;
}

async function move(
  db: Db,
  kind: 'transfer' | 'refund',
  prefix: string,
  target: string,
  amountCents: number,
  key: string,
) {
  await db
    .insert(sandboxMoneyMoves)
    .values({ id: newId(prefix), idempotencyKey: key, kind, target, amountCents })
    .onConflictDoNothing({ target: sandboxMoneyMoves.idempotencyKey });
  const [row] = await db.select().from(sandboxMoneyMoves).where(eq(sandboxMoneyMoves.idempotencyKey, key));
  return row!.id;
}

export async function transfer(db: Db, request: TransferRequest) {
  const [account] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, request.accountId));
  if (!account) throw new GatewayError('no_account', 'No such payout account.');
  if (!account.payoutsEnabled)
    throw new GatewayError('account_not_ready', 'The payout account is not ready.');
  return {
    transferRef: await move(
      db,
      'transfer',
      'tr_sbx',
      request.accountId,
      request.amountCents,
      request.idempotencyKey,
    ),
  };
}

export async function refund(db: Db, request: RefundRequest) {
  const [paid] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.chargeId, request.chargeRef));
  if (!paid) throw new GatewayError('no_charge', 'No such charge.');
  if (request.amountCents > paid.amountCents)
    throw new GatewayError('amount_too_large', 'Refund is larger than the charge.');
  return {
    refundRef: await move(
      db,
      'refund',
      're_sbx',
      request.chargeRef,
      request.amountCents,
      request.idempotencyKey,
    ),
  };
}
