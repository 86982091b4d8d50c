import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { DEFAULT_MATERIAL, DEFAULT_POLISH } from '@facet/domain/catalog';
import { quote } from '@facet/domain/pricing';
import { materials } from '../catalog/catalog.tables';
import { AppError } from '../../platform/errors';
import { createTestApp } from '../../test/test-app';
import { givenCustomer, givenStaff } from '../../test/world';
import { catalogService, type CatalogService } from '../catalog/catalog.service';
import { seedCatalog, seedMaterials } from '../catalog/catalog.seed';
import { pricingService, type PricingService } from './pricing.service';

// Service-level tests over the real database: they need no route wiring.
let t: Awaited<ReturnType<typeof createTestApp>>;
let catalog: CatalogService;
let pricing: PricingService;
let staffId: string;

/** The torus ring of the domain's worked examples (R 9 mm, r 1.5 mm). */
const torusRing = { volumeMm3: 399.72, surfaceAreaMm2: 532.96, watertight: true };

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.ctx.db);
  catalog = catalogService(t.ctx.db);
  pricing = pricingService({ db: t.ctx.db, catalog });
  staffId = (await givenStaff(t)).id;
});
afterAll(() => t.close());

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, status: e.status, message: e.message };
    throw e;
  }
  throw new Error('expected a rejection');
};

describe('the seeded catalog', () => {
  test('seeding twice adds nothing and keeps staff edits', async () => {
    await catalog.updateMaterial({ id: staffId }, 9, { description: 'Edited by staff.' });
    await seedCatalog(t.ctx.db);
    const [row] = await t.ctx.db.select({ n: count() }).from(materials);
    expect(row?.n).toBe(seedMaterials.length);
    const brass = (await catalog.loadCatalog()).materials.find((m) => m.id === 9);
    expect(brass?.description).toBe('Edited by staff.');
  });

  test('spec defaults: Sterling Silver (10.36, 26.359), Satin Polish 0.0111, plating None', async () => {
    const c = await catalog.getCatalog();
    const byId = <T extends { id: number }>(list: T[], id: number | null) => list.find((e) => e.id === id);
    expect(byId(c.materials, c.defaults.materialId)).toMatchObject({
      name: DEFAULT_MATERIAL.name,
      gravity: DEFAULT_MATERIAL.gravity,
      basePrice: DEFAULT_MATERIAL.basePrice,
    });
    expect(byId(c.polishes, c.defaults.polishId)).toMatchObject(DEFAULT_POLISH);
    expect(byId(c.platings, c.defaults.platingId)?.name).toBe('None');
    expect(c.estimate).toEqual({ quantity: 100, polishId: 5, materialId: 1 });
    expect(byId(c.polishes, 5)?.name).toBe('High Polish');
    expect(c.itemTypes.filter((i) => [1, 2, 3, 5].includes(i.id)).map((i) => i.name)).toEqual([
      'Necklace',
      'Ring',
      'Earring',
      'Bracelet',
    ]);
  });

  test('real alloys with real densities; resins around 1.1–1.2 g/cm³', async () => {
    const c = await catalog.getCatalog();
    const gravity = Object.fromEntries(c.materials.map((m) => [m.name, m.gravity]));
    expect(gravity).toMatchObject({
      'Sterling Silver': 10.36,
      '14k Yellow Gold': 13.07,
      '18k Yellow Gold': 15.58,
      'Platinum 950': 20.1,
      Brass: 8.5,
      Bronze: 8.8,
    });
    for (const m of c.materials) {
      if (m.kind === 'resin') {
        expect(m.gravity).toBeGreaterThanOrEqual(1.1);
        expect(m.gravity).toBeLessThanOrEqual(1.2);
      } else {
        expect(m.basePrice).toBeGreaterThan(0);
      }
      expect(m.color).not.toBeNull();
    }
    expect(c.laserFonts.every((f) => f.packageName.startsWith('@fontsource'))).toBe(true);
    expect(c.assemblyOptions.find((o) => o.name === 'Attach a chain')?.subItems.length).toBe(3);
  });

  test('a colour stored as a JSON string is read as { r, g, b }', async () => {
    const asString = JSON.stringify({ r: 1, g: 2, b: 3 });
    await t.ctx.db.execute(sql`update materials set color = to_jsonb(${asString}::text) where id = 10`);
    catalog.changed();
    const bronze = (await catalog.loadCatalog()).materials.find((m) => m.id === 10);
    expect(bronze?.color).toEqual({ r: 1, g: 2, b: 3 });
  });
});

describe('pricing a model', () => {
  test('the worked example at today’s rates: Sterling Silver, satin, quantity 1 and 100', async () => {
    const one = await pricing.priceModel(torusRing, { materialId: 1 });
    expect(one.quote).toMatchObject({
      castPrice: 1579,
      polishLaborPrice: 592,
      fixedCostPrice: 2500,
      totalPrice: 4671,
    });
    expect(one.rates.material).toMatchObject({ name: 'Sterling Silver', basePrice: 26.359, gravity: 10.36 });
    const hundred = await pricing.priceModel(torusRing, { materialId: 1, quantity: 100 });
    expect(hundred.quote).toMatchObject({ pricePerPiece: 1757, totalPrice: 175_700 });
  });

  test('every option priced: rhodium, chain with a sub-item, text engraving in a font, for a pendant', async () => {
    const { quote: q } = await pricing.priceModel(torusRing, {
      materialId: 1,
      platingId: 2,
      assemblyOptionId: 3,
      assemblySubItemIds: [32],
      parts: 2,
      laserEngravingOptionId: 2,
      laserText: 'Anna & Leo',
      laserFontId: 2,
      itemTypeId: 4,
    });
    // 1579 cast + 592 polish + 959 rhodium + (2 × 600 + 2000) assembly + (1500 + 8 × 75) laser + 2500 fixed
    expect(q).toMatchObject({
      platingPrice: 959,
      assemblyOptionPrice: 3200,
      laserEngravingOptionPrice: 2100,
    });
    expect(q.totalPrice).toBe(1579 + 592 + 959 + 3200 + 2100 + 2500);
  });

  test('unknown ids are a 400 naming what was not found', async () => {
    const bad = (choices: Parameters<PricingService['priceModel']>[1]) =>
      rejection(pricing.priceModel(torusRing, choices));
    expect(await bad({ materialId: 999 })).toEqual({
      code: 'unknown_material',
      status: 400,
      message: 'There is no material with id 999.',
    });
    expect(await bad({ materialId: 1, polishId: 77 })).toMatchObject({ code: 'unknown_polish', status: 400 });
    expect(await bad({ materialId: 1, platingId: 77 })).toMatchObject({
      code: 'unknown_plating',
      status: 400,
    });
    expect(await bad({ materialId: 1, assemblyOptionId: 77 })).toMatchObject({
      code: 'unknown_assembly_option',
    });
    expect(await bad({ materialId: 1, assemblyOptionId: 3, assemblySubItemIds: [41] })).toMatchObject({
      code: 'unknown_assembly_sub_item',
      message: 'Attach a chain has no sub-item with id 41.',
    });
    expect(await bad({ materialId: 1, laserEngravingOptionId: 77 })).toMatchObject({
      code: 'unknown_laser_engraving_option',
    });
    expect(await bad({ materialId: 1, laserFontId: 77 })).toMatchObject({
      code: 'unknown_laser_font',
      message: 'There is no laser font with id 77.',
    });
    expect(await bad({ materialId: 1, itemTypeId: 77 })).toMatchObject({ code: 'unknown_item_type' });
    expect(await bad({ materialId: 1, quantity: 0 })).toMatchObject({
      code: 'validation_failed',
      message: 'The quantity must be at least 1.',
    });
    expect(await bad({ materialId: 1.5 })).toMatchObject({ code: 'validation_failed', status: 400 });
  });

  test('a model that is not watertight gets no metal price: 422 with the reason', async () => {
    expect(
      await rejection(pricing.priceModel({ ...torusRing, watertight: false }, { materialId: 3 })),
    ).toMatchObject({
      code: 'not_watertight',
      status: 422,
      message: expect.stringContaining('not watertight'),
    });
  });

  test('the comparison view prices every enabled material at once', async () => {
    const prices = await pricing.compareMaterials(torusRing, { quantity: 10 });
    const c = await catalog.getCatalog();
    expect(prices.map((p) => p.materialId)).toEqual(c.materials.map((m) => m.id));
    expect(prices.every((p) => p.result.ok)).toBe(true);
    const total = (name: string) => {
      const p = prices.find((x) => x.materialName === name);
      return p?.result.ok ? p.result.quote.totalPrice : null;
    };
    // at these rates platinum (≈ $960/oz) costs less per ounce than 18k gold, as on the market
    expect(total('Platinum 950')!).toBeGreaterThan(total('Sterling Silver')!);
    expect(total('18k Yellow Gold')!).toBeGreaterThan(total('14k Yellow Gold')!);
    expect(total('14k Yellow Gold')!).toBeGreaterThan(total('Sterling Silver')!);
    expect(total('Sterling Silver')!).toBeGreaterThan(total('Brass')!);
    const open = await pricing.compareMaterials({ ...torusRing, watertight: false }, {});
    expect(open.every((p) => !p.result.ok && p.result.code === 'not_watertight')).toBe(true);
  });

  test('the estimate card: quantity 100, high polish, Sterling Silver, ring = item 2', async () => {
    const e = await pricing.estimate(torusRing, { itemTypeName: 'Ring' });
    expect(e.itemId).toBe(2);
    expect(e.rates.polish.name).toBe('High Polish');
    expect(e.quote).toMatchObject({ materialName: 'Sterling Silver', quantity: 100, totalPrice: 191_400 });
  });
});

describe('a staff change never alters a price already quoted', () => {
  test('the stored quote keeps its rates and numbers; new quotes use the new rates', async () => {
    const customer = await givenCustomer(t);
    const saved = await pricing.saveQuote(
      torusRing,
      { materialId: 2, quantity: 3 },
      { customerId: customer!.id },
    );
    const before = saved.quote.totalPrice;
    expect(saved.rates.material.basePrice).toBe(1390);

    await catalog.updateMaterial({ id: staffId }, 2, { basePrice: 2100, castingLabourCents: 2500 });
    await catalog.updatePolish({ id: staffId }, 1, { basePrice: 0.02 });

    const again = await pricing.getQuote(saved.id);
    expect(again.quote).toEqual(saved.quote);
    expect(again.rates).toEqual(saved.rates);
    expect(again.quote.totalPrice).toBe(before);
    expect(again.selection).toMatchObject({ materialId: 2, polishId: 1, platingId: 1 });
    // the snapshot re-prices to the same cents with the pure formula
    const recomputed = quote(again.input, again.rates);
    expect(recomputed.ok && recomputed.quote).toEqual(saved.quote);

    const fresh = await pricing.priceModel(torusRing, { materialId: 2, quantity: 3 });
    expect(fresh.rates.material.basePrice).toBe(2100);
    expect(fresh.quote.totalPrice).toBeGreaterThan(before);

    const changes = await catalog.changesOf('material', 2);
    expect(changes.at(-1)).toMatchObject({
      actorId: staffId,
      before: { basePrice: 1390, castingLabourCents: 1800 },
      after: { basePrice: 2100, castingLabourCents: 2500 },
    });
    await catalog.updatePolish({ id: staffId }, 1, { basePrice: 0.0111 });
  });

  test('an unknown quote id is a 404', async () => {
    expect(await rejection(pricing.getQuote('00000000-0000-4000-8000-000000000000'))).toMatchObject({
      status: 404,
    });
    expect(await rejection(pricing.getQuote('nope'))).toMatchObject({ status: 404 });
  });
});
