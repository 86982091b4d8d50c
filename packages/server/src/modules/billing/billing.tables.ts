import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

/**
 * Membership plans: staff-editable data (seeded Standard, Pro, Business). `libraryTier` is which of the
 * library's designs the plan opens, and which of each design's least-pieces counts applies.
 */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    rank: integer('rank').notNull(),
    priceCents: integer('price_cents').notNull(),
    monthlyCredits: integer('monthly_credits').notNull(),
    perks: jsonb('perks').$type<string[]>().notNull().default([]),
    libraryTier: text('library_tier', { enum: ['Standard', 'Pro', 'Business'] }).notNull(),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('plans_credits_nonnegative', sql`${t.monthlyCredits} >= 0`),
  ],
);

/**
 * A customer's membership: the plan, its paid period, a change waiting for the period's end (a
 * downgrade, or Standard for a cancel), the saved card renewals charge, and the grace of a failed renewal.
 * No row: Standard.
 */
export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['active', 'past_due'] })
      .notNull()
      .default('active'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    pendingPlanId: text('pending_plan_id').references(() => plans.id),
    paymentMethodRef: text('payment_method_ref'),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memberships_period_idx').on(t.periodEnd)],
);

/**
 * A customer's credits: the monthly allowance left in this period and the purchased credits. Both
 * never below 0 (checked by the database too); spends are one guarded UPDATE.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    monthly: integer('monthly').notNull().default(0),
    purchased: integer('purchased').notNull().default(0),
    /** When the monthly credits reset next (the plan's period; monthly from sign-up on Standard). */
    monthlyResetsAt: timestamp('monthly_resets_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_accounts_monthly_nonnegative', sql`${t.monthly} >= 0`),
    check('credit_accounts_purchased_nonnegative', sql`${t.purchased} >= 0`),
  ],
);

/** Every change of a customer's credits (the history page): grants, purchases, spends, give-backs. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['grant', 'purchase', 'spend', 'give_back', 'reset'] }).notNull(),
    monthlyDelta: integer('monthly_delta').notNull().default(0),
    purchasedDelta: integer('purchased_delta').notNull().default(0),
    memo: text('memo').notNull(),
    /** What it came from: a purchase, a spend. */
    refId: text('ref_id'),
    // the clock, not the transaction's start: entries of one transaction keep their order
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('credit_entries_user_idx').on(t.userId, t.createdAt)],
);

/** One spend of credits (an AI generation): unique per customer and key; given back at most once. */
export const creditSpends = pgTable(
  'credit_spends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    credits: integer('credits').notNull(),
    fromMonthly: integer('from_monthly').notNull(),
    fromPurchased: integer('from_purchased').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    givenBackAt: timestamp('given_back_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('credit_spends_user_key_idx').on(t.userId, t.idempotencyKey),
    check('credit_spends_positive', sql`${t.credits} > 0`),
  ],
);

/** Discount codes staff create, for plans, credit packs or both. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    appliesTo: text('applies_to', { enum: ['plans', 'credits', 'both'] }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    /** Uses taken (a use is taken when a purchase is asked with the code). */
    used: integer('used').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('discount_codes_one_kind', sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check('discount_codes_used_within_max', sql`${t.maxUses} is null or ${t.used} <= ${t.maxUses}`),
  ],
);

/**
 * A purchase asked of a customer (the subject of its payment): a plan (new or upgrade), a renewal or
 * a credit pack, with its price, discount and what it grants. Unique per customer and key.
 */
export const billingPurchases = pgTable(
  'billing_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['plan', 'upgrade', 'renewal', 'pack'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    planId: text('plan_id').references(() => plans.id),
    packCode: text('pack_code'),
    credits: integer('credits').notNull().default(0),
    listPriceCents: integer('list_price_cents').notNull(),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    /** The period a renewal pays for, or the period end an upgrade keeps. */
    periodEnd: timestamp('period_end', { withTimezone: true }),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    /** The digest of what was asked (`requestHash`: the plan or pack and the discount code). */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_purchases_user_key_idx').on(t.userId, t.idempotencyKey),
    check('billing_purchases_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
