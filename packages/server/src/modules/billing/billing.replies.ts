import { z } from 'zod';
import { CREDIT_PACK_CODES } from '@facet/domain/billing';
import { discountCodeInput } from './discounts';

/** The billing module's request and reply shapes (named for the web's generated types). */

const iso = z.string().meta({ description: 'UTC time, ISO 8601' });
const cents = z.number().int().meta({ description: 'US cents' });

export const planReply = z
  .object({
    id: z.string(),
    name: z.string(),
    rank: z.number().int(),
    priceCents: cents,
    monthlyCredits: z.number().int(),
    perks: z.array(z.string()),
    libraryTier: z.enum(['Standard', 'Pro', 'Business']),
    active: z.boolean(),
  })
  .meta({ id: 'Plan' });

export const creditPackReply = z
  .object({ code: z.string(), name: z.string(), credits: z.number().int(), priceCents: cents })
  .meta({ id: 'CreditPack' });

export const membershipsReply = z
  .object({
    plans: z.array(planReply),
    packs: z.array(creditPackReply),
    creditsPerGeneration: z.number().int(),
    creditsPerRegeneration: z.number().int(),
  })
  .meta({ id: 'Memberships' });

export const myMembershipReply = z
  .object({
    plan: planReply,
    status: z.enum(['active', 'past_due']),
    periodStart: iso.nullable(),
    periodEnd: iso
      .nullable()
      .meta({ description: 'When the paid period ends (renews, or a scheduled change applies)' }),
    pendingPlan: planReply
      .nullable()
      .meta({ description: 'A downgrade or cancel waiting for the period end' }),
    graceUntil: iso
      .nullable()
      .meta({ description: 'A failed renewal: the plan ends then unless a retry pays' }),
    hasSavedCard: z.boolean(),
  })
  .meta({ id: 'MyMembership' });

export const membershipQuoteReply = z
  .object({
    plan: planReply,
    kind: z.enum(['new', 'upgrade', 'downgrade', 'cancel', 'same']),
    listPriceCents: cents,
    discountCents: cents,
    amountCents: cents.meta({ description: 'Charged now' }),
    prorated: z.boolean(),
    effectiveAt: iso,
    periodEnd: iso.nullable(),
    message: z.string(),
  })
  .meta({ id: 'MembershipQuote' });

export const membershipChangeReply = z
  .object({
    paymentId: z.string().nullable(),
    checkoutUrl: z
      .string()
      .nullable()
      .meta({ description: "The gateway's hosted pay page, when money is due" }),
    quote: membershipQuoteReply,
    membership: myMembershipReply,
  })
  .meta({ id: 'MembershipChange' });

export const creditEntryReply = z
  .object({
    id: z.string(),
    kind: z.enum(['grant', 'purchase', 'spend', 'give_back', 'reset']),
    monthlyDelta: z.number().int(),
    purchasedDelta: z.number().int(),
    memo: z.string(),
    createdAt: iso,
  })
  .meta({ id: 'CreditEntry' });

export const myCreditsReply = z
  .object({
    monthly: z.number().int(),
    purchased: z.number().int(),
    balance: z.number().int(),
    monthlyResetsAt: iso,
    history: z.array(creditEntryReply),
  })
  .meta({ id: 'MyCredits' });

export const packQuoteReply = z
  .object({ pack: creditPackReply, listPriceCents: cents, discountCents: cents, amountCents: cents })
  .meta({ id: 'CreditPackQuote' });

export const discountCodeReply = z
  .object({
    id: z.string(),
    code: z.string(),
    percentOff: z.number().int().nullable(),
    amountOffCents: cents.nullable(),
    appliesTo: z.enum(['plans', 'credits', 'both']),
    validFrom: iso.nullable(),
    validUntil: iso.nullable(),
    maxUses: z.number().int().nullable(),
    used: z.number().int(),
    createdAt: iso,
  })
  .meta({ id: 'DiscountCode' });

const optionalCode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  discountCodeInput.optional(),
);

export const planChoiceBody = z
  .object({ plan: z.string().trim().min(1, 'Choose a plan.').max(40), discountCode: optionalCode })
  .strict();
export const planPreviewQuery = z.object({
  plan: z.string({ error: 'Choose a plan.' }).trim().min(1, 'Choose a plan.').max(40),
  code: optionalCode,
});
export const packBody = z
  .object({
    pack: z.enum(CREDIT_PACK_CODES, { error: 'Choose one of the credit packs.' }),
    discountCode: optionalCode,
  })
  .strict();
export const packPreviewQuery = z.object({
  pack: z.enum(CREDIT_PACK_CODES, { error: 'Choose one of the credit packs.' }),
  code: optionalCode,
});
const planPrice = 'The price a month must be a whole number of cents from 0 to 1,000,000.';
const planCredits = 'The monthly credits must be a whole number from 0 to 1,000,000.';
const planPerk = 'Each perk is 1 to 120 characters.';

export const planPatchBody = z
  .object({
    priceCents: z
      .number({ error: planPrice })
      .int(planPrice)
      .min(0, planPrice)
      .max(1_000_000, planPrice)
      .optional(),
    monthlyCredits: z
      .number({ error: planCredits })
      .int(planCredits)
      .min(0, planCredits)
      .max(1_000_000, planCredits)
      .optional(),
    perks: z
      .array(z.string({ error: planPerk }).trim().min(1, planPerk).max(120, planPerk), {
        error: 'The perks are a list of short texts.',
      })
      .max(12, 'A plan has at most 12 perks.')
      .optional(),
    active: z.boolean({ error: 'active must be true or false.' }).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Give at least one field to change.');
