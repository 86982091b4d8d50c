import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { generateCube, generateTorus, writeStlBinary } from '@facet/domain/mesh';
import { priceQuotes } from './pricing.tables';
import { createTestApp } from '../../test/test-app';
import { givenCustomer } from '../../test/world';
import { withCatalog } from '../catalog/catalog.test-helper';
import type { ModelView } from '../models/models.contract';
import { fixture, signUpCustomer, startUpload, uploadModel } from '../models/models.test-helper';

let t: Awaited<ReturnType<typeof createTestApp>>;
let maya: string;
let other: string;
let ring: ModelView; // a closed torus ring, inner diameter 17 mm, 2 mm round band
let holed: ModelView; // a cube with one face missing
let broken: ModelView;
let defaultMaterialId: number;

beforeAll(async () => {
  t = await createTestApp();
  await withCatalog(t);
  maya = (await givenCustomer(t)).cookie;
  other = await signUpCustomer(t.app, 'pricing.other@example.com');
  ring = (
    await uploadModel(t.app, maya, 'ring.stl', writeStlBinary(generateTorus(9.5, 1, [0, 0, 0], 128, 48)))
  ).model;
  const cube = generateCube(10, [2, 2, 2]);
  holed = (await uploadModel(t.app, maya, 'holed.stl', writeStlBinary(cube.slice(0, cube.length - 9)))).model;
  broken = (
    await uploadModel(t.app, maya, 'broken.stl', new Uint8Array(Buffer.from('solid x\nfacet normal 0 0 1\n')))
  ).model;
  defaultMaterialId = (await t.ctx.catalog.getCatalog()).defaults.materialId!;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie: string | null = maya) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: payload as object });
const quoteCount = async () => (await t.ctx.db.select({ n: count() }).from(priceQuotes))[0]!.n;

describe('POST /api/pricing', () => {
  test('prices the stored, unit-scaled analysis with the defaults and keeps the quote', async () => {
    expect(ring.status).toBe('ready');
    const res = await post('/api/pricing', { modelId: ring.id, quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const { quoteId, quote } = res.json();
    const expected = await t.ctx.pricing.priceModel(ring.analysis!, {
      materialId: defaultMaterialId,
      quantity: 1,
    });
    expect(quote).toEqual(expected.quote);
    expect(quote.materialName).toBe('Sterling Silver');
    for (const k of [
      'castPrice',
      'fixedCostPrice',
      'platingPrice',
      'polishLaborPrice',
      'threeDPrintingPrice',
      'assemblyOptionPrice',
      'laserEngravingOptionPrice',
      'totalPrice',
      'pricePerPiece',
    ]) {
      expect(Number.isInteger(quote[k]), k).toBe(true);
    }
    expect(quote.totalPrice).toBeGreaterThan(0);
    expect(quote.weightGrams).toBeGreaterThan(1);
    const [row] = await t.ctx.db.select().from(priceQuotes).where(eq(priceQuotes.id, quoteId));
    expect(row).toMatchObject({ modelId: ring.id, totalPriceCents: quote.totalPrice });
    expect(row!.input.volumeMm3).toBe(ring.analysis!.volumeMm3);
  });

  test('the price changes with the metal and the quantity', async () => {
    const catalog = await t.ctx.catalog.getCatalog();
    const gold = catalog.materials.find((m) => m.name === '18k Yellow Gold')!;
    const silver = (await post('/api/pricing', { modelId: ring.id, quantity: 1 })).json().quote;
    const inGold = (await post('/api/pricing', { modelId: ring.id, materialId: gold.id, quantity: 1 })).json()
      .quote;
    expect(inGold.materialName).toBe('18k Yellow Gold');
    expect(inGold.totalPrice).toBeGreaterThan(silver.totalPrice);
    expect(inGold.weightGrams).toBeGreaterThan(silver.weightGrams);
    const ten = (await post('/api/pricing', { modelId: ring.id, quantity: 10 })).json().quote;
    expect(ten.quantity).toBe(10);
    expect(ten.totalPrice).toBe(ten.pricePerPiece * 10);
  });

  test('the confirmed unit scales the geometry priced: cm makes the piece 1000 times heavier', async () => {
    const { model } = await uploadModel(
      t.app,
      maya,
      'ring-cm.stl',
      writeStlBinary(generateTorus(0.95, 0.1, [0, 0, 0], 64, 24)),
    );
    const asMm = (await post('/api/pricing', { modelId: model.id, quantity: 1 })).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/models/${model.id}`,
      headers: { cookie: maya },
      payload: { unit: 'cm' },
    });
    const asCm = (await post('/api/pricing', { modelId: model.id, quantity: 1 })).json();
    const input = async (id: string) =>
      (await t.ctx.db.select().from(priceQuotes).where(eq(priceQuotes.id, id)))[0]!.input;
    const [mm, cm] = [await input(asMm.quoteId), await input(asCm.quoteId)];
    expect(cm.volumeMm3 / mm.volumeMm3).toBeCloseTo(1000, 9);
    expect(cm.surfaceAreaMm2 / mm.surfaceAreaMm2).toBeCloseTo(100, 9);
    // about 1.9 g in silver (a thin band ring), against thousandths of a gram as read
    expect(asCm.quote.weightGrams).toBeGreaterThan(1.5);
    expect(asCm.quote.weightGrams).toBeGreaterThan(asMm.quote.weightGrams * 500);
    expect(asCm.quote.totalPrice).toBeGreaterThan(asMm.quote.totalPrice);
  });

  test('numbers sent by the browser, tampered or unknown ids and bad quantities are refused (400) and store nothing', async () => {
    const before = await quoteCount();
    const bad: [unknown, string | RegExp][] = [
      [{ modelId: ring.id, quantity: 1, volumeMm3: 1 }, /volumeMm3/],
      [{ modelId: ring.id, quantity: 1, weightGrams: 0.1 }, /weightGrams/],
      [{ modelId: 'not-a-model', quantity: 1 }, 'Unknown model.'],
      [{ quantity: 1 }, /./],
      [{ modelId: ring.id, materialId: 99_999, quantity: 1 }, 'There is no material with id 99999.'],
      [{ modelId: ring.id, materialId: '1', quantity: 1 }, 'materialId must be a catalog id.'],
      [{ modelId: ring.id, polishId: 99_999, quantity: 1 }, 'There is no polish with id 99999.'],
      [{ modelId: ring.id, platingId: -1, quantity: 1 }, 'platingId must be a catalog id.'],
      [{ modelId: ring.id, assemblyOptionId: 99_999, quantity: 1 }, /assembly option/],
      [{ modelId: ring.id, laserFontId: 99_999, quantity: 1 }, 'There is no laser font with id 99999.'],
      [{ modelId: ring.id, quantity: 0 }, 'The quantity must be at least 1.'],
      [{ modelId: ring.id, quantity: -3 }, 'The quantity must be at least 1.'],
      [{ modelId: ring.id, quantity: 1.5 }, 'The quantity must be a whole number.'],
      [{ modelId: ring.id, quantity: 100_001 }, 'The quantity is at most 100,000.'],
      [{ modelId: ring.id, quantity: '2' }, 'The quantity must be a whole number.'],
    ];
    for (const [payload, message] of bad) {
      const res = await post('/api/pricing', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect(await quoteCount()).toBe(before);
    expect((await post('/api/pricing', { modelId: ring.id, quantity: 100_000 })).statusCode).toBe(200);
  });

  test("an unknown model and another customer's model are not found; signed out is 401", async () => {
    const unknown = await post('/api/pricing', {
      modelId: '7d7a3f5e-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
    const theirs = await post('/api/pricing', { modelId: ring.id, quantity: 1 }, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('not_found');
    expect((await post('/api/pricing', { modelId: ring.id, quantity: 1 }, null)).statusCode).toBe(401);
  });

  test('a model that is not watertight gets no metal price and says why (422)', async () => {
    expect(holed.analysis).toMatchObject({ watertight: false, boundaryEdges: 3 });
    const before = await quoteCount();
    const res = await post('/api/pricing', { modelId: holed.id, quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('not_watertight');
    expect(res.json().error.message).toBe(
      'This model is not watertight (its surface has holes), so its volume and weight cannot be measured and it cannot be priced in metal. Close the holes and upload it again. We found 3 open edges around holes.',
    );
    expect(await quoteCount()).toBe(before);
  });

  test('a model still uploading or one that failed cannot be priced (409)', async () => {
    const { model } = await startUpload(t.app, maya, 'later.stl', 684);
    const waiting = await post('/api/pricing', { modelId: model.id, quantity: 1 });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.code).toBe('model_not_ready');
    expect(broken.status).toBe('failed');
    const failed = await post('/api/pricing', { modelId: broken.id, quantity: 1 });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().error).toEqual({ code: 'model_failed', message: broken.error!.message });
  });
});

describe('POST /api/pricing/compare', () => {
  test('every enabled material at once, each the same as pricing it alone', async () => {
    const res = await post('/api/pricing/compare', { modelId: ring.id, quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const { materials } = res.json() as {
      materials: { materialId: number; name: string; ok: boolean; quote?: { totalPrice: number } }[];
    };
    const enabled = (await t.ctx.catalog.getCatalog()).materials;
    expect(materials.map((m) => m.materialId).sort()).toEqual(enabled.map((m) => m.id).sort());
    expect(materials.every((m) => m.ok)).toBe(true);
    const silver = materials.find((m) => m.materialId === defaultMaterialId)!;
    const alone = (await post('/api/pricing', { modelId: ring.id, quantity: 2 })).json().quote;
    expect(silver.quote).toEqual(alone);
    expect(new Set(materials.map((m) => m.quote!.totalPrice)).size).toBeGreaterThan(3);
  });

  test('assembly and engraving are priced in every row, so the chosen row equals the price card', async () => {
    const catalog = await t.ctx.catalog.getCatalog();
    const laser = catalog.laserEngravingOptions.find((o) => o.acceptsText)!;
    const assembly = catalog.assemblyOptions.find((o) => o.pricePerPartCents > 0)!;
    const choices = {
      quantity: 3,
      laserEngravingOptionId: laser.id,
      laserText: 'Forever',
      assemblyOptionId: assembly.id,
      parts: 2,
    };
    const res = await post('/api/pricing/compare', { modelId: ring.id, ...choices });
    expect(res.statusCode, res.body).toBe(200);
    const silver = (res.json().materials as { materialId: number; quote: { totalPrice: number } }[]).find(
      (m) => m.materialId === defaultMaterialId,
    )!;
    const card = (
      await post('/api/pricing', { modelId: ring.id, materialId: defaultMaterialId, ...choices })
    ).json().quote;
    expect(silver.quote).toEqual(card);
    const plain = (
      await post('/api/pricing', { modelId: ring.id, materialId: defaultMaterialId, quantity: 3 })
    ).json().quote;
    expect(card.totalPrice).toBeGreaterThan(plain.totalPrice);
  });

  test('a model that is not watertight: no material gets a price, each says why', async () => {
    const res = await post('/api/pricing/compare', { modelId: holed.id, quantity: 1 });
    expect(res.statusCode).toBe(200);
    const { materials } = res.json() as {
      materials: { ok: boolean; code?: string; message?: string; kind: string }[];
    };
    expect(materials.length).toBeGreaterThan(0);
    for (const m of materials) {
      expect(m).toMatchObject({ ok: false, code: 'not_watertight' });
      expect(m.message).toMatch(/not watertight.*We found 3 open edges around holes\.$/);
    }
  });

  test('refuses a chosen material, bad ids, bad quantities and other owners', async () => {
    for (const payload of [
      { modelId: ring.id, materialId: 1, quantity: 1 },
      { modelId: ring.id, polishId: 99_999, quantity: 1 },
      { modelId: ring.id, quantity: 0 },
      { modelId: ring.id, quantity: 1, volumeMm3: 3 },
    ]) {
      expect((await post('/api/pricing/compare', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post('/api/pricing/compare', { modelId: ring.id, quantity: 1 }, other)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/pricing/estimate', () => {
  test('quantity 100, high polish, the first Silver material; item id from the item type', async () => {
    const res = await post('/api/pricing/estimate', { modelId: ring.id, itemType: 'Ring' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.itemId).toBe(2);
    expect(body.quote.quantity).toBe(100);
    expect(body.quote.materialName).toMatch(/Silver/);
    const direct = await t.ctx.pricing.estimate(ring.analysis!, { itemTypeName: 'Ring' });
    expect(body.quote).toEqual(direct.quote);
    expect((await post('/api/pricing/estimate', { modelId: ring.id })).json().itemId).toBe(1);
  });

  test('refuses unknown materials (400), non-watertight models (422), other owners (404)', async () => {
    expect((await post('/api/pricing/estimate', { modelId: ring.id, materialId: 99_999 })).statusCode).toBe(
      400,
    );
    expect((await post('/api/pricing/estimate', { modelId: ring.id, surfaceAreaMm2: 1 })).statusCode).toBe(
      400,
    );
    const holes = await post('/api/pricing/estimate', { modelId: holed.id });
    expect(holes.statusCode).toBe(422);
    expect(holes.json().error.message).toMatch(/open edges/);
    expect((await post('/api/pricing/estimate', { modelId: ring.id }, other)).statusCode).toBe(404);
  });
});

describe('fixture models price end to end', () => {
  test('the 3MF box (6 cm³) in silver weighs 6 cm³ × 10.36 g/cm³', async () => {
    const { model } = await uploadModel(t.app, maya, 'box.3mf', fixture('box.3mf'));
    const quote = (await post('/api/pricing', { modelId: model.id, quantity: 1 })).json().quote;
    expect(quote.weightGrams).toBeCloseTo(6 * 10.36, 1);
  });
});
