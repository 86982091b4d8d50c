import { describe, expect, test } from 'vitest';
import { toWholeCents } from './money';
import { formatMoney } from '../format/money';
import { quantityBreakFor } from './quantity-breaks';
import { engravedCharacters, quote, quoteMessages, type QuoteInput, type QuoteRates } from './quote';
import { selectRates, type RateSelection } from './select-rates';
import { testBook, torusRing } from './price-book.test-helper';

const ratesFor = (selection: RateSelection): QuoteRates => {
  const selected = selectRates(testBook, selection);
  if (!selected.ok) throw new Error(selected.message);
  return selected.rates;
};
const priced = (input: QuoteInput, selection: RateSelection) => {
  const result = quote(input, ratesFor(selection));
  if (!result.ok) throw new Error(result.message);
  return result.quote;
};

describe('worked examples: a torus ring (V 399.72 mm³, A 532.96 mm²)', () => {
  test('Sterling Silver, Satin Polish, no plating, quantity 1', () => {
    // weight    = 399.72 / 1000 × 10.36                    = 4.1410992 g
    // metal     = 4.1410992 × (26.359 / 31.1034768) × 1.08
    //           = 4.1410992 × 0.8474609 × 1.08             = $3.7901732 → 379 ¢
    // castPrice = 379 + casting labour 1200                = 1579 ¢
    // polish    = 532.96 × 0.0111 = $5.915856              → 592 ¢
    // fixed     = order set-up 2500 / 1                    = 2500 ¢
    // subtotal  = 1579 + 592 + 2500                        = 4671 ¢; 1 piece is tier 1 (× 1) → total 4671 ¢
    expect(priced({ ...torusRing, quantity: 1 }, { materialId: 1 })).toEqual({
      materialId: 1,
      materialName: 'Sterling Silver',
      kind: 'metal',
      quantity: 1,
      parts: 1,
      weightGrams: 4.14,
      castPrice: 1579,
      threeDPrintingPrice: 0,
      polishLaborPrice: 592,
      platingPrice: 0,
      platingApplied: false,
      assemblyOptionPrice: 0,
      laserEngravingOptionPrice: 0,
      laserCharacters: 0,
      fixedCostPrice: 2500,
      subtotalPerPiece: 4671,
      quantityBreak: { minQuantity: 1, factor: 1 },
      pricePerPiece: 4671,
      totalPrice: 4671,
    });
  });

  test('Sterling Silver, Satin Polish, quantity 100', () => {
    // cast 1579 and polish 592 as above (per piece, independent of quantity)
    // fixed     = 2500 / 100                               = 25 ¢
    // subtotal  = 1579 + 592 + 25                          = 2196 ¢
    // tier 100+ = × 0.80: 2196 × 0.8 = 1756.8              → 1757 ¢ per piece
    // total     = 1757 × 100                               = 175 700 ¢ ($1,757.00)
    const q = priced({ ...torusRing, quantity: 100 }, { materialId: 1 });
    expect(q).toMatchObject({
      castPrice: 1579,
      polishLaborPrice: 592,
      fixedCostPrice: 25,
      subtotalPerPiece: 2196,
      quantityBreak: { minQuantity: 100, factor: 0.8 },
      pricePerPiece: 1757,
      totalPrice: 175_700,
    });
    expect(formatMoney(q.totalPrice)).toBe('$1,757.00');
  });

  test('quantity 3 shares the set-up as whole cents: 2500 / 3 = 833.33 → 833 per piece', () => {
    // subtotal = 1579 + 592 + 833 = 3004 ¢; below 10 pieces (× 1); total = 3004 × 3 = 9012 ¢
    expect(priced({ ...torusRing, quantity: 3 }, { materialId: 1 })).toMatchObject({
      fixedCostPrice: 833,
      subtotalPerPiece: 3004,
      pricePerPiece: 3004,
      totalPrice: 9012,
    });
  });

  test('Sterling Silver with rhodium plating', () => {
    // plating = 532.96 × 0.018 = $9.59328 → 959 ¢; subtotal = 1579 + 592 + 959 + 2500 = 5630 ¢
    expect(priced({ ...torusRing, quantity: 1 }, { materialId: 1, platingId: 2 })).toMatchObject({
      platingPrice: 959,
      platingApplied: true,
      totalPrice: 5630,
    });
  });

  test('14k Yellow Gold, quantity 1', () => {
    // weight    = 0.39972 × 13.07                           = 5.2243404 g
    // metal     = 5.2243404 × (1390 / 31.1034768) × 1.05
    //           = 5.2243404 × 44.6895044 × 1.05             = $245.1468424 → 24515 ¢
    // castPrice = 24515 + labour 1800                      = 26315 ¢
    // subtotal  = 26315 + polish 592 + fixed 2500           = 29407 ¢
    expect(priced({ ...torusRing, quantity: 1 }, { materialId: 2 })).toMatchObject({
      weightGrams: 5.22,
      castPrice: 26_315,
      totalPrice: 29_407,
    });
  });

  test('Castable Wax Resin is printed, not cast', () => {
    // threeDPrintingPrice = 399.72 × 0.0012 = $0.479664 → 48 ¢, + print set-up 1200 = 1248 ¢
    // subtotal = 1248 + polish 592 + order set-up 1000 = 2840 ¢; weight = 0.39972 × 1.15 = 0.459678 g → 0.46
    expect(priced({ ...torusRing, quantity: 1 }, { materialId: 20, platingId: 2 })).toMatchObject({
      kind: 'resin',
      weightGrams: 0.46,
      castPrice: 0,
      threeDPrintingPrice: 1248,
      platingPrice: 0,
      platingApplied: false,
      totalPrice: 2840,
    });
  });

  test('a pendant on a chain, engraved', () => {
    // assembly = 600 per part × 2 parts + cable chain 18 in 2000 = 3200 ¢
    // laser    = "Anna & Leo" engraves 8 characters (spaces are free): 1500 + 8 × 75 = 2100 ¢
    // subtotal = 1579 + 592 + 3200 + 2100 + 2500 = 9971 ¢
    const q = priced(
      { ...torusRing, quantity: 1, parts: 2, laserText: 'Anna & Leo' },
      { materialId: 1, assemblyOptionId: 3, assemblySubItemIds: [32], laserEngravingOptionId: 2 },
    );
    expect(q).toMatchObject({
      assemblyOptionPrice: 3200,
      laserCharacters: 8,
      laserEngravingOptionPrice: 2100,
      subtotalPerPiece: 9971,
      totalPrice: 9971,
    });
  });
});

describe('invariants', () => {
  test('every component is whole cents and the total is price per piece × quantity', () => {
    for (const quantity of [1, 2, 3, 7, 10, 24, 25, 49, 50, 99, 100, 333, 1000]) {
      for (const materialId of [1, 2, 7, 20]) {
        const q = priced(
          { volumeMm3: 123.456, surfaceAreaMm2: 789.01, watertight: true, quantity },
          { materialId, platingId: 2 },
        );
        const components = [
          q.castPrice,
          q.threeDPrintingPrice,
          q.polishLaborPrice,
          q.platingPrice,
          q.assemblyOptionPrice,
          q.laserEngravingOptionPrice,
          q.fixedCostPrice,
        ];
        for (const c of [...components, q.subtotalPerPiece, q.pricePerPiece, q.totalPrice])
          expect(Number.isInteger(c)).toBe(true);
        expect(q.subtotalPerPiece).toBe(components.reduce((a, b) => a + b, 0));
        expect(q.totalPrice).toBe(q.pricePerPiece * quantity);
      }
    }
  });

  test('a bigger order never costs more per piece', () => {
    let previous = priced({ ...torusRing, quantity: 1 }, { materialId: 1 });
    for (let quantity = 2; quantity <= 150; quantity++) {
      const q = priced({ ...torusRing, quantity }, { materialId: 1 });
      expect(q.pricePerPiece).toBeLessThanOrEqual(previous.pricePerPiece);
      previous = q;
    }
  });

  test('at a tier edge the larger order can cost less in total (documented, as in every price list)', () => {
    // 99 pieces: fixed 2500 / 99 = 25.25 → 25; 2196 × 0.85 = 1866.6 → 1867; × 99 = 184 833 ¢
    // 100 pieces: 1757 × 100 = 175 700 ¢
    expect(priced({ ...torusRing, quantity: 99 }, { materialId: 1 }).totalPrice).toBe(184_833);
    expect(priced({ ...torusRing, quantity: 100 }, { materialId: 1 }).totalPrice).toBe(175_700);
  });

  test('the same input and rates give the same quote (a stored snapshot re-prices identically)', () => {
    const rates = structuredClone(ratesFor({ materialId: 2, platingId: 2 }));
    const again = JSON.parse(JSON.stringify(rates)) as QuoteRates;
    expect(quote({ ...torusRing, quantity: 42 }, again)).toEqual(
      quote({ ...torusRing, quantity: 42 }, rates),
    );
  });

  test('a platinum piece (cannot plate) ignores the plating', () => {
    expect(priced({ ...torusRing, quantity: 1 }, { materialId: 7, platingId: 2 })).toMatchObject({
      platingPrice: 0,
      platingApplied: false,
    });
  });
});

describe('refusals', () => {
  test('a model that is not watertight gets no metal price and says why', () => {
    const result = quote({ ...torusRing, watertight: false, quantity: 1 }, ratesFor({ materialId: 1 }));
    expect(result).toEqual({ ok: false, code: 'not_watertight', message: quoteMessages.notWatertightMetal });
  });

  test('nor a resin price: its volume cannot be measured either', () => {
    const result = quote({ ...torusRing, watertight: false, quantity: 1 }, ratesFor({ materialId: 20 }));
    expect(result).toEqual({ ok: false, code: 'not_watertight', message: quoteMessages.notWatertightResin });
  });

  test('bad quantities, parts, measures and engraving text are refused with a message', () => {
    const rates = ratesFor({ materialId: 1, laserEngravingOptionId: 2 });
    const refusal = (input: Partial<QuoteInput>) => {
      const result = quote({ ...torusRing, quantity: 1, ...input }, rates);
      return result.ok ? null : result.message;
    };
    expect(refusal({ quantity: 0 })).toBe(quoteMessages.quantity);
    expect(refusal({ quantity: 1.5 })).toBe(quoteMessages.quantity);
    expect(refusal({ quantity: 100_001 })).toBe(quoteMessages.quantity);
    expect(refusal({ parts: 0 })).toBe(quoteMessages.parts);
    expect(refusal({ volumeMm3: -1 })).toBe(quoteMessages.geometry);
    expect(refusal({ surfaceAreaMm2: Number.NaN })).toBe(quoteMessages.geometry);
    expect(refusal({ volumeMm3: 0 })).toBe(quoteMessages.noVolume);
    expect(refusal({ laserText: 'x'.repeat(31) })).toBe('The engraving text is at most 30 characters.');
    expect(refusal({ laserText: 'x'.repeat(30) })).toBeNull();
    const noEngraving = quote({ ...torusRing, quantity: 1, laserText: 'Hi' }, ratesFor({ materialId: 1 }));
    expect(noEngraving).toMatchObject({ ok: false, message: 'No engraving does not engrave text.' });
  });
});

describe('helpers', () => {
  test('rounding is half up on the decimal value, not on binary noise', () => {
    expect(1.005 * 100).toBeLessThan(100.5); // the binary value is 100.49999999999999
    expect(toWholeCents(1.005 * 100)).toBe(101);
    expect(toWholeCents(0.5)).toBe(1);
    expect(toWholeCents(1756.8)).toBe(1757);
    expect(toWholeCents(2196 * 0.8)).toBe(1757);
    expect(() => toWholeCents(Number.POSITIVE_INFINITY)).toThrow();
  });

  test('quantity breaks: the largest tier not above the quantity', () => {
    const factor = (q: number) => quantityBreakFor(q, testBook.quantityBreaks).factor;
    expect([1, 9, 10, 24, 25, 49, 50, 99, 100, 5000].map(factor)).toEqual([
      1, 1, 0.95, 0.95, 0.9, 0.9, 0.85, 0.85, 0.8, 0.8,
    ]);
    expect(quantityBreakFor(7, [])).toEqual({ minQuantity: 1, factor: 1 });
  });

  test('engraved characters are code points other than white space', () => {
    expect(engravedCharacters('Anna & Leo')).toBe(8);
    expect(engravedCharacters(' \n\t')).toBe(0);
    expect(engravedCharacters('♥ 💍')).toBe(2);
    expect(engravedCharacters(undefined)).toBe(0);
  });
});
