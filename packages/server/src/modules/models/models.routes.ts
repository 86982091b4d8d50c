import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, replies } from '../../platform/openapi';
import { requireRole, requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { uploadTooLarge } from '../../platform/storage';
import { sendDownload } from '../../platform/files/download';
import { bytesOf, readUpload } from '../../platform/files/upload';
import { errorReply } from '../accounts/accounts.contract';
import {
  THUMBNAIL_MAX_BYTES,
  createModelBody,
  modelIdParams,
  modelMessages,
  modelReply,
  normaliseUnit,
  patchModelBody,
  uploadReply,
  MODELS_PAGE_MAX,
  MODELS_PAGE_SIZE,
} from './models.contract';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };
const modelEnvelope = z.object({ model: modelReply });

/** The analysis outcome as a reply: its thread and time when it ran on this node; 202 while it goes on. */
function answer(
  reply: FastifyReply,
  done: { model: z.infer<typeof modelReply>; thread?: number; ms?: number; pending?: boolean },
) {
  if (done.thread !== undefined) reply.header('x-analysis-thread', String(done.thread));
  if (done.ms !== undefined) reply.header('server-timing', `analysis;dur=${done.ms}`);
  return reply.status(done.pending ? 202 : 200).send({ model: done.model });
}

/**
 * The signed upload URL of disk storage. Its own encapsulated plugin: the body is never parsed (no JSON
 * parser, no body limit of the app); the handler streams it to storage, capped at the declared size.
 */
const uploadRoute: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put(
    // a wildcard, not a :param: a signed token is longer than the router's parameter limit
    '/api/uploads/*',
    {
      schema: {
        tags: ['models'],
        summary: 'Upload the bytes of a model to its signed link (disk storage); the link allows one upload',
        params: z.object({ '*': z.string().min(1, 'This upload link is not valid.').max(2048) }),
        response: replies({
          204: z.null(),
          400: errorReply,
          403: errorReply,
          404: errorReply,
          409: errorReply,
          413: errorReply,
        }),
      },
    },
    async (request, reply) => {
      try {
        const token = request.params['*'];
        const grant = app.ctx.storage.verifyUpload(token);
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > grant.maxBytes) throw uploadTooLarge();
        await app.ctx.models.receiveUpload(token, request.raw);
      } catch (error) {
        // the rest of a refused body is not read: end the connection instead
        reply.header('connection', 'close');
        throw error;
      }
      return reply.status(204).send(null);
    },
  );
};

/** A model's files: its thumbnail (set and shown) and the model file as uploaded. */
const modelFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { models } = app.ctx;

  app.put(
    '/api/models/:id/thumbnail',
    {
      schema: {
        tags: ['models'],
        summary:
          "Set the thumbnail (multipart: `image` png/jpg/jpeg/webp at most 5 MB, `source` 'render' or 'custom')",
        params: modelIdParams,
        response: replies({ 200: modelEnvelope, ...errors, 413: errorReply, 415: errorReply }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      await models.ownModel(user, request.params.id);
      const tooLarge = () =>
        new AppError('image_too_large', modelMessages.thumbnailTooLarge, 413, {
          image: modelMessages.thumbnailTooLarge,
        });
      const { files, fields } = await readUpload(request, {
        field: 'image',
        max: 1,
        maxBytes: THUMBNAIL_MAX_BYTES,
        notMultipart: () => new AppError('validation_failed', modelMessages.thumbnailMissing, 400),
        receive: async (file) => ({
          name: file.name,
          bytes: await bytesOf(file.stream, THUMBNAIL_MAX_BYTES, tooLarge),
        }),
      });
      const image = files[0];
      const source = fields.source ?? null;
      if (!image || image.bytes.byteLength === 0) {
        throw new AppError('validation_failed', modelMessages.thumbnailMissing, 400, {
          image: modelMessages.thumbnailMissing,
        });
      }
      if (source !== 'render' && source !== 'custom') {
        throw new AppError('validation_failed', modelMessages.thumbnailSource, 400, {
          source: modelMessages.thumbnailSource,
        });
      }
      return { model: await models.setThumbnail(user, request.params.id, { ...image, source }) };
    },
  );

  app.get(
    '/api/models/:id/thumbnail',
    {
      schema: {
        tags: ['models'],
        summary: 'The thumbnail image of one of my models',
        params: modelIdParams,
        response: replies({ 200: fileReply('The thumbnail (png, jpeg or webp), inline', 'image/png') }),
      },
    },
    async (request, reply) => {
      const { file, stream } = await models.openThumbnail(requireUser(request), request.params.id);
      return sendDownload(reply, { ...file, stream, inline: true, maxAgeSeconds: 86400 });
    },
  );

  app.get(
    '/api/models/:id/file',
    {
      schema: {
        tags: ['models'],
        summary: 'Download the model file as uploaded (owner only), for the 3D view',
        params: modelIdParams,
        response: replies({ 200: fileReply('The model file as uploaded, as an attachment') }),
      },
    },
    async (request, reply) => {
      const { row, stream, sizeBytes } = await models.openFile(requireUser(request), request.params.id);
      // the model file as uploaded, never sniffed nor shown
      return sendDownload(reply, {
        stream,
        name: row.fileName,
        contentType: 'application/octet-stream',
        sizeBytes,
      });
    },
  );
};

export const modelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { models } = app.ctx;
  app.addHook('onClose', async () => models.close());

  await app.register(uploadRoute);

  app.post(
    '/api/models',
    {
      schema: {
        tags: ['models'],
        summary: `Start a model upload (stl, obj, ply, 3mf; at most MAX_MODEL_BYTES): the record and a signed upload`,
        body: createModelBody,
        response: replies({
          201: z.object({ model: modelReply, upload: uploadReply }),
          ...errors,
          413: errorReply,
        }),
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'customer');
      const created = await models.create(user, request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/models/:id/complete',
    {
      schema: {
        tags: ['models'],
        summary:
          'After the upload: analyse the stored file (a job, on any node). 200 with the model ready or failed; 202 with it still analysing when that takes longer than the analysis limit (poll GET /api/models/:id)',
        params: modelIdParams,
        response: replies({
          200: modelEnvelope,
          202: modelEnvelope,
          ...errors,
          409: errorReply,
          413: errorReply,
        }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return answer(reply, await models.complete(user, request.params.id));
    },
  );

  app.post(
    '/api/models/:id/retry',
    {
      schema: {
        tags: ['models'],
        summary:
          'Analyse a model whose analysis failed once more (owner only, only from failed): 200 with the outcome, 202 while still analysing',
        params: modelIdParams,
        response: replies({ 200: modelEnvelope, 202: modelEnvelope, ...errors, 409: errorReply }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return answer(reply, await models.retry(user, request.params.id));
    },
  );

  app.get(
    '/api/models',
    {
      schema: {
        tags: ['models'],
        summary: `My models, newest first: a page of \`limit\` (default ${MODELS_PAGE_SIZE}); \`nextCursor\` asks for the next`,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(MODELS_PAGE_MAX).default(MODELS_PAGE_SIZE),
          cursor: z.string().max(64).optional(),
        }),
        response: replies({
          200: z.object({ models: z.array(modelReply), nextCursor: z.string().nullable() }),
          400: errorReply,
          401: errorReply,
        }),
      },
    },
    async (request) => models.list(requireUser(request), request.query),
  );

  app.get(
    '/api/models/:id',
    {
      schema: {
        tags: ['models'],
        summary: 'One of my models',
        params: modelIdParams,
        response: replies({ 200: modelEnvelope, ...errors }),
      },
    },
    async (request) => ({ model: await models.get(requireUser(request), request.params.id) }),
  );

  app.patch(
    '/api/models/:id',
    {
      schema: {
        tags: ['models'],
        summary: 'Confirm the unit the model was drawn in; the analysis is rescaled to millimetres',
        params: modelIdParams,
        body: patchModelBody,
        response: replies({ 200: modelEnvelope, ...errors }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { model: await models.setUnit(user, request.params.id, normaliseUnit(request.body.unit)) };
    },
  );

  app.delete(
    '/api/models/:id',
    {
      schema: {
        tags: ['models'],
        summary: 'Delete one of my models, its file and thumbnail',
        params: modelIdParams,
        response: replies({ 204: z.null(), ...errors }),
      },
    },
    async (request, reply) => {
      await models.remove(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(modelFileRoutes);
};
