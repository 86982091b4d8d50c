import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../platform/auth';
import { htmlReply, replies } from '../../platform/openapi';
import { routeId } from '../../platform/route-ids';
import {
  checkoutReply,
  earningsReply,
  idempotencyHeaders,
  paymentQuoteReply,
  paymentReply,
  payoutAccountReply,
  trialBalanceReply,
} from './payments.contract';

const tags = ['payments'];
const projectParams = z.object({ id: routeId('Project') });
const changeRequestParams = z.object({ id: routeId('Change request') });
const paymentParams = z.object({ id: routeId('Payment') });

/** Paying for projects and changes, and the payments and receipts that come of it. */
const payingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments, projectPayments } = app.ctx;

  app.get(
    '/api/projects/:id/payment',
    {
      schema: {
        tags,
        summary: "What the project's customer pays at Make Payment, itemised, and their latest attempt",
        params: projectParams,
        response: replies({ 200: paymentQuoteReply }),
      },
    },
    async (request) => projectPayments.projectQuote(requireUser(request), request.params.id),
  );

  app.post(
    '/api/projects/:id/payment',
    {
      config: { movesMoney: true },
      schema: {
        tags,
        summary:
          "The project's customer pays at Make Payment: a checkout on the gateway (same key, same answer)",
        params: projectParams,
        headers: idempotencyHeaders,
        response: replies({ 200: checkoutReply }),
      },
    },
    async (request) =>
      projectPayments.payProject(requireUser(request), request.params.id, request.headers['idempotency-key']),
  );

  app.get(
    '/api/change-requests/:id/payment',
    {
      schema: {
        tags,
        summary: 'What the customer pays for approved changes, and their latest attempt',
        params: changeRequestParams,
        response: replies({ 200: paymentQuoteReply }),
      },
    },
    async (request) => projectPayments.changesQuote(requireUser(request), request.params.id),
  );

  app.post(
    '/api/change-requests/:id/payment',
    {
      config: { movesMoney: true },
      schema: {
        tags,
        summary: 'The customer pays approved changes: a checkout on the gateway (same key, same answer)',
        params: changeRequestParams,
        headers: idempotencyHeaders,
        response: replies({ 200: checkoutReply }),
      },
    },
    async (request) =>
      projectPayments.payChanges(requireUser(request), request.params.id, request.headers['idempotency-key']),
  );

  app.get(
    '/api/payments/:id',
    {
      schema: {
        tags,
        summary: 'A payment (its payer and staff)',
        params: paymentParams,
        response: replies({ 200: paymentReply }),
      },
    },
    async (request) => payments.payment(requireUser(request), request.params.id),
  );

  app.get(
    '/api/payments/:id/receipt',
    {
      schema: {
        tags,
        summary: 'A printable receipt (its payer and staff)',
        params: paymentParams,
        response: { 200: htmlReply('Receipt'), ...replies({}) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await payments.receipt(requireUser(request), request.params.id)),
  );
};

/** The signed-in user's own: transactions, earnings and payout account. */
const myPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.ctx;

  app.get(
    '/api/me/transactions',
    {
      schema: {
        tags,
        summary: "The signed-in customer's payments, newest first",
        response: replies({ 200: z.object({ transactions: z.array(paymentReply) }) }),
      },
    },
    async (request) => ({ transactions: await payments.customerTransactions(requireUser(request)) }),
  );

  app.get(
    '/api/me/earnings',
    {
      schema: {
        tags,
        summary: "A pro's earnings: in escrow, available, paid out, and each movement with its project",
        response: replies({ 200: earningsReply }),
      },
    },
    async (request) => payments.earnings(requireRole(request, 'designer', 'service')),
  );

  app.get(
    '/api/me/payout-account',
    {
      schema: {
        tags,
        summary: "Where the pro's payout account stands (asked of the gateway)",
        response: replies({ 200: payoutAccountReply }),
      },
    },
    async (request) => payments.accountStatus(requireRole(request, 'designer', 'service')),
  );

  app.post(
    '/api/me/payout-account',
    {
      schema: {
        tags,
        summary: 'A pro starts (or resumes) payout account onboarding at the gateway',
        response: replies({ 200: z.object({ onboardingUrl: z.string() }) }),
      },
    },
    async (request) => payments.startOnboarding(requireRole(request, 'designer', 'service')),
  );
};

const earnedMessage = 'The earned percentage must be a whole number from 0 to 100.';
const earnedPercentageReply = z
  .object({
    percentage: z.number().int().describe("the pros' share of a payment, in percent"),
    isDefault: z.boolean().describe('true: never set by staff, the default applies'),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'EarnedPercentage' });

/** Staff's: the trial balance, refunds, reconciliation and payouts on demand. */
const staffPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments, projectPayments } = app.ctx;

  app.get(
    '/api/staff/settings/earned-percentage',
    {
      schema: {
        tags: ['staff'],
        summary: "The pros' share of each payment, in whole percent (80 unless staff set it)",
        response: replies({ 200: earnedPercentageReply }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return payments.earnedPercentage();
    },
  );

  app.put(
    '/api/staff/settings/earned-percentage',
    {
      schema: {
        tags: ['staff'],
        summary:
          "Set the pros' share of each payment (whole percent, 0–100); kept in the catalog history. Payments already asked for keep theirs",
        body: z
          .object({
            percentage: z
              .number({ error: earnedMessage })
              .int(earnedMessage)
              .min(0, earnedMessage)
              .max(100, earnedMessage),
          })
          .strict(),
        response: replies({ 200: earnedPercentageReply }),
      },
    },
    async (request) => payments.setEarnedPercentage(requireRole(request, 'staff'), request.body.percentage),
  );

  app.get(
    '/api/staff/ledger/trial-balance',
    {
      schema: {
        tags: ['staff'],
        summary: "Every ledger account's balance; they sum to zero",
        response: replies({ 200: trialBalanceReply }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return payments.trialBalance();
    },
  );

  app.post(
    '/api/staff/projects/:id/refund',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Cancel a project before delivery: it moves to Cancelled and its escrow goes back to the customer (also when nothing was paid yet). Once: a retry refunds and moves nothing and answers the same; a delivered or completed project 409 already_delivered',
        params: projectParams,
        response: replies({
          200: z
            .object({
              refunded: z.number().int().meta({ description: "the project's payments refunded, in all" }),
              refundedCents: z.number().int().meta({ description: 'their sum, in cents' }),
            })
            .meta({ id: 'ProjectRefund' }),
        }),
      },
    },
    async (request) => projectPayments.refundProject(requireRole(request, 'staff'), request.params.id),
  );

  app.post(
    '/api/staff/payments/reconcile',
    {
      schema: {
        tags: ['staff'],
        summary:
          "Compare the gateway's paid checkouts with the ledger now (the job does it every 15 minutes)",
        response: replies({
          200: z.object({
            checked: z.number().int(),
            missed: z.array(
              z.object({
                paymentId: z.string(),
                sessionId: z.string(),
                amountCents: z.number().int(),
                repaired: z.boolean(),
              }),
            ),
          }),
        }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return payments.reconcile({ repair: app.ctx.gateway.name === 'sandbox' });
    },
  );

  app.post(
    '/api/staff/payments/payouts',
    {
      schema: {
        tags: ['staff'],
        summary: 'Pay out available balances now (the job does it every minute)',
        response: replies({ 200: z.object({ paid: z.number().int() }) }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return { paid: await payments.runPayouts() };
    },
  );
};

/** Paying for projects and changes, payments and receipts, transactions, earnings and payout accounts. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(payingRoutes);
  await app.register(myPaymentsRoutes);
  await app.register(staffPaymentsRoutes);
};
