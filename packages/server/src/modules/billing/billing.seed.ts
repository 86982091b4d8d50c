import type { Db } from '../../db/client';
import { plans } from './billing.tables';

/** The plans every installation starts with; staff edit them later (an existing row is left as it is). */
export const seedPlans: (typeof plans.$inferInsert)[] = [
  {
    id: 'standard',
    name: 'Standard',
    rank: 0,
    priceCents: 0,
    monthlyCredits: 20,
    libraryTier: 'Standard',
    perks: ['20 AI credits a month', 'Standard library designs', 'Instant pricing and checkout'],
  },
  {
    id: 'pro',
    name: 'Pro',
    rank: 1,
    priceCents: 2900,
    monthlyCredits: 200,
    libraryTier: 'Pro',
    perks: [
      '200 AI credits a month',
      'Pro library designs',
      'Lower minimum orders on library designs',
      'Priority production queue',
    ],
  },
  {
    id: 'business',
    name: 'Business',
    rank: 2,
    priceCents: 9900,
    monthlyCredits: 1000,
    libraryTier: 'Business',
    perks: [
      '1,000 AI credits a month',
      'Every library design',
      'The lowest minimum orders',
      'A dedicated production contact',
    ],
  },
];

export async function seedBillingPlans(db: Db) {
  await db.insert(plans).values(seedPlans).onConflictDoNothing();
}
