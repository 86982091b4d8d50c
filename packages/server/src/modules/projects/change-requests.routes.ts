import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, requireUser } from '../../platform/auth';
import { replies } from '../../platform/openapi';
import {
  answerChangesInput,
  changeRequestInput,
  changeRequestParams,
  projectParams,
  quoteChangesInput,
} from './projects.contract';
import { changeAnswerReply } from './project-replies.contract';

const tags = ['projects'];

/** Change requests: asked by the customer after delivery, priced or declined by the pro, answered by the customer. */
export const changeRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects } = app.ctx;

  app.post(
    '/api/projects/:id/change-requests',
    {
      schema: {
        tags,
        summary: 'The customer asks for changes after delivery',
        params: projectParams,
        body: changeRequestInput,
        response: replies({ 201: changeAnswerReply }),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await projects.requestChanges(requireUser(request), request.params.id, request.body.changes)),
  );

  app.post(
    '/api/change-requests/:id/quote',
    {
      schema: {
        tags,
        summary: 'The pro prices the changes',
        params: changeRequestParams,
        body: quoteChangesInput,
        response: replies({ 200: changeAnswerReply }),
      },
    },
    async (request) =>
      projects.answerChanges(requireUser(request), request.params.id, {
        kind: 'quote',
        priceCents: request.body.priceCents,
      }),
  );
  app.post(
    '/api/change-requests/:id/reject',
    {
      schema: {
        tags,
        summary: 'The pro declines the changes',
        params: changeRequestParams,
        response: replies({ 200: changeAnswerReply }),
      },
    },
    async (request) => projects.answerChanges(requireUser(request), request.params.id, { kind: 'reject' }),
  );
  app.post(
    '/api/change-requests/:id/approve',
    {
      schema: {
        tags,
        summary:
          'The customer approves the priced changes (not all approved = refused); priced changes then wait for their payment',
        params: changeRequestParams,
        body: answerChangesInput,
        response: replies({ 200: changeAnswerReply }),
      },
    },
    async (request) =>
      projects.answerChanges(requireUser(request), request.params.id, {
        kind: 'approve',
        approvals: request.body.approvals,
      }),
  );
  app.post(
    '/api/change-requests/:id/decline',
    {
      schema: {
        tags,
        summary: 'The customer declines the priced changes',
        params: changeRequestParams,
        response: replies({ 200: changeAnswerReply }),
      },
    },
    async (request) => projects.answerChanges(requireUser(request), request.params.id, { kind: 'decline' }),
  );
  app.post(
    '/api/staff/change-requests/:id/mark-paid',
    {
      schema: {
        tags: ['staff'],
        summary: 'Record approved changes as paid outside the gateway (the project returns to work)',
        params: changeRequestParams,
        response: replies({ 200: changeAnswerReply }),
      },
    },
    async (request) => projects.markChangesPaid(requireRole(request, 'staff'), request.params.id),
  );
};
