import type { Memberships, MembershipQuote, MyMembership, Plan } from '../api/memberships';
import type { MyCredits } from '../api/credits';

/** The billing API's answers as the server gives them, for the billing, account and pricing tests. */

export const plans: Plan[] = [
  {
    id: 'standard',
    name: 'Standard',
    rank: 0,
    priceCents: 0,
    monthlyCredits: 20,
    perks: ['20 AI credits a month', 'Standard library designs'],
    libraryTier: 'Standard',
    active: true,
  },
  {
    id: 'pro',
    name: 'Pro',
    rank: 1,
    priceCents: 2900,
    monthlyCredits: 200,
    perks: ['200 AI credits a month', 'Pro library designs', 'Priority production queue'],
    libraryTier: 'Pro',
    active: true,
  },
  {
    id: 'business',
    name: 'Business',
    rank: 2,
    priceCents: 9900,
    monthlyCredits: 1000,
    perks: ['1,000 AI credits a month', 'Every library design'],
    libraryTier: 'Business',
    active: true,
  },
];

export const memberships: Memberships = {
  plans,
  packs: [
    { code: 'pack-50', name: '50 credits', credits: 50, priceCents: 900 },
    { code: 'pack-150', name: '150 credits', credits: 150, priceCents: 2400 },
  ],
  creditsPerGeneration: 4,
  creditsPerRegeneration: 2,
};

export function myMembership(overrides: Partial<MyMembership> = {}): MyMembership {
  return {
    plan: plans[0]!,
    status: 'active',
    periodStart: null,
    periodEnd: null,
    pendingPlan: null,
    graceUntil: null,
    hasSavedCard: false,
    ...overrides,
  };
}

export function quote(overrides: Partial<MembershipQuote> = {}): MembershipQuote {
  return {
    plan: plans[1]!,
    kind: 'new',
    listPriceCents: 2900,
    discountCents: 0,
    amountCents: 2900,
    prorated: false,
    effectiveAt: '2026-11-25T08:00:00.000Z',
    periodEnd: '2026-12-25T08:00:00.000Z',
    message: 'You pay $29.00 now; Pro renews monthly from Dec 25, 2026.',
    ...overrides,
  };
}

export function myCredits(overrides: Partial<MyCredits> = {}): MyCredits {
  return {
    monthly: 20,
    purchased: 150,
    balance: 170,
    monthlyResetsAt: '2026-12-25T08:00:00.000Z',
    history: [
      {
        id: 'e2',
        kind: 'purchase',
        monthlyDelta: 0,
        purchasedDelta: 150,
        memo: 'Bought 150 credits',
        createdAt: '2026-11-24T10:00:00.000Z',
      },
      {
        id: 'e1',
        kind: 'grant',
        monthlyDelta: 20,
        purchasedDelta: 0,
        memo: 'Monthly credits (Standard)',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export const badCode = {
  status: 400,
  body: {
    error: {
      code: 'invalid_discount_code',
      message: 'This discount code is not valid.',
      fields: { discountCode: 'This discount code is not valid.' },
    },
  },
};
