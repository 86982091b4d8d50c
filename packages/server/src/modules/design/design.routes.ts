import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { designDraftFieldsSchema, MAX_INSPIRATION_IMAGES, saveDraftSchema } from '@facet/domain/design';
import { requireRole } from '../../platform/auth';
import { sendDownload } from '../../platform/files/download';
import { readUpload } from '../../platform/files/upload';
import { errorReply, fileReply, noContent, replies } from '../../platform/openapi';
import { routeId } from '../../platform/route-ids';
import { idempotencyHeaders } from '../payments/payments.contract';
import { inspirationRules } from './design-drafts.service';
import {
  draftReply,
  formCheckReply,
  generateReply,
  projectFromResultReply,
  recommendationsReply,
  resultsReply,
} from './design.replies';
import { AppError } from '../../platform/errors';

const tags = ['design'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const aiErrors = { 502: errorReply, 503: errorReply };
const imageParams = z.object({ id: routeId('That image') });
const resultParams = z.object({ id: routeId('That design') });

/**
 * The design wizard (customers only): the draft saved step by step with its inspiration images, concept
 * images through the AI port (spec brandForge/multiple-image-generator), the form check and
 * recommendations (spec settings/ai-form-v2/form-check, ai/product- and general-recommendations,
 * ai-v2/marketing-strategies), results and a project made from one.
 */
export const designRoutes: FastifyPluginAsyncZod = async (app) => {
  const { design } = app.ctx;

  app.get(
    '/api/design/draft',
    {
      schema: {
        tags,
        summary: 'My open design draft (null before the first save) and what the wizard can offer',
        response: replies({ 200: draftReply, 401: errorReply, 403: errorReply }),
      },
    },
    async (request) => ({
      draft: await design.drafts.get(requireRole(request, 'customer')),
      capabilities: design.capabilities(),
    }),
  );

  app.put(
    '/api/design/draft',
    {
      schema: {
        tags,
        summary:
          "Save a wizard step: the fields given (null clears one) are merged into my open draft and the step's rules checked (400 with a message per field, nothing saved)",
        body: saveDraftSchema,
        response: replies({ 200: draftReply, ...errors }),
      },
    },
    async (request) => ({
      draft: await design.drafts.save(requireRole(request, 'customer'), request.body),
      capabilities: design.capabilities(),
    }),
  );

  app.delete(
    '/api/design/draft',
    {
      schema: {
        tags,
        summary: 'Start over: my open draft is closed (results made from it stay)',
        response: replies({ 204: noContent, 401: errorReply, 403: errorReply }),
      },
    },
    async (request, reply) => {
      await design.drafts.reset(requireRole(request, 'customer'));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/design/draft/images',
    {
      schema: {
        tags,
        summary: `Add inspiration images to my draft (multipart field \`image\`, up to ${MAX_INSPIRATION_IMAGES} images in all, JPG, PNG or WebP, at most 10 MB each; checked by content)`,
        response: replies({ 201: draftReply, ...errors, 413: errorReply }),
      },
    },
    async (request, reply) => {
      const customer = requireRole(request, 'customer');
      const rules = inspirationRules(customer.id);
      const choose = () =>
        new AppError('validation_failed', 'Choose an image to upload.', 400, {
          inspiration: 'Choose an image to upload.',
        });
      const { files: received } = await readUpload(request, {
        field: 'image',
        max: MAX_INSPIRATION_IMAGES,
        maxBytes: rules.maxBytes,
        notMultipart: choose,
        tooMany: () =>
          new AppError(
            'too_many_images',
            `A design can have at most ${MAX_INSPIRATION_IMAGES} inspiration images.`,
            409,
            {
              inspiration: `A design can have at most ${MAX_INSPIRATION_IMAGES} inspiration images.`,
            },
          ),
        receive: (file) => app.ctx.files.receive(file, rules),
        onRefusal: (done) => app.ctx.files.forget(done.map((f) => f.key)),
      });
      if (received.length === 0) throw choose();
      return reply.status(201).send({
        draft: await design.drafts.addInspiration(customer, received),
        capabilities: design.capabilities(),
      });
    },
  );

  app.delete(
    '/api/design/draft/images/:id',
    {
      schema: {
        tags,
        summary: 'Take an inspiration image off my draft',
        params: imageParams,
        response: replies({ 200: draftReply, 401: errorReply, 403: errorReply, 404: errorReply }),
      },
    },
    async (request) => ({
      draft: await design.drafts.removeInspiration(requireRole(request, 'customer'), request.params.id),
      capabilities: design.capabilities(),
    }),
  );

  app.get(
    '/api/design/images/:id',
    {
      schema: {
        tags,
        summary:
          'A design image of mine (inspiration or concept); ?download=1 saves it as a file. Anyone else: not found',
        params: imageParams,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: replies({
          200: fileReply('The image', 'image/png'),
          401: errorReply,
          403: errorReply,
          404: errorReply,
        }),
      },
    },
    async (request, reply) => {
      const { row, stream } = await design.results.openImage(
        requireRole(request, 'customer'),
        request.params.id,
      );
      return sendDownload(reply, {
        ...row,
        stream,
        inline: request.query.download !== '1',
        maxAgeSeconds: 3600,
      });
    },
  );

  app.post(
    '/api/design/generate',
    {
      schema: {
        tags,
        summary:
          "Generate concept images from my draft's brief (takes credits; same Idempotency-Key, same answer). 503 'Image generation is not configured.' when no AI is set up; 502/503 when the AI fails (credits given back)",
        headers: idempotencyHeaders,
        response: replies({ 201: generateReply, ...errors, ...aiErrors }),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await design.generations.generate(
            requireRole(request, 'customer'),
            request.headers['idempotency-key'],
          ),
        ),
  );

  app.post(
    '/api/design/results/:id/regenerate',
    {
      schema: {
        tags,
        summary:
          'New concept images from the brief of one of my results (takes credits; Idempotency-Key as for generate)',
        params: resultParams,
        headers: idempotencyHeaders,
        response: replies({ 201: generateReply, ...errors, ...aiErrors }),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await design.generations.regenerate(
            requireRole(request, 'customer'),
            request.params.id,
            request.headers['idempotency-key'],
          ),
        ),
  );

  app.post(
    '/api/design/check',
    {
      schema: {
        tags,
        summary:
          'Check my brief (the draft with these unsaved fields over it): errors by the rules; suggestions from the AI text model when configured, from rules otherwise',
        body: designDraftFieldsSchema.optional(),
        response: replies({ 200: formCheckReply, ...errors, ...aiErrors }),
      },
    },
    async (request) => design.advice.check(requireRole(request, 'customer'), request.body ?? {}),
  );

  app.get(
    '/api/design/recommendations',
    {
      schema: {
        tags,
        summary:
          "Product and general recommendations and marketing strategies for my draft (AI text model when configured, rules over the catalog and the designers' skills otherwise)",
        response: replies({ 200: recommendationsReply, 401: errorReply, 403: errorReply, ...aiErrors }),
      },
    },
    async (request) => design.advice.recommendations(requireRole(request, 'customer')),
  );

  app.get(
    '/api/design/results',
    {
      schema: {
        tags,
        summary: 'My generated concepts, newest generation first',
        response: replies({ 200: resultsReply, 401: errorReply, 403: errorReply }),
      },
    },
    async (request) => ({
      generations: await design.generations.list(requireRole(request, 'customer')),
      capabilities: design.capabilities(),
    }),
  );

  app.post(
    '/api/design/results/:id/project',
    {
      schema: {
        tags,
        summary:
          'Create a project from one of my concepts: the brief, its images and dimensions carried over (asked again, the same project)',
        params: resultParams,
        response: replies({ 200: projectFromResultReply, 201: projectFromResultReply, ...errors }),
      },
    },
    async (request, reply) => {
      const answer = await design.results.createProject(requireRole(request, 'customer'), request.params.id);
      return reply.status(answer.created ? 201 : 200).send(answer);
    },
  );
};
