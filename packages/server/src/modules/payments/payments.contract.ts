import { z } from 'zod';
import { CURRENCY_CODES } from '@facet/domain/money';

/** The payments module's reply shapes (named for the web's generated types). */

const iso = z.string().meta({ description: 'UTC time, ISO 8601' });
const cents = z.number().int().meta({ description: 'US cents' });
const currency = z
  .enum(CURRENCY_CODES)
  .meta({ description: 'ISO 4217 code in lower case, as @facet/domain/money knows it' });

export const checkoutReply = z
  .object({
    paymentId: z.string(),
    checkoutUrl: z.string().meta({ description: "The gateway's hosted pay page" }),
  })
  .meta({ id: 'Checkout' });

export const paymentReply = z
  .object({
    id: z.string(),
    purpose: z.enum(['project', 'changes', 'cart', 'membership', 'credits']),
    subjectId: z.string(),
    projectId: z.string().nullable(),
    description: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed', 'refunded']),
    amountCents: cents,
    currency,
    failureMessage: z.string().nullable().meta({ description: "The gateway's reason, when it failed" }),
    createdAt: iso,
    succeededAt: iso.nullable(),
    refundedAt: iso.nullable(),
    receiptUrl: z.string().nullable(),
  })
  .meta({ id: 'Payment' });

export const paymentQuoteReply = z
  .object({
    amountCents: cents,
    lines: z.array(z.object({ label: z.string(), amountCents: cents })),
    heldInEscrow: z.boolean(),
    latestPayment: paymentReply.nullable(),
  })
  .meta({ id: 'PaymentQuote' });

export const earningsReply = z
  .object({
    currency,
    inEscrowCents: cents,
    availableCents: cents,
    paidOutCents: cents,
    earnedPercentage: z.number().int(),
    transactions: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['held', 'earning', 'payout']),
        amountCents: cents,
        description: z.string(),
        projectId: z.string().nullable(),
        at: iso,
      }),
    ),
  })
  .meta({ id: 'Earnings' });

export const payoutAccountReply = z
  .object({ status: z.enum(['none', 'pending', 'active']), accountId: z.string().nullable() })
  .meta({ id: 'PayoutAccount' });

export const trialBalanceReply = z
  .object({
    accounts: z.array(z.object({ name: z.string(), currency, balanceCents: cents })),
    totalCents: cents,
  })
  .meta({ id: 'TrialBalance' });

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'Send an Idempotency-Key header.' })
    .min(8, 'The Idempotency-Key must be 8 to 200 characters.')
    .max(200, 'The Idempotency-Key must be 8 to 200 characters.')
    .regex(/^[\w.:-]+$/, 'The Idempotency-Key may hold letters, digits and . : _ - only.'),
});
