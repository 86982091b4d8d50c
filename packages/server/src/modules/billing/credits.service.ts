import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { addMonth, creditBalance, creditTexts, splitSpend } from '@facet/domain/billing';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { creditAccounts, creditEntries, creditSpends, memberships, plans } from './billing.tables';

/**
 * A customer's credits: the monthly allowance (reset each period, never carried over) and purchased
 * credits (kept). Spends take the monthly credits first, under a row lock, and are unique per key;
 * a spend given back returns what it took, once. Both counts are never below 0 (the database checks too).
 */

export interface SpendInput {
  userId: string;
  credits: number;
  /** Shown in the history ('AI generation: Ring sketch'). */
  reason: string;
  /** The same key spends once: a retry answers the first spend. */
  idempotencyKey: string;
}

type AccountRow = typeof creditAccounts.$inferSelect;

async function allowanceOf(tx: Tx, planId: string) {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
  return plan?.monthlyCredits ?? 0;
}

/** The paid plan a customer is on, when a paid period runs (its renewal resets the monthly credits). */
async function paidMembership(tx: Tx, userId: string) {
  const [row] = await tx.select().from(memberships).where(eq(memberships.userId, userId));
  return row && row.planId !== 'standard' ? row : null;
}

/** The account, made on first use with Standard's allowance; a Standard month that ended is reset. Locked. */
async function lockedAccount(tx: Tx, userId: string, now: Date): Promise<AccountRow> {
  const standard = await allowanceOf(tx, 'standard');
  const [created] = await tx
    .insert(creditAccounts)
    .values({ userId, monthly: standard, monthlyResetsAt: addMonth(now) })
    .onConflictDoNothing()
    .returning();
  if (created && standard > 0) {
    await tx.insert(creditEntries).values({
      userId,
      kind: 'grant',
      monthlyDelta: standard,
      memo: 'Monthly credits (Standard)',
    });
  }
  const [row] = await tx.select().from(creditAccounts).where(eq(creditAccounts.userId, userId)).for('update');
  if (row!.monthlyResetsAt > now || (await paidMembership(tx, userId))) return row!;
  let next = row!.monthlyResetsAt;
  while (next <= now) next = addMonth(next);
  const [reset] = await tx
    .update(creditAccounts)
    .set({ monthly: standard, monthlyResetsAt: next, updatedAt: now })
    .where(eq(creditAccounts.userId, userId))
    .returning();
  await tx.insert(creditEntries).values({
    userId,
    kind: 'reset',
    monthlyDelta: standard - row!.monthly,
    memo: 'Monthly credits (Standard)',
  });
  return reset!;
}

export function creditsService(deps: { db: Db }) {
  const { db } = deps;

  /** Sets the monthly credits to a plan's allowance for a new period (not added to what is left). */
  async function grantMonthly(
    tx: Tx,
    userId: string,
    input: { credits: number; resetsAt: Date; memo: string; now: Date },
  ) {
    const before = await lockedAccount(tx, userId, input.now);
    await tx
      .update(creditAccounts)
      .set({ monthly: input.credits, monthlyResetsAt: input.resetsAt, updatedAt: input.now })
      .where(eq(creditAccounts.userId, userId));
    await tx.insert(creditEntries).values({
      userId,
      kind: 'grant',
      monthlyDelta: input.credits - before.monthly,
      memo: input.memo,
    });
  }

  /** Adds bought credits (they last). */
  async function addPurchased(tx: Tx, userId: string, credits: number, memo: string, refId: string) {
    await lockedAccount(tx, userId, new Date());
    await tx
      .update(creditAccounts)
      .set({ purchased: sql`${creditAccounts.purchased} + ${credits}`, updatedAt: new Date() })
      .where(eq(creditAccounts.userId, userId));
    await tx.insert(creditEntries).values({ userId, kind: 'purchase', purchasedDelta: credits, memo, refId });
  }

  return {
    grantMonthly,
    addPurchased,

    /** The balance as shown (monthly + purchased, rounded, never below 0) and when the monthly credits reset. */
    async balance(userId: string, now = new Date()) {
      const row = await db.transaction((tx) => lockedAccount(tx, userId, now));
      return { ...creditBalance(row.monthly, [row.purchased]), monthlyResetsAt: row.monthlyResetsAt };
    },

    /** The newest changes first. */
    async history(userId: string, limit = 100) {
      return db
        .select()
        .from(creditEntries)
        .where(eq(creditEntries.userId, userId))
        .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
        .limit(limit);
    },

    /**
     * Takes credits before the work that costs them (an AI generation): atomically, monthly first,
     * once per key. Throws 402 insufficient_credits when the balance is short; nothing changes then.
     */
    async spend(input: SpendInput, now = new Date()): Promise<{ spendId: string }> {
      if (!Number.isSafeInteger(input.credits) || input.credits <= 0) {
        throw new AppError('invalid_credits', 'A spend is a whole number of credits above 0.', 400);
      }
      return db.transaction(async (tx) => {
        const account = await lockedAccount(tx, input.userId, now);
        const [done] = await tx
          .select({ id: creditSpends.id })
          .from(creditSpends)
          .where(
            and(eq(creditSpends.userId, input.userId), eq(creditSpends.idempotencyKey, input.idempotencyKey)),
          );
        if (done) return { spendId: done.id };
        const split = splitSpend(input.credits, account.monthly, account.purchased);
        if (!split) {
          throw new AppError(
            'insufficient_credits',
            creditTexts.insufficient(input.credits, account.monthly + account.purchased),
            402,
          );
        }
        await tx
          .update(creditAccounts)
          .set({
            monthly: account.monthly - split.fromMonthly,
            purchased: account.purchased - split.fromPurchased,
            updatedAt: now,
          })
          .where(eq(creditAccounts.userId, input.userId));
        const [spend] = await tx
          .insert(creditSpends)
          .values({
            userId: input.userId,
            idempotencyKey: input.idempotencyKey,
            credits: input.credits,
            fromMonthly: split.fromMonthly,
            fromPurchased: split.fromPurchased,
            reason: input.reason,
          })
          .returning({ id: creditSpends.id });
        await tx.insert(creditEntries).values({
          userId: input.userId,
          kind: 'spend',
          monthlyDelta: -split.fromMonthly,
          purchasedDelta: -split.fromPurchased,
          memo: input.reason,
          refId: spend!.id,
        });
        return { spendId: spend!.id };
      });
    },

    /** Returns a spend's credits when the work failed; once (a second call changes nothing). */
    async giveBack(spendId: string): Promise<{ givenBack: boolean }> {
      return db.transaction(async (tx) => {
        const [known] = await tx.select().from(creditSpends).where(eq(creditSpends.id, spendId));
        if (!known) throw notFound('That spend');
        const [spend] = await tx
          .update(creditSpends)
          .set({ givenBackAt: new Date() })
          .where(and(eq(creditSpends.id, spendId), isNull(creditSpends.givenBackAt)))
          .returning();
        if (!spend) return { givenBack: false };
        await lockedAccount(tx, spend.userId, new Date());
        await tx
          .update(creditAccounts)
          .set({
            monthly: sql`${creditAccounts.monthly} + ${spend.fromMonthly}`,
            purchased: sql`${creditAccounts.purchased} + ${spend.fromPurchased}`,
            updatedAt: new Date(),
          })
          .where(eq(creditAccounts.userId, spend.userId));
        await tx.insert(creditEntries).values({
          userId: spend.userId,
          kind: 'give_back',
          monthlyDelta: spend.fromMonthly,
          purchasedDelta: spend.fromPurchased,
          memo: `Given back: ${spend.reason}`,
          refId: spend.id,
        });
        return { givenBack: true };
      });
    },

    /** Resets the monthly credits of Standard accounts whose month ended (the daily job). */
    async resetDue(now = new Date()) {
      const due = await db
        .select({ userId: creditAccounts.userId })
        .from(creditAccounts)
        .where(lte(creditAccounts.monthlyResetsAt, now));
      for (const { userId } of due) await db.transaction((tx) => lockedAccount(tx, userId, now));
      return due.length;
    },
  };
}

export type CreditsService = ReturnType<typeof creditsService>;
