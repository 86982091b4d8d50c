import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { givenCustomer, givenStaff } from '../../test/world';
import { withCatalog } from './catalog.test-helper';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  await withCatalog(t);
  staff = (await givenStaff(t)).cookie;
  customer = (await givenCustomer(t)).cookie;
});
afterAll(() => t.close());

const getCatalog = (query = '', cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/catalog${query}`, headers: cookie ? { cookie } : {} });
const patch = (path: string, payload: unknown, cookie: string | null = staff) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/catalog/${path}`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const materialNamed = async (name: string) =>
  (await getCatalog('?includeDisabled=true', staff))
    .json()
    .materials.find((m: { name: string }) => m.name === name);

describe('GET /api/catalog', () => {
  test('anyone gets the configurator catalog with the spec defaults', async () => {
    const response = await getCatalog();
    expect(response.statusCode).toBe(200);
    const c = response.json();
    expect(c.materials[0]).toMatchObject({
      name: 'Sterling Silver',
      gravity: 10.36,
      basePrice: 26.359,
      isDefault: true,
    });
    expect(c.defaults).toMatchObject({ materialId: 1, polishId: 1, platingId: 1, quantity: 1 });
    expect(c.polishes.map((p: { name: string }) => p.name)).toContain('High Polish');
    expect(c.platings[0]).toMatchObject({ name: 'None', basePrice: 0 });
    expect(
      c.assemblyOptions.find((o: { id: number }) => o.id === 4).subItems.map((s: { name: string }) => s.name),
    ).toEqual(['Push backs (pair)', 'Screw backs (pair)', 'Lever backs (pair)']);
    expect(c.laserFonts[0]).toMatchObject({
      name: 'Cormorant Garamond',
      packageName: '@fontsource/cormorant-garamond',
    });
    expect(c.productCategories[0].name).toBe('Jewelry');
    expect(c.quantityBreaks.at(-1)).toEqual({ minQuantity: 100, factor: 0.8 });
    expect(c.estimate).toEqual({ quantity: 100, polishId: 5, materialId: 1 });
  });

  test('disabled entries are hidden; only staff may ask for them', async () => {
    expect((await patch('materials/21', { isDisabled: true })).statusCode).toBe(200);
    const names = (await getCatalog(undefined, customer))
      .json()
      .materials.map((m: { name: string }) => m.name);
    expect(names).not.toContain('Standard Resin');
    expect((await getCatalog('?includeDisabled=true')).statusCode).toBe(401);
    expect((await getCatalog('?includeDisabled=true', customer)).statusCode).toBe(403);
    expect(await materialNamed('Standard Resin')).toMatchObject({ isDisabled: true });
    await patch('materials/21', { isDisabled: false });
  });
});

describe('staff edit prices', () => {
  test('a material: rates, density and a colour given as a JSON string', async () => {
    const response = await patch('materials/4', {
      basePrice: 1425.5,
      gravity: 12.7,
      metalLoss: 0.06,
      color: '{"r":220,"g":220,"b":214}',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().material).toMatchObject({
      id: 4,
      name: '14k White Gold',
      basePrice: 1425.5,
      gravity: 12.7,
      metalLoss: 0.06,
      color: { r: 220, g: 220, b: 214 },
    });
    expect(await materialNamed('14k White Gold')).toMatchObject({ basePrice: 1425.5 });
  });

  test('a polish and a plating', async () => {
    const polish = await patch('polishes/5', { basePrice: 0.015 });
    expect(polish.json().polish).toMatchObject({ id: 5, name: 'High Polish', basePrice: 0.015 });
    const plating = await patch('platings/2', { basePrice: 0.02, description: 'Bright white.' });
    expect(plating.json().plating).toMatchObject({
      id: 2,
      name: 'Rhodium',
      basePrice: 0.02,
      description: 'Bright white.',
    });
    await patch('polishes/5', { basePrice: 0.0148 });
  });

  test('only staff: signed out 401, customer 403, before the body is even read', async () => {
    expect((await patch('materials/1', { basePrice: 1 }, null)).statusCode).toBe(401);
    expect((await patch('materials/1', { basePrice: 1 }, customer)).statusCode).toBe(403);
    expect((await patch('materials/1', { basePrice: -1 }, customer)).statusCode).toBe(403);
    expect((await patch('polishes/1', { basePrice: 1 }, customer)).statusCode).toBe(403);
    expect((await patch('platings/1', { basePrice: 1 }, null)).statusCode).toBe(401);
    expect(await materialNamed('Sterling Silver')).toMatchObject({ basePrice: 26.359 });
  });

  test('bad input is a clear 400 and changes nothing', async () => {
    const before = await materialNamed('Sterling Silver');
    const cases: [string, unknown, string][] = [
      ['materials/1', { basePrice: -5 }, 'The base price per troy ounce cannot be negative.'],
      ['materials/1', { basePrice: 'cheap' }, 'The base price per troy ounce must be a number.'],
      ['materials/1', { gravity: 0 }, 'The gravity must be between 0.5 and 25 g/cm³.'],
      ['materials/1', { castingLabourCents: 10.5 }, 'The casting labour must be a whole number of cents.'],
      [
        'materials/1',
        { color: '{"r":300,"g":0,"b":0}' },
        'Each colour channel must be a number from 0 to 255.',
      ],
      ['materials/1', {}, 'Give at least one field to change.'],
      ['materials/1', { basePrice: 30, base_price: 30 }, 'Unrecognized key: "base_price"'],
      ['polishes/1', { basePrice: 50 }, 'The base price per mm² is at most 10.'],
      ['platings/2', { name: '' }, 'The name is required.'],
      ['materials/abc', { basePrice: 30 }, 'Unknown material.'],
    ];
    for (const [path, body, message] of cases) {
      const response = await patch(path, body);
      expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed', message });
    }
    expect(await materialNamed('Sterling Silver')).toEqual(before);
  });

  test('unknown entries 404; the default cannot be disabled; names stay unique', async () => {
    expect((await patch('materials/999', { basePrice: 1 })).json().error).toEqual({
      code: 'not_found',
      message: 'Material was not found.',
    });
    expect((await patch('polishes/999', { basePrice: 1 })).statusCode).toBe(404);
    const disableDefault = await patch('materials/1', { isDisabled: true });
    expect(disableDefault.statusCode).toBe(409);
    expect(disableDefault.json().error.code).toBe('default_entry');
    expect((await patch('platings/1', { isDisabled: true })).statusCode).toBe(409);
    const clash = await patch('materials/9', { name: 'Bronze' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'name_taken',
      message: 'Another material is already named Bronze.',
    });
    expect(await materialNamed('Sterling Silver')).toMatchObject({ isDisabled: false });
    expect(await materialNamed('Brass')).toBeDefined();
  });

  test('a price edit through the API leaves a stored quote as it was', async () => {
    // the app's own pricing: its kept catalog is dropped by the staff edits below
    const { pricing } = t.ctx;
    const ring = { volumeMm3: 399.72, surfaceAreaMm2: 532.96, watertight: true };
    const saved = await pricing.saveQuote(
      ring,
      { materialId: 1, platingId: 2, quantity: 25 },
      { customerId: null },
    );

    expect((await patch('materials/1', { basePrice: 40 })).statusCode).toBe(200);
    expect((await patch('platings/2', { basePrice: 0.05 })).statusCode).toBe(200);

    const stored = await pricing.getQuote(saved.id);
    expect(stored.quote).toEqual(saved.quote);
    expect(stored.rates.material.basePrice).toBe(26.359);
    const now = await pricing.priceModel(ring, { materialId: 1, platingId: 2, quantity: 25 });
    expect(now.quote.totalPrice).toBeGreaterThan(saved.quote.totalPrice);
    await patch('materials/1', { basePrice: 26.359 });
  });

  test('the OpenAPI document describes the catalog calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/catalog',
        '/api/catalog/materials/{id}',
        '/api/catalog/polishes/{id}',
        '/api/catalog/platings/{id}',
      ]),
    );
  });
});
