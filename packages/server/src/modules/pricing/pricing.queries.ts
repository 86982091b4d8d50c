import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceQuotes } from './pricing.tables';

export type PriceQuoteRow = typeof priceQuotes.$inferSelect;
export type NewPriceQuote = typeof priceQuotes.$inferInsert;

/** The ids a stored quote's selection names. */
export type QuoteSelectionField = 'materialId' | 'polishId' | 'platingId' | 'laserFontId' | 'itemTypeId';

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
    // what the database adds; the rest is what was sent (not read back and parsed again)
    .returning({ id: priceQuotes.id, createdAt: priceQuotes.createdAt })
    .prepare('insert_price_quote');
  return {
    insertQuote: async (quote: Omit<NewPriceQuote, 'id' | 'createdAt'>): Promise<PriceQuoteRow> => {
      const values = {
        customerId: quote.customerId ?? null,
        modelId: quote.modelId ?? null,
        input: quote.input,
        selection: quote.selection ?? {},
        rates: quote.rates,
        result: quote.result,
        totalPriceCents: quote.totalPriceCents ?? null,
      };
      const [added] = await insertStatement.execute(values);
      if (!added) throw new Error('insert returned no quote');
      return { ...values, ...added };
    },

    findQuote: async (id: string) =>
      (await db.select().from(priceQuotes).where(eq(priceQuotes.id, id)).limit(1))[0],

    /** How many stored quotes chose a catalog entry (by the selection's id field, e.g. materialId). */
    quotesNaming: async (field: QuoteSelectionField, id: number) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(priceQuotes)
        .where(sql`${priceQuotes.selection} ->> ${field} = ${String(id)}`);
      return Number(row?.n ?? 0);
    },
  };
}
