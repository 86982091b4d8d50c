import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { offerReply, projectDetailReply, projectSummaryReply } from '../projects/project-replies.contract';
import { OFFER_LIMITS, OFFER_STATUSES } from '@facet/domain/workflow';
import { requireRole, requireUser } from '../../platform/auth';
import { invitationParams, projectParams } from '../projects/projects.contract';

const tags = ['offers'];
const offerAndProject = z.object({ offer: offerReply, project: projectDetailReply });

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { offers } = app.ctx;

  app.post(
    '/api/projects/:id/invitations',
    {
      schema: {
        tags,
        summary:
          "Invite a designer or service provider (the project's customer); moves the project to its invite status",
        params: projectParams,
        body: z.strictObject({ proId: z.string({ error: 'Choose who to invite.' }).max(64) }),
        response: replies({ 201: offerAndProject }),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await offers.invite(requireUser(request), request.params.id, request.body.proId)),
  );

  app.get(
    '/api/invitations',
    {
      schema: {
        tags,
        summary: "The signed-in pro's invitations",
        querystring: z.object({ status: z.enum(OFFER_STATUSES).optional() }),
        response: replies({
          200: z.object({ invitations: z.array(offerReply.extend({ project: projectSummaryReply })) }),
        }),
      },
    },
    async (request) => ({
      invitations: await offers.listForPro(requireRole(request, 'designer', 'service'), request.query.status),
    }),
  );

  app.post(
    '/api/invitations/:id/offer',
    {
      schema: {
        tags,
        summary: 'The invited pro answers with a total price and lead time',
        params: invitationParams,
        body: z.strictObject({
          priceCents: z
            .number({ error: 'Enter a total price.' })
            .int('Enter the price in whole cents.')
            .min(OFFER_LIMITS.minPriceCents, 'The price must be at least $1.')
            .max(OFFER_LIMITS.maxPriceCents, 'The price is too high.'),
          leadTimeDays: z
            .number({ error: 'Enter a lead time in days.' })
            .int('Enter the lead time in whole days.')
            .min(OFFER_LIMITS.minLeadTimeDays, 'The lead time must be at least 1 day.')
            .max(OFFER_LIMITS.maxLeadTimeDays, 'The lead time can be at most 365 days.'),
        }),
        response: replies({ 200: z.object({ offer: offerReply }) }),
      },
    },
    async (request) => ({ offer: await offers.quote(requireUser(request), request.params.id, request.body) }),
  );

  app.post(
    '/api/invitations/:id/refuse',
    {
      schema: {
        tags,
        summary: 'The invited pro turns the invitation down',
        params: invitationParams,
        response: replies({ 200: z.object({ offer: offerReply }) }),
      },
    },
    async (request) => ({
      offer: await offers.refuse(requireUser(request), request.params.id),
    }),
  );

  app.post(
    '/api/invitations/:id/accept',
    {
      config: { movesMoney: true },
      schema: {
        tags,
        summary: 'Accept an offer: adopts the pro, refuses the others, moves to Make Payment',
        params: invitationParams,
        response: replies({ 200: offerAndProject }),
      },
    },
    async (request) => offers.accept(requireUser(request), request.params.id),
  );

  app.post(
    '/api/invitations/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline one offer',
        params: invitationParams,
        response: replies({ 200: z.object({ offer: offerReply }) }),
      },
    },
    async (request) => ({
      offer: await offers.decline(requireUser(request), request.params.id),
    }),
  );
};
