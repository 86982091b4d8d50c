import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { generateTorus, writeStlBinary } from '@facet/domain/mesh';
import { paymentsTestKit } from '../payments/payments-test-kit';
import { uploadModel } from '../models/models.test-helper';
import { checkoutBody } from '../cart/cart-test-kit';
import { orders } from '../orders/orders.tables';
import { catalogChanges, materials, metalSpotPrices } from './catalog.tables';

// The staff catalog editor and the metal spot prices over the real app (issue 15, decision 037).
let k: Awaited<ReturnType<typeof paymentsTestKit>>;
let ringId: string;

/** The torus ring of the domain's worked examples (V 399.72 mm³, A 532.96 mm²). */
const torusRing = { volumeMm3: 399.72, surfaceAreaMm2: 532.96, watertight: true };

beforeAll(async () => {
  k = await paymentsTestKit();
  const ring = writeStlBinary(generateTorus(9.5, 1, [0, 0, 0], 96, 32));
  ringId = (await uploadModel(k.t.app, k.c.customer!, 'ring.stl', ring)).model.id;
}, 120_000);
afterAll(() => k.t.close());

const setSpot = async (metal: string, priceCents: number) => {
  const r = await k.call('staff', 'POST', '/api/staff/metal-prices', { metal, priceCents });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().price;
};
const spotRows = async () => (await k.t.ctx.db.select({ n: count() }).from(metalSpotPrices))[0]!.n;
const changeRows = async () => (await k.t.ctx.db.select({ n: count() }).from(catalogChanges))[0]!.n;

/** Every staff route with a valid request: refused to everyone but staff, before the body is looked at. */
const staffRoutes: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown][] = [
  ['GET', '/api/staff/catalog'],
  ['GET', '/api/staff/catalog/history'],
  ['PATCH', '/api/staff/catalog/materials/1', { spotMarginPercent: 9 }],
  ['PATCH', '/api/staff/catalog/polishes/1', { basePrice: 0.5 }],
  ['PATCH', '/api/staff/catalog/platings/2', { basePrice: 0.5 }],
  ['PATCH', '/api/staff/catalog/assembly-options/1', { pricePerPartCents: 1 }],
  ['PATCH', '/api/staff/catalog/assembly-sub-items/41', { priceCents: 1 }],
  ['PATCH', '/api/staff/catalog/laser-options/1', { priceCents: 1 }],
  ['PATCH', '/api/staff/catalog/fonts/1', { name: 'Hacked' }],
  ['PATCH', '/api/staff/catalog/categories/1', { name: 'Hacked' }],
  ['PATCH', '/api/staff/catalog/item-types/1', { name: 'Hacked' }],
  ['PATCH', '/api/staff/catalog/quantity-breaks/100', { factor: 0.1 }],
  ['GET', '/api/staff/metal-prices'],
  ['POST', '/api/staff/metal-prices', { metal: 'silver', priceCents: 1 }],
  ['GET', '/api/staff/metal-prices/silver/history'],
  ['POST', '/api/staff/metal-prices/refresh'],
];

describe('staff only', () => {
  test.each(staffRoutes)(
    '%s %s: 401 signed out, 403 for a customer and a designer; nothing changes',
    async (method, url, body) => {
      const spots = await spotRows();
      const changes = await changeRows();
      expect((await k.call('nobody', method, url, body)).statusCode).toBe(401);
      for (const who of ['customer', 'designer']) {
        const r = await k.call(who, method, url, body);
        expect(r.statusCode, `${who} ${r.body}`).toBe(403);
        expect(r.json().error.code).toBe('forbidden');
      }
      expect(await spotRows()).toBe(spots);
      expect(await changeRows()).toBe(changes);
    },
  );
});

describe('the catalog editor keeps a history', () => {
  test('each kind can be edited by staff; every change records who, when, before and after', async () => {
    const edits: [string, unknown, Record<string, unknown>][] = [
      ['polishes/1', { basePrice: 0.012 }, { basePrice: 0.012 }],
      ['assembly-options/1', { description: 'Soldered by hand.' }, { description: 'Soldered by hand.' }],
      [
        'assembly-sub-items/41',
        { priceCents: 450 },
        { priceCents: 450, assemblyOptionId: expect.any(Number) },
      ],
      ['laser-options/2', { pricePerCharacterCents: 30 }, { pricePerCharacterCents: 30 }],
      ['fonts/1', { sort: 7 }, { sort: 7 }],
      ['categories/1', { name: 'Fine Jewelry' }, { name: 'Fine Jewelry' }],
      ['item-types/2', { sort: 1 }, { sort: 1 }],
      ['quantity-breaks/100', { factor: 0.75 }, { minQuantity: 100, factor: 0.75 }],
    ];
    for (const [path, body, expected] of edits) {
      const r = await k.call('staff', 'PATCH', `/api/staff/catalog/${path}`, body);
      expect(r.statusCode, `${path} ${r.body}`).toBe(200);
      expect(r.json().entry).toMatchObject(expected);
    }
    const history = await k.call(
      'staff',
      'GET',
      '/api/staff/catalog/history?entity=quantity_break&entityId=100',
    );
    expect(history.statusCode).toBe(200);
    const [change] = history.json().changes;
    expect(change).toMatchObject({
      entity: 'quantity_break',
      entityId: 100,
      before: { factor: 0.8 },
      after: { factor: 0.75 },
      actor: { email: k.people.staff.email },
    });
    expect(Date.now() - Date.parse(change.at)).toBeLessThan(60_000);
    const catalog = (await k.call('staff', 'GET', '/api/staff/catalog')).json();
    expect(catalog.quantityBreaks.at(-1)).toEqual({ minQuantity: 100, factor: 0.75 });
    expect(catalog.productCategories[0].name).toBe('Fine Jewelry');
    // put the break back for the prices below
    await k.call('staff', 'PATCH', '/api/staff/catalog/quantity-breaks/100', { factor: 0.8 });
  });

  test('a material edit: only the changed fields, newest first; the same value again records nothing', async () => {
    const first = await k.call('staff', 'PATCH', '/api/staff/catalog/materials/1', {
      spotMarginPercent: 4,
      purity: 0.925,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().entry).toMatchObject({ spotMetal: 'silver', purity: 0.925, spotMarginPercent: 4 });
    const before = await changeRows();
    expect(
      (await k.call('staff', 'PATCH', '/api/staff/catalog/materials/1', { spotMarginPercent: 4 })).statusCode,
    ).toBe(200);
    expect(await changeRows()).toBe(before);
    const changes = (
      await k.call('staff', 'GET', '/api/staff/catalog/history?entity=material&entityId=1')
    ).json().changes;
    expect(changes[0]).toMatchObject({
      before: { spotMarginPercent: 0 },
      after: { spotMarginPercent: 4 },
      actor: { name: expect.any(String), email: k.people.staff.email },
    });
  });

  test('bad edits are refused with a message and change nothing', async () => {
    const before = await changeRows();
    const cases: [string, unknown, number, string][] = [
      [
        'materials/1',
        { purity: 1.5 },
        400,
        'The purity must be more than 0 and at most 1 (0.925 for sterling).',
      ],
      [
        'materials/1',
        { spotMetal: 'copper' },
        400,
        'The spot metal must be gold, silver, platinum or palladium.',
      ],
      [
        'materials/20',
        { spotMetal: 'silver', purity: 0.9 },
        400,
        'Only a metal can be priced from a spot price.',
      ],
      ['materials/9', { spotMetal: 'gold' }, 400, 'Give the purity of an alloy priced from a spot price.'],
      ['materials/1', { basePrice: 'cheap' }, 400, 'The base price per troy ounce must be a number.'],
      ['materials/1', {}, 400, 'Give at least one field to change.'],
      ['materials/1', { colour: 'red' }, 400, ''],
      ['materials/999', { sort: 1 }, 404, 'Material was not found.'],
      [
        'quantity-breaks/100',
        { factor: 0 },
        400,
        'The factor must be more than 0 and at most 1 (0.8 = 20 % off).',
      ],
      ['quantity-breaks/7', { factor: 0.5 }, 404, 'Quantity break was not found.'],
      ['item-types/2', { categoryId: 999 }, 400, 'That category does not exist.'],
      ['polishes/abc', { basePrice: 1 }, 400, 'Unknown entry.'],
      ['categories/2', { name: 'Fine Jewelry' }, 409, 'Another category is already named Fine Jewelry.'],
    ];
    for (const [path, body, status, message] of cases) {
      const r = await k.call('staff', 'PATCH', `/api/staff/catalog/${path}`, body);
      expect(r.statusCode, `${path} ${r.body}`).toBe(status);
      if (message) expect(r.json().error.message, path).toBe(message);
    }
    const [sterling] = await k.t.ctx.db.select().from(materials).where(eq(materials.id, 1));
    expect(sterling).toMatchObject({ purity: 0.925, spotMetal: 'silver', basePrice: 26.359 });
    expect(await changeRows()).toBe(before);
  });
});

describe('spot prices', () => {
  test('bad prices are refused and store nothing; staff see no price before one is entered', async () => {
    const overview = (await k.call('staff', 'GET', '/api/staff/metal-prices')).json();
    expect(overview.feed).toMatchObject({ mode: 'staff', state: 'unused' });
    expect(overview.metals.map((m: { metal: string }) => m.metal)).toEqual([
      'gold',
      'silver',
      'platinum',
      'palladium',
    ]);
    expect(overview.metals.every((m: { current: unknown }) => m.current === null)).toBe(true);
    const cases: [unknown, string][] = [
      [{ metal: 'silver', priceCents: 0 }, 'The spot price must be more than $0.00 per troy ounce.'],
      [
        { metal: 'silver', priceCents: 30.5 },
        'The spot price must be a whole number of cents per troy ounce.',
      ],
      [{ metal: 'silver', priceCents: -3000 }, 'The spot price must be more than $0.00 per troy ounce.'],
      [{ metal: 'copper', priceCents: 3000 }, 'The metal must be gold, silver, platinum or palladium.'],
      [{ metal: 'silver', priceCents: 20_000_000 }, 'The spot price is at most $100,000.00 per troy ounce.'],
      [{ metal: 'silver' }, 'The spot price must be a number of cents per troy ounce.'],
    ];
    for (const [body, message] of cases) {
      const r = await k.call('staff', 'POST', '/api/staff/metal-prices', body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toBe(message);
    }
    expect(await spotRows()).toBe(0);
    const refresh = await k.call('staff', 'POST', '/api/staff/metal-prices/refresh');
    expect(refresh.statusCode).toBe(409);
    expect(refresh.json().error.code).toBe('no_feed');
  });

  test('925 silver at $30.00 spot, 4 % margin: the quote is exact in cents and names its spot price', async () => {
    await setSpot('silver', 3000);
    // Sterling Silver (purity 0.925, margin 4 % set above), the torus ring, Satin Polish, quantity 1:
    // weight = 399.72 / 1000 × 10.36 = 4.1410992 g = 4.1410992 / 31.1034768 = 0.1331394309 ozt
    // alloy  = 30.00 × 0.925 × 1.04 = $28.86 /ozt
    // metal  = 0.1331394309 × 28.86 × 1.08 (metal loss) = $4.1497963 → 415 ¢; cast = 415 + 1200 = 1615 ¢
    // polish = 532.96 × 0.012 (edited above) = $6.39552 → 640 ¢; set-up 2500 ¢
    // total  = 1615 + 640 + 2500 = 4755 ¢
    const stored = await k.t.ctx.pricing.saveQuote(
      torusRing,
      { materialId: 1, quantity: 1 },
      { customerId: k.ids.customer! },
    );
    expect(stored.quote).toMatchObject({
      castPrice: 1615,
      polishLaborPrice: 640,
      fixedCostPrice: 2500,
      totalPrice: 4755,
    });
    expect(stored.quote.spot).toMatchObject({
      metal: 'silver',
      spotCents: 3000,
      purity: 0.925,
      marginPercent: 4,
    });
    expect(stored.rates.material.basePrice).toBeCloseTo(28.86, 10);

    const overview = (await k.call('staff', 'GET', '/api/staff/metal-prices')).json();
    const silver = overview.metals.find((m: { metal: string }) => m.metal === 'silver');
    expect(silver.current).toMatchObject({ priceCents: 3000, source: 'staff' });
    expect(silver.materials).toEqual([
      {
        id: 1,
        name: 'Sterling Silver',
        purity: 0.925,
        marginPercent: 4,
        pricePerOunce: expect.closeTo(28.86, 9),
      },
    ]);
    // the public catalog shows it too (the browser's instant preview prices with it)
    const sterling = (await k.call('customer', 'GET', '/api/catalog')).json().materials[0];
    expect(sterling.spot).toMatchObject({ metal: 'silver', spotCents: 3000 });

    // at $35.00: alloy 35 × 0.925 × 1.04 = $33.67; metal 0.1331394309 × 33.67 × 1.08 = $4.8414290 → 484 ¢
    // cast 1684 ¢; total 1684 + 640 + 2500 = 4824 ¢. The stored quote keeps $30.00 and 4755 ¢.
    await setSpot('silver', 3500);
    const fresh = await k.t.ctx.pricing.priceModel(torusRing, { materialId: 1, quantity: 1 });
    expect(fresh.quote).toMatchObject({ castPrice: 1684, totalPrice: 4824, spot: { spotCents: 3500 } });
    const kept = await k.t.ctx.pricing.getQuote(stored.id);
    expect(kept.quote).toEqual(stored.quote);
    // a quantity change of the locked quote uses its locked rates (and spot), not today's:
    // quantity 10: 1615 + 640 + 2500 / 10 = 250 → 2505 ¢; tier 10+ × 0.95 = 2379.75 → 2380 ¢; × 10 = 23 800 ¢
    const requoted = await k.t.ctx.pricing.requoteQuantity(stored.id, 10);
    expect(requoted.quote).toMatchObject({ castPrice: 1615, pricePerPiece: 2380, totalPrice: 23_800 });
    expect(requoted.quote.spot?.spotCents).toBe(3000);
  });

  test('a new spot price changes new quotes, but not a cart line already priced nor a paid order', async () => {
    await setSpot('silver', 3000);
    const added = await k.call('customer', 'POST', '/api/cart/items', { modelId: ringId, quantity: 1 });
    expect(added.statusCode, added.body).toBe(201);
    const cart = (await k.call('customer', 'GET', '/api/cart')).json();
    const line = cart.items[0];
    expect(line.breakdown.spot).toMatchObject({ metal: 'silver', spotCents: 3000 });
    const lineTotal = line.totalCents;

    const priceAt = async () => {
      const r = await k.call('customer', 'POST', '/api/pricing', {
        modelId: ringId,
        materialId: 1,
        quantity: 1,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().quote;
    };
    const at30 = await priceAt();
    expect(at30.totalPrice).toBe(lineTotal);
    await setSpot('silver', 4000);
    const at40 = await priceAt();
    expect(at40.spot.spotCents).toBe(4000);
    expect(at40.castPrice).toBeGreaterThan(at30.castPrice);
    expect(at40.totalPrice - at30.totalPrice).toBe(at40.castPrice - at30.castPrice);
    // the cart line keeps its locked price and spot
    const again = (await k.call('customer', 'GET', '/api/cart')).json().items[0];
    expect(again.totalCents).toBe(lineTotal);
    expect(again.breakdown.spot.spotCents).toBe(3000);
    expect(again.priceChanged ?? false).toBe(false);

    // paid at the locked price; a later spot price does not touch the order
    const checkout = await k.call('customer', 'POST', '/api/checkout', checkoutBody(), {
      'idempotency-key': 'spot-order-1',
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { orderId, checkoutUrl } = checkout.json();
    expect((await k.pay(checkoutUrl, '4242 4242 4242 4242')).statusCode).toBe(303);
    await k.t.ctx.jobs.drain();
    const [paid] = await k.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid!.status).toBe('paid');
    await setSpot('silver', 5000);
    const order = (await k.call('customer', 'GET', `/api/orders/${orderId}`)).json().order;
    expect(order.subtotalCents).toBe(lineTotal);
    expect(order.items[0].totalCents).toBe(lineTotal);
    expect(order.items[0].breakdown.spot).toMatchObject({ metal: 'silver', spotCents: 3000 });
    const [after] = await k.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after!.totalCents).toBe(paid!.totalCents);
  }, 90_000);

  test('the history lists each price with who entered it, oldest first; bad ranges are refused', async () => {
    const r = await k.call('staff', 'GET', '/api/staff/metal-prices/silver/history?days=30');
    expect(r.statusCode).toBe(200);
    const { points } = r.json();
    expect(points.map((p: { priceCents: number }) => p.priceCents)).toEqual([3000, 3500, 3000, 4000, 5000]);
    expect(points[0]).toMatchObject({ source: 'staff', enteredBy: expect.stringMatching(/\S/) });
    expect((await k.call('staff', 'GET', '/api/staff/metal-prices/gold/history')).json().points).toEqual([]);
    for (const url of [
      '/api/staff/metal-prices/copper/history',
      '/api/staff/metal-prices/silver/history?days=0',
      '/api/staff/metal-prices/silver/history?days=9999',
      '/api/staff/metal-prices/silver/history?days=abc',
    ]) {
      const bad = await k.call('staff', 'GET', url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().error.message).toMatch(/metal|days/);
    }
  });
});
