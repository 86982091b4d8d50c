import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth';
import { replies } from '../../platform/openapi';
import { leadTimeAnswerInput, leadTimeRequestInput, projectParams } from './projects.contract';
import { leadTimeAnswerReply } from './project-replies.contract';

const tags = ['projects'];

/** Lead time changes: asked by the chosen pro while the work is in progress, answered by the customer. */
export const leadTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects } = app.ctx;

  app.put(
    '/api/projects/:id/lead-time',
    {
      schema: {
        tags,
        summary: 'The chosen pro asks to change the lead time (days and a reason); the customer answers',
        params: projectParams,
        body: leadTimeRequestInput,
        response: replies({ 200: leadTimeAnswerReply }),
      },
    },
    async (request) => projects.requestLeadTime(requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/projects/:id/lead-time/answer',
    {
      schema: {
        tags,
        summary: 'The customer agrees to the asked lead time (a new due date) or declines it',
        params: projectParams,
        body: leadTimeAnswerInput,
        response: replies({ 200: leadTimeAnswerReply }),
      },
    },
    async (request) =>
      projects.answerLeadTime(requireUser(request), request.params.id, request.body.decision === 'accept'),
  );
};
