import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, replies } from '../openapi';
import { notFound } from '../errors';
import { requireUser } from '../auth';
import { sendDownload } from './download';
import { routeId } from '../route-ids';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Download an avatar or portfolio image (signed in)',
        params: z.object({ id: routeId('That file') }),
        response: replies({ 200: fileReply('The image inline, a PDF as an attachment') }),
      },
    },
    async (request, reply) => {
      requireUser(request);
      const row = await app.ctx.files.find(request.params.id);
      if (!row || (row.purpose !== 'avatar' && row.purpose !== 'portfolio')) throw notFound('That file');
      const stream = await app.ctx.files.open(row);
      if (!stream) throw notFound('That file');
      return sendDownload(reply, { ...row, stream, inline: true, maxAgeSeconds: 86400 });
    },
  );
};
