import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { quote } from '@facet/domain/pricing';
import { createTestApp } from '../../test/test-app';
import { givenCustomer } from '../../test/world';
import { catalogService } from '../catalog/catalog.service';
import { priceQuotes } from './pricing.tables';
import { pricingService, type PricingService } from './pricing.service';

// Group commit of kept quotes, over the real database: quotes asked for together share INSERT statements,
// each is answered only with its own stored row, and one bad row fails only its own request.
let t: Awaited<ReturnType<typeof createTestApp>>;
let pricing: PricingService;
let customerId: string;
/** Every INSERT into price_quotes the app sent, with how many rows it carried. */
const quoteInserts: number[] = [];

const torusRing = { volumeMm3: 399.72, surfaceAreaMm2: 532.96, watertight: true };

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onQuery: (text, params) => {
        if (/^insert into "price_quotes"/i.test(text)) quoteInserts.push(params.length / 8);
      },
    },
  );
  pricing = pricingService({ db: t.ctx.db, catalog: catalogService(t.ctx.db) });
  customerId = (await givenCustomer(t)).id;
});
afterAll(() => t.close());

describe('quotes kept together', () => {
  test('forty quotes asked for at once are all stored, exactly, in fewer statements than quotes', async () => {
    quoteInserts.length = 0;
    const quantities = Array.from({ length: 40 }, (_, i) => i + 1);
    const stored = await Promise.all(
      quantities.map((quantity) =>
        pricing.saveQuote(torusRing, { materialId: 1, quantity }, { customerId, modelId: null }),
      ),
    );
    // one statement for the first, then the ones that arrived meanwhile share the next
    expect(quoteInserts.length).toBeGreaterThan(1);
    expect(quoteInserts.length).toBeLessThan(quantities.length);
    expect(quoteInserts.reduce((a, b) => a + b, 0)).toBe(quantities.length);
    expect(new Set(stored.map((s) => s.id)).size).toBe(quantities.length);

    const rows = await t.ctx.db
      .select()
      .from(priceQuotes)
      .where(
        inArray(
          priceQuotes.id,
          stored.map((s) => s.id),
        ),
      );
    expect(rows).toHaveLength(quantities.length);
    for (const answer of stored) {
      const row = rows.find((r) => r.id === answer.id)!;
      // each answer is its own row: its quantity, its cents, the time the database gave it
      expect(row.input.quantity).toBe(answer.quote.quantity);
      expect(row.totalPriceCents).toBe(answer.quote.totalPrice);
      expect(row.createdAt.toISOString()).toBe(answer.createdAt);
      expect(row.result).toEqual({ ok: true, quote: answer.quote });
      // the stored rates price to the same cents
      const again = quote(row.input, row.rates);
      expect(again.ok && again.quote.totalPrice).toBe(answer.quote.totalPrice);
    }
  });

  test('a quote whose row cannot be stored fails alone; the ones sharing its statement are kept', async () => {
    const gone = randomUUID(); // no such customer: the foreign key refuses the row
    const asks = [customerId, customerId, gone, customerId, customerId].map((owner, i) =>
      pricing.saveQuote(torusRing, { materialId: 1, quantity: i + 1 }, { customerId: owner, modelId: null }),
    );
    const settled = await Promise.allSettled(asks);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const kept = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.id] : []));
    const rows = await t.ctx.db
      .select({ id: priceQuotes.id, customerId: priceQuotes.customerId })
      .from(priceQuotes)
      .where(inArray(priceQuotes.id, kept));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.customerId === customerId)).toBe(true);
  });
});
