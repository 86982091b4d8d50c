import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateTorus, writeStlBinary } from '@facet/domain/mesh';
import { paymentsTestKit } from '../payments/payments-test-kit';
import { uploadModel } from '../models/models.test-helper';
import { orders } from '../orders/orders.tables';
import { payments } from '../payments/payments.tables';
import { cartItems } from './cart.tables';
import { checkoutBody } from './cart-test-kit';

let k: Awaited<ReturnType<typeof paymentsTestKit>>;
let ringId: string;

beforeAll(async () => {
  k = await paymentsTestKit();
  const ring = writeStlBinary(generateTorus(9.5, 1, [0, 0, 0], 96, 32));
  ringId = (await uploadModel(k.t.app, k.c.customer!, 'ring.stl', ring)).model.id;
}, 120_000);
afterAll(() => k.t.close());

const customerOrders = async () =>
  k.t.ctx.db.select().from(orders).where(eq(orders.customerId, k.ids.customer!));
const checkout = (key: string, body: unknown = checkoutBody(), who = 'customer') =>
  k.call(who, 'POST', '/api/checkout', body, { 'idempotency-key': key });
const cartCount = async () => (await k.call('customer', 'GET', '/api/cart')).json().count as number;

describe('checkout', () => {
  test('an empty cart, a bad address or a missing key is refused and places no order', async () => {
    const empty = await checkout('empty-cart-key-1');
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.code).toBe('cart_empty');
    await k.call('customer', 'POST', '/api/cart/items', { modelId: ringId, quantity: 2 });
    const noKey = await k.call('customer', 'POST', '/api/checkout', checkoutBody());
    expect(noKey.statusCode).toBe(400);
    const body = checkoutBody();
    const badState = await checkout('bad-state-key-1', {
      ...body,
      shippingAddress: { ...body.shippingAddress, state: 'ZZ' },
    });
    expect(badState.statusCode, badState.body).toBe(400);
    expect(badState.json().error.fields['address.state']).toBe('Choose a state from the list');
    const badCountry = await checkout('bad-country-1', {
      ...body,
      shippingAddress: { ...body.shippingAddress, country: 'QQ' },
    });
    expect(badCountry.statusCode).toBe(400);
    const noName = await checkout('no-name-key-1', {
      ...body,
      shippingAddress: { ...body.shippingAddress, name: ' ' },
    });
    expect(noName.statusCode).toBe(400);
    const badMethod = await checkout('bad-method-1', { ...body, shippingMethod: 'teleport' });
    expect(badMethod.statusCode).toBe(400);
    expect(
      (await k.call('designer', 'POST', '/api/checkout', body, { 'idempotency-key': 'designer-1' }))
        .statusCode,
    ).toBe(403);
    expect(await customerOrders()).toHaveLength(0);
  });

  test('the same key twice: one order, one payment, the same answer; paid through the sandbox, the order is paid and the cart empty; the ledger balances', async () => {
    const before = await k.call('customer', 'GET', '/api/cart');
    const cart = before.json();
    expect(cart.count).toBe(1);
    const first = await checkout('checkout-attempt-1', checkoutBody('express'));
    expect(first.statusCode, first.body).toBe(200);
    const second = await checkout('checkout-attempt-1', checkoutBody('express'));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    const placed = await customerOrders();
    expect(placed).toHaveLength(1);
    const { orderId, paymentId, checkoutUrl } = first.json();
    expect(placed[0]!.id).toBe(orderId);
    expect(placed[0]!.status).toBe('awaiting_payment');
    expect(placed[0]!.paymentId).toBe(paymentId);
    expect(placed[0]!.totalCents).toBe(cart.subtotalCents + 3500);
    const asked = await k.t.ctx.db.select().from(payments).where(eq(payments.subjectId, orderId));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.purpose).toBe('cart');
    expect(asked[0]!.amountCents).toBe(cart.subtotalCents + 3500);
    // the cart empties only when the payment is confirmed
    expect(await cartCount()).toBe(1);

    const paid = await k.pay(checkoutUrl, '4242 4242 4242 4242');
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toContain(`/order-details/${orderId}?payment=${paymentId}`);
    await k.t.ctx.jobs.drain();
    const [order] = await k.t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('paid');
    expect(order!.promisedAt).not.toBeNull();
    expect(await cartCount()).toBe(0);
    const trial = await k.trial();
    expect(trial.totalCents).toBe(0);
    const [payment] = await k.t.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(await k.balance('platform_escrow')).toBe(0);
    expect(await k.balance('platform_revenue')).toBe(payment!.amountCents - (payment!.feeCents ?? 0));
    expect(await k.balance('customer_funds')).toBe(-payment!.amountCents);
    // a later retry of the key answers the same checkout, still one order
    expect((await checkout('checkout-attempt-1', checkoutBody('express'))).json()).toEqual(first.json());
    expect(await customerOrders()).toHaveLength(1);
  }, 90_000);

  test('a cancelled payment returns to /checkout and leaves the cart as it was', async () => {
    await k.call('customer', 'POST', '/api/cart/items', { modelId: ringId, quantity: 1 });
    const r = await checkout('checkout-cancel-1');
    expect(r.statusCode, r.body).toBe(200);
    const page = await k.t.app.inject({ method: 'GET', url: new URL(r.json().checkoutUrl).pathname });
    expect(page.body).toContain('/checkout?payment=');
    expect(page.body).toContain('cancelled=1');
    expect(await cartCount()).toBe(1);
    const lines = await k.t.ctx.db.select().from(cartItems).where(eq(cartItems.customerId, k.ids.customer!));
    expect(lines).toHaveLength(1);
  });
  test('two requests with one key at the same moment make one order and one payment', async () => {
    await k.call('customer', 'POST', '/api/cart/items', { modelId: ringId, quantity: 4 });
    const before = (await customerOrders()).length;
    const [a, b] = await Promise.all([checkout('checkout-race-1'), checkout('checkout-race-1')]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(await customerOrders()).toHaveLength(before + 1);
    const asked = await k.t.ctx.db.select().from(payments).where(eq(payments.subjectId, a.json().orderId));
    expect(asked).toHaveLength(1);
  });

  test('the same key with another body is refused with 409 idempotency_key_reused: no second order or payment', async () => {
    await k.call('customer', 'POST', '/api/cart/items', { modelId: ringId, quantity: 1 });
    const first = await checkout('checkout-reuse-1', checkoutBody('standard'));
    expect(first.statusCode, first.body).toBe(200);
    const before = (await customerOrders()).length;
    const body = checkoutBody('standard');
    for (const other of [
      checkoutBody('express'),
      { ...body, shippingAddress: { ...body.shippingAddress, street: '7 Canal St' } },
    ]) {
      const reused = await checkout('checkout-reuse-1', other);
      expect(reused.statusCode, reused.body).toBe(409);
      expect(reused.json().error).toEqual({
        code: 'idempotency_key_reused',
        message:
          'This Idempotency-Key was already used for a checkout with different details. Send a new key for a new request.',
      });
    }
    // the same body, its keys in another order, is the same request: the same answer
    const { shippingMethod, shippingAddress } = body;
    const same = await checkout('checkout-reuse-1', { shippingMethod, shippingAddress });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(first.json());
    expect(await customerOrders()).toHaveLength(before);
    const asked = await k.t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.subjectId, first.json().orderId));
    expect(asked).toHaveLength(1);
    // the key of a checkout sent to another keyed route (a credit pack) is refused too: nothing charged
    const pack = await k.call(
      'customer',
      'POST',
      '/api/me/credits/purchase',
      { pack: 'pack-50' },
      {
        'idempotency-key': 'checkout-reuse-1',
      },
    );
    expect(pack.statusCode, pack.body).toBe(409);
    expect(pack.json().error.code).toBe('idempotency_key_reused');
    const mine = await k.t.ctx.db.select().from(payments).where(eq(payments.payerId, k.ids.customer!));
    expect(mine.filter((p) => p.purpose === 'credits')).toHaveLength(0);
  });
});
