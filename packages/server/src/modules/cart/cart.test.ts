import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateTorus, writeStlBinary } from '@facet/domain/mesh';
import { libraryTexts } from '@facet/domain/catalog';
import { paymentsTestKit } from '../payments/payments-test-kit';
import { uploadModel } from '../models/models.test-helper';
import { materials } from '../catalog/catalog.tables';
import { libraryProducts } from '../library/library.tables';
import { cartItems } from './cart.tables';
import { checkoutBody } from './cart-test-kit';
import { multipart } from '../chat/chat-test-kit';

let k: Awaited<ReturnType<typeof paymentsTestKit>>;
let ringId: string;
let silverId: number;
let laserId: number;

beforeAll(async () => {
  k = await paymentsTestKit();
  const ring = writeStlBinary(generateTorus(9.5, 1, [0, 0, 0], 96, 32));
  ringId = (await uploadModel(k.t.app, k.c.customer!, 'ring.stl', ring)).model.id;
  const catalog = await k.t.ctx.catalog.getCatalog();
  silverId = catalog.defaults.materialId!;
  laserId = catalog.laserEngravingOptions.find((o) => o.acceptsText)!.id;
}, 120_000);
afterAll(() => k.t.close());

const add = (payload: unknown, who = 'customer') => k.call(who, 'POST', '/api/cart/items', payload);
const cart = async (who = 'customer') => {
  const r = await k.call(who, 'GET', '/api/cart');
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const clear = () => k.t.ctx.db.delete(cartItems);
/** The server's own quote of the same model and choices (POST /api/pricing). */
const serverQuote = async (choices: object, quantity: number) => {
  const r = await k.call('customer', 'POST', '/api/pricing', { modelId: ringId, ...choices, quantity });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().quote;
};

describe('the cart', () => {
  test('only customers have a cart; bad input is refused and changes nothing', async () => {
    expect((await k.call('nobody', 'GET', '/api/cart')).statusCode).toBe(401);
    expect((await k.call('designer', 'GET', '/api/cart')).statusCode).toBe(403);
    expect((await add({ modelId: ringId }, 'designer')).statusCode).toBe(403);
    const bad = await add({ modelId: ringId, quantity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect((await add({ quantity: 1 })).statusCode).toBe(400);
    expect((await add({ modelId: ringId, choices: { materialId: 99_999 } })).statusCode).toBe(400);
    expect((await cart()).count).toBe(0);
  });

  test('each line is priced by the server, a price sent by the browser is ignored, the total is the sum of quotes', async () => {
    await clear();
    const first = await add({
      modelId: ringId,
      choices: {},
      quantity: 2,
      totalPrice: 1,
      unitPriceCents: 1,
      price: 1,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await add({
      modelId: ringId,
      choices: { materialId: silverId, laserEngravingOptionId: laserId, laserText: 'A&B' },
      quantity: 30,
    });
    expect(second.statusCode, second.body).toBe(201);
    const c = await cart();
    expect(c.count).toBe(2);
    const q1 = await serverQuote({}, 2);
    const q2 = await serverQuote(
      { materialId: silverId, laserEngravingOptionId: laserId, laserText: 'A&B' },
      30,
    );
    expect(c.items[0].breakdown).toEqual(q1);
    expect(c.items[0].totalCents).toBe(q1.totalPrice);
    expect(c.items[0].totalCents).not.toBe(1);
    expect(c.items[1].totalCents).toBe(q2.totalPrice);
    expect(c.subtotalCents).toBe(q1.totalPrice + q2.totalPrice);
    expect(c.shippingEstimateCents).toBe(1500);
    expect(c.totalCents).toBe(c.subtotalCents + 1500);
    const line = c.items[1];
    expect(line.configuration.material.name).toBe('Sterling Silver');
    expect(line.configuration.laserEngraving.text).toBe('A&B');
    expect(line.configuration.surfaceAreaMm2).toBeGreaterThan(0);
    expect(line.configuration.volumeMm3).toBeGreaterThan(0);
    expect(new Date(line.lockedUntil).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(c.shippingMethods.map((m: { code: string }) => m.code)).toEqual(['standard', 'express']);
    const me = await k.call('customer', 'GET', '/api/me');
    expect(me.json().user.cartCount).toBe(2);
  });

  test('a quantity change re-prices with the quantity breaks of the locked rates', async () => {
    await clear();
    const line = (await add({ modelId: ringId, quantity: 1 })).json();
    const r = await k.call('customer', 'PATCH', `/api/cart/items/${line.id}`, { quantity: 100 });
    expect(r.statusCode, r.body).toBe(200);
    const q = await serverQuote({}, 100);
    expect(r.json().totalCents).toBe(q.totalPrice);
    expect(r.json().breakdown.quantityBreak).toEqual(q.quantityBreak);
    expect(r.json().unitPriceCents).toBeLessThan(line.unitPriceCents);
    expect(r.json().priceChanged).toBe(false);
  });

  test('a catalog price change never alters a locked line; an expired lock re-quotes and flags the change', async () => {
    await clear();
    const line = (await add({ modelId: ringId, quantity: 3 })).json();
    const [silver] = await k.t.ctx.db.select().from(materials).where(eq(materials.id, silverId));
    k.t.ctx.catalog.changed();
    await k.t.ctx.db
      .update(materials)
      .set({ basePrice: silver!.basePrice * 2 })
      .where(eq(materials.id, silverId));
    k.t.ctx.catalog.changed();
    try {
      let c = await cart();
      expect(c.items[0].totalCents).toBe(line.totalCents);
      expect(c.items[0].priceChanged).toBe(false);
      // within the lock, even a new quantity keeps the locked rates
      const patched = await k.call('customer', 'PATCH', `/api/cart/items/${line.id}`, { quantity: 4 });
      expect(patched.json().totalCents).toBeLessThan((await serverQuote({}, 4)).totalPrice);
      await k.call('customer', 'PATCH', `/api/cart/items/${line.id}`, { quantity: 3 });
      // the lock runs out (moved in the database, not by waiting)
      await k.t.ctx.db
        .update(cartItems)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(cartItems.id, line.id));
      c = await cart();
      const requoted = c.items[0];
      expect(requoted.totalCents).toBe((await serverQuote({}, 3)).totalPrice);
      expect(requoted.totalCents).toBeGreaterThan(line.totalCents);
      expect(requoted.priceChanged).toBe(true);
      expect(requoted.previousTotalCents).toBe(line.totalCents);
      expect(new Date(requoted.lockedUntil).getTime()).toBeGreaterThan(Date.now());
      // checkout refuses until the customer has seen it
      const refused = await k.call('customer', 'POST', '/api/checkout', checkoutBody(), {
        'idempotency-key': 'refused-changed-1',
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe('prices_changed');
      const ack = await k.call('customer', 'PATCH', `/api/cart/items/${line.id}`, {
        acknowledgePriceChange: true,
      });
      expect(ack.json().priceChanged).toBe(false);
      expect(ack.json().previousTotalCents).toBeNull();
    } finally {
      await k.t.ctx.db
        .update(materials)
        .set({ basePrice: silver!.basePrice })
        .where(eq(materials.id, silverId));
      k.t.ctx.catalog.changed();
    }
  });

  test('new choices re-quote the line and show the changed price', async () => {
    await clear();
    const line = (await add({ modelId: ringId, quantity: 2 })).json();
    const r = await k.call('customer', 'PATCH', `/api/cart/items/${line.id}`, {
      choices: { laserEngravingOptionId: laserId, laserText: 'Forever' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().totalCents).toBe(
      (await serverQuote({ laserEngravingOptionId: laserId, laserText: 'Forever' }, 2)).totalPrice,
    );
    expect(r.json().priceChanged).toBe(true);
    expect(r.json().previousTotalCents).toBe(line.totalCents);
  });

  test('an engraving image goes with the line, readable by its customer and the production team only', async () => {
    await clear();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const upload = (who: string, name: string, bytes: Uint8Array) => {
      const body = multipart(name, bytes, 'image');
      return k.t.app.inject({
        method: 'POST',
        url: '/api/cart/engraving-images',
        headers: { cookie: k.c[who]!, ...body.headers },
        payload: body.payload,
      });
    };
    const refused = await upload('customer', 'monogram.png', Buffer.from('%PDF-1.4 not a picture'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('An engraving image must be a PNG, JPG or WebP picture.');
    expect((await upload('designer', 'monogram.png', png)).statusCode).toBe(403);
    const uploaded = await upload('customer', 'monogram.png', png);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json().image;
    expect(image.url).toBe(`/api/engraving-images/${image.id}`);

    const line = await add({
      modelId: ringId,
      choices: {
        materialId: silverId,
        laserEngravingOptionId: laserId,
        laserText: 'A & B',
        laserImageFileId: image.id,
      },
    });
    expect(line.statusCode, line.body).toBe(201);
    expect(line.json().configuration.laserEngraving).toMatchObject({ text: 'A & B', image: image.url });
    // the image is not priced: the same choices without it cost the same
    const quote = await serverQuote(
      { materialId: silverId, laserEngravingOptionId: laserId, laserText: 'A & B' },
      1,
    );
    expect(line.json().totalCents).toBe(quote.totalPrice);
    // another customer cannot use it, nor read it; the production team can
    const stolen = await add(
      { modelId: ringId, choices: { materialId: silverId, laserImageFileId: image.id } },
      'other',
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('unknown_engraving_image');
    const read = (who: string) => k.call(who, 'GET', image.url);
    expect((await read('customer')).statusCode).toBe(200);
    expect((await read('staff')).statusCode).toBe(200);
    expect((await read('other')).statusCode).toBe(404);
    expect((await read('designer')).statusCode).toBe(404);
    await clear();
  });

  test("another customer's line is not found; removing a line empties it", async () => {
    await clear();
    const line = (await add({ modelId: ringId, quantity: 1 })).json();
    expect((await k.call('other', 'PATCH', `/api/cart/items/${line.id}`, { quantity: 2 })).statusCode).toBe(
      404,
    );
    expect((await k.call('other', 'DELETE', `/api/cart/items/${line.id}`)).statusCode).toBe(404);
    // nor may a model of another customer be added
    expect((await add({ modelId: ringId, quantity: 1 }, 'other')).statusCode).toBe(404);
    expect((await cart('other')).count).toBe(0);
    expect((await k.call('customer', 'DELETE', `/api/cart/items/${line.id}`)).statusCode).toBe(204);
    expect((await cart()).count).toBe(0);
  });

  test('library designs: the membership and its minimum pieces apply, with the spec texts', async () => {
    await clear();
    const design = async (slug: string) =>
      (await k.t.ctx.db.select().from(libraryProducts).where(eq(libraryProducts.slug, slug)))[0]!;
    const pearl = await design('pearl-bead');
    const few = await add({ libraryProductId: pearl.id, quantity: 2 });
    expect(few.statusCode, few.body).toBe(422);
    expect(few.json().error.message).toBe(`To access ${pearl.name} you must order at least 10 pieces`);
    const enough = await add({ libraryProductId: pearl.id, quantity: 10 });
    expect(enough.statusCode, enough.body).toBe(201);
    expect(enough.json().source).toBe('library');
    expect(enough.json().title).toBe(pearl.name);
    const lower = await k.call('customer', 'PATCH', `/api/cart/items/${enough.json().id}`, { quantity: 3 });
    expect(lower.statusCode).toBe(422);
    const pro = await design('wide-band');
    const locked = await add({ libraryProductId: pro.id, quantity: 30 });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe(libraryTexts.upgrade);
    expect(libraryTexts.upgrade).toBe('Upgrade your membership to use this design!');
  }, 60_000);
});
