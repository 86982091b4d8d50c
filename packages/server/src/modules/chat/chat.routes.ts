import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_CHAT_FILE_BYTES } from '@facet/domain/chat';
import { requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { fileReply, replies } from '../../platform/openapi';
import { routeId } from '../../platform/route-ids';
import { chatAttachmentReply, chatMessageReply, chatRoomReply } from './chat.replies';
import { sendDownload } from '../../platform/files/download';
import { readUpload } from '../../platform/files/upload';

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
        params: z.object({ id: routeId('Project') }),
        response: replies({ 200: z.object({ rooms: z.array(chatRoomReply) }) }),
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
        response: replies({
          200: z.object({
            messages: z.array(chatMessageReply),
            lastSeq: z.number().int(),
            hasMore: z.boolean(),
          }),
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

  app.put(
    '/api/rooms/:roomId/messages/:messageId/pinned',
    {
      schema: {
        tags,
        summary: 'Pin or unpin a message (production team); the room gets the changed message (getMessage)',
        params: roomParam.extend({ messageId: routeId('Message') }),
        body: z.strictObject({ pinned: z.boolean({ error: 'Say whether the message is pinned.' }) }),
        response: replies({ 200: z.object({ message: chatMessageReply }) }),
      },
    },
    async (request) => ({
      message: await chat.setPinned(
        requireUser(request),
        request.params.roomId,
        request.params.messageId,
        request.body.pinned,
      ),
    }),
  );

  app.post(
    '/api/rooms/:roomId/attachments',
    {
      schema: {
        tags,
        summary: 'Upload a chat file (multipart field `file`, at most 100 MB; streamed to storage)',
        params: roomParam,
        response: replies({ 201: z.object({ attachment: chatAttachmentReply }) }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await chat.requireAccess(user, request.params.roomId);
      const { files } = await readUpload(request, {
        field: 'file',
        max: 1,
        maxBytes: MAX_CHAT_FILE_BYTES,
        receive: (file) => chat.addAttachment(user, request.params.roomId, file),
      });
      const [attachment] = files;
      if (!attachment) throw new AppError('validation_failed', 'Choose a file to send.', 400);
      return reply.status(201).send({ attachment });
    },
  );

  app.get(
    '/api/attachments/:id',
    {
      schema: {
        tags,
        summary: 'Download a chat file (members of its room only)',
        params: z.object({ id: routeId('Attachment') }),
        response: replies({ 200: fileReply('The chat file, as an attachment') }),
      },
    },
    async (request, reply) => {
      const { row, stream } = await chat.openAttachment(requireUser(request), request.params.id);
      return sendDownload(reply, { ...row, stream });
    },
  );
};
