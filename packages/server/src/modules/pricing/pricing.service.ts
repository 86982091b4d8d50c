import { isUuid } from '@facet/domain/rules';
import { z } from 'zod';
import {
  MAX_PARTS,
  MAX_QUANTITY,
  estimate,
  priceAllMaterials,
  quote,
  selectRates,
} from '@facet/domain/pricing';
import type {
  MaterialPrice,
  Quote,
  QuoteInput,
  QuoteRates,
  QuoteRefusal,
  SelectionRefusal,
} from '@facet/domain/pricing';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { pricingQueries, type PriceQuoteRow } from './pricing.queries';
import type { CatalogService, CatalogView } from '../catalog/catalog.service';

/** The server's own measurements of a stored model (never numbers sent by the browser). */
export interface ModelAnalysis {
  volumeMm3: number;
  surfaceAreaMm2: number;
  watertight: boolean;
}

const id = (what: string) =>
  z
    .number({ error: `${what} must be a catalog id.` })
    .int(`${what} must be a catalog id.`)
    .positive(`${what} must be a catalog id.`);

/** The customer's choices for `POST /api/pricing` (with `modelId` added by that route). */
export const pricingChoicesSchema = z
  .object({
    materialId: id('materialId'),
    polishId: id('polishId').nullish(),
    platingId: id('platingId').nullish(),
    assemblyOptionId: id('assemblyOptionId').nullish(),
    assemblySubItemIds: z.array(id('assemblySubItemIds')).max(20, 'Choose at most 20 sub-items.').optional(),
    parts: z
      .number()
      .int(`The number of parts must be a whole number from 1 to ${MAX_PARTS}.`)
      .min(1, `The number of parts must be a whole number from 1 to ${MAX_PARTS}.`)
      .max(MAX_PARTS, `The number of parts must be a whole number from 1 to ${MAX_PARTS}.`)
      .optional(),
    laserEngravingOptionId: id('laserEngravingOptionId').nullish(),
    laserText: z.string().max(200, 'The engraving text is too long.').optional(),
    laserFontId: id('laserFontId').nullish(),
    itemTypeId: id('itemTypeId').nullish(),
    quantity: z
      .number({ error: 'The quantity must be a whole number.' })
      .int('The quantity must be a whole number.')
      .min(1, 'The quantity must be at least 1.')
      .max(MAX_QUANTITY, `The quantity is at most ${MAX_QUANTITY.toLocaleString('en-US')}.`)
      .default(1),
  })
  .strict();
export type PricingChoices = z.input<typeof pricingChoicesSchema>;

export interface PricedModel {
  quote: Quote;
  /** The rates used: store them with the quote (see `saveQuote`). */
  rates: QuoteRates;
}

export interface StoredQuote extends PricedModel {
  id: string;
  customerId: string | null;
  modelId: string | null;
  input: QuoteInput;
  selection: Record<string, unknown>;
  createdAt: string;
}

/** Choosing is a client mistake (400); a model we cannot price is 422 and says why. */
function refusalError(refusal: SelectionRefusal | QuoteRefusal): AppError {
  if (refusal.code === 'not_watertight' || refusal.code === 'no_volume') {
    return new AppError(refusal.code, refusal.message, 422);
  }
  if (refusal.code === 'catalog_incomplete') return new AppError(refusal.code, refusal.message, 503);
  return new AppError(refusal.code, refusal.message, 400);
}

function parseChoices(choices: PricingChoices) {
  const parsed = pricingChoicesSchema.safeParse(choices);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('validation_failed', issue?.message ?? 'Please check the choices.', 400);
  }
  return parsed.data;
}

function checkAnalysis(analysis: ModelAnalysis) {
  const ok = (n: number) => Number.isFinite(n) && n >= 0;
  if (!ok(analysis.volumeMm3) || !ok(analysis.surfaceAreaMm2) || typeof analysis.watertight !== 'boolean') {
    throw new AppError('analysis_invalid', 'The model has no usable measurements yet.', 409);
  }
}

export function pricingService(deps: { db: Db; catalog: CatalogService }) {
  const q = pricingQueries(deps.db);

  function checkExtras(catalog: CatalogView, choices: ReturnType<typeof parseChoices>) {
    if (choices.laserFontId != null && !catalog.laserFonts.some((f) => f.id === choices.laserFontId)) {
      throw new AppError('unknown_laser_font', `There is no laser font with id ${choices.laserFontId}.`, 400);
    }
    if (choices.itemTypeId != null && !catalog.itemTypes.some((t) => t.id === choices.itemTypeId)) {
      throw new AppError('unknown_item_type', `There is no item type with id ${choices.itemTypeId}.`, 400);
    }
  }

  const inputOf = (analysis: ModelAnalysis, choices: ReturnType<typeof parseChoices>): QuoteInput => ({
    volumeMm3: analysis.volumeMm3,
    surfaceAreaMm2: analysis.surfaceAreaMm2,
    watertight: analysis.watertight,
    quantity: choices.quantity,
    ...(choices.parts === undefined ? {} : { parts: choices.parts }),
    ...(choices.laserText ? { laserText: choices.laserText } : {}),
  });

  async function priceWithInput(analysis: ModelAnalysis, raw: PricingChoices) {
    checkAnalysis(analysis);
    const choices = parseChoices(raw);
    const catalog = await deps.catalog.loadCatalog();
    checkExtras(catalog, choices);
    const selected = selectRates(catalog, choices);
    if (!selected.ok) throw refusalError(selected);
    const input = inputOf(analysis, choices);
    const result = quote(input, selected.rates);
    if (!result.ok) throw refusalError(result);
    return { quote: result.quote, rates: selected.rates, input, choices };
  }

  const toStored = (row: PriceQuoteRow): StoredQuote => {
    if (!row.result.ok) throw new Error(`stored quote ${row.id} holds a refusal`);
    return {
      id: row.id,
      customerId: row.customerId,
      modelId: row.modelId,
      input: row.input,
      selection: row.selection,
      rates: row.rates,
      quote: row.result.quote,
      createdAt: row.createdAt.toISOString(),
    };
  };

  return {
    /** How many stored quotes chose a catalog entry (staff may not delete an entry a quote names). */
    quotesNaming: q.quotesNaming,

    /** The itemised price of a model with the customer's choices, at today's rates. */
    async priceModel(analysis: ModelAnalysis, choices: PricingChoices): Promise<PricedModel> {
      const { quote, rates } = await priceWithInput(analysis, choices);
      return { quote, rates };
    },

    /**
     * Prices and stores the quote with the full rates it used. Carts and orders keep its id (or a copy)
     * and show its numbers: a later catalog change never alters it.
     */
    async saveQuote(
      analysis: ModelAnalysis,
      choices: PricingChoices,
      owner: { customerId: string | null; modelId?: string | null },
    ): Promise<StoredQuote> {
      const priced = await priceWithInput(analysis, choices);
      const { laserFontId, itemTypeId, assemblyOptionId, assemblySubItemIds, laserEngravingOptionId } =
        priced.choices;
      const row = await q.insertQuote({
        customerId: owner.customerId,
        modelId: owner.modelId ?? null,
        input: priced.input,
        selection: {
          materialId: priced.rates.material.id,
          polishId: priced.rates.polish.id,
          platingId: priced.rates.plating.id,
          assemblyOptionId: assemblyOptionId ?? priced.rates.assemblyOption.id,
          assemblySubItemIds: assemblySubItemIds ?? [],
          laserEngravingOptionId: laserEngravingOptionId ?? priced.rates.laserEngravingOption.id,
          laserFontId: laserFontId ?? null,
          itemTypeId: itemTypeId ?? null,
        },
        rates: priced.rates,
        result: { ok: true, quote: priced.quote },
        totalPriceCents: priced.quote.totalPrice,
      });
      return toStored(row);
    },

    /**
     * The same stored quote at another quantity, with the rates it was given (a price lock holds while the
     * quantity changes: the quantity breaks of those rates apply, today's catalog does not). Stored anew.
     */
    async requoteQuantity(quoteId: string, quantity: number): Promise<StoredQuote> {
      const row = isUuid(quoteId) ? await q.findQuote(quoteId) : undefined;
      if (!row) throw notFound('The quote');
      const input: QuoteInput = { ...row.input, quantity };
      const result = quote(input, row.rates);
      if (!result.ok) throw refusalError(result);
      const stored = await q.insertQuote({
        customerId: row.customerId,
        modelId: row.modelId,
        input,
        selection: row.selection,
        rates: row.rates,
        result,
        totalPriceCents: result.quote.totalPrice,
      });
      return toStored(stored);
    },

    /** A stored quote exactly as given (never re-priced). */
    async getQuote(quoteId: string): Promise<StoredQuote> {
      const row = isUuid(quoteId) ? await q.findQuote(quoteId) : undefined;
      if (!row) throw notFound('The quote');
      return toStored(row);
    },

    /** The comparison view: every enabled material, each with its quote or the reason it has none. */
    async compareMaterials(
      analysis: ModelAnalysis,
      choices: Omit<PricingChoices, 'materialId'>,
    ): Promise<MaterialPrice[]> {
      checkAnalysis(analysis);
      const catalog = await deps.catalog.loadCatalog();
      const parsed = parseChoices({ ...choices, materialId: catalog.defaults.materialId ?? 1 });
      checkExtras(catalog, parsed);
      const { materialId: _materialId, ...rest } = parsed;
      const all = priceAllMaterials(inputOf(analysis, parsed), catalog, rest);
      if (!all.ok) throw refusalError(all);
      return all.prices;
    },

    /** The project estimate card (quantity 100, high polish, first Silver variant unless one is chosen). */
    async estimate(
      analysis: ModelAnalysis,
      options: { itemTypeName?: string | null; materialId?: number | null } = {},
    ) {
      checkAnalysis(analysis);
      const catalog = await deps.catalog.loadCatalog();
      const result = estimate({ ...analysis, ...options }, catalog);
      if (!result.ok) throw refusalError(result);
      return { itemId: result.itemId, quote: result.quote, rates: result.rates };
    },
  };
}

export type PricingService = ReturnType<typeof pricingService>;
