import { index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { QuoteInput, QuoteRates, QuoteResult } from '@facet/domain/pricing';
import { users } from '../accounts/accounts.tables';

/**
 * Every quote given, with the full rates it used: a cart or order points at a quote (or copies it)
 * and shows its numbers, so a later change to the catalog never alters a price already quoted.
 */
export const priceQuotes = pgTable(
  'price_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The stored model priced (no foreign key until models have a table). */
    modelId: uuid('model_id'),
    input: jsonb('input').$type<QuoteInput>().notNull(),
    /** Ids chosen besides the rates (laser font, item type), kept for the order. */
    selection: jsonb('selection').$type<Record<string, unknown>>().notNull().default({}),
    rates: jsonb('rates').$type<QuoteRates>().notNull(),
    result: jsonb('result').$type<QuoteResult>().notNull(),
    totalPriceCents: integer('total_price_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_quotes_customer_idx').on(t.customerId)],
);
