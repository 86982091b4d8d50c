import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, replies } from '../../platform/openapi';
import { requireRole } from '../../platform/auth';
import { modelReply } from '../models/models.contract';
import { libraryIdParams, libraryReply } from './library.schemas';

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { library } = app.ctx;

  app.get(
    '/api/library',
    {
      schema: {
        tags: ['library'],
        summary:
          'The design library with my access to each design: allowed or the upgrade message, my minimum pieces and its text',
        response: replies({ 200: libraryReply, 401: errorReply, 403: errorReply }),
      },
    },
    async (request) => library.list(requireRole(request, 'customer')),
  );

  app.post(
    '/api/library/:id/models',
    {
      schema: {
        tags: ['library'],
        summary:
          "Use a design: copies its file into a new model of mine, analysed like an upload (403 with 'Upgrade your membership to use this design!' below its membership)",
        params: libraryIdParams,
        response: replies({
          201: z.object({ model: modelReply }),
          400: errorReply,
          401: errorReply,
          403: errorReply,
          404: errorReply,
        }),
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'customer');
      const done = await library.createModel(user, request.params.id);
      if (done.ms !== undefined) reply.header('server-timing', `analysis;dur=${done.ms}`);
      return reply.status(201).send({ model: done.model });
    },
  );
};
