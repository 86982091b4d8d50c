import { describe, expect, test } from 'vitest';
import { estimate } from './estimate';
import { priceAllMaterials } from './price-all-materials';
import { selectRates } from './select-rates';
import { testBook, torusRing } from './price-book.test-helper';

describe('selectRates', () => {
  test('left-out choices take the defaults: Satin Polish, no plating, no assembly, no engraving', () => {
    const selected = selectRates(testBook, { materialId: 1 });
    expect(selected.ok && selected.rates).toMatchObject({
      material: { id: 1, name: 'Sterling Silver', gravity: 10.36, basePrice: 26.359 },
      polish: { id: 1, name: 'Satin Polish', basePrice: 0.0111 },
      plating: { id: 1, name: 'None', basePrice: 0 },
      assemblyOption: { id: 1, subItems: [] },
      laserEngravingOption: { id: 1, priceCents: 0 },
      quantityBreaks: [
        { minQuantity: 1, factor: 1 },
        { minQuantity: 10, factor: 0.95 },
        { minQuantity: 25, factor: 0.9 },
        { minQuantity: 50, factor: 0.85 },
        { minQuantity: 100, factor: 0.8 },
      ],
    });
  });

  test('unknown or unavailable ids are refused by name', () => {
    const refusal = (selection: Parameters<typeof selectRates>[1]) => {
      const r = selectRates(testBook, selection);
      return r.ok ? null : { code: r.code, message: r.message };
    };
    expect(refusal({ materialId: 99 })).toEqual({
      code: 'unknown_material',
      message: 'There is no material with id 99.',
    });
    expect(refusal({ materialId: 8 })).toEqual({
      code: 'material_unavailable',
      message: 'Argentium Silver is not available at the moment.',
    });
    expect(refusal({ materialId: 1, polishId: 3 })).toEqual({
      code: 'unknown_polish',
      message: 'There is no polish with id 3.',
    });
    expect(refusal({ materialId: 1, platingId: 9 })?.code).toBe('unknown_plating');
    expect(refusal({ materialId: 1, assemblyOptionId: 9 })?.code).toBe('unknown_assembly_option');
    expect(refusal({ materialId: 1, assemblyOptionId: 3, assemblySubItemIds: [99] })).toEqual({
      code: 'unknown_assembly_sub_item',
      message: 'Attach a chain has no sub-item with id 99.',
    });
    // a sub-item belongs to its option only
    expect(refusal({ materialId: 1, assemblySubItemIds: [31] })?.code).toBe('unknown_assembly_sub_item');
    expect(refusal({ materialId: 1, laserEngravingOptionId: 9 })?.code).toBe(
      'unknown_laser_engraving_option',
    );
    expect(refusal({ materialId: 1, assemblyOptionId: 3, assemblySubItemIds: [31, 31] })).toBeNull();
  });

  test('a catalog without defaults says so', () => {
    const book = { ...testBook, polishes: testBook.polishes.map((p) => ({ ...p, isDefault: false })) };
    expect(selectRates(book, { materialId: 1 })).toMatchObject({ ok: false, code: 'catalog_incomplete' });
  });
});

describe('priceAllMaterials', () => {
  test('prices every enabled material in catalog order for the comparison view', () => {
    const all = priceAllMaterials({ ...torusRing, quantity: 1 }, testBook, {});
    if (!all.ok) throw new Error(all.message);
    expect(all.prices.map((p) => p.materialName)).toEqual([
      'Sterling Silver',
      '14k Yellow Gold',
      'Platinum 950',
      'Castable Wax Resin',
    ]);
    const totals = all.prices.map((p) => (p.result.ok ? p.result.quote.totalPrice : null));
    // silver and gold as in quote.test.ts; resin 2840 ¢.
    // platinum: 0.39972 × 20.1 = 8.034372 g × (960 / 31.1034768) × 1.10 = $272.7763 → 27278 ¢ + 1200 = 28478;
    // + polish 592 + fixed 2500 = 31570 ¢
    expect(totals).toEqual([4671, 29_407, 31_570, 2840]);
  });

  test('a model that is not watertight: every material says why, none gets a price', () => {
    const all = priceAllMaterials({ ...torusRing, watertight: false, quantity: 1 }, testBook, {
      polishId: 5,
    });
    expect(all.ok && all.prices.every((p) => !p.result.ok && p.result.code === 'not_watertight')).toBe(true);
  });

  test('a bad finish choice refuses the whole comparison', () => {
    expect(priceAllMaterials({ ...torusRing, quantity: 1 }, testBook, { polishId: 42 })).toMatchObject({
      ok: false,
      code: 'unknown_polish',
    });
  });
});

describe('estimate (Estimated Production Costs card)', () => {
  test('quantity 100, High Polish, the first enabled variant whose name contains Silver', () => {
    // Argentium Silver sorts first but is disabled, so Sterling Silver.
    // polish = 532.96 × 0.0148 = $7.887808 → 789 ¢; fixed = 2500 / 100 = 25 ¢
    // subtotal = 1579 + 789 + 25 = 2393 ¢; × 0.80 = 1914.4 → 1914 ¢ per piece; total 191 400 ¢
    const result = estimate({ ...torusRing, itemTypeName: 'Ring' }, testBook);
    if (!result.ok) throw new Error(result.message);
    expect(result.itemId).toBe(2);
    expect(result.rates.polish).toEqual({ id: 5, name: 'High Polish', basePrice: 0.0148 });
    expect(result.quote).toMatchObject({
      materialName: 'Sterling Silver',
      quantity: 100,
      polishLaborPrice: 789,
      pricePerPiece: 1914,
      totalPrice: 191_400,
    });
  });

  test('another material chosen in the card; item types map Necklace 1 Ring 2 Earring 3 Bracelet 5 else 1', () => {
    const gold = estimate({ ...torusRing, itemTypeName: 'Pendant', materialId: 2 }, testBook);
    expect(gold.ok && [gold.itemId, gold.quote.materialName]).toEqual([1, '14k Yellow Gold']);
    const ids = ['Necklace', 'Ring', 'Earring', 'Bracelet', 'Brooch', null].map((name) => {
      const r = estimate({ ...torusRing, itemTypeName: name }, testBook);
      return r.ok ? r.itemId : null;
    });
    expect(ids).toEqual([1, 2, 3, 5, 1, 1]);
  });

  test('not watertight: no estimate, the reason instead', () => {
    expect(estimate({ ...torusRing, watertight: false }, testBook)).toMatchObject({
      ok: false,
      code: 'not_watertight',
    });
  });
});
