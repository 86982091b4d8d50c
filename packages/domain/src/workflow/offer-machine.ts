/** Invitation rows per (project, pro): pending -> quoted -> accepted, or refused (DESIGN.md §3 Offers). */
export const OFFER_STATUSES = ['pending', 'quoted', 'accepted', 'refused'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export type OfferEvent = 'quote' | 'accept' | 'decline' | 'refuse' | 'not-chosen';

const TRANSITIONS: Record<OfferEvent, { from: readonly OfferStatus[]; to: OfferStatus }> = {
  quote: { from: ['pending', 'quoted'], to: 'quoted' },
  // spec: Accept and Decline are available only once the pro has answered with an offer
  accept: { from: ['quoted'], to: 'accepted' },
  decline: { from: ['quoted'], to: 'refused' },
  refuse: { from: ['pending', 'quoted'], to: 'refused' },
  'not-chosen': { from: ['pending', 'quoted'], to: 'refused' },
};

export function offerTransition(status: OfferStatus, event: OfferEvent): OfferStatus | null {
  const t = TRANSITIONS[event];
  return t.from.includes(status) ? t.to : null;
}

/** Offers with both price and lead time first, then by when the invitation went out. */
export function compareOffers(
  a: { priceCents: number | null; leadTimeDays: number | null; invitedAt: Date | string },
  b: { priceCents: number | null; leadTimeDays: number | null; invitedAt: Date | string },
): number {
  const full = (o: typeof a) => (o.priceCents !== null && o.leadTimeDays !== null ? 0 : 1);
  return full(a) - full(b) || new Date(a.invitedAt).getTime() - new Date(b.invitedAt).getTime();
}

export const OFFER_LIMITS = {
  minPriceCents: 100,
  maxPriceCents: 100_000_000,
  minLeadTimeDays: 1,
  maxLeadTimeDays: 365,
} as const;
