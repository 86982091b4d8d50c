import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { cartItems } from './cart.tables';

/** What other modules may read of carts (decision 019); a leaf file. */

/** How many lines the customer's cart holds (the sub header's cart button). */
export async function cartCount(db: Db | Tx, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
  return Number(row?.n ?? 0);
}
