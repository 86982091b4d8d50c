import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { notFound } from '../../platform/errors';
import { geo } from './geo.service';

const country = z.object({ code: z.string(), name: z.string(), flag: z.string() });
const state = z.object({ code: z.string(), name: z.string() });

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/countries',
    {
      schema: {
        tags: ['geo'],
        summary: 'Countries for address forms',
        response: replies({ 200: z.object({ countries: z.array(country) }) }),
      },
    },
    async () => ({ countries: geo.countries() }),
  );
  app.get(
    '/api/countries/:code/states',
    {
      schema: {
        tags: ['geo'],
        summary: 'States of a country (empty when it has none)',
        params: z.object({ code: z.string().length(2, 'A country code has two letters.') }),
        response: replies({ 200: z.object({ states: z.array(state) }) }),
      },
    },
    async (request) => {
      if (!geo.country(request.params.code)) throw notFound('That country');
      return { states: geo.states(request.params.code) };
    },
  );
};
