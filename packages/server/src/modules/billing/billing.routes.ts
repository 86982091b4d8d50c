import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREDITS_PER_GENERATION, CREDITS_PER_REGENERATION } from '@facet/domain/billing';
import { requireRole } from '../../platform/auth';
import { errorReply, replies } from '../../platform/openapi';
import { checkoutReply, idempotencyHeaders } from '../payments/payments.contract';
import type { PlanRow } from './billing.reads';
import {
  discountCodeReply,
  membershipChangeReply,
  membershipQuoteReply,
  membershipsReply,
  myCreditsReply,
  myMembershipReply,
  packBody,
  packPreviewQuery,
  packQuoteReply,
  planChoiceBody,
  planPatchBody,
  planPreviewQuery,
  planReply,
} from './billing.replies';
import { newDiscountCodeBody, type DiscountRow } from './discounts';
import type { ChangeQuote, MembershipsService } from './memberships.service';

const tags = ['memberships'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const plan = (p: PlanRow) => ({
  id: p.id,
  name: p.name,
  rank: p.rank,
  priceCents: p.priceCents,
  monthlyCredits: p.monthlyCredits,
  perks: p.perks,
  libraryTier: p.libraryTier,
  active: p.active,
});
const membership = (m: Awaited<ReturnType<MembershipsService['view']>>) => ({
  plan: plan(m.plan),
  status: m.status,
  periodStart: iso(m.periodStart),
  periodEnd: iso(m.periodEnd),
  pendingPlan: m.pendingPlan ? plan(m.pendingPlan) : null,
  graceUntil: iso(m.graceUntil),
  hasSavedCard: m.hasSavedCard,
});
const quote = (q: ChangeQuote) => ({
  plan: plan(q.plan),
  kind: q.kind,
  listPriceCents: q.listPriceCents,
  discountCents: q.discountCents,
  amountCents: q.amountCents,
  prorated: q.prorated,
  effectiveAt: q.effectiveAt.toISOString(),
  periodEnd: iso(q.periodEnd),
  message: q.message,
});
const discount = (d: DiscountRow) => ({
  id: d.id,
  code: d.code,
  percentOff: d.percentOff,
  amountOffCents: d.amountOffCents,
  appliesTo: d.appliesTo,
  validFrom: iso(d.validFrom),
  validUntil: iso(d.validUntil),
  maxUses: d.maxUses,
  used: d.used,
  createdAt: d.createdAt.toISOString(),
});
const pack = (p: { code: string; name: string; credits: number; priceCents: number }) => ({
  code: p.code,
  name: p.name,
  credits: p.credits,
  priceCents: p.priceCents,
});

/** Plans, the customer's membership and credits (spec: memberships, user/subscription/update, credit-purchase). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.ctx;
  const { memberships, credits } = billing;

  app.get(
    '/api/memberships',
    {
      schema: {
        tags,
        summary:
          'The plans to compare (price a month, monthly credits, perks, library access), the credit packs and what an AI generation costs',
        response: replies({ 200: membershipsReply }),
      },
    },
    async () => ({
      plans: (await memberships.activePlans()).map(plan),
      packs: billing.packs.map(pack),
      creditsPerGeneration: CREDITS_PER_GENERATION,
      creditsPerRegeneration: CREDITS_PER_REGENERATION,
    }),
  );

  app.get(
    '/api/me/membership',
    {
      schema: {
        tags,
        summary: 'My plan, its paid period, a scheduled change and a failed renewal’s grace',
        response: replies({ 200: myMembershipReply, 401: errorReply, 403: errorReply }),
      },
    },
    async (request) => membership(await memberships.view(requireRole(request, 'customer'))),
  );

  app.get(
    '/api/me/membership/preview',
    {
      schema: {
        tags,
        summary:
          'What choosing a plan would do and cost now (an upgrade is prorated; a downgrade or cancel waits for the period end), with a discount code',
        querystring: planPreviewQuery,
        response: replies({ 200: membershipQuoteReply, ...errors }),
      },
    },
    async (request) =>
      quote(
        await memberships.quote(requireRole(request, 'customer'), request.query.plan, request.query.code),
      ),
  );

  app.post(
    '/api/me/membership',
    {
      config: { movesMoney: true },
      schema: {
        tags,
        summary:
          "Choose a plan (spec user/subscription/update): a new plan or an upgrade answers the gateway's hosted page (same Idempotency-Key, same answer); a downgrade or cancel is scheduled for the period end; choosing my plan again clears a scheduled change",
        headers: idempotencyHeaders,
        body: planChoiceBody,
        response: replies({ 200: membershipChangeReply, ...errors }),
      },
    },
    async (request) => {
      const user = requireRole(request, 'customer');
      const done = await memberships.change(
        user,
        request.body.plan,
        request.body.discountCode,
        request.headers['idempotency-key'],
      );
      return {
        paymentId: done.paymentId,
        checkoutUrl: done.checkoutUrl,
        quote: quote(done.quote),
        membership: membership(await memberships.view(user)),
      };
    },
  );

  app.get(
    '/api/me/credits',
    {
      schema: {
        tags,
        summary:
          'My credits (spec credit-usage/user): monthly plus purchased, rounded, never below 0; and their history',
        response: replies({ 200: myCreditsReply, 401: errorReply, 403: errorReply }),
      },
    },
    async (request) => {
      const user = requireRole(request, 'customer');
      const balance = await credits.balance(user.id);
      const history = await credits.history(user.id);
      return {
        monthly: balance.monthly,
        purchased: balance.purchased,
        balance: balance.balance,
        monthlyResetsAt: balance.monthlyResetsAt.toISOString(),
        history: history.map((h) => ({
          id: h.id,
          kind: h.kind,
          monthlyDelta: h.monthlyDelta,
          purchasedDelta: h.purchasedDelta,
          memo: h.memo,
          createdAt: h.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/api/me/credits/preview',
    {
      schema: {
        tags,
        summary: "A credit pack's price with a discount code",
        querystring: packPreviewQuery,
        response: replies({ 200: packQuoteReply, ...errors }),
      },
    },
    async (request) => {
      requireRole(request, 'customer');
      const q = await billing.packQuote(request.query.pack, request.query.code);
      return { ...q, pack: pack(q.pack) };
    },
  );

  app.post(
    '/api/me/credits/purchase',
    {
      config: { movesMoney: true },
      schema: {
        tags,
        summary:
          "Buy a credit pack (spec stripe/credit-purchase): the gateway's hosted page; same Idempotency-Key, same answer; the credits are added once the payment is confirmed",
        headers: idempotencyHeaders,
        body: packBody,
        response: replies({ 200: checkoutReply, ...errors }),
      },
    },
    async (request) =>
      billing.buyPack(
        requireRole(request, 'customer'),
        request.body.pack,
        request.body.discountCode,
        request.headers['idempotency-key'],
      ),
  );

  app.get(
    '/api/staff/discount-codes',
    {
      schema: {
        tags: ['staff'],
        summary: 'Discount codes (spec stripe/discount/codes), newest first',
        response: replies({
          200: z.object({ codes: z.array(discountCodeReply) }),
          401: errorReply,
          403: errorReply,
        }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return { codes: (await billing.discounts.list()).map(discount) };
    },
  );

  app.post(
    '/api/staff/discount-codes',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Create a discount code: a percentage or an amount off, for plans, credit packs or both, with optional dates and uses',
        body: newDiscountCodeBody,
        response: replies({ 201: discountCodeReply, ...errors }),
      },
    },
    async (request, reply) => {
      const staff = requireRole(request, 'staff');
      return reply.status(201).send(discount(await billing.discounts.create(staff.id, request.body)));
    },
  );

  app.get(
    '/api/staff/plans',
    {
      schema: {
        tags: ['staff'],
        summary: 'Every membership plan, withdrawn ones too, for the catalog editor',
        response: replies({ 200: z.object({ plans: z.array(planReply) }), 401: errorReply, 403: errorReply }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return { plans: (await billing.allPlans()).map(plan) };
    },
  );

  app.patch(
    '/api/staff/plans/:id',
    {
      schema: {
        tags: ['staff'],
        summary:
          "Edit a plan's price, monthly credits, perks or availability; kept in the catalog history. Paid memberships keep what they were charged",
        params: z.object({ id: z.string().max(40) }),
        body: planPatchBody,
        response: replies({ 200: planReply, ...errors }),
      },
    },
    async (request) => {
      const staff = requireRole(request, 'staff');
      return plan(await billing.updatePlan(request.params.id, request.body, staff));
    },
  );
};
