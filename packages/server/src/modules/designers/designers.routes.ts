import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { designerCardReply, designerProfileReply } from '../projects/project-replies.contract';
import { accountMessages } from '@facet/domain/rules';
import { requireRole, requireUser } from '../../platform/auth';
import { projectParams } from '../projects/projects.contract';
import { routeId } from '../../platform/route-ids';

const tags = ['designers'];
const designerParams = z.object({ id: routeId('Designer') });
const list = z.array(z.string().trim().min(1).max(60)).max(30);

export const designersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { designers } = app.ctx;

  app.get(
    '/api/designers',
    {
      schema: {
        tags,
        summary: 'Designer or service provider cards (invited first for a project, then by first name)',
        querystring: z.object({
          role: z.enum(['designer', 'service']).default('designer'),
          q: z.string().trim().max(100).optional(),
          skill: z.string().trim().max(60).optional(),
          projectId: z.string().max(64).optional(),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(24),
        }),
        response: replies({
          200: z.object({
            designers: z.array(designerCardReply),
            total: z.number().int(),
            skills: z.array(z.string()),
          }),
        }),
      },
    },
    async (request) => designers.list(requireUser(request), request.query),
  );

  app.get(
    '/api/designers/me',
    {
      schema: {
        tags,
        summary: "The signed-in pro's own profile",
        response: replies({ 200: z.object({ designer: designerProfileReply }) }),
      },
    },
    async (request) => {
      const viewer = requireRole(request, 'designer', 'service');
      return { designer: await designers.profile(viewer, viewer.id) };
    },
  );

  app.put(
    '/api/designers/me',
    {
      schema: {
        tags,
        summary: 'Edit one’s own designer or service provider profile',
        body: z.strictObject({
          // the spec's bio rules differ by role (a designer's is required), so the service checks them
          bio: z.string().max(2000, accountMessages.bioTooLong).optional(),
          skills: list.optional(),
          softwareSkills: list.optional(),
          softwareOwn: list.optional(),
          cadSkills: list.optional(),
          serviceTypes: list.optional(),
          portfolioLink: z.string().trim().max(300).nullable().optional(),
          link: z.string().trim().max(300).nullable().optional(),
          phone: z
            .string()
            .regex(/^\d{6,15}$/, 'Phone must contain only numbers (6–15 digits)')
            .nullable()
            .optional(),
        }),
        response: replies({ 200: z.object({ designer: designerProfileReply }) }),
      },
    },
    async (request) => ({
      designer: await designers.updateMine(requireRole(request, 'designer', 'service'), request.body),
    }),
  );

  app.get(
    '/api/designers/:id',
    {
      schema: {
        tags,
        summary: 'A public designer or service provider profile with ratings',
        params: designerParams,
        response: replies({ 200: z.object({ designer: designerProfileReply }) }),
      },
    },
    async (request) => ({
      designer: await designers.profile(requireUser(request), request.params.id),
    }),
  );

  app.get(
    '/api/projects/:id/recommendations',
    {
      schema: {
        tags,
        summary: 'Three pros ranked by fit for the Invite Designer dialog',
        params: projectParams,
        response: replies({
          200: z.object({
            designers: z.array(designerCardReply.extend({ fitReasons: z.array(z.string()) })),
          }),
        }),
      },
    },
    async (request) => ({ designers: await designers.recommend(requireUser(request), request.params.id) }),
  );
};
