import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../platform/errors';
import { GatewayError } from '../../platform/payments/gateway';
import type { UserRow } from '../accounts/accounts.reads';
import { recordStaffAction } from '../../platform/audit/audit';
import { balanceOf, postEntry } from './ledger';
import { payoutAccounts, payouts } from './payments.tables';
import type { PaymentsDeps } from './payments.shared';

/** Pros' payout accounts and the payouts of their available balance. */

export function payoutsPart(deps: PaymentsDeps) {
  const { db, gateway, publicUrl } = deps;
  const base = publicUrl.replace(/\/$/, '');

  async function accountOf(userId: string) {
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
    return row;
  }

  /** Transfers one pending payout; the key makes a retry after a crash transfer once. */
  async function transferOne(payout: typeof payouts.$inferSelect) {
    try {
      const { transferRef } = await gateway.transfer({
        accountId: payout.accountId,
        amountCents: payout.amountCents,
        currency: deps.currency,
        description: 'Facet earnings',
        idempotencyKey: `payout:${payout.id}`,
      });
      await db.transaction(async (tx) => {
        await postEntry(tx, {
          key: `payout:${payout.id}`,
          kind: 'payout',
          memo: 'Payout to the pro',
          currency: deps.currency,
          lines: [
            { account: 'pro_payable', ownerId: payout.proId, amountCents: -payout.amountCents },
            { account: 'pro_paid_out', ownerId: payout.proId, amountCents: payout.amountCents },
          ],
        });
        await tx
          .update(payouts)
          .set({ status: 'paid', transferRef, paidAt: new Date() })
          .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
      });
      return true;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      // refused by the gateway (e.g. the account is not ready): the balance stays available
      await db
        .update(payouts)
        .set({ status: 'failed', failureMessage: error.message })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
      return false;
    }
  }

  return {
    accountOf,

    /**
     * Staff retry a failed payout: under the lock on the pro's account, only while no other payout is
     * pending and the balance still holds its amount (a later run may have paid that money already);
     * the same row goes back to pending and is transferred again.
     */
    async retryPayout(payoutId: string) {
      const [failed] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
      if (!failed) throw notFound('That payout');
      if (failed.status !== 'failed') {
        throw new AppError('payout_not_failed', 'Only a failed payout can be retried.', 409);
      }
      const reopened = await db.transaction(async (tx) => {
        await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, failed.proId)).for('update');
        const payable = await balanceOf(tx, 'pro_payable', failed.proId, deps.currency);
        const [pending] = await tx
          .select({ total: sql<string | null>`sum(${payouts.amountCents})` })
          .from(payouts)
          .where(and(eq(payouts.proId, failed.proId), eq(payouts.status, 'pending')));
        if (Number(pending?.total ?? 0) > 0) {
          throw new AppError('payout_pending', 'Another payout to this pro is under way.', 409);
        }
        if (payable < failed.amountCents) {
          throw new AppError('payout_already_paid', 'This money has been paid out since.', 409);
        }
        const [row] = await tx
          .update(payouts)
          .set({ status: 'pending', failureMessage: null })
          .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'failed')))
          .returning();
        // the audit row commits with the reopening, before the gateway is asked (decision 038): a row the
        // database refuses stops the retry before any money moves, so no transfer is ever made without
        // its row. What the gateway then does is the payout's own outcome (paid, or failed again with its
        // reason), and the retry answers 200 with it either way.
        if (row) await recordStaffAction(tx);
        return row;
      });
      if (!reopened) throw new AppError('payout_not_failed', 'Only a failed payout can be retried.', 409);
      await transferOne(reopened);
      const [after] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
      return after!;
    },

    /** Creates the pro's payout account once, and a fresh onboarding link to it. */
    async startOnboarding(pro: UserRow) {
      let account = await accountOf(pro.id);
      if (!account) {
        const { accountId } = await gateway.createPayoutAccount({
          email: pro.email,
          idempotencyKey: `payout-account:${pro.id}`,
        });
        await db
          .insert(payoutAccounts)
          .values({ userId: pro.id, gateway: gateway.name, accountId })
          .onConflictDoNothing();
        account = (await accountOf(pro.id))!;
      }
      const { url } = await gateway.onboardingLink({
        accountId: account.accountId,
        returnUrl: `${base}/success`,
        refreshUrl: `${base}/account-settings`,
      });
      return { onboardingUrl: url };
    },

    /** Where the pro's payout account stands, asked of the gateway (so /success never guesses). */
    async accountStatus(pro: UserRow) {
      const account = await accountOf(pro.id);
      if (!account) return { status: 'none' as const, accountId: null };
      const { payoutsEnabled } = await gateway.payoutAccount(account.accountId);
      if (payoutsEnabled !== account.payoutsEnabled) {
        await db
          .update(payoutAccounts)
          .set({ payoutsEnabled, updatedAt: new Date() })
          .where(eq(payoutAccounts.userId, pro.id));
      }
      return {
        status: payoutsEnabled ? ('active' as const) : ('pending' as const),
        accountId: account.accountId,
      };
    },

    /**
     * Pays out every available balance to a ready payout account. A pending payout row is written first
     * (under a lock on the account, so two runs never pay the same money), then transferred.
     */
    async runPayouts() {
      const ready = await db.select().from(payoutAccounts).where(eq(payoutAccounts.payoutsEnabled, true));
      for (const account of ready) {
        await db.transaction(async (tx) => {
          await tx
            .select()
            .from(payoutAccounts)
            .where(eq(payoutAccounts.userId, account.userId))
            .for('update');
          const payable = await balanceOf(tx, 'pro_payable', account.userId, deps.currency);
          const [pending] = await tx
            .select({ total: sql<string | null>`sum(${payouts.amountCents})` })
            .from(payouts)
            .where(and(eq(payouts.proId, account.userId), eq(payouts.status, 'pending')));
          const available = payable - Number(pending?.total ?? 0);
          if (available > 0) {
            await tx
              .insert(payouts)
              .values({ proId: account.userId, accountId: account.accountId, amountCents: available });
            // staff's run: its audit row commits with the first payout it makes (decision 038)
            await recordStaffAction(tx);
          }
        });
      }
      // staff's run that made no payout is audited before any transfer (the job's writes no row): a row
      // refused stops the run before the gateway is asked
      await recordStaffAction(db);
      const pending = await db
        .select()
        .from(payouts)
        .where(inArray(payouts.status, ['pending']));
      let paid = 0;
      for (const payout of pending) if (await transferOne(payout)) paid += 1;
      return paid;
    },
  };
}
