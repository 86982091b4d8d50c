/**
 * The plan preview shown on /pricing and in the upgrade dialog. The authoritative plans are seeded data on
 * the server and arrive with the commerce work; these texts describe them to visitors.
 */
export type PlanPreview = {
  name: 'Standard' | 'Pro' | 'Business';
  priceLabel: string;
  audience: string;
  perks: string[];
};

export const PLANS: readonly PlanPreview[] = [
  {
    name: 'Standard',
    priceLabel: 'Free',
    audience: 'For one-off pieces and first designs.',
    perks: [
      'Instant itemised prices for uploaded models',
      'Invite CAD designers and compare offers',
      'Project chat with our production team',
      'Buy credit packs when you need AI designs',
    ],
  },
  {
    name: 'Pro',
    priceLabel: 'Monthly subscription',
    audience: 'For independent jewelers designing every month.',
    perks: [
      'Monthly credits for AI design generations',
      'Lower minimum order counts on premium finishes',
      'Priority review of new projects',
      'Everything in Standard',
    ],
  },
  {
    name: 'Business',
    priceLabel: 'Monthly subscription',
    audience: 'For brands and shops producing collections.',
    perks: [
      'The largest monthly credit allowance',
      'Quantity pricing for production runs',
      'Shop connection for your storefront',
      'Everything in Pro',
    ],
  },
];
