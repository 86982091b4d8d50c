import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assemblyOptionPatchSchema,
  assemblySubItemPatchSchema,
  categoryPatchSchema,
  finishPatchSchema,
  itemTypePatchSchema,
  laserFontPatchSchema,
  laserOptionPatchSchema,
  materialPatchSchema,
  quantityBreakPatchSchema,
  categoryCreateSchema,
  finishCreateSchema,
  itemTypeCreateSchema,
  laserFontCreateSchema,
  materialCreateSchema,
  quantityBreakCreateSchema,
} from '@facet/domain/catalog';
import { METALS, alloyPricePerOunce, metalNames, metalSchema, spotCentsSchema } from '@facet/domain/pricing';
import { replies } from '../../platform/openapi';
import { requireRole } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { errorReply } from '../accounts/accounts.contract';
import type { CatalogEntity, HistoryEntity } from './catalog.queries';
import {
  assemblyOptionReply,
  assemblySubItemReply,
  catalogChangeReply,
  catalogReply,
  categoryReply,
  finishReply,
  itemTypeReply,
  laserFontReply,
  laserOptionReply,
  materialReply,
  metalPriceHistoryReply,
  metalPricesReply,
  platingReply,
  quantityBreakReply,
  spotPriceNowReply,
} from './catalog.contract';
import { MAX_HISTORY_DAYS } from './metal-prices.service';

/** Staff are checked before anything else is: nobody else learns what a valid request looks like. */
const staffOnly = async (request: FastifyRequest) => {
  requireRole(request, 'staff');
};

const staffErrors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** Every kind of entry in the staff editor: its path, the entity in the history, its edit and its reply. */
const kinds = [
  { path: 'materials', entity: 'material', body: materialPatchSchema, reply: materialReply },
  { path: 'polishes', entity: 'polish', body: finishPatchSchema, reply: finishReply },
  { path: 'platings', entity: 'plating', body: finishPatchSchema, reply: platingReply },
  {
    path: 'assembly-options',
    entity: 'assembly_option',
    body: assemblyOptionPatchSchema,
    reply: assemblyOptionReply,
  },
  {
    path: 'assembly-sub-items',
    entity: 'assembly_sub_item',
    body: assemblySubItemPatchSchema,
    reply: assemblySubItemReply.extend({ assemblyOptionId: z.number() }),
  },
  { path: 'laser-options', entity: 'laser_option', body: laserOptionPatchSchema, reply: laserOptionReply },
  { path: 'fonts', entity: 'laser_font', body: laserFontPatchSchema, reply: laserFontReply },
  { path: 'categories', entity: 'product_category', body: categoryPatchSchema, reply: categoryReply },
  { path: 'item-types', entity: 'item_type', body: itemTypePatchSchema, reply: itemTypeReply },
  {
    path: 'quantity-breaks',
    entity: 'quantity_break',
    body: quantityBreakPatchSchema,
    reply: quantityBreakReply,
  },
] as const satisfies readonly { path: string; entity: CatalogEntity; body: unknown; reply: unknown }[];

const entities = [...kinds.map((k) => k.entity), 'membership_plan', 'earned_percentage'] as unknown as [
  HistoryEntity,
  ...HistoryEntity[],
];

/**
 * The kinds staff may add and delete, with the new entry's fields and the id a stored quote names it by
 * (null: no quote names it; a category is named by item types, which the database guards).
 */
const creatable = [
  {
    path: 'materials',
    entity: 'material',
    body: materialCreateSchema,
    reply: materialReply,
    quoteField: 'materialId',
  },
  {
    path: 'polishes',
    entity: 'polish',
    body: finishCreateSchema,
    reply: finishReply,
    quoteField: 'polishId',
  },
  {
    path: 'platings',
    entity: 'plating',
    body: finishCreateSchema,
    reply: platingReply,
    quoteField: 'platingId',
  },
  {
    path: 'fonts',
    entity: 'laser_font',
    body: laserFontCreateSchema,
    reply: laserFontReply,
    quoteField: 'laserFontId',
  },
  {
    path: 'categories',
    entity: 'product_category',
    body: categoryCreateSchema,
    reply: categoryReply,
    quoteField: null,
  },
  {
    path: 'item-types',
    entity: 'item_type',
    body: itemTypeCreateSchema,
    reply: itemTypeReply,
    quoteField: 'itemTypeId',
  },
  {
    path: 'quantity-breaks',
    entity: 'quantity_break',
    body: quantityBreakCreateSchema,
    reply: quantityBreakReply,
    quoteField: null,
  },
] as const satisfies readonly {
  path: string;
  entity: CatalogEntity;
  body: unknown;
  reply: unknown;
  quoteField: 'materialId' | 'polishId' | 'platingId' | 'laserFontId' | 'itemTypeId' | null;
}[];

const entryId = z.object({
  id: z.coerce
    .number({ error: 'Unknown entry.' })
    .int('Unknown entry.')
    .positive('Unknown entry.')
    .max(2_147_483_647, 'Unknown entry.'),
});

export const catalogStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog, metalPrices, pricing } = app.ctx;

  app.get(
    '/api/staff/catalog',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['catalog', 'staff'],
        summary:
          'The whole catalog for the staff editor, disabled entries included, with spot prices applied',
        response: replies({ 200: catalogReply, 401: errorReply, 403: errorReply }),
      },
    },
    async () => catalog.getCatalog({ includeDisabled: true }),
  );

  app.get(
    '/api/staff/catalog/history',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['catalog', 'staff'],
        summary: 'Who changed which catalog entry and when, with the fields before and after (newest first)',
        querystring: z
          .object({
            entity: z.enum(entities, { error: 'Unknown kind of catalog entry.' }).optional(),
            entityId: z.coerce
              .number({ error: 'Unknown entry.' })
              .int('Unknown entry.')
              .min(0, 'Unknown entry.')
              .max(2_147_483_647, 'Unknown entry.')
              .optional(),
            entityKey: z.string().trim().min(1, 'Unknown entry.').max(40, 'Unknown entry.').optional(),
            limit: z.coerce
              .number({ error: 'The limit must be a whole number from 1 to 500.' })
              .int('The limit must be a whole number from 1 to 500.')
              .min(1, 'The limit must be a whole number from 1 to 500.')
              .max(500, 'The limit must be a whole number from 1 to 500.')
              .default(100),
          })
          .strict(),
        response: replies({ 200: z.object({ changes: z.array(catalogChangeReply) }), ...staffErrors }),
      },
    },
    async (request) => ({ changes: await catalog.history(request.query) }),
  );

  for (const kind of kinds) {
    app.patch(
      `/api/staff/catalog/${kind.path}/:id`,
      {
        onRequest: staffOnly,
        schema: {
          tags: ['catalog', 'staff'],
          summary: `Change one of the ${kind.path.replace('-', ' ')}; recorded with who and when. Quotes already given keep their rates`,
          params: entryId,
          body: kind.body,
          response: replies({ 200: z.object({ entry: kind.reply }), ...staffErrors }),
        },
      },
      async (request) => {
        const actor = requireRole(request, 'staff');
        const entry = await catalog.updateStaffEntry(
          actor,
          kind.entity,
          request.params.id,
          request.body as Record<string, unknown>,
        );
        return { entry } as never;
      },
    );
  }

  for (const kind of creatable) {
    app.post(
      `/api/staff/catalog/${kind.path}`,
      {
        onRequest: staffOnly,
        schema: {
          tags: ['catalog', 'staff'],
          summary: `Add one of the ${kind.path.replace('-', ' ')}; recorded with who and when`,
          body: kind.body,
          response: replies({ 201: z.object({ entry: kind.reply }), ...staffErrors }),
        },
      },
      async (request, reply) => {
        const actor = requireRole(request, 'staff');
        const entry = await catalog.createStaffEntry(
          actor,
          kind.entity,
          request.body as Record<string, unknown>,
        );
        return reply.status(201).send({ entry } as never);
      },
    );

    app.delete(
      `/api/staff/catalog/${kind.path}/:id`,
      {
        onRequest: staffOnly,
        schema: {
          tags: ['catalog', 'staff'],
          summary: `Delete one of the ${kind.path.replace('-', ' ')} that no stored quote names (409 otherwise: disable it); recorded with who and when`,
          params: entryId,
          response: replies({ 204: z.null(), ...staffErrors }),
        },
      },
      async (request, reply) => {
        const actor = requireRole(request, 'staff');
        const { id } = request.params;
        await catalog.deleteStaffEntry(actor, kind.entity, id, async () =>
          kind.quoteField ? pricing.quotesNaming(kind.quoteField, id) : 0,
        );
        return reply.status(204).send(null);
      },
    );
  }

  /** Today's price per metal, the materials that follow it, and the feed's state. */
  const overview = async () => {
    const [current, view, feed] = await Promise.all([
      metalPrices.current(),
      catalog.getCatalog({ includeDisabled: true }),
      metalPrices.feedStatus(),
    ]);
    return {
      metals: METALS.map((metal) => ({
        metal,
        name: metalNames[metal],
        current: current[metal] ?? null,
        materials: view.materials
          .filter((m) => m.kind === 'metal' && m.spotMetal === metal && m.purity != null)
          .map((m) => ({
            id: m.id,
            name: m.name,
            purity: m.purity ?? 0,
            marginPercent: m.spotMarginPercent ?? 0,
            pricePerOunce: m.spot ? alloyPricePerOunce(m.spot) : m.basePrice,
          })),
      })),
      feed,
    };
  };

  app.get(
    '/api/staff/metal-prices',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pricing', 'staff'],
        summary:
          "Today's spot price of gold, silver, platinum and palladium, the alloys priced from them, the feed",
        response: replies({ 200: metalPricesReply, 401: errorReply, 403: errorReply }),
      },
    },
    overview,
  );

  app.post(
    '/api/staff/metal-prices',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pricing', 'staff'],
        summary:
          "Enter a metal's spot price (cents per troy ounce); new quotes follow, locked quotes keep theirs",
        body: z
          .object({
            metal: metalSchema,
            priceCents: spotCentsSchema,
            note: z.string().trim().max(200, 'The note is at most 200 characters.').nullish(),
          })
          .strict(),
        response: replies({ 201: z.object({ price: spotPriceNowReply }), ...staffErrors }),
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, 'staff');
      const { metal, priceCents, note } = request.body;
      const price = await metalPrices.record(actor, metal, priceCents, note || null);
      return reply.status(201).send({ price });
    },
  );

  app.get(
    '/api/staff/metal-prices/:metal/history',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pricing', 'staff'],
        summary: "One metal's spot prices over the last days (oldest first), for the chart and its table",
        params: z.object({ metal: metalSchema }),
        querystring: z
          .object({
            days: z.coerce
              .number({ error: `The days must be a whole number from 1 to ${MAX_HISTORY_DAYS}.` })
              .int(`The days must be a whole number from 1 to ${MAX_HISTORY_DAYS}.`)
              .min(1, `The days must be a whole number from 1 to ${MAX_HISTORY_DAYS}.`)
              .max(MAX_HISTORY_DAYS, `The days must be a whole number from 1 to ${MAX_HISTORY_DAYS}.`)
              .default(90),
          })
          .strict(),
        response: replies({ 200: metalPriceHistoryReply, ...staffErrors }),
      },
    },
    async (request) => {
      const { metal } = request.params;
      const { days } = request.query;
      return { metal, days, points: await metalPrices.history(metal, days) };
    },
  );

  app.post(
    '/api/staff/metal-prices/refresh',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['pricing', 'staff'],
        summary:
          'Read the metal price feed now (when one is configured); a failed read keeps the last prices',
        response: replies({
          200: metalPricesReply,
          401: errorReply,
          403: errorReply,
          409: errorReply,
          502: errorReply,
        }),
      },
    },
    async (request, reply) => {
      requireRole(request, 'staff');
      const status = await metalPrices.feedStatus();
      if (status.mode === 'staff') {
        return reply.status(409).send({
          error: {
            code: 'no_feed',
            message: 'No metal price feed is configured: enter the spot prices by hand.',
          },
        });
      }
      try {
        await metalPrices.refreshFromFeed();
      } catch (e) {
        // our own refusal (the audit row refused: nothing stored) is answered as it is, not as the feed's
        if (e instanceof AppError) throw e;
        return reply.status(502).send({
          error: {
            code: 'feed_unavailable',
            message: `${(e as Error).message} The last known prices stay in use.`,
          },
        });
      }
      return overview();
    },
  );
};
