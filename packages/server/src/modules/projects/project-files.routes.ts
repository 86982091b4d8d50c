import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { sendDownload } from '../../platform/files/download';
import { fileReply, replies } from '../../platform/openapi';
import { routeId } from '../../platform/route-ids';
import { itemParams, projectParams } from './projects.contract';
import { attachmentReply, itemReply } from './project-replies.contract';
import { readFiles, streamFiles } from './projects.multipart';
import { itemImageTooLarge, MAX_ITEM_IMAGE_BYTES, MAX_PROJECT_ATTACHMENTS } from './project-files.rules';

const tags = ['projects'];

/** Project files: attachments in and out, item images, every model as one zip. */
export const projectFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects } = app.ctx;

  app.get(
    '/api/projects/:id/models.zip',
    {
      schema: {
        tags,
        summary: 'Every 3D model of the project as one zip',
        params: projectParams,
        response: replies({ 200: fileReply('Every 3D model of the project', 'application/zip') }),
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await projects.modelsZip(requireUser(request), request.params.id);
      return sendDownload(reply, {
        stream,
        name: fileName,
        contentType: 'application/zip',
        maxAgeSeconds: 0,
      });
    },
  );

  app.post(
    '/api/projects/:id/attachments',
    {
      schema: {
        tags,
        summary:
          'Add files (multipart field `files`, at most 10 of 100 MB each; streamed to storage, nothing kept on a refusal)',
        params: projectParams,
        response: replies({ 201: z.object({ attachments: z.array(attachmentReply) }) }),
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      await projects.checkUpload(viewer, request.params.id, 'attachment');
      const files = await streamFiles(request, projects, request.params.id, MAX_PROJECT_ATTACHMENTS);
      return reply
        .status(201)
        .send({ attachments: await projects.addAttachments(viewer, request.params.id, files) });
    },
  );

  app.get(
    '/api/projects/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Download one file of a project',
        params: projectParams.extend({ attachmentId: routeId('Attachment') }),
        response: replies({ 200: fileReply('The file (images inline, other files as attachments)') }),
      },
    },
    async (request, reply) => {
      const { row, stream } = await projects.openAttachment(
        requireUser(request),
        request.params.id,
        request.params.attachmentId,
      );
      return sendDownload(reply, { ...row, stream, inline: row.kind === 'image' });
    },
  );

  app.post(
    '/api/project-items/:id/images',
    {
      schema: {
        tags,
        summary:
          'Add an item image (multipart field `image`: jpg, jpeg, png or webp, at most 10 MB, 10 per item)',
        params: itemParams,
        response: replies({ 201: itemReply }),
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      await projects.checkItemImageUpload(viewer, request.params.id);
      const [file] = await readFiles(request, 'image', 1, {
        maxBytes: MAX_ITEM_IMAGE_BYTES,
        tooLarge: itemImageTooLarge,
      });
      if (!file) throw new AppError('no_files', 'Choose an image.', 400);
      return reply.status(201).send({ item: await projects.addItemImage(viewer, request.params.id, file) });
    },
  );

  app.delete(
    '/api/project-items/:id/images/:imageId',
    {
      schema: {
        tags,
        summary: 'Remove an item image (the customer; the chosen pro the images they added)',
        params: itemParams.extend({ imageId: routeId('Image') }),
        response: replies({ 200: itemReply }),
      },
    },
    async (request) => ({
      item: await projects.removeItemImage(requireUser(request), request.params.id, request.params.imageId),
    }),
  );
};
