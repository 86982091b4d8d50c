import { eq } from 'drizzle-orm';
import { creditBalance, type CREDIT_PACKS } from '@facet/domain/billing';
import { membershipOf, type Membership } from '@facet/domain/catalog';
import type { Db, Tx } from '../../db/client';
import { creditAccounts, plans } from './billing.tables';

/** What other modules may read of memberships and credits (decision 019); a leaf file. */

export type PlanRow = typeof plans.$inferSelect;
export type { CREDIT_PACKS };

/** The library tier a membership opens, from the plan data (Standard for an unknown name). */
export async function planTier(db: Db | Tx, membershipName: string): Promise<Membership> {
  const [row] = await db
    .select({ tier: plans.libraryTier })
    .from(plans)
    .where(eq(plans.name, membershipName));
  return row?.tier ?? membershipOf(membershipName);
}

/** A customer's credits as shown (spec section 5): monthly plus purchased, rounded, never below 0. */
export async function creditsOf(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  if (!row) {
    // no account yet: what the first look will grant (Standard's allowance)
    const [standard] = await db.select().from(plans).where(eq(plans.id, 'standard'));
    return creditBalance(standard?.monthlyCredits ?? 0, []);
  }
  return creditBalance(row.monthly, [row.purchased]);
}
