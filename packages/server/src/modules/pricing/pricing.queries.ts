import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceQuotes } from './pricing.tables';

export type PriceQuoteRow = typeof priceQuotes.$inferSelect;
export type NewPriceQuote = typeof priceQuotes.$inferInsert;

/** The ids a stored quote's selection names. */
export type QuoteSelectionField = 'materialId' | 'polishId' | 'platingId' | 'laserFontId' | 'itemTypeId';

/** Stored quotes: the snapshot of rates and result a price was given with (decision 008). */
export function pricingQueries(db: Db) {
  const keep = quoteKeeper(db);
  return {
    /** Stores a quote; answered once its row is in the database (quotes arriving together share a statement). */
    insertQuote: async (quote: Omit<NewPriceQuote, 'id' | 'createdAt'>): Promise<PriceQuoteRow> => {
      const values: QuoteValues = {
        id: randomUUID(),
        customerId: quote.customerId ?? null,
        modelId: quote.modelId ?? null,
        input: quote.input,
        selection: quote.selection ?? {},
        rates: quote.rates,
        result: quote.result,
        totalPriceCents: quote.totalPriceCents ?? null,
      };
      const { createdAt } = await keep(values);
      return { ...values, createdAt };
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

type QuoteValues = Required<Omit<NewPriceQuote, 'createdAt'>>;

/** Most quotes one statement stores (eight parameters each). */
export const MAX_QUOTES_PER_INSERT = 64;

/**
 * Group commit for kept quotes. A quote arriving while no insert runs is stored at once, alone; quotes
 * arriving while one runs wait for it and are then stored together by one multi-row INSERT (one statement,
 * one commit, instead of one each). Every caller is answered only after the statement holding its row has
 * committed, with the time the database gave it. If a shared statement fails, its quotes are stored again
 * one by one, so one bad row fails only its own request.
 */
function quoteKeeper(db: Db) {
  const columns = [
    'id',
    'customerId',
    'modelId',
    'input',
    'selection',
    'rates',
    'result',
    'totalPriceCents',
  ] as const;
  // one statement per batch size, built once and prepared on each connection as it is first used
  const statements = new Map<number, ReturnType<typeof prepareInsert>>();
  function prepareInsert(rows: number) {
    const values = Array.from({ length: rows }, (_, i) =>
      Object.fromEntries(columns.map((column) => [column, sql.placeholder(`${column}${i}`)])),
    ) as unknown as NewPriceQuote[];
    return (
      db
        .insert(priceQuotes)
        .values(values)
        // what the database adds; the rest is what was sent (not read back and parsed again)
        .returning({ id: priceQuotes.id, createdAt: priceQuotes.createdAt })
        .prepare(`insert_price_quotes_${rows}`)
    );
  }
  const statementFor = (rows: number) => {
    let statement = statements.get(rows);
    if (!statement) {
      statement = prepareInsert(rows);
      statements.set(rows, statement);
    }
    return statement;
  };

  interface Waiting {
    values: QuoteValues;
    resolve: (added: { createdAt: Date }) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let storing = false;

  async function store(batch: Waiting[]) {
    const params: Record<string, unknown> = {};
    batch.forEach(({ values }, i) => {
      for (const column of columns) params[`${column}${i}`] = values[column];
    });
    const added = await statementFor(batch.length).execute(params);
    const byId = new Map(added.map((row) => [row.id, row]));
    for (const { values, resolve, reject } of batch) {
      const row = byId.get(values.id);
      if (row) resolve(row);
      else reject(new Error('insert returned no quote'));
    }
  }

  async function drain() {
    storing = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, MAX_QUOTES_PER_INSERT);
        waiting = waiting.slice(batch.length);
        try {
          await store(batch);
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          else {
            for (const one of batch) await store([one]).catch(one.reject);
          }
        }
      }
    } finally {
      storing = false;
    }
  }

  return (values: QuoteValues) =>
    new Promise<{ createdAt: Date }>((resolve, reject) => {
      waiting.push({ values, resolve, reject });
      if (!storing) void drain();
    });
}
