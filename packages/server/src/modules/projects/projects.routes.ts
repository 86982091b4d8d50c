import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { fileReply, noContent, replies } from '../../platform/openapi';
import {
  answerChangesInput,
  changeRequestInput,
  createProjectInput,
  idParam,
  listProjectsQuery,
  quoteChangesInput,
  updateItemInput,
  updateProjectInput,
} from './projects.schemas';
import {
  attachmentReply,
  changeAnswerReply,
  itemReply,
  projectReply,
  projectStatusReply,
  projectSummaryReply,
} from './projects.replies';
import {
  attachmentTooLarge,
  itemImageTooLarge,
  MAX_ATTACHMENT_BYTES,
  MAX_DELIVERY_FILES,
  MAX_ITEM_IMAGE_BYTES,
  MAX_PROJECT_ATTACHMENTS,
  noFiles,
  tooManyFiles,
  type ProjectsService,
  type StoredUpload,
  type UploadedFile,
} from './projects.service';

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'This request must be multipart/form-data.', 415);
}

/** Reads the files of a multipart field into memory (at most `max`, each at most `maxBytes`): small files only. */
async function readFiles(
  request: FastifyRequest,
  field: string,
  max: number,
  { maxBytes = MAX_ATTACHMENT_BYTES, tooLarge = attachmentTooLarge } = {},
): Promise<UploadedFile[]> {
  requireMultipart(request);
  const files: UploadedFile[] = [];
  for await (const part of request.files({ limits: { fileSize: maxBytes, files: max } })) {
    if (part.fieldname !== field) {
      await part.toBuffer();
      continue;
    }
    const bytes = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw err;
    });
    files.push({ name: part.filename, bytes: new Uint8Array(bytes) });
  }
  return files;
}

/**
 * Streams the files of the multipart field `files` into storage one after another (memory holds a
 * chunk at a time, never a file). On any refusal every file this request stored is removed, and the
 * rest of the body is read and dropped so the answer reaches the sender.
 */
async function streamFiles(
  request: FastifyRequest,
  projects: ProjectsService,
  projectId: string,
  max: number,
): Promise<StoredUpload[]> {
  requireMultipart(request);
  const stored: StoredUpload[] = [];
  // busboy may pass one byte more than the limit, so the storage cap is the one that refuses;
  // one file more than allowed is let through to be refused with its own message
  const parts = request
    .files({ limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: max + 1 } })
    [Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      if (stored.length >= max) {
        part.file.resume();
        throw tooManyFiles(max);
      }
      stored.push(await projects.receiveFile(projectId, { name: part.filename, stream: part.file }));
    }
  } catch (error) {
    await projects.removeStored(stored);
    void (async () => {
      for (;;) {
        const next = await parts.next().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) return;
        next.value.file.resume();
      }
    })();
    throw error;
  }
  if (stored.length === 0) throw noFiles();
  return stored;
}

const tags = ['projects'];
const eventReply = z.object({
  id: z.string(),
  kind: z.string(),
  message: z.string(),
  statusId: z.string().nullable(),
  actorId: z.string().nullable(),
  automatic: z.boolean(),
  createdAt: z.string(),
});

export const PROJECT_INACTIVITY = 'project-inactivity';

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects } = app.ctx;

  app.get(
    '/api/project-statuses',
    {
      schema: {
        tags,
        summary: 'The seeded project workflow',
        response: replies({
          200: z.object({
            statuses: z.array(projectStatusReply.extend({ workflow: z.enum(['design', 'service']) })),
          }),
        }),
      },
    },
    async (request) => {
      requireUser(request);
      return { statuses: await projects.statuses() };
    },
  );

  app.get(
    '/api/projects',
    {
      schema: {
        tags,
        summary: 'Projects the viewer may see, filtered, searched, paginated',
        querystring: listProjectsQuery,
        response: replies({
          200: z.object({
            projects: z.array(projectSummaryReply),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
        }),
      },
    },
    async (request) => projects.list(requireUser(request), request.query),
  );

  app.post(
    '/api/projects',
    {
      schema: {
        tags,
        summary: 'Create a project from a brief or an uploaded model (customer)',
        body: createProjectInput,
        response: replies({ 201: projectReply }),
      },
    },
    async (request, reply) => {
      const viewer = requireRole(request, 'customer');
      return reply.status(201).send({ project: await projects.create(viewer, request.body) });
    },
  );

  app.get(
    '/api/projects/:id',
    {
      schema: {
        tags,
        summary: 'One project with its team, items, offers',
        params: idParam,
        response: replies({ 200: projectReply }),
      },
    },
    async (request) => ({
      project: await projects.detail(requireUser(request), request.params.id),
    }),
  );

  app.patch(
    '/api/projects/:id',
    {
      schema: {
        tags,
        summary: 'Edit title and description (the customer)',
        params: idParam,
        body: updateProjectInput,
        response: replies({ 200: projectReply }),
      },
    },
    async (request) => ({
      project: await projects.update(requireUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project without an accepted offer',
        params: idParam,
        response: replies({ 204: noContent }),
      },
    },
    async (request, reply) => {
      await projects.remove(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/projects/:id/events',
    {
      schema: {
        tags,
        summary: 'Status history and system messages',
        params: idParam,
        response: replies({ 200: z.object({ events: z.array(eventReply) }) }),
      },
    },
    async (request) => ({
      events: await projects.events(requireUser(request), request.params.id),
    }),
  );

  app.get(
    '/api/projects/:id/models.zip',
    {
      schema: {
        tags,
        summary: 'Every 3D model of the project as one zip',
        params: idParam,
        response: replies({ 200: fileReply('Every 3D model of the project', 'application/zip') }),
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await projects.modelsZip(requireUser(request), request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(stream);
    },
  );

  app.post(
    '/api/projects/:id/attachments',
    {
      schema: {
        tags,
        summary:
          'Add files (multipart field `files`, at most 10 of 100 MB each; streamed to storage, nothing kept on a refusal)',
        params: idParam,
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
        params: z.object({ id: z.string().max(64), attachmentId: z.string().max(64) }),
        response: replies({ 200: fileReply('The file (images inline, other files as attachments)') }),
      },
    },
    async (request, reply) => {
      const { row, stream } = await projects.openAttachment(
        requireUser(request),
        request.params.id,
        request.params.attachmentId,
      );
      const inline = row.kind === 'image';
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.sizeBytes)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
        )
        .send(stream);
    },
  );

  app.patch(
    '/api/project-items/:id',
    {
      schema: {
        tags,
        summary: 'Edit an item description or dimensions (the customer)',
        params: idParam,
        body: updateItemInput,
        response: replies({ 200: itemReply }),
      },
    },
    async (request) => ({
      item: await projects.updateItem(requireUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/project-items/:id/images',
    {
      schema: {
        tags,
        summary:
          'Add an item image (multipart field `image`: jpg, jpeg, png or webp, at most 10 MB, 10 per item)',
        params: idParam,
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
        params: z.object({ id: z.string().max(64), imageId: z.string().max(64) }),
        response: replies({ 200: itemReply }),
      },
    },
    async (request) => ({
      item: await projects.removeItemImage(requireUser(request), request.params.id, request.params.imageId),
    }),
  );

  app.post(
    '/api/staff/projects/:id/mark-paid',
    {
      schema: {
        tags: ['staff'],
        summary: 'Mark a project paid (until payments exist)',
        params: idParam,
        response: replies({ 200: projectReply }),
      },
    },
    async (request) => ({
      project: await projects.markPaid(requireRole(request, 'staff'), request.params.id),
    }),
  );

  app.post(
    '/api/projects/:id/deliveries',
    {
      schema: {
        tags,
        summary:
          'The pro delivers files (multipart field `files`, at most 20 of 100 MB each; streamed to storage, nothing kept on a refusal)',
        params: idParam,
        response: replies({ 201: projectReply }),
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      await projects.checkUpload(viewer, request.params.id, 'delivery');
      const files = await streamFiles(request, projects, request.params.id, MAX_DELIVERY_FILES);
      return reply.status(201).send({ project: await projects.deliver(viewer, request.params.id, files) });
    },
  );

  app.post(
    '/api/projects/:id/approve',
    {
      schema: {
        tags,
        summary: 'The customer approves the delivery (completed)',
        params: idParam,
        response: replies({ 200: projectReply }),
      },
    },
    async (request) => ({
      project: await projects.approveDelivery(requireUser(request), request.params.id),
    }),
  );

  app.post(
    '/api/projects/:id/change-requests',
    {
      schema: {
        tags,
        summary: 'The customer asks for changes after delivery',
        params: idParam,
        body: changeRequestInput,
        response: replies({ 201: changeAnswerReply }),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await projects.requestChanges(requireUser(request), request.params.id, request.body.changes)),
  );

  app.post(
    '/api/change-requests/:id/quote',
    {
      schema: {
        tags,
        summary: 'The pro prices the changes',
        params: idParam,
        body: quoteChangesInput,
        response: replies({ 200: changeAnswerReply }),
      },
    },
    async (request) =>
      projects.answerChanges(requireUser(request), request.params.id, {
        kind: 'quote',
        priceCents: request.body.priceCents,
      }),
  );
  app.post(
    '/api/change-requests/:id/reject',
    {
      schema: {
        tags,
        summary: 'The pro declines the changes',
        params: idParam,
        response: replies({ 200: changeAnswerReply }),
      },
    },
    async (request) => projects.answerChanges(requireUser(request), request.params.id, { kind: 'reject' }),
  );
  app.post(
    '/api/change-requests/:id/approve',
    {
      schema: {
        tags,
        summary: 'The customer approves the priced changes (not all approved = refused)',
        params: idParam,
        body: answerChangesInput,
        response: replies({ 200: changeAnswerReply }),
      },
    },
    async (request) =>
      projects.answerChanges(requireUser(request), request.params.id, {
        kind: 'approve',
        approvals: request.body.approvals,
      }),
  );
  app.post(
    '/api/change-requests/:id/decline',
    {
      schema: {
        tags,
        summary: 'The customer declines the priced changes',
        params: idParam,
        response: replies({ 200: changeAnswerReply }),
      },
    },
    async (request) => projects.answerChanges(requireUser(request), request.params.id, { kind: 'decline' }),
  );

  // the inactivity move: hourly, once per cluster; each move is its own locked transaction
  await app.ctx.jobs.schedule(PROJECT_INACTIVITY, '7 * * * *', async () => {
    const moved = await projects.completeInactive(new Date());
    app.log.info({ moved }, 'inactive projects moved to completed');
  });
};
