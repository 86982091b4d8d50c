import { z } from 'zod';
import { TROY_OUNCE_GRAMS } from './money';

/**
 * Precious metals priced from a spot price, as jewelers quote (DESIGN.md "Pricing"): the alloy's price per
 * troy ounce is the fine metal's spot price times the alloy's purity, plus the alloy's margin in percent:
 *
 *   alloy $/ozt = spot $/ozt × purity × (1 + margin % / 100)
 *
 * Rounding rule (the only one, see `money.ts`): the spot price is entered and stored in whole cents per troy
 * ounce; the alloy rate above is NOT rounded; the cast component that multiplies it by the piece's metal
 * (weight g ÷ 31.1034768 g/ozt × (1 + metal loss)) is rounded once to whole cents, half up (`dollarsToCents`).
 * So a quote differs from a hand calculation by at most half a cent per component.
 *
 * A quote records the spot price it used (`QuoteRates.material.spot`, copied to `Quote.spot`); a stored
 * quote keeps it while locked, whatever the spot price does afterwards.
 */

export const METALS = ['gold', 'silver', 'platinum', 'palladium'] as const;
export type Metal = (typeof METALS)[number];

export const metalNames: Record<Metal, string> = {
  gold: 'Gold',
  silver: 'Silver',
  platinum: 'Platinum',
  palladium: 'Palladium',
};

export const metalSchema = z.enum(METALS, {
  error: 'The metal must be gold, silver, platinum or palladium.',
});

/** The highest spot price accepted, in cents per troy ounce ($100,000.00). */
export const MAX_SPOT_CENTS = 10_000_000;

/** A staff-entered (or feed) spot price: whole cents per troy ounce, strictly positive. */
export const spotCentsSchema = z
  .number({ error: 'The spot price must be a number of cents per troy ounce.' })
  .int('The spot price must be a whole number of cents per troy ounce.')
  .min(1, 'The spot price must be more than $0.00 per troy ounce.')
  .max(MAX_SPOT_CENTS, 'The spot price is at most $100,000.00 per troy ounce.');

/** The spot price a material was priced with: stored with the quote's rates. */
export interface SpotUsed {
  metal: Metal;
  /** Cents per troy ounce of the fine metal. */
  spotCents: number;
  /** When that price was set (UTC ISO time). */
  asOf: string;
  /** Fine-metal fraction of the alloy (0.925 for sterling, 0.585 for 14k). */
  purity: number;
  /** The alloy's margin over its fine metal, in percent. */
  marginPercent: number;
}

/** Dollars per troy ounce of the alloy, unrounded (see the rounding rule above). */
export function alloyPricePerOunce(spot: Pick<SpotUsed, 'spotCents' | 'purity' | 'marginPercent'>): number {
  return (spot.spotCents / 100) * spot.purity * (1 + spot.marginPercent / 100);
}

/** Grams of a piece: volume mm³ ÷ 1000 × gravity g/cm³ (unrounded). */
export function pieceGrams(volumeMm3: number, gravity: number): number {
  return (volumeMm3 / 1000) * gravity;
}

/** Troy ounces in a number of grams (1 ozt = 31.1034768 g). */
export const gramsToTroyOunces = (grams: number) => grams / TROY_OUNCE_GRAMS;

/** "Silver spot $30.00/ozt": how a quote names the spot price it used. */
export function describeSpot(spot: Pick<SpotUsed, 'metal' | 'spotCents'>): string {
  const dollars = (spot.spotCents / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${metalNames[spot.metal]} spot $${dollars}/ozt`;
}
