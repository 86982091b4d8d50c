import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { finishPatchSchema, materialPatchSchema } from '@facet/domain/catalog';
import { requireRole } from '../../platform/auth';
import { errorReply } from '../accounts/accounts.contract';
import { catalogReply, finishReply, materialReply, platingReply } from './catalog.contract';

const entryId = (what: string) =>
  z.object({
    id: z.coerce
      .number({ error: `Unknown ${what}.` })
      .int(`Unknown ${what}.`)
      .positive(`Unknown ${what}.`),
  });
const editErrors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
/** Staff are checked before the body is: nobody else learns what a valid edit looks like. */
const staffOnly = async (request: FastifyRequest) => {
  requireRole(request, 'staff');
};

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // a stateless service over the database: the same as ctx.catalog once the app context has one
  const { catalog } = app.ctx;

  app.get(
    '/api/catalog',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Materials, finishes, assembly and engraving options, fonts, categories and item types',
        querystring: z.object({ includeDisabled: z.enum(['true', 'false']).optional() }),
        response: replies({ 200: catalogReply, 401: errorReply, 403: errorReply }),
      },
    },
    async (request) => {
      const includeDisabled = request.query.includeDisabled === 'true';
      if (includeDisabled) requireRole(request, 'staff');
      return catalog.getCatalog({ includeDisabled });
    },
  );

  app.patch(
    '/api/catalog/materials/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['catalog', 'staff'],
        summary:
          'Change a material (prices, density, losses, availability); quotes already given keep their rates',
        params: entryId('material'),
        body: materialPatchSchema,
        response: replies({ 200: z.object({ material: materialReply }), ...editErrors }),
      },
    },
    async (request) => {
      const actor = requireRole(request, 'staff');
      return { material: await catalog.updateMaterial(actor, request.params.id, request.body) };
    },
  );

  app.patch(
    '/api/catalog/polishes/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['catalog', 'staff'],
        summary: 'Change a polish (rate per mm², availability)',
        params: entryId('polish'),
        body: finishPatchSchema,
        response: replies({ 200: z.object({ polish: finishReply }), ...editErrors }),
      },
    },
    async (request) => {
      const actor = requireRole(request, 'staff');
      return { polish: await catalog.updatePolish(actor, request.params.id, request.body) };
    },
  );

  app.patch(
    '/api/catalog/platings/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['catalog', 'staff'],
        summary: 'Change a plating (rate per mm², availability)',
        params: entryId('plating'),
        body: finishPatchSchema,
        response: replies({ 200: z.object({ plating: platingReply }), ...editErrors }),
      },
    },
    async (request) => {
      const actor = requireRole(request, 'staff');
      return { plating: await catalog.updatePlating(actor, request.params.id, request.body) };
    },
  );
};
