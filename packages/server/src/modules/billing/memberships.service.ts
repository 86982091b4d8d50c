import { and, asc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import { addMonth, GRACE_DAYS, MIN_CHARGE_CENTS, prorate } from '@facet/domain/billing';
import { formatDate, formatMoney } from '@facet/domain/format';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { UserRow } from '../accounts/accounts.reads';
import type { AccountsService } from '../accounts/accounts.service';
import type { NewPayment, PaymentsService } from '../payments/payments.service';
import { mailJob, sendMails } from '../../platform/mail/mail-job';
import { billingPurchases, memberships, plans } from './billing.tables';
import type { PlanRow } from './billing.reads';
import type { CreditsService } from './credits.service';
import { idempotencyKeyReused, requestHash } from '../../platform/request-hash';
import type { DiscountsService } from './discounts';

/**
 * Memberships: a plan per customer (no row: Standard). A paid plan starts with a hosted checkout that
 * keeps the card; each month the renewal job charges that card. An upgrade charges the unused part of
 * the period's price difference now; a downgrade or cancel waits for the period's end. A failed renewal
 * keeps the plan for GRACE_DAYS (retried daily), then the account drops to Standard, with mail.
 */

export type MembershipRow = typeof memberships.$inferSelect;
type PurchaseRow = typeof billingPurchases.$inferSelect;

export interface MembershipDeps {
  db: Db;
  jobs: Jobs;
  accounts: AccountsService;
  payments: PaymentsService;
  credits: CreditsService;
  discounts: DiscountsService;
}

export type ChangeKind = 'new' | 'upgrade' | 'downgrade' | 'cancel' | 'same';

export interface ChangeQuote {
  plan: PlanRow;
  kind: ChangeKind;
  /** The price before a discount: the plan's price, or the prorated difference of an upgrade. */
  listPriceCents: number;
  discountCents: number;
  amountCents: number;
  prorated: boolean;
  /** When the change takes effect (now, or the end of the paid period). */
  effectiveAt: Date;
  /** The end of the period the plan then runs to. */
  periodEnd: Date | null;
  message: string;
}

const DAY = 24 * 3_600_000;
export const RENEWAL_JOB = 'billing-renewals';
export const MONTHLY_CREDITS_JOB = 'billing-monthly-credits';

const noPlan = (name: string) =>
  new AppError('plan_not_found', `There is no plan named ${name}.`, 404, { plan: 'Choose a plan.' });

export function membershipsService(deps: MembershipDeps) {
  const { db, accounts, payments, credits, discounts } = deps;

  const activePlans = () => db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.rank));

  async function planById(d: Db | Tx, id: string) {
    const [row] = await d.select().from(plans).where(eq(plans.id, id));
    return row!;
  }

  async function planNamed(name: string) {
    const list = await activePlans();
    const plan = list.find((p) => p.name.toLowerCase() === name.trim().toLowerCase() || p.id === name);
    if (!plan) throw noPlan(name);
    return plan;
  }

  async function rowOf(d: Db | Tx, userId: string) {
    const [row] = await d.select().from(memberships).where(eq(memberships.userId, userId));
    return row;
  }

  /** The customer's membership as the account pages show it. */
  async function view(user: UserRow) {
    const row = await rowOf(db, user.id);
    const plan = await planById(db, row?.planId ?? 'standard');
    const pending = row?.pendingPlanId ? await planById(db, row.pendingPlanId) : null;
    return {
      plan,
      status: row?.status ?? ('active' as const),
      periodStart: row?.periodStart ?? null,
      periodEnd: row?.periodEnd ?? null,
      pendingPlan: pending,
      graceUntil: row?.graceUntil ?? null,
      hasSavedCard: Boolean(row?.paymentMethodRef),
    };
  }

  /** What choosing a plan would do and cost now (shown before confirming). */
  async function quote(user: UserRow, planName: string, code: string | undefined, now = new Date()) {
    const plan = await planNamed(planName);
    const row = await rowOf(db, user.id);
    const current = await planById(db, row?.planId ?? 'standard');
    const paidPeriod =
      row && row.status === 'active' && current.priceCents > 0 && row.periodEnd && row.periodEnd > now
        ? row
        : null;
    let q: Omit<ChangeQuote, 'discountCents' | 'amountCents' | 'message'>;
    // a renewal that failed: choosing the plan again pays a new period now
    const pastDue = row?.status === 'past_due' && current.priceCents > 0;
    if (plan.id === current.id && !pastDue) {
      q = {
        plan,
        kind: 'same',
        listPriceCents: 0,
        prorated: false,
        effectiveAt: now,
        periodEnd: row?.periodEnd ?? null,
      };
    } else if (!paidPeriod && plan.priceCents === 0 && current.priceCents > 0) {
      // a paid plan with no running period (its renewal declined, or due and not yet renewed): choosing
      // the free plan ends it now, so no retry charges the card again
      q = { plan, kind: 'cancel', listPriceCents: 0, prorated: false, effectiveAt: now, periodEnd: null };
    } else if (!paidPeriod) {
      q =
        plan.priceCents > 0
          ? {
              plan,
              kind: 'new',
              listPriceCents: plan.priceCents,
              prorated: false,
              effectiveAt: now,
              periodEnd: addMonth(now),
            }
          : { plan, kind: 'same', listPriceCents: 0, prorated: false, effectiveAt: now, periodEnd: null };
    } else if (plan.rank > current.rank) {
      const difference = prorate({
        currentPriceCents: current.priceCents,
        newPriceCents: plan.priceCents,
        periodStart: paidPeriod.periodStart ?? now,
        periodEnd: paidPeriod.periodEnd!,
        now,
      });
      q = {
        plan,
        kind: 'upgrade',
        listPriceCents: Math.max(difference, MIN_CHARGE_CENTS),
        prorated: true,
        effectiveAt: now,
        periodEnd: paidPeriod.periodEnd,
      };
    } else {
      q = {
        plan,
        kind: plan.priceCents > 0 ? 'downgrade' : 'cancel',
        listPriceCents: 0,
        prorated: false,
        effectiveAt: paidPeriod.periodEnd!,
        periodEnd: paidPeriod.periodEnd,
      };
    }
    const charged = q.kind === 'new' || q.kind === 'upgrade';
    const discountCents =
      charged && code ? (await discounts.preview(code, 'plans', q.listPriceCents, now)).discountCents : 0;
    if (!charged && code) await discounts.preview(code, 'plans', 0, now);
    const amountCents = charged ? q.listPriceCents - discountCents : 0;
    return { ...q, discountCents, amountCents, message: describe({ ...q, amountCents }, current) };
  }

  function describe(
    q: Pick<ChangeQuote, 'kind' | 'plan' | 'amountCents' | 'effectiveAt' | 'periodEnd'>,
    current: PlanRow,
  ) {
    const on = (d: Date | null) => (d ? formatDate(d, { timeZone: 'UTC' }) : '');
    switch (q.kind) {
      case 'new':
        return `You pay ${formatMoney(q.amountCents)} now; ${q.plan.name} renews monthly from ${on(q.periodEnd)}.`;
      case 'upgrade':
        return `You pay ${formatMoney(q.amountCents)} now for the rest of this period; then ${formatMoney(q.plan.priceCents)} a month from ${on(q.periodEnd)}.`;
      case 'downgrade':
        return `You keep ${current.name} until ${on(q.effectiveAt)}; then ${q.plan.name} at ${formatMoney(q.plan.priceCents)} a month.`;
      case 'cancel':
        return q.periodEnd === null
          ? `Your account moves to ${q.plan.name} now. Nothing more is charged.`
          : `You keep ${current.name} until ${on(q.effectiveAt)}; then your account moves to ${q.plan.name}. Nothing more is charged.`;
      default:
        return `You are on ${q.plan.name}.`;
    }
  }

  /** Starts a new paid period (or keeps the period of an upgrade) with the plan's credits. */
  async function startPlan(
    tx: Tx,
    userId: string,
    plan: PlanRow,
    period: { start: Date; end: Date },
    cardRef: string | null,
  ) {
    const existing = await rowOf(tx, userId);
    const values = {
      planId: plan.id,
      status: 'active' as const,
      periodStart: period.start,
      periodEnd: period.end,
      pendingPlanId: null,
      graceUntil: null,
      nextAttemptAt: null,
      paymentMethodRef: cardRef ?? existing?.paymentMethodRef ?? null,
      updatedAt: new Date(),
    };
    await tx
      .insert(memberships)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: memberships.userId, set: values });
    await accounts.setMembership(tx, userId, plan.name);
    await credits.grantMonthly(tx, userId, {
      credits: plan.monthlyCredits,
      resetsAt: period.end,
      memo: `Monthly credits (${plan.name})`,
      now: new Date(),
    });
  }

  /** Back to Standard (a cancel at the period's end, or a renewal that kept failing). */
  async function dropToStandard(tx: Tx, userId: string, now: Date) {
    const standard = await planById(tx, 'standard');
    await tx
      .update(memberships)
      .set({
        planId: 'standard',
        status: 'active',
        periodStart: null,
        periodEnd: null,
        pendingPlanId: null,
        graceUntil: null,
        nextAttemptAt: null,
        updatedAt: now,
      })
      .where(eq(memberships.userId, userId));
    await accounts.setMembership(tx, userId, standard.name);
    await credits.grantMonthly(tx, userId, {
      credits: standard.monthlyCredits,
      resetsAt: addMonth(now),
      memo: `Monthly credits (${standard.name})`,
      now,
    });
  }

  // a plan's payment (new, upgrade or renewal), confirmed in the transaction that books it
  payments.onConfirmed('membership', async (tx, payment) => {
    const [purchase] = await tx
      .select()
      .from(billingPurchases)
      .where(eq(billingPurchases.id, payment.subjectId))
      .for('update');
    if (!purchase || purchase.status === 'paid') return [];
    const plan = await planById(tx, purchase.planId!);
    const now = payment.succeededAt ?? new Date();
    const row = await rowOf(tx, purchase.userId);
    if (purchase.kind === 'plan') {
      // a paid period already runs (this plan paid twice in two tabs, or another plan paid meanwhile):
      // starting this one would drop what was paid for, so this payment is refunded
      if (row && row.planId !== 'standard' && row.periodEnd && row.periodEnd > now) return null;
      await startPlan(
        tx,
        purchase.userId,
        plan,
        { start: now, end: addMonth(now) },
        payment.paymentMethodRef,
      );
    } else if (purchase.kind === 'upgrade') {
      // priced for the period it was asked in, and only once: already on the plan is a second payment
      if (!row?.periodEnd || row.periodEnd.getTime() !== purchase.periodEnd?.getTime()) return null;
      if (row.planId === purchase.planId) return null;
      await startPlan(
        tx,
        purchase.userId,
        plan,
        { start: row.periodStart ?? now, end: row.periodEnd },
        payment.paymentMethodRef,
      );
    } else if (purchase.kind === 'renewal') {
      // renews the period that is ending, once: a re-subscription or another renewal got there first
      if (!row?.periodEnd || addMonth(row.periodEnd).getTime() !== purchase.periodEnd?.getTime()) return null;
      await startPlan(
        tx,
        purchase.userId,
        plan,
        { start: row?.periodEnd ?? now, end: purchase.periodEnd! },
        payment.paymentMethodRef,
      );
    }
    await tx
      .update(billingPurchases)
      .set({ status: 'paid', paidAt: now })
      .where(eq(billingPurchases.id, purchase.id));
    return [];
  });

  /**
   * A purchase row per customer and key (a retry finds the first); a code's use is taken with it. With
   * `payment`, the purchase's payment row is written under the same key in the same transaction, so a key
   * already used for anything else (another route's payment) is refused with nothing left behind: no
   * pending purchase, no code use.
   */
  async function purchaseFor(
    user: UserRow,
    key: string,
    values: Omit<
      typeof billingPurchases.$inferInsert,
      'userId' | 'idempotencyKey' | 'discountCents' | 'amountCents' | 'discountCodeId'
    >,
    code: string | undefined,
    target: 'plans' | 'credits',
    payment?: (purchase: PurchaseRow) => NewPayment,
  ): Promise<PurchaseRow> {
    const asked = requestHash({
      kind: values.kind,
      planId: values.planId ?? null,
      packCode: values.packCode ?? null,
      code: code?.trim().toUpperCase() || null,
    });
    const same = (row: PurchaseRow) =>
      row.kind === values.kind &&
      row.planId === (values.planId ?? null) &&
      row.packCode === (values.packCode ?? null) &&
      (row.requestHash === null || row.requestHash === asked);
    const find = async () =>
      (
        await db
          .select()
          .from(billingPurchases)
          .where(and(eq(billingPurchases.userId, user.id), eq(billingPurchases.idempotencyKey, key)))
      )[0];
    const reused = () => idempotencyKeyReused('a purchase');
    const existing = await find();
    if (existing) {
      if (!same(existing)) throw reused();
      return existing;
    }
    const inserted = await db
      .transaction(async (tx) => {
        const discount = code ? await discounts.take(tx, code, target, values.listPriceCents) : null;
        const [row] = await tx
          .insert(billingPurchases)
          .values({
            ...values,
            userId: user.id,
            idempotencyKey: key,
            requestHash: asked,
            discountCodeId: discount?.row.id ?? null,
            discountCents: discount?.discountCents ?? 0,
            amountCents: values.listPriceCents - (discount?.discountCents ?? 0),
          })
          .onConflictDoNothing()
          .returning();
        // the same key at the same moment: the other request's purchase stands, this code use rolls back
        if (!row) throw new KeyRace();
        if (payment) await payments.reservePayment(tx, user, payment(row), key);
        return row;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof KeyRace)) throw error;
        return null;
      });
    const row = inserted ?? (await find());
    if (!same(row!)) throw reused();
    return row!;
  }

  /** Chooses a plan: a charge answers the hosted checkout; a downgrade or cancel is scheduled. */
  async function change(
    user: UserRow,
    planName: string,
    code: string | undefined,
    key: string,
    now = new Date(),
  ) {
    const q = await quote(user, planName, code, now);
    if (q.kind === 'cancel' && q.periodEnd === null) {
      await db.transaction((tx) => dropToStandard(tx, user.id, now));
      return { paymentId: null, checkoutUrl: null, quote: q };
    }
    if (q.kind === 'same' || q.kind === 'downgrade' || q.kind === 'cancel') {
      const row = await rowOf(db, user.id);
      if (row) {
        await db
          .update(memberships)
          .set({ pendingPlanId: q.kind === 'same' ? null : q.plan.id, updatedAt: now })
          .where(eq(memberships.userId, user.id));
      }
      return { paymentId: null, checkoutUrl: null, quote: q };
    }
    const payment = (purchase: PurchaseRow): NewPayment => ({
      purpose: 'membership',
      subjectId: purchase.id,
      amountCents: purchase.amountCents,
      description:
        purchase.kind === 'upgrade'
          ? `Upgrade to ${q.plan.name} (prorated)`
          : `${q.plan.name} membership, first month`,
      returnPath: '/account-settings',
      savePaymentMethod: true,
    });
    const purchase = await purchaseFor(
      user,
      key,
      {
        kind: q.kind === 'new' ? 'plan' : 'upgrade',
        planId: q.plan.id,
        listPriceCents: q.listPriceCents,
        periodEnd: q.kind === 'upgrade' ? q.periodEnd : null,
      },
      code,
      'plans',
      payment,
    );
    const { paymentId, checkoutUrl } = await payments.pay(user, payment(purchase), key);
    return { paymentId, checkoutUrl, quote: q };
  }

  /** One due membership: a scheduled change, a renewal charge, or the grace's end. */
  async function renewOne(row: MembershipRow, now: Date) {
    const user = await accounts.queries.findById(row.userId);
    if (!user) return 'skipped';
    const current = await planById(db, row.planId);
    const next = await planById(db, row.pendingPlanId ?? row.planId);
    if (next.priceCents === 0) {
      await db.transaction((tx) => dropToStandard(tx, row.userId, now));
      await sendMails(deps.jobs, [
        mailJob('membershipEnded', user.email, {
          firstName: user.firstName,
          planName: current.name,
          reason: 'cancelled',
        }),
      ]);
      return 'ended';
    }
    const periodEnd = addMonth(row.periodEnd!);
    // one key per attempt, and a new attempt only after a recorded decline: a run that failed before it
    // knew the charge's outcome tries again under the same key, so the card is charged once
    const declined = await db
      .select({ id: billingPurchases.id })
      .from(billingPurchases)
      .where(
        and(
          eq(billingPurchases.userId, row.userId),
          eq(billingPurchases.kind, 'renewal'),
          eq(billingPurchases.periodEnd, periodEnd),
          eq(billingPurchases.status, 'failed'),
        ),
      );
    const key = `renewal:${row.periodEnd!.toISOString()}:${declined.length + 1}`;
    const purchase = await purchaseFor(
      user,
      key,
      { kind: 'renewal', planId: next.id, listPriceCents: next.priceCents, periodEnd },
      undefined,
      'plans',
    );
    const charged = row.paymentMethodRef
      ? await payments.chargeSaved(
          user,
          {
            purpose: 'membership',
            subjectId: purchase.id,
            amountCents: purchase.amountCents,
            description: `${next.name} membership, ${formatDate(row.periodEnd!, { timeZone: 'UTC' })} to ${formatDate(periodEnd, { timeZone: 'UTC' })}`,
            paymentMethodRef: row.paymentMethodRef,
          },
          key,
        )
      : ({ ok: false, message: 'No saved card was found.' } as const);
    if (charged.ok) return 'renewed';
    await db.update(billingPurchases).set({ status: 'failed' }).where(eq(billingPurchases.id, purchase.id));
    const graceUntil = row.graceUntil ?? new Date(row.periodEnd!.getTime() + GRACE_DAYS * DAY);
    if (now >= graceUntil) {
      await db.transaction((tx) => dropToStandard(tx, row.userId, now));
      await sendMails(deps.jobs, [
        mailJob('membershipEnded', user.email, {
          firstName: user.firstName,
          planName: current.name,
          reason: 'payment-failed',
        }),
      ]);
      return 'ended';
    }
    await db
      .update(memberships)
      .set({
        status: 'past_due',
        graceUntil,
        nextAttemptAt: new Date(Math.min(now.getTime() + DAY, graceUntil.getTime())),
        updatedAt: now,
      })
      .where(eq(memberships.userId, row.userId));
    if (!row.graceUntil) {
      await sendMails(deps.jobs, [
        mailJob('membershipRenewalFailed', user.email, {
          firstName: user.firstName,
          planName: current.name,
          amountCents: purchase.amountCents,
          reason: charged.message,
          graceUntil: graceUntil.toISOString(),
        }),
      ]);
    }
    return 'failed';
  }

  return {
    activePlans,
    view,
    quote,
    change,

    /** The renewal job: every paid membership whose period ended (and whose next try is due). */
    async renewDue(now = new Date()) {
      const due = await db
        .select()
        .from(memberships)
        .where(
          and(
            ne(memberships.planId, 'standard'),
            lte(memberships.periodEnd, now),
            or(isNull(memberships.nextAttemptAt), lte(memberships.nextAttemptAt, now)),
          ),
        );
      const results: Record<string, string> = {};
      let failure: unknown = null;
      for (const row of due) {
        // one customer's gateway error does not hold up the others; the job is retried after
        try {
          results[row.userId] = await renewOne(row, now);
        } catch (error) {
          results[row.userId] = 'error';
          failure ??= error;
        }
      }
      if (failure) throw failure;
      return results;
    },

    /** Paid memberships still running (staff figures, tests). */
    running: (now = new Date()) =>
      db
        .select()
        .from(memberships)
        .where(and(ne(memberships.planId, 'standard'), gt(memberships.periodEnd, now))),

    purchaseFor,
  };
}

class KeyRace extends Error {}

export type MembershipsService = ReturnType<typeof membershipsService>;
