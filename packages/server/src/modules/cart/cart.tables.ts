import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Quote } from '@facet/domain/pricing';
import { users } from '../accounts/accounts.tables';
import { models } from '../models/models.tables';
import { libraryProducts } from '../library/library.tables';
import { priceQuotes } from '../pricing/pricing.tables';
import type { CartChoices, LineConfiguration } from './cart.types';

/**
 * A customer's cart, one row per line, on the server (it follows the customer to every device). Each line
 * holds the stored quote it was priced with (`quoteId`, and a copy of its numbers) and keeps that price
 * until `lockedUntil`; after that it is re-quoted and a changed price is flagged for the customer.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['model', 'library'] }).notNull(),
    /** The model priced (a library design's line prices the customer's copy of the design's file). */
    modelId: uuid('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    libraryProductId: uuid('library_product_id').references(() => libraryProducts.id, {
      onDelete: 'set null',
    }),
    /** The customer's pricing choices (ids), without the quantity. */
    choices: jsonb('choices').$type<CartChoices>().notNull(),
    quantity: integer('quantity').notNull(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => priceQuotes.id, { onDelete: 'restrict' }),
    /** The stored quote's numbers, as quoted (never recomputed while locked). */
    quote: jsonb('quote').$type<Quote>().notNull(),
    /** Names of the choices and the model's measurements when quoted (what the order keeps). */
    configuration: jsonb('configuration').$type<LineConfiguration>().notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The price before a re-quote changed it, until the customer acknowledges the change. */
    previousUnitPriceCents: integer('previous_unit_price_cents'),
    previousTotalCents: integer('previous_total_cents'),
    priceChanged: boolean('price_changed').notNull().default(false),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_items_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * One checkout attempt per Idempotency-Key: the pending order it made, its payment, and the cart lines it
 * holds (removed from the cart when the payment is confirmed). The same key answers the same checkout.
 */
export const cartCheckouts = pgTable(
  'cart_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The orders module's pending order (no foreign key: another module's table). */
    orderId: uuid('order_id').notNull(),
    /** The order's total, what its payment asks. */
    amountCents: integer('amount_cents').notNull(),
    paymentId: uuid('payment_id'),
    itemIds: jsonb('item_ids').$type<string[]>().notNull(),
    /** The digest of the checkout's body (`requestHash`): the key answers only the same request. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_checkouts_customer_key_idx').on(t.customerId, t.idempotencyKey),
    index('cart_checkouts_order_idx').on(t.orderId),
  ],
);
