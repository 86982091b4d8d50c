import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Config } from '../../config';
import { users } from '../accounts/accounts.tables';
import { paymentsTestKit } from '../payments/payments-test-kit';
import type { NewOrder, NewOrderItem } from './orders.shared';

/** A ring as the cart would hand it over: configuration, breakdown and prices as quoted. */
export function ringItem(overrides: Partial<NewOrderItem> = {}): NewOrderItem {
  return {
    source: 'model',
    modelId: null,
    libraryProductId: null,
    title: 'Signet ring',
    fileName: 'signet.stl',
    thumbnailFileId: null,
    configuration: {
      material: '14K Yellow Gold',
      polish: 'High Polish',
      plating: null,
      assemblyOption: null,
      engraving: { text: 'A & B', font: 'Script', image: null },
      dimensions: { surfaceAreaMm2: 612.5, volumeMm3: 180.2, weightG: 2.4 },
    },
    breakdown: {
      castPrice: 21_000,
      fixedCostPrice: 4_000,
      polishLaborPrice: 1_500,
      laserEngravingOptionPrice: 2_500,
      totalPrice: 29_000,
    },
    unitPriceCents: 29_000,
    quantity: 2,
    totalCents: 58_000,
    leadTimeDays: 8,
    ...overrides,
  };
}

export function newOrder(customerId: string, items: NewOrderItem[] = [ringItem()]): NewOrder {
  const subtotalCents = items.reduce((s, i) => s + i.totalCents, 0);
  return {
    customerId,
    shippingAddress: {
      name: 'Casey Customer',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      country: 'US',
    },
    shippingMethod: { code: 'standard', name: 'Standard', priceCents: 1_500, businessDays: 5 },
    items,
    subtotalCents,
    shippingCents: 1_500,
    totalCents: subtotalCents + 1_500,
  };
}

/**
 * The payments kit plus orders placed the way the checkout places them: a pending order, a `cart`
 * payment through the sandbox gateway, the payment attached; the confirmation marks the order paid
 * (the hook the cart module registers, registered here while the cart is built on its own branch).
 */
export async function ordersTestKit(overrides: Partial<Config> = {}) {
  const k = await paymentsTestKit(overrides);
  const { ctx } = k.t;
  // a cart payment's confirmation is the cart module's hook (checkout.service.ts): it marks the order paid

  /** Creates a pending order of the customer and opens its payment; returns the ids and the checkout URL. */
  async function pendingOrder(who: string, items?: NewOrderItem[]) {
    const order = newOrder(k.ids[who]!, items);
    const { orderId } = await ctx.db.transaction((tx) => ctx.orders.createPending(tx, order));
    const [payer] = await ctx.db.select().from(users).where(eq(users.id, k.ids[who]!));
    const { paymentId, checkoutUrl } = await ctx.payments.pay(
      payer!,
      {
        purpose: 'cart',
        subjectId: orderId,
        amountCents: order.totalCents,
        description: `Order ${orderId.slice(0, 8).toUpperCase()}`,
        returnPath: `/order-details/${orderId}`,
      },
      `order-${orderId}`,
    );
    await ctx.db.transaction((tx) => ctx.orders.attachPayment(tx, orderId, paymentId));
    return { orderId, paymentId, checkoutUrl, order };
  }

  /** A paid order: pays with the 4242 card and waits for the webhook and the announcements. */
  async function paidOrder(who = 'customer', items?: NewOrderItem[]) {
    const pending = await pendingOrder(who, items);
    const paid = await k.pay(pending.checkoutUrl, '4242 4242 4242 4242');
    expect(paid.statusCode, paid.body).toBe(303);
    await ctx.jobs.drain();
    await ctx.orders.announce();
    await ctx.jobs.drain();
    return pending;
  }

  return { ...k, pendingOrder, paidOrder };
}
