/**
 * Membership plans: the money rules (proration, discounts, periods). The plans themselves are data on
 * the server that staff edit; these functions decide with what the server read.
 */

/** How long a failed renewal keeps the plan before the account drops to Standard. */
export const GRACE_DAYS = 3;
/** The least a card is charged after a discount (as card processors' minimum charge). */
export const MIN_CHARGE_CENTS = 50;

/** The same day of the next month (the last day when the next month is shorter), in UTC. */
export function addMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/**
 * What an upgrade costs now: the price difference for the unused part of the period, rounded once to
 * whole cents (half up); never below 0.
 */
export function prorate(input: {
  currentPriceCents: number;
  newPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), total);
  if (total <= 0) return 0;
  const difference = input.newPriceCents - input.currentPriceCents;
  return Math.max(0, Math.round((difference * left) / total));
}

export interface DiscountTerms {
  percentOff: number | null;
  amountOffCents: number | null;
}

/** The discount on an amount (cents): a percentage (rounded half up) or a fixed amount, leaving at least the least charge. */
export function discountOf(amountCents: number, terms: DiscountTerms): number {
  if (amountCents <= MIN_CHARGE_CENTS) return 0;
  const off = terms.percentOff
    ? Math.round((amountCents * terms.percentOff) / 100)
    : Math.max(0, terms.amountOffCents ?? 0);
  return Math.min(off, amountCents - MIN_CHARGE_CENTS);
}

export const membershipTexts = {
  badCode: 'This discount code is not valid.',
  expiredCode: 'This discount code has expired.',
  usedUpCode: 'This discount code has been used up.',
  codeNotForThis: (what: 'plans' | 'credits') =>
    what === 'plans'
      ? 'This discount code is for credit packs, not plans.'
      : 'This discount code is for plans, not credit packs.',
  renewalFailed: 'We could not renew your membership.',
} as const;
