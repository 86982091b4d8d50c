/**
 * Credits (spec sections 3 and 5): a customer's monthly allowance, reset each period, plus the credit
 * packs they bought, which last. AI generations spend them; the monthly credits go first.
 */

import { CREDITS_PER_GENERATION } from '../design/wizard';

/** What one AI image generation costs, in credits (the design wizard's price, one constant). */
export { CREDITS_PER_GENERATION };
/** Regenerating a design's images costs what a generation does (the wizard charges both alike). */
export const CREDITS_PER_REGENERATION = CREDITS_PER_GENERATION;

/** The credit packs a customer can buy (the server charges these prices). */
export const CREDIT_PACKS = [
  { code: 'pack-50', name: '50 credits', credits: 50, priceCents: 900 },
  { code: 'pack-150', name: '150 credits', credits: 150, priceCents: 2400 },
  { code: 'pack-500', name: '500 credits', credits: 500, priceCents: 6900 },
] as const;
export type CreditPack = (typeof CREDIT_PACKS)[number];
export type CreditPackCode = CreditPack['code'];
export const CREDIT_PACK_CODES = CREDIT_PACKS.map((p) => p.code) as [CreditPackCode, ...CreditPackCode[]];

export function creditPack(code: string): CreditPack | undefined {
  return CREDIT_PACKS.find((p) => p.code === code);
}

/** A count shown to a person: rounded, never below 0 (spec section 5). */
export const shownCredits = (value: number) => Math.max(0, Math.round(Number.isFinite(value) ? value : 0));

/**
 * The balance as the spec shows it: purchased = sum of the purchased credit amounts, rounded, never
 * below 0; the balance is that plus the monthly credits.
 */
export function creditBalance(monthly: number, purchasedAmounts: readonly number[]) {
  const purchased = shownCredits(purchasedAmounts.reduce((s, n) => s + (Number.isFinite(n) ? n : 0), 0));
  const month = shownCredits(monthly);
  return { monthly: month, purchased, balance: month + purchased };
}

/** How a spend of `credits` splits: the monthly credits first, then the purchased ones. */
export function splitSpend(credits: number, monthly: number, purchased: number) {
  if (credits > monthly + purchased) return null;
  const fromMonthly = Math.min(credits, monthly);
  return { fromMonthly, fromPurchased: credits - fromMonthly };
}

export const creditTexts = {
  insufficient: (needed: number, have: number) =>
    `You need ${needed} credits for this; you have ${shownCredits(have)}.`,
  generationCost: `Each AI generation or regeneration costs ${CREDITS_PER_GENERATION} credits.`,
} as const;
