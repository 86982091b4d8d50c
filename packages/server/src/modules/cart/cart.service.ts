import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { MAX_QUANTITY } from '@facet/domain/pricing';
import type { UserRow } from '../accounts/accounts.reads';
import { readyCopyOfDesign } from '../models/models.reads';
import { AppError, notFound } from '../../platform/errors';
import { cartItems } from './cart.tables';
import { cartLines, type CartDeps, type CartItemRow, type CartLineView, type QuotedLine } from './cart-lines';
import { PRICE_LOCK_DAYS, SHIPPING_METHODS, lockFrom, promisedDate, type CartChoices } from './cart.shared';

/**
 * The server-side cart (`app.ctx.cart`): lines priced by the server from the stored model and the catalog,
 * each keeping its quoted price for PRICE_LOCK_DAYS; an expired line is re-quoted and a changed price is
 * flagged until the customer acknowledges it, never changed silently.
 */

export type AddLine =
  | { modelId: string; libraryProductId?: undefined; choices: CartChoices; quantity: number }
  | { libraryProductId: string; modelId?: undefined; choices: CartChoices; quantity: number };

export interface LinePatch {
  quantity?: number | undefined;
  choices?: CartChoices | undefined;
  acknowledgePriceChange?: boolean | undefined;
}

const checkQuantity = (quantity: number) => {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    const message = `The quantity must be a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en-US')}.`;
    throw new AppError('validation_failed', message, 400, { quantity: message });
  }
};

/** The columns a quote sets on a line. */
const priced = (line: QuotedLine) => ({
  quoteId: line.stored.id,
  quote: line.stored.quote,
  configuration: line.configuration,
  unitPriceCents: line.stored.quote.pricePerPiece,
  totalCents: line.stored.quote.totalPrice,
});

/** A re-quote's flag: the price shown before stays beside the new one until acknowledged. */
function changeMark(row: CartItemRow, line: QuotedLine) {
  const changed = row.priceChanged || line.stored.quote.totalPrice !== row.totalCents;
  if (!changed) return { priceChanged: false, previousUnitPriceCents: null, previousTotalCents: null };
  return {
    priceChanged: true,
    previousUnitPriceCents: row.priceChanged ? row.previousUnitPriceCents : row.unitPriceCents,
    previousTotalCents: row.priceChanged ? row.previousTotalCents : row.totalCents,
  };
}

async function ownLine(db: Db, user: UserRow, id: string) {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.customerId, user.id)))
    .limit(1);
  if (!row) throw notFound('That cart line');
  return row;
}

async function saveRow(db: Db, row: CartItemRow, set: Partial<CartItemRow>) {
  const [updated] = await db
    .update(cartItems)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(cartItems.id, row.id))
    .returning();
  if (!updated) throw notFound('That cart line');
  return updated;
}

/** The customer's lines, oldest first. */
const cartRows = (db: Db, user: UserRow) =>
  db
    .select()
    .from(cartItems)
    .where(eq(cartItems.customerId, user.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));

export function cartService(deps: CartDeps) {
  const { db } = deps;
  const lines = cartLines(deps);
  const save = (row: CartItemRow, set: Partial<CartItemRow>) => saveRow(db, row, set);
  const rows = (user: UserRow) => cartRows(db, user);

  /** A line whose lock ran out, quoted again at today's rates (flagged when the price moved). */
  async function refresh(user: UserRow, row: CartItemRow, now: Date): Promise<CartItemRow> {
    if (row.lockedUntil.getTime() > now.getTime()) return row;
    const line = await lines.quoteLine(user, row.modelId, row.choices, row.quantity);
    return save(row, { ...priced(line), ...changeMark(row, line), lockedUntil: lockFrom(now) });
  }

  /** Every line (expired locks re-quoted first), the totals and the shipping methods with their dates. */
  async function view(user: UserRow, now = new Date()) {
    const fresh: CartItemRow[] = [];
    const problems = new Map<string, string>();
    for (const row of await rows(user)) {
      try {
        fresh.push(await refresh(user, row, now));
      } catch (error) {
        // a line that can no longer be priced (a material withdrawn): shown with the reason, not payable
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        problems.set(row.id, error.message);
        fresh.push(row);
      }
    }
    const items: (CartLineView & { problem: string | null })[] = (await lines.viewLines(fresh)).map((l) => ({
      ...l,
      problem: problems.get(l.id) ?? null,
    }));
    const subtotalCents = items.reduce((s, l) => s + l.totalCents, 0);
    const leadTimeDays = Math.max(0, ...items.map((l) => l.leadTimeDays));
    const shippingMethods = SHIPPING_METHODS.map((m) => ({
      ...m,
      leadTimeDays,
      promisedDate: promisedDate(now, leadTimeDays, m).toISOString(),
    }));
    const shippingEstimateCents = items.length ? SHIPPING_METHODS[0]!.priceCents : 0;
    return {
      items,
      count: items.length,
      subtotalCents,
      shippingEstimateCents,
      totalCents: subtotalCents + shippingEstimateCents,
      priceLockDays: PRICE_LOCK_DAYS,
      shippingMethods,
    };
  }

  async function modelOf(user: UserRow, input: AddLine): Promise<string> {
    if (input.modelId !== undefined) return input.modelId;
    const copy = await readyCopyOfDesign(db, user.id, input.libraryProductId);
    if (copy) return copy;
    // the customer's first use of the design: copied and analysed like "Use this design"
    const made = await deps.library.createModel(user, input.libraryProductId);
    return made.model.id;
  }

  return {
    lines,
    view,
    rows,
    refresh,

    /** Adds a line priced by the server; a price in the request is never read. */
    async add(user: UserRow, input: AddLine, now = new Date()) {
      checkQuantity(input.quantity);
      const modelId = await modelOf(user, input);
      const line = await lines.quoteLine(user, modelId, input.choices, input.quantity);
      const [row] = await db
        .insert(cartItems)
        .values({
          customerId: user.id,
          source: line.libraryProductId ? 'library' : 'model',
          modelId: line.modelId,
          libraryProductId: line.libraryProductId,
          choices: input.choices,
          quantity: input.quantity,
          ...priced(line),
          lockedUntil: lockFrom(now),
        })
        .returning();
      return (await lines.viewLines([row!]))[0]!;
    },

    /**
     * New choices re-quote the line at today's rates (a changed price is flagged); a new quantity alone keeps
     * the lock and prices the locked rates at that quantity (its quantity breaks); acknowledging clears the flag.
     */
    async update(user: UserRow, id: string, patch: LinePatch, now = new Date()) {
      let row = await ownLine(db, user, id);
      if (patch.quantity !== undefined) checkQuantity(patch.quantity);
      if (patch.choices !== undefined) {
        const quantity = patch.quantity ?? row.quantity;
        const line = await lines.quoteLine(user, row.modelId, patch.choices, quantity);
        row = await save(row, {
          ...priced(line),
          ...changeMark(row, line),
          choices: patch.choices,
          quantity,
          lockedUntil: lockFrom(now),
        });
      } else if (patch.quantity !== undefined && patch.quantity !== row.quantity) {
        row = await refresh(user, row, now);
        if (row.libraryProductId) await deps.library.checkOrder(user, row.libraryProductId, patch.quantity);
        const stored = await deps.pricing.requoteQuantity(row.quoteId, patch.quantity);
        row = await save(row, {
          quoteId: stored.id,
          quote: stored.quote,
          configuration: { ...row.configuration, weightGrams: stored.quote.weightGrams },
          unitPriceCents: stored.quote.pricePerPiece,
          totalCents: stored.quote.totalPrice,
          quantity: patch.quantity,
        });
      }
      if (patch.acknowledgePriceChange) {
        row = await save(row, {
          priceChanged: false,
          previousUnitPriceCents: null,
          previousTotalCents: null,
        });
      }
      return (await lines.viewLines([row]))[0]!;
    },

    async remove(user: UserRow, id: string) {
      const row = await ownLine(db, user, id);
      await db.delete(cartItems).where(eq(cartItems.id, row.id));
    },
  };
}

export type CartService = ReturnType<typeof cartService>;
