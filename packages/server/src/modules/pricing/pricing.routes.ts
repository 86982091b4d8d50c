import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { requireUser } from '../../platform/auth';
import { errorReply } from '../accounts/accounts.contract';
import { pricingChoicesSchema } from './pricing.service';
import { explainRefusal, leakDetails, quoteReply } from './pricing.contract';
import { AppError } from '../../platform/errors';

const modelId = z.uuid('Unknown model.');

/** The customer's choices plus the model; the geometry always comes from the stored model, never the body. */
export const pricingBody = pricingChoicesSchema.partial({ materialId: true }).extend({ modelId });

/** Every choice but the material (assembly and engraving too), so each row is the price the card would show. */
export const compareBody = pricingChoicesSchema.omit({ materialId: true }).extend({ modelId }).strict();

export const estimateBody = z
  .object({
    modelId,
    itemType: z.string().trim().max(60, 'The item type is at most 60 characters.').nullish(),
    materialId: pricingChoicesSchema.shape.materialId.nullish(),
  })
  .strict();

const errors = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
  422: errorReply,
};

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { models, pricing, catalog, library } = app.ctx;

  app.post(
    '/api/pricing',
    {
      // a quote moves no project or order: no announcement sweeps after it
      config: { movesNothing: true },
      schema: {
        tags: ['pricing'],
        summary:
          'Itemised price of one of my models with my choices (omitted ids take the defaults); the quote is kept',
        body: pricingBody,
        response: replies({ 200: z.object({ quoteId: z.string(), quote: quoteReply }), ...errors }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { modelId: id, ...choices } = request.body;
      const { row, analysis } = await models.analysisForPricing(user, id);
      // a library design: the membership must match and the quantity reach that membership's minimum
      if (row.libraryProductId) await library.checkOrder(user, row.libraryProductId, choices.quantity ?? 1);
      const materialId = choices.materialId ?? (await catalog.getCatalog()).defaults.materialId;
      if (materialId == null)
        throw new AppError('catalog_incomplete', 'The catalog has no default material.', 503);
      try {
        const stored = await pricing.saveQuote(
          analysis,
          { ...choices, materialId },
          { customerId: user.id, modelId: row.id },
        );
        return { quoteId: stored.id, quote: stored.quote };
      } catch (error) {
        throw explainRefusal(error, analysis);
      }
    },
  );

  app.post(
    '/api/pricing/compare',
    {
      // a quote moves no project or order: no announcement sweeps after it
      config: { movesNothing: true },
      schema: {
        tags: ['pricing'],
        summary:
          'The same model and choices (finish, assembly, engraving, quantity) priced in every enabled material (each with its quote or why not)',
        body: compareBody,
        response: replies({
          200: z.object({
            materials: z.array(
              z.object({
                materialId: z.number(),
                name: z.string(),
                kind: z.string(),
                ok: z.boolean(),
                quote: quoteReply.optional(),
                code: z.string().optional(),
                message: z.string().optional(),
              }),
            ),
          }),
          ...errors,
        }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { modelId: id, ...choices } = request.body;
      const { row, analysis } = await models.analysisForPricing(user, id);
      if (row.libraryProductId) await library.checkOrder(user, row.libraryProductId, choices.quantity ?? 1);
      const prices = await pricing.compareMaterials(analysis, choices);
      const details = leakDetails(analysis);
      return {
        materials: prices.map((p) =>
          p.result.ok
            ? {
                materialId: p.materialId,
                name: p.materialName,
                kind: p.kind,
                ok: true,
                quote: p.result.quote,
              }
            : {
                materialId: p.materialId,
                name: p.materialName,
                kind: p.kind,
                ok: false,
                code: p.result.code,
                message: p.result.code === 'not_watertight' ? p.result.message + details : p.result.message,
              },
        ),
      };
    },
  );

  app.post(
    '/api/pricing/estimate',
    {
      // a quote moves no project or order: no announcement sweeps after it
      config: { movesNothing: true },
      schema: {
        tags: ['pricing'],
        summary:
          'The project estimate card: quantity 100, high polish, first Silver material unless one is given',
        body: estimateBody,
        response: replies({
          200: z.object({ itemId: z.number(), materialId: z.number(), quote: quoteReply }),
          ...errors,
        }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { analysis } = await models.analysisForPricing(user, request.body.modelId);
      try {
        const result = await pricing.estimate(analysis, {
          itemTypeName: request.body.itemType ?? null,
          materialId: request.body.materialId ?? null,
        });
        return { itemId: result.itemId, materialId: result.quote.materialId, quote: result.quote };
      } catch (error) {
        throw explainRefusal(error, analysis);
      }
    },
  );
};
