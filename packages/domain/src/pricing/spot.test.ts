import { describe, expect, test } from 'vitest';
import type { Material, PriceBook } from '../catalog/catalog-types';
import { TROY_OUNCE_GRAMS } from './money';
import { quote } from './quote';
import { materialRates, selectRates } from './select-rates';
import { alloyPricePerOunce, describeSpot, gramsToTroyOunces, pieceGrams, type SpotUsed } from './spot';
import { testBook, torusRing } from './price-book.test-helper';

const silverSpot = (spotCents: number, marginPercent = 4): SpotUsed => ({
  metal: 'silver',
  spotCents,
  asOf: '2026-11-25T09:00:00.000Z',
  purity: 0.925,
  marginPercent,
});

/** The test book with Sterling Silver (id 1) priced from a silver spot price. */
const bookWithSpot = (spot: SpotUsed | null): PriceBook => ({
  ...testBook,
  materials: testBook.materials.map((m): Material =>
    m.id === 1 ? { ...m, spotMetal: 'silver', purity: 0.925, spotMarginPercent: 4, spot } : m,
  ),
});

const quoteWith = (book: PriceBook, quantity = 1) => {
  const selected = selectRates(book, { materialId: 1 });
  if (!selected.ok) throw new Error(selected.message);
  const result = quote({ ...torusRing, quantity }, selected.rates);
  if (!result.ok) throw new Error(result.message);
  return { rates: selected.rates, quote: result.quote };
};

describe('spot prices: alloy $/ozt = spot × purity × (1 + margin %)', () => {
  test('the troy ounce is 31.1034768 g exactly', () => {
    expect(TROY_OUNCE_GRAMS).toBe(31.1034768);
    expect(gramsToTroyOunces(31.1034768)).toBe(1);
  });

  test('925 silver at $30.00/ozt spot with a 4 % margin is $28.86 per troy ounce of alloy', () => {
    // 30.00 × 0.925 = 27.75; × 1.04 = 28.86 (not rounded: the rounding happens once, on the cast price)
    expect(alloyPricePerOunce(silverSpot(3000))).toBeCloseTo(28.86, 10);
    // 14k gold at $2,400.00 spot, 1 % margin: 2400 × 0.585 × 1.01 = 1418.04
    expect(alloyPricePerOunce({ spotCents: 240_000, purity: 0.585, marginPercent: 1 })).toBeCloseTo(
      1418.04,
      9,
    );
  });

  test('piece mass = volume × gravity', () => {
    // 399.72 mm³ = 0.39972 cm³ × 10.36 g/cm³ = 4.1410992 g
    expect(pieceGrams(399.72, 10.36)).toBeCloseTo(4.1410992, 12);
  });

  test('a Sterling Silver torus ring at $30.00 spot, 4 % margin, quantity 1, exact in cents', () => {
    // weight  = 399.72 / 1000 × 10.36                      = 4.1410992 g
    // ounces  = 4.1410992 / 31.1034768                     = 0.1331394309 ozt
    // alloy   = 30.00 × 0.925 × 1.04                       = $28.86 /ozt
    // metal   = 0.1331394309 × 28.86 × 1.08 (metal loss)   = $4.1497963 → 414.98 ¢ → 415 ¢ (half up, once)
    // cast    = 415 + casting labour 1200                  = 1615 ¢
    // polish  = 532.96 mm² × $0.0111                       = $5.915856 → 592 ¢
    // fixed   = order set-up 2500 / 1                      = 2500 ¢
    // total   = 1615 + 592 + 2500                          = 4707 ¢ ($47.07)
    const { quote: q, rates } = quoteWith(bookWithSpot(silverSpot(3000)));
    expect(rates.material.basePrice).toBeCloseTo(28.86, 10);
    expect(rates.material.spot).toEqual(silverSpot(3000));
    expect(q).toMatchObject({
      castPrice: 1615,
      polishLaborPrice: 592,
      fixedCostPrice: 2500,
      subtotalPerPiece: 4707,
      totalPrice: 4707,
      spot: silverSpot(3000),
    });
  });

  test('the same ring at $35.00 spot: only the metal follows', () => {
    // alloy = 35.00 × 0.925 × 1.04 = $33.67 /ozt
    // metal = 0.1331394309 × 33.67 × 1.08 = $4.8414290 → 484 ¢; cast = 484 + 1200 = 1684 ¢
    // total = 1684 + 592 + 2500 = 4776 ¢
    const { quote: q } = quoteWith(bookWithSpot(silverSpot(3500)));
    expect(q).toMatchObject({ castPrice: 1684, totalPrice: 4776 });
    expect(q.spot?.spotCents).toBe(3500);
  });

  test('quantity 100 at $30.00 spot: the 20 % break applies after the spot-priced cast', () => {
    // cast 1615 + polish 592 + fixed 2500/100 = 25 → 2232 ¢; × 0.8 = 1785.6 → 1786 ¢; × 100 = 178 600 ¢
    const { quote: q } = quoteWith(bookWithSpot(silverSpot(3000)), 100);
    expect(q).toMatchObject({ subtotalPerPiece: 2232, pricePerPiece: 1786, totalPrice: 178_600 });
  });

  test('without a spot price the catalog base price is used and the quote names no spot', () => {
    // Sterling at its base price 26.359: 4.1410992 / 31.1034768 × 26.359 × 1.08 = $3.7901760 → 379 ¢
    const { quote: q, rates } = quoteWith(bookWithSpot(null));
    expect(rates.material.basePrice).toBe(26.359);
    expect(q.castPrice).toBe(1579);
    expect('spot' in q).toBe(false);
  });

  test('a resin never takes a spot price', () => {
    const resin = testBook.materials.find((m) => m.kind === 'resin')!;
    const rates = materialRates({ ...resin, spot: silverSpot(3000) });
    expect(rates.basePrice).toBe(resin.basePrice);
    expect(rates.spot).toBeUndefined();
  });

  test('a quote names its spot price as jewelers do', () => {
    expect(describeSpot(silverSpot(3000))).toBe('Silver spot $30.00/ozt');
    expect(describeSpot({ metal: 'gold', spotCents: 265_012 })).toBe('Gold spot $2,650.12/ozt');
  });
});
