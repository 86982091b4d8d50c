import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceQuotes } from './pricing.tables';

export type PriceQuoteRow = typeof priceQuotes.$inferSelect;
export type NewPriceQuote = typeof priceQuotes.$inferInsert;

/** Stored quotes: the snapshot of rates and result a price was given with (decision 008). */
export function pricingQueries(db: Db) {
  return {
    insertQuote: async (quote: NewPriceQuote) => {
      const [row] = await db.insert(priceQuotes).values(quote).returning();
      if (!row) throw new Error('insert returned no quote');
      return row;
    },

    findQuote: async (id: string) =>
      (await db.select().from(priceQuotes).where(eq(priceQuotes.id, id)).limit(1))[0],
  };
}
