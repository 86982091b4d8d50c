import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, requireUser } from '../../platform/auth';
import { replies } from '../../platform/openapi';
import { projectParams } from './projects.contract';
import { projectReply } from './project-replies.contract';
import { streamFiles } from './projects.multipart';
import { MAX_DELIVERY_FILES } from './project-files.rules';

const tags = ['projects'];

/** The workflow after the offer: marked paid by staff, delivered by the pro, approved by the customer. */
export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects } = app.ctx;

  app.post(
    '/api/staff/projects/:id/mark-paid',
    {
      schema: {
        tags: ['staff'],
        summary: 'Mark a project paid (until payments exist)',
        params: projectParams,
        response: replies({ 200: projectReply }),
      },
    },
    async (request) => ({
      project: await projects.markPaid(requireRole(request, 'staff'), request.params.id),
    }),
  );

  app.post(
    '/api/projects/:id/deliveries',
    {
      schema: {
        tags,
        summary:
          'The pro delivers files (multipart field `files`, at most 20 of 100 MB each; streamed to storage, nothing kept on a refusal)',
        params: projectParams,
        response: replies({ 201: projectReply }),
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      await projects.checkUpload(viewer, request.params.id, 'delivery');
      const files = await streamFiles(request, projects, request.params.id, MAX_DELIVERY_FILES);
      return reply.status(201).send({ project: await projects.deliver(viewer, request.params.id, files) });
    },
  );

  app.post(
    '/api/projects/:id/approve',
    {
      schema: {
        tags,
        summary: 'The customer approves the delivery (completed)',
        params: projectParams,
        response: replies({ 200: projectReply }),
      },
    },
    async (request) => ({
      project: await projects.approveDelivery(requireUser(request), request.params.id),
    }),
  );
};
