import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceQuotes } from './pricing.tables';

export type PriceQuoteRow = typeof priceQuotes.$inferSelect;
export type NewPriceQuote = typeof priceQuotes.$inferInsert;

/** Stored quotes: the snapshot of rates and result a price was given with (decision 008). */
export function pricingQueries(db: Db) {
  // every quote is kept: the insert is built once and prepared on each connection
  const placeholder = <K extends keyof NewPriceQuote>(key: K) => sql.placeholder(key);
  const insertStatement = db
    .insert(priceQuotes)
    .values({
      customerId: placeholder('customerId'),
      modelId: placeholder('modelId'),
      input: placeholder('input'),
      selection: placeholder('selection'),
      rates: placeholder('rates'),
      result: placeholder('result'),
      totalPriceCents: placeholder('totalPriceCents'),
    })
    .returning()
    .prepare('insert_price_quote');
  return {
    insertQuote: async (quote: Omit<NewPriceQuote, 'id' | 'createdAt'>) => {
      const [row] = await insertStatement.execute({
        customerId: quote.customerId ?? null,
        modelId: quote.modelId ?? null,
        input: quote.input,
        selection: quote.selection ?? {},
        rates: quote.rates,
        result: quote.result,
        totalPriceCents: quote.totalPriceCents ?? null,
      });
      if (!row) throw new Error('insert returned no quote');
      return row;
    },

    findQuote: async (id: string) =>
      (await db.select().from(priceQuotes).where(eq(priceQuotes.id, id)).limit(1))[0],
  };
}
