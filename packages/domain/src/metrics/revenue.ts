/** Revenue of what was sold (spec: revenue defaults to price plus 25 percent when there is no shop price). */

/** What a piece adds to the price when it has no shop price of its own, in percent. */
export const DEFAULT_MARKUP_PERCENT = 25;

/**
 * The revenue of one piece in cents: its shop price when it has one, otherwise its price plus 25 percent,
 * rounded half up to the cent (price 1_001 → 1_251).
 */
export function pieceRevenueCents(priceCents: number, shopPriceCents: number | null | undefined): number {
  if (shopPriceCents !== null && shopPriceCents !== undefined) return shopPriceCents;
  return Math.round((priceCents * (100 + DEFAULT_MARKUP_PERCENT)) / 100);
}

/** The revenue of an order line: the revenue of one piece times the pieces. */
export function lineRevenueCents(line: {
  unitPriceCents: number;
  shopPriceCents: number | null;
  quantity: number;
}): number {
  return pieceRevenueCents(line.unitPriceCents, line.shopPriceCents) * line.quantity;
}
