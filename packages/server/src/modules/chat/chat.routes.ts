import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_TOO_LARGE_MESSAGE, MAX_CHAT_FILE_BYTES } from '@facet/domain/chat';
import { requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';

const tags = ['chat'];
const roomParam = z.object({ roomId: z.string().min(1).max(200) });

/** Chat over HTTP: rooms of a project, history by sequence (also the reconnect resync), files. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = app.ctx.chat;

  app.get(
    '/api/projects/:id/rooms',
    {
      schema: {
        tags,
        summary: 'Chat rooms of a project the caller may see',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request) => ({ rooms: await chat.listRooms(requireUser(request), request.params.id) }),
  );

  app.get(
    '/api/rooms/:roomId/messages',
    {
      schema: {
        tags,
        summary: 'Messages of a room after a sequence number, oldest first (resync: after = last seq seen)',
        params: roomParam,
        querystring: z.object({
          after: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
      },
    },
    async (request) =>
      chat.listMessages(
        requireUser(request),
        request.params.roomId,
        request.query.after,
        request.query.limit,
      ),
  );

  app.post(
    '/api/rooms/:roomId/attachments',
    {
      schema: {
        tags,
        summary: 'Upload a chat file (multipart field `file`, at most 100 MB)',
        params: roomParam,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await chat.requireAccess(user, request.params.roomId);
      if (!request.isMultipart()) {
        throw new AppError('unsupported_media_type', 'This request must be multipart/form-data.', 415);
      }
      const part = await request.file({ limits: { fileSize: MAX_CHAT_FILE_BYTES, files: 1 } });
      if (!part) throw new AppError('validation_failed', 'Choose a file to send.', 400);
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('file_too_large', FILE_TOO_LARGE_MESSAGE, 413);
        throw err;
      });
      const attachment = await chat.addAttachment(user, request.params.roomId, {
        name: part.filename,
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      });
      return reply.status(201).send({ attachment });
    },
  );

  app.get(
    '/api/attachments/:id',
    {
      schema: {
        tags,
        summary: 'Download a chat file (members of its room only)',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { row, stream } = await chat.openAttachment(requireUser(request), request.params.id);
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.sizeBytes)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .send(stream);
    },
  );
};
