import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and the ports in use',
        response: replies({
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            realtime: z.enum(['in-process', 'redis']),
            mail: z.enum(['outbox', 'smtp']),
            time: z.string(),
          }),
        }),
      },
    },
    async () => {
      await app.ctx.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: app.ctx.database.kind,
        realtime: app.ctx.redis ? ('redis' as const) : ('in-process' as const),
        mail: app.ctx.mailer.transport,
        time: new Date().toISOString(),
      };
    },
  );
};
