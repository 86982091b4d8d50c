import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { addressSchema, optionalPhoneSchema } from '@facet/domain/rules';
import { formatMoney } from '@facet/domain/format';
import type { Db } from '../../db/client';
import type { UserRow } from '../accounts/accounts.reads';
import { checkAddress } from '../accounts/accounts.service';
import type { LibraryService } from '../library/library.service';
import type { NewOrder } from '../orders/orders.service';
import type { OrdersService } from '../orders/orders.service';
import type { PaymentsService } from '../payments/payments.service';
import { AppError } from '../../platform/errors';
import { modelSummaries } from '../models/models.reads';
import { cartCheckouts, cartItems } from './cart.tables';
import type { CartService } from './cart.service';
import type { CartItemRow } from './cart-lines';
import { idempotencyKeyReused, requestHash } from '../../platform/request-hash';
import { SHIPPING_CODES, leadTimeOf, shippingMethod } from './cart.shared';

/**
 * Checkout: the cart's lines (expired locks re-quoted, a changed price refused until acknowledged) become
 * a pending order of the orders module, paid through the payments port; the payment's confirmation marks
 * the order paid and takes the ordered lines out of the cart, in the transaction that books the charge.
 */

export const shippingAddressSchema = addressSchema.extend({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'The name is at most 100 characters.'),
  phone: optionalPhoneSchema,
});

export const checkoutBody = z.object({
  shippingAddress: shippingAddressSchema,
  shippingMethod: z.enum(SHIPPING_CODES, { error: 'Choose a shipping method.' }),
});
export type CheckoutInput = z.output<typeof checkoutBody>;

export interface CheckoutDeps {
  db: Db;
  cart: CartService;
  library: LibraryService;
  orders: OrdersService;
  payments: PaymentsService;
}

const pricesChanged = (rows: CartItemRow[]) => {
  const fields: Record<string, string> = {};
  for (const r of rows.filter((row) => row.priceChanged)) {
    fields[r.id] =
      `${r.configuration.title}: was ${formatMoney(r.previousTotalCents ?? 0)}, now ${formatMoney(r.totalCents)}.`;
  }
  return new AppError(
    'prices_changed',
    'Some prices changed since you added them. Check the new prices in your cart, then pay.',
    409,
    fields,
  );
};

async function orderOf(deps: CheckoutDeps, user: UserRow, rows: CartItemRow[], input: CheckoutInput) {
  const method = shippingMethod(input.shippingMethod)!;
  const thumbs = await modelSummaries(
    deps.db,
    rows.map((r) => r.modelId),
  );
  const subtotalCents = rows.reduce((s, r) => s + r.totalCents, 0);
  const { phone, ...address } = input.shippingAddress;
  const order: NewOrder = {
    customerId: user.id,
    shippingAddress: { ...address, ...(phone ? { phone } : {}) },
    shippingMethod: {
      code: method.code,
      name: method.name,
      priceCents: method.priceCents,
      businessDays: method.businessDays,
    },
    items: rows.map((r) => ({
      source: r.source,
      modelId: r.modelId,
      libraryProductId: r.libraryProductId,
      title: r.configuration.title,
      fileName: r.configuration.fileName,
      thumbnailFileId: thumbs.get(r.modelId)?.thumbnailFileId ?? null,
      configuration: { ...r.configuration, choices: r.choices },
      breakdown: { ...r.quote, quoteId: r.quoteId },
      unitPriceCents: r.unitPriceCents,
      quantity: r.quantity,
      totalCents: r.totalCents,
      leadTimeDays: leadTimeOf(r.configuration.material.kind),
    })),
    subtotalCents,
    shippingCents: method.priceCents,
    totalCents: subtotalCents + method.priceCents,
  };
  return order;
}

class KeyTaken extends Error {}

export function checkoutService(deps: CheckoutDeps) {
  const { db, cart, orders, payments } = deps;

  payments.onConfirmed('cart', async (tx, payment) => {
    // an order cancelled before its payment came does not take it: the charge is refunded (null)
    if (!(await orders.markPaid(tx, payment.subjectId, payment.succeededAt ?? new Date()))) return null;
    const [checkout] = await tx
      .select()
      .from(cartCheckouts)
      .where(eq(cartCheckouts.orderId, payment.subjectId));
    if (checkout && checkout.itemIds.length > 0) {
      await tx
        .delete(cartItems)
        .where(and(eq(cartItems.customerId, checkout.customerId), inArray(cartItems.id, checkout.itemIds)));
    }
    return [];
  });

  const findCheckout = async (user: UserRow, key: string) =>
    (
      await db
        .select()
        .from(cartCheckouts)
        .where(and(eq(cartCheckouts.customerId, user.id), eq(cartCheckouts.idempotencyKey, key)))
    )[0];

  /** The payment of a checkout's order (the same key answers the same payment), attached to the order. */
  async function payFor(user: UserRow, checkout: typeof cartCheckouts.$inferSelect, key: string) {
    const { paymentId, checkoutUrl } = await payments.pay(
      user,
      {
        purpose: 'cart',
        subjectId: checkout.orderId,
        amountCents: checkout.amountCents,
        description: `Order ${checkout.orderId.slice(0, 8).toUpperCase()}`,
        returnPath: `/order-details/${checkout.orderId}`,
        cancelPath: '/checkout',
      },
      key,
    );
    if (checkout.paymentId !== paymentId) {
      await db.transaction((tx) => orders.attachPayment(tx, checkout.orderId, paymentId));
      await db.update(cartCheckouts).set({ paymentId }).where(eq(cartCheckouts.id, checkout.id));
    }
    return { orderId: checkout.orderId, paymentId, checkoutUrl };
  }

  /** The cart's lines as they will be ordered: locks re-quoted, changed prices and membership rules checked. */
  async function payableLines(user: UserRow, now: Date) {
    const rows: CartItemRow[] = [];
    for (const row of await cart.rows(user)) rows.push(await cart.refresh(user, row, now));
    if (rows.length === 0) throw new AppError('cart_empty', 'Your cart is empty.', 409);
    if (rows.some((r) => r.priceChanged)) throw pricesChanged(rows);
    for (const r of rows) {
      if (r.libraryProductId) await deps.library.checkOrder(user, r.libraryProductId, r.quantity);
    }
    return rows;
  }

  return {
    /** Places the cart as a pending order and asks for its payment: same key, same answer, one order. */
    async checkout(user: UserRow, input: CheckoutInput, key: string, now = new Date()) {
      const address = { ...input.shippingAddress };
      checkAddress(address);
      const asked = requestHash(input);
      // the same key answers only the same request: another body under it is refused, nothing placed
      const answer = (found: typeof cartCheckouts.$inferSelect) => {
        if (found.requestHash !== null && found.requestHash !== asked)
          throw idempotencyKeyReused('a checkout');
        return payFor(user, found, key);
      };
      const done = await findCheckout(user, key);
      if (done) return answer(done);
      const rows = await payableLines(user, now);
      const order = await orderOf(deps, user, rows, { ...input, shippingAddress: address });
      let checkout: typeof cartCheckouts.$inferSelect;
      try {
        checkout = await db.transaction(async (tx) => {
          const { orderId } = await orders.createPending(tx, order);
          const [row] = await tx
            .insert(cartCheckouts)
            .values({
              customerId: user.id,
              idempotencyKey: key,
              orderId,
              amountCents: order.totalCents,
              itemIds: rows.map((r) => r.id),
              requestHash: asked,
            })
            .onConflictDoNothing()
            .returning();
          // the same key at the same moment: the other request's order stands, this one rolls back
          if (!row) throw new KeyTaken();
          return row;
        });
      } catch (error) {
        if (!(error instanceof KeyTaken)) throw error;
        return answer((await findCheckout(user, key))!);
      }
      return payFor(user, checkout, key);
    },
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
