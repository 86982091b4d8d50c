/** Grams in one troy ounce (exactly 31.1034768 g by definition): metal prices are quoted per troy ounce. */
export const TROY_OUNCE_GRAMS = 31.1034768;

/**
 * The one rounding rule of pricing: an amount in (fractional) cents to whole cents, half up.
 *
 * The value is first cut to 12 significant digits, so that binary noise such as
 * 1.005 × 100 = 100.49999999999999 rounds as the decimal number it stands for (100.5 → 101).
 * Prices are never negative, so half up and half away from zero are the same.
 */
export function toWholeCents(cents: number): number {
  if (!Number.isFinite(cents)) throw new RangeError(`not a finite amount: ${cents}`);
  return Math.round(Number(cents.toPrecision(12)));
}

/** Dollars (a rate times a measure) to whole cents, by the rule above. */
export function dollarsToCents(dollars: number): number {
  return toWholeCents(dollars * 100);
}
