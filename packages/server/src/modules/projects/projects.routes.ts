import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../platform/auth';
import { noContent, replies } from '../../platform/openapi';
import {
  createProjectInput,
  itemParams,
  listProjectsQuery,
  projectParams,
  updateItemInput,
  updateProjectInput,
} from './projects.contract';
import { itemReply, projectReply, projectStatusReply, projectSummaryReply } from './project-replies.contract';
import { changeRequestsRoutes } from './change-requests.routes';
import { projectFilesRoutes } from './project-files.routes';
import { workflowRoutes } from './workflow.routes';
import { leadTimeRoutes } from './lead-time.routes';

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

/** Projects and their items; files, the workflow moves and change requests have their own route files. */
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
            total: z
              .number()
              .int()
              .describe('matches counted: all of them, or (totalExact false) up to 1,000 past this page'),
            totalExact: z.boolean().describe('false when there are more matches than `total`'),
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
        params: projectParams,
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
        params: projectParams,
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
        params: projectParams,
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
        params: projectParams,
        response: replies({ 200: z.object({ events: z.array(eventReply) }) }),
      },
    },
    async (request) => ({
      events: await projects.events(requireUser(request), request.params.id),
    }),
  );

  app.patch(
    '/api/project-items/:id',
    {
      schema: {
        tags,
        summary: 'Edit an item description or dimensions (the customer)',
        params: itemParams,
        body: updateItemInput,
        response: replies({ 200: itemReply }),
      },
    },
    async (request) => ({
      item: await projects.updateItem(requireUser(request), request.params.id, request.body),
    }),
  );

  await app.register(projectFilesRoutes);
  await app.register(workflowRoutes);
  await app.register(changeRequestsRoutes);
  await app.register(leadTimeRoutes);

  // the inactivity move: hourly, once per cluster; each move is its own locked transaction
  await app.ctx.jobs.schedule(PROJECT_INACTIVITY, '7 * * * *', async () => {
    const moved = await projects.completeInactive(new Date());
    app.log.info({ moved }, 'inactive projects moved to completed');
  });
};
