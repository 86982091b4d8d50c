import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, replies } from '../../platform/openapi';
import { notFound } from '../../platform/errors';
import { requireUser } from '../../platform/auth';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Download an avatar or portfolio image (signed in)',
        params: z.object({ id: z.uuid('Unknown file.') }),
        response: replies({ 200: fileReply('The image or PDF, inline') }),
      },
    },
    async (request, reply) => {
      requireUser(request);
      const row = await app.ctx.files.find(request.params.id);
      if (!row || (row.purpose !== 'avatar' && row.purpose !== 'portfolio')) throw notFound('That file');
      const stream = await app.ctx.files.open(row);
      if (!stream) throw notFound('That file');
      const inline = row.contentType.startsWith('image/') || row.contentType === 'application/pdf';
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.sizeBytes)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
        )
        .send(stream);
    },
  );
};
