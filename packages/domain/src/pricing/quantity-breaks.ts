import type { QuantityBreak } from '../catalog/catalog-types';

/** Without any tier that applies, every piece is full price. */
export const NO_BREAK: QuantityBreak = { minQuantity: 1, factor: 1 };

/** The tier with the largest `minQuantity` not above the quantity (tiers may come in any order). */
export function quantityBreakFor(quantity: number, breaks: readonly QuantityBreak[]): QuantityBreak {
  let best: QuantityBreak | undefined;
  for (const tier of breaks) {
    if (tier.minQuantity <= quantity && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  }
  return best ? { minQuantity: best.minQuantity, factor: best.factor } : NO_BREAK;
}
