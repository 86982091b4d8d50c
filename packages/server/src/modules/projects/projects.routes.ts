import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
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
import { MAX_ATTACHMENT_BYTES, type UploadedFile } from './projects.service';

/** Reads the files of a multipart field (at most `max`, each at most 100 MB). */
async function readFiles(request: FastifyRequest, field: string, max: number): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'This request must be multipart/form-data.', 415);
  const files: UploadedFile[] = [];
  for await (const part of request.files({ limits: { fileSize: MAX_ATTACHMENT_BYTES, files: max } })) {
    if (part.fieldname !== field) {
      await part.toBuffer();
      continue;
    }
    const bytes = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(
          'file_too_large',
          'Sorry, your file is too large. Maximum file size is 100mb. Please reduce your file size and try again.',
          413,
        );
      }
      throw err;
    });
    files.push({ name: part.filename, bytes: new Uint8Array(bytes) });
  }
  return files;
}

const tags = ['projects'];

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projects } = app.ctx;

  app.get('/api/project-statuses', { schema: { tags, summary: 'The seeded project workflow' } }, async (request) => {
    requireUser(request);
    return { statuses: await projects.statuses() };
  });

  app.get(
    '/api/projects',
    { schema: { tags, summary: 'Projects the viewer may see, filtered, searched, paginated', querystring: listProjectsQuery } },
    async (request) => projects.list(requireUser(request), request.query),
  );

  app.post(
    '/api/projects',
    { schema: { tags, summary: 'Create a project from a brief or an uploaded model (customer)', body: createProjectInput } },
    async (request, reply) => {
      const viewer = requireRole(request, 'customer');
      return reply.status(201).send({ project: await projects.create(viewer, request.body) });
    },
  );

  app.get('/api/projects/:id', { schema: { tags, summary: 'One project with its team, items, offers', params: idParam } }, async (request) => ({
    project: await projects.detail(requireUser(request), request.params.id),
  }));

  app.patch(
    '/api/projects/:id',
    { schema: { tags, summary: 'Edit title and description (the customer)', params: idParam, body: updateProjectInput } },
    async (request) => ({ project: await projects.update(requireUser(request), request.params.id, request.body) }),
  );

  app.delete('/api/projects/:id', { schema: { tags, summary: 'Delete a project without an accepted offer', params: idParam } }, async (request, reply) => {
    await projects.remove(requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/projects/:id/events', { schema: { tags, summary: 'Status history and system messages', params: idParam } }, async (request) => ({
    events: await projects.events(requireUser(request), request.params.id),
  }));

  app.get('/api/projects/:id/models.zip', { schema: { tags, summary: 'Every 3D model of the project as one zip', params: idParam } }, async (request, reply) => {
    const { fileName, stream } = await projects.modelsZip(requireUser(request), request.params.id);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(stream);
  });

  app.post('/api/projects/:id/attachments', { schema: { tags, summary: 'Add files (multipart field `files`)', params: idParam } }, async (request, reply) => {
    const viewer = requireUser(request);
    const files = await readFiles(request, 'files', 10);
    return reply.status(201).send({ attachments: await projects.addAttachments(viewer, request.params.id, files) });
  });

  app.get(
    '/api/projects/:id/attachments/:attachmentId',
    { schema: { tags, summary: 'Download one file of a project', params: z.object({ id: z.string().max(64), attachmentId: z.string().max(64) }) } },
    async (request, reply) => {
      const { row, stream } = await projects.openAttachment(requireUser(request), request.params.id, request.params.attachmentId);
      const inline = row.kind === 'image';
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.sizeBytes)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .send(stream);
    },
  );

  app.patch(
    '/api/project-items/:id',
    { schema: { tags, summary: 'Edit an item description or dimensions (the customer)', params: idParam, body: updateItemInput } },
    async (request) => ({ item: await projects.updateItem(requireUser(request), request.params.id, request.body) }),
  );

  app.post('/api/project-items/:id/images', { schema: { tags, summary: 'Add an item image (multipart field `image`)', params: idParam } }, async (request, reply) => {
    const viewer = requireUser(request);
    const [file] = await readFiles(request, 'image', 1);
    if (!file) throw new AppError('no_files', 'Choose an image.', 400);
    return reply.status(201).send({ item: await projects.addItemImage(viewer, request.params.id, file) });
  });

  app.post('/api/staff/projects/:id/mark-paid', { schema: { tags: ['staff'], summary: 'Mark a project paid (until payments exist)', params: idParam } }, async (request) => ({
    project: await projects.markPaid(requireRole(request, 'staff'), request.params.id),
  }));

  app.post('/api/projects/:id/deliveries', { schema: { tags, summary: 'The pro delivers files (multipart field `files`)', params: idParam } }, async (request, reply) => {
    const viewer = requireUser(request);
    const files = await readFiles(request, 'files', 20);
    return reply.status(201).send({ project: await projects.deliver(viewer, request.params.id, files) });
  });

  app.post('/api/projects/:id/approve', { schema: { tags, summary: 'The customer approves the delivery (completed)', params: idParam } }, async (request) => ({
    project: await projects.approveDelivery(requireUser(request), request.params.id),
  }));

  app.post(
    '/api/projects/:id/change-requests',
    { schema: { tags, summary: 'The customer asks for changes after delivery', params: idParam, body: changeRequestInput } },
    async (request, reply) =>
      reply.status(201).send(await projects.requestChanges(requireUser(request), request.params.id, request.body.changes)),
  );

  app.post(
    '/api/change-requests/:id/quote',
    { schema: { tags, summary: 'The pro prices the changes', params: idParam, body: quoteChangesInput } },
    async (request) => projects.answerChanges(requireUser(request), request.params.id, { kind: 'quote', priceCents: request.body.priceCents }),
  );
  app.post('/api/change-requests/:id/reject', { schema: { tags, summary: 'The pro declines the changes', params: idParam } }, async (request) =>
    projects.answerChanges(requireUser(request), request.params.id, { kind: 'reject' }),
  );
  app.post(
    '/api/change-requests/:id/approve',
    { schema: { tags, summary: 'The customer approves the priced changes (not all approved = refused)', params: idParam, body: answerChangesInput } },
    async (request) => projects.answerChanges(requireUser(request), request.params.id, { kind: 'approve', approvals: request.body.approvals }),
  );
  app.post('/api/change-requests/:id/decline', { schema: { tags, summary: 'The customer declines the priced changes', params: idParam } }, async (request) =>
    projects.answerChanges(requireUser(request), request.params.id, { kind: 'decline' }),
  );

  // the inactivity job: swept hourly on every worker node; each move is its own locked transaction
  await app.ctx.jobs.register<{ at?: string }>('project-inactivity', async (job) => {
    await projects.completeInactive(job.at ? new Date(job.at) : new Date());
  });
  if (app.ctx.config.runWorkers && app.ctx.config.env !== 'test') {
    const timer = setInterval(() => void app.ctx.jobs.send('project-inactivity', {}).catch(() => undefined), 3_600_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
