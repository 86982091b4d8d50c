import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parametricInputSchema } from '@facet/domain/parametric';
import { errorReply, replies } from '../../platform/openapi';
import { requireRole } from '../../platform/auth';
import { modelReply } from '../models/models.contract';
import { parametricService } from './parametric.service';

const factsReply = z
  .object({
    innerDiameterMm: z.number().optional(),
    circumferenceMm: z.number().optional(),
    usSize: z.number().optional(),
    euSize: z.number().optional(),
    closedFormVolumeMm3: z.number(),
  })
  .meta({ id: 'ParametricFacts' });

const createdReply = z.object({ model: modelReply, facts: factsReply });

export const parametricRoutes: FastifyPluginAsyncZod = async (app) => {
  const parametric = parametricService({ models: app.ctx.models });

  app.post(
    '/api/parametric-models',
    {
      schema: {
        tags: ['models'],
        summary:
          'Generate a piece from parameters (a ring: size US or EU, band width, thickness, profile; a bar necklace bar: length, height, thickness): a model of mine stored as STL and analysed like an upload. 201 with the model ready; 202 while its analysis goes on (poll GET /api/models/:id)',
        body: parametricInputSchema,
        response: replies({
          201: createdReply,
          202: createdReply,
          400: errorReply,
          401: errorReply,
          403: errorReply,
        }),
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'customer');
      const done = await parametric.create(user, request.body);
      if (done.ms !== undefined) reply.header('server-timing', `analysis;dur=${done.ms}`);
      return reply.status(done.pending ? 202 : 201).send({ model: done.model, facts: done.facts });
    },
  );
};
