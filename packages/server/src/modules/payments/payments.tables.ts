import { sql } from 'drizzle-orm';
import type { CurrencyCode } from '@facet/domain/money';
import {
  boolean,
  char,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

/**
 * One payment asked of a payer: what it pays for (`purpose` + `subjectId`: a project, a change request,
 * later a cart or a plan), the amount, and where it stands at the gateway.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purpose: text('purpose', { enum: ['project', 'changes', 'cart', 'membership', 'credits'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    /** The project it belongs to (project and change payments), for escrow and release. */
    projectId: uuid('project_id'),
    /** The pro who earns from it (escrowed payments), with the share fixed when it was asked. */
    proId: uuid('pro_id').references(() => users.id, { onDelete: 'restrict' }),
    earnedPercentage: integer('earned_percentage'),
    proShareCents: integer('pro_share_cents').notNull().default(0),
    description: text('description').notNull(),
    /** Where the receipt goes: the payer's address when they paid (as a gateway's receipt_email). */
    receiptEmail: text('receipt_email').notNull(),
    payerName: text('payer_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').$type<CurrencyCode>().notNull().default('usd'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    gateway: text('gateway', { enum: ['sandbox', 'stripe'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    sessionId: text('session_id'),
    checkoutUrl: text('checkout_url'),
    /** The gateway's charge (sandbox charge id, Stripe payment intent), known once paid. */
    chargeRef: text('charge_ref'),
    feeCents: integer('fee_cents'),
    /** The card the gateway kept for later charges (a membership's renewals), when asked to keep it. */
    paymentMethodRef: text('payment_method_ref'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    // same key, same payment: a retried request finds the first one
    uniqueIndex('payments_payer_key_idx').on(t.payerId, t.idempotencyKey),
    uniqueIndex('payments_session_idx').on(t.sessionId),
    index('payments_subject_idx').on(t.purpose, t.subjectId),
    index('payments_project_idx').on(t.projectId),
    index('payments_pro_idx').on(t.proId),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The double-entry journal: one entry per money event (charge, fee, release, payout, refund), each with
 * lines that sum to zero (a deferred constraint trigger refuses the commit otherwise). `key` makes each
 * event's entry unique, so applying it twice writes it once. An entry is in one currency: its lines carry
 * it too, and a foreign key on (entry, currency) refuses a line of another (decision 065), so an entry
 * that balances balances in its currency.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    kind: text('kind', { enum: ['charge', 'fee', 'release', 'payout', 'refund'] }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    projectId: uuid('project_id'),
    memo: text('memo').notNull(),
    /** The ISO 4217 code in lower case, as payments store it (@facet/domain/money). */
    currency: char('currency', { length: 3 }).$type<CurrencyCode>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_payment_idx').on(t.paymentId),
    index('ledger_entries_project_idx').on(t.projectId),
    // what the lines' (entry, currency) foreign key points at
    unique('ledger_entries_id_currency_unique').on(t.id, t.currency),
    check('ledger_entries_currency_code', sql`${t.currency} ~ '^[a-z]{3}$'`),
  ],
);

/** The accounts of the ledger; the pro accounts are per pro (`ownerId`). */
export const LEDGER_ACCOUNTS = [
  'customer_funds',
  'platform_escrow',
  'pro_payable',
  'pro_paid_out',
  'platform_revenue',
  'processor_fees',
  'refunds',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** One line of an entry: an amount in cents on an account (positive: money held there; negative: came from there). */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** The entry's currency: the (entry, currency) foreign key refuses any other. */
    currency: char('currency', { length: 3 }).$type<CurrencyCode>().notNull(),
  },
  (t) => [
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_account_idx').on(t.account, t.ownerId),
    check('ledger_lines_amount_nonzero', sql`${t.amountCents} <> 0`),
    foreignKey({
      name: 'ledger_lines_entry_currency_fk',
      columns: [t.entryId, t.currency],
      foreignColumns: [ledgerEntries.id, ledgerEntries.currency],
    }).onDelete('restrict'),
  ],
);

/** Every gateway event received, by its id: applied once however often it is delivered. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pro's payout account at the gateway (a Connect account; a sandbox account otherwise). */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gateway: text('gateway', { enum: ['sandbox', 'stripe'] }).notNull(),
  accountId: text('account_id').notNull().unique(),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One transfer of a pro's available balance to their payout account. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proId: uuid('pro_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    transferRef: text('transfer_ref'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_pro_idx').on(t.proId, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Settings of the money path that staff may change (e.g. the pros' earned percentage). */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    key: text('key').notNull(),
    value: integer('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);

/**
 * A verified gateway event whose application failed (the transaction rolled back, so it is not in
 * `payment_events`): kept with the error for staff to see and retry; resolved once applied.
 */
export const paymentEventFailures = pgTable(
  'payment_event_failures',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull().default(1),
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }).notNull().defaultNow(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('payment_event_failures_open_idx').on(t.resolvedAt, t.lastFailedAt)],
);
