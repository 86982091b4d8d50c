import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { ratingReply } from '../projects/project-replies.contract';
import { requireRole } from '../../platform/auth';
import { projectParams } from '../projects/projects.contract';

export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ratings } = app.ctx;
  app.post(
    '/api/projects/:id/rating',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Rate and review the pro of a completed project (its customer, once)',
        params: projectParams,
        body: z.strictObject({
          stars: z
            .number({ error: 'Choose a rating.' })
            .int()
            .min(1, 'Choose 1 to 5 stars.')
            .max(5, 'Choose 1 to 5 stars.'),
          review: z.string().trim().max(2000).default(''),
        }),
        response: replies({ 201: z.object({ rating: ratingReply }) }),
      },
    },
    async (request, reply) => {
      const viewer = requireRole(request, 'customer');
      return reply.status(201).send({ rating: await ratings.rate(viewer, request.params.id, request.body) });
    },
  );
};
