import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox gateway's own records (the embedded payments default): what a real gateway keeps on its
 * side. Only `platform/payments/sandbox-*.ts` reads them; the app sees them through the gateway port.
 */

/** A hosted checkout page: open until paid or expired. */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  clientReference: text('client_reference').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status', { enum: ['open', 'awaiting_confirmation', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  chargeId: text('charge_id'),
  feeCents: integer('fee_cents'),
  lastError: text('last_error'),
  /** Keep the card for later charges (a saved payment method once paid). */
  saveCard: boolean('save_card').notNull().default(false),
  paymentMethodId: text('payment_method_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** A connected payout account and its onboarding. */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  email: text('email').notNull(),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Money moved by the gateway: transfers to accounts and refunds of charges. */
export const sandboxMoneyMoves = pgTable('sandbox_money_moves', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind', { enum: ['transfer', 'refund'] }).notNull(),
  target: text('target').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The events the gateway sends to our webhook (delivered by a job, retried with backoff). */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_events_created_idx').on(t.createdAt)],
);

/** The sandbox's signing secret, made once per database so every node and restart signs alike. */
export const sandboxSecrets = pgTable('sandbox_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** Cards kept by a checkout for later charges; `laterCharges` is what the test card does then. */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  last4: text('last4').notNull(),
  laterCharges: text('later_charges', { enum: ['succeed', 'decline'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
