import { asc, eq } from 'drizzle-orm';
import { creditPack, CREDIT_PACKS, type CreditPackCode } from '@facet/domain/billing';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { UserRow } from '../accounts/accounts.reads';
import type { AccountsService } from '../accounts/accounts.service';
import type { NewPayment, PaymentsService } from '../payments/payments.service';
import { billingPurchases, plans } from './billing.tables';
import { seedBillingPlans } from './billing.seed';
import { diffFields, recordKeyedChange } from '../catalog/catalog.service';
import { creditsService } from './credits.service';
import { discountsService } from './discounts';
import { membershipsService } from './memberships.service';
import { recordStaffAction } from '../../platform/audit/audit';

/**
 * The billing module (decision 030): membership plans, credits and discount codes. Plans and packs are
 * paid through the payments port (purposes `membership` and `credits`); what a payment buys is applied
 * in the transaction that books it.
 */

export interface BillingDeps {
  db: Db;
  jobs: Jobs;
  accounts: AccountsService;
  payments: PaymentsService;
}

export function billingService(deps: BillingDeps) {
  const { db, payments } = deps;
  const credits = creditsService({ db });
  const discounts = discountsService({ db });
  const memberships = membershipsService({ ...deps, credits, discounts });

  // a credit pack's payment adds its credits, once
  payments.onConfirmed('credits', async (tx, payment) => {
    const [purchase] = await tx
      .select()
      .from(billingPurchases)
      .where(eq(billingPurchases.id, payment.subjectId))
      .for('update');
    if (!purchase || purchase.status === 'paid') return [];
    const pack = creditPack(purchase.packCode ?? '');
    await credits.addPurchased(
      tx,
      purchase.userId,
      purchase.credits,
      `Bought ${pack?.name ?? 'credits'}`,
      purchase.id,
    );
    await tx
      .update(billingPurchases)
      .set({ status: 'paid', paidAt: payment.succeededAt ?? new Date() })
      .where(eq(billingPurchases.id, purchase.id));
    return [];
  });

  function packOf(code: string) {
    const pack = creditPack(code);
    if (!pack) {
      throw new AppError('pack_not_found', 'Choose one of the credit packs.', 404, {
        pack: 'Choose a pack.',
      });
    }
    return pack;
  }

  return {
    seed: () => seedBillingPlans(db),
    credits,
    discounts,
    memberships,
    packs: CREDIT_PACKS,

    /** A pack's price with a code (a preview: no use of the code is taken). */
    async packQuote(code: CreditPackCode, discountCode: string | undefined) {
      const pack = packOf(code);
      const discountCents = discountCode
        ? (await discounts.preview(discountCode, 'credits', pack.priceCents)).discountCents
        : 0;
      return {
        pack,
        listPriceCents: pack.priceCents,
        discountCents,
        amountCents: pack.priceCents - discountCents,
      };
    },

    /** Buys a credit pack: its payment on the gateway's hosted page; same key, same answer. */
    async buyPack(user: UserRow, code: CreditPackCode, discountCode: string | undefined, key: string) {
      const pack = packOf(code);
      const payment = (purchase: { id: string; amountCents: number }): NewPayment => ({
        purpose: 'credits',
        subjectId: purchase.id,
        amountCents: purchase.amountCents,
        description: `Facet credits: ${pack.name}`,
        returnPath: '/credits',
      });
      // the purchase and its payment row are written together: a key used on another route leaves neither
      const purchase = await memberships.purchaseFor(
        user,
        key,
        { kind: 'pack', packCode: pack.code, credits: pack.credits, listPriceCents: pack.priceCents },
        discountCode,
        'credits',
        payment,
      );
      return payments.pay(user, payment(purchase), key);
    },

    /** Staff edit a plan's price, credits, perks or availability (its name stays: accounts carry it). */
    /** Every plan, withdrawn ones too, by rank (the staff editor). */
    allPlans: () => db.select().from(plans).orderBy(asc(plans.rank)),

    /**
     * Staff edit a plan; the change is kept in the catalog's history (who, before, after) in the same
     * transaction. A membership already paid keeps what it was charged: each payment stores its amount;
     * the new price applies from the next charge (decision 042).
     */
    async updatePlan(
      id: string,
      patch: Partial<Pick<typeof plans.$inferInsert, 'priceCents' | 'monthlyCredits' | 'perks' | 'active'>>,
      actor: Pick<UserRow, 'id'>,
    ) {
      if (id === 'standard' && (patch.priceCents ?? 0) > 0) {
        throw new AppError('standard_is_free', 'The Standard plan stays free.', 409);
      }
      if (id === 'standard' && patch.active === false) {
        throw new AppError('standard_is_free', 'The Standard plan cannot be withdrawn.', 409);
      }
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
        if (!current) throw new AppError('plan_not_found', 'That plan was not found.', 404);
        const { before, after, changed } = diffFields(current, patch);
        if (!changed) {
          // nothing to change: staff's request is audited all the same
          await recordStaffAction(tx);
          return current;
        }
        const [row] = await tx
          .update(plans)
          .set({ ...after, updatedAt: new Date() })
          .where(eq(plans.id, id))
          .returning();
        await recordKeyedChange(tx, { actorId: actor.id, entity: 'membership_plan', key: id, before, after });
        return row!;
      });
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
