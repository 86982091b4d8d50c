import type { CatalogView } from '../catalog/catalog.service';
import type { Db } from '../../db/client';
import type { UserRow } from '../accounts/accounts.reads';
import type { CatalogService } from '../catalog/catalog.service';
import type { LibraryService } from '../library/library.service';
import type { ModelsService } from '../models/models.service';
import { modelSummaries } from '../models/models.reads';
import type { PricingService, StoredQuote } from '../pricing/pricing.service';
import { explainRefusal } from '../pricing/pricing.contract';
import { AppError } from '../../platform/errors';
import type { cartItems } from './cart.tables';
import { leadTimeOf, named, type CartChoices, type LineConfiguration } from './cart.shared';
import type { FilesService } from '../../platform/files/files.service';

/** A cart line priced by the server: the stored model, the customer's choices and today's catalog. */

export type CartItemRow = typeof cartItems.$inferSelect;

export interface CartDeps {
  db: Db;
  catalog: CatalogService;
  pricing: PricingService;
  models: ModelsService;
  library: LibraryService;
  files: FilesService;
}

/** Where an engraving image is read (its customer and the production team). */
export const engravingImageUrl = (fileId: string) => `/api/engraving-images/${fileId}`;

export interface QuotedLine {
  modelId: string;
  libraryProductId: string | null;
  stored: StoredQuote;
  configuration: LineConfiguration;
}

function configurationOf(
  stored: StoredQuote,
  catalog: CatalogView,
  names: { title: string; fileName: string },
  imageFileId: string | null,
): LineConfiguration {
  const { rates, quote, input, selection } = stored;
  const fontId = typeof selection.laserFontId === 'number' ? selection.laserFontId : null;
  const itemTypeId = typeof selection.itemTypeId === 'number' ? selection.itemTypeId : null;
  const font = catalog.laserFonts.find((f) => f.id === fontId);
  const itemType = catalog.itemTypes.find((t) => t.id === itemTypeId);
  const laserText = input.laserText ?? null;
  return {
    ...names,
    material: { ...named(rates.material.id, rates.material.name), kind: rates.material.kind },
    polish: named(rates.polish.id, rates.polish.name),
    plating: { ...named(rates.plating.id, rates.plating.name), applied: quote.platingApplied },
    assemblyOption: {
      ...named(rates.assemblyOption.id, rates.assemblyOption.name),
      parts: quote.parts,
      subItems: rates.assemblyOption.subItems.map((s) => named(s.id, s.name)),
    },
    laserEngraving: {
      ...named(rates.laserEngravingOption.id, rates.laserEngravingOption.name),
      text: laserText,
      font: laserText && font ? named(font.id, font.name) : null,
      image: imageFileId ? engravingImageUrl(imageFileId) : null,
    },
    itemType: itemType ? named(itemType.id, itemType.name) : null,
    surfaceAreaMm2: input.surfaceAreaMm2,
    volumeMm3: input.volumeMm3,
    weightGrams: quote.weightGrams,
  };
}

export function cartLines(deps: CartDeps) {
  const { catalog, pricing, models, library } = deps;

  /**
   * Prices a model of the customer with their choices at today's rates and stores the quote. A library
   * design's copy checks the membership and its minimum pieces first (the spec's texts, from the library).
   */
  async function quoteLine(
    user: UserRow,
    modelId: string,
    choices: CartChoices,
    quantity: number,
  ): Promise<QuotedLine> {
    const { laserImageFileId, ...priced } = choices;
    if (laserImageFileId) {
      const image = await deps.files.find(laserImageFileId);
      if (!image || image.purpose !== 'engraving-image' || image.ownerId !== user.id) {
        throw new AppError(
          'unknown_engraving_image',
          'That engraving image is not one of your uploads.',
          400,
          {
            laserImageFileId: 'That engraving image is not one of your uploads.',
          },
        );
      }
    }
    const { row, analysis } = await models.analysisForPricing(user, modelId);
    if (row.libraryProductId) await library.checkOrder(user, row.libraryProductId, quantity);
    const view = await catalog.loadCatalog();
    const materialId = choices.materialId ?? view.defaults.materialId;
    if (materialId == null)
      throw new AppError('catalog_incomplete', 'The catalog has no default material.', 503);
    let stored: StoredQuote;
    try {
      stored = await pricing.saveQuote(
        analysis,
        { ...priced, materialId, quantity },
        { customerId: user.id, modelId: row.id },
      );
    } catch (error) {
      throw explainRefusal(error, analysis);
    }
    const title = row.libraryProductId
      ? ((await library.names([row.libraryProductId])).get(row.libraryProductId) ?? row.fileName)
      : row.fileName;
    return {
      modelId: row.id,
      libraryProductId: row.libraryProductId,
      stored,
      configuration: configurationOf(
        stored,
        view,
        { title, fileName: row.fileName },
        laserImageFileId ?? null,
      ),
    };
  }

  /** The lines as the customer sees them (thumbnails from the models' reads). */
  async function viewLines(rows: CartItemRow[]) {
    const summaries = await modelSummaries(
      deps.db,
      rows.map((r) => r.modelId),
    );
    return rows.map((row) => lineView(row, summaries.get(row.modelId)?.thumbnailFileId ?? null));
  }

  return { quoteLine, viewLines };
}

export function lineView(row: CartItemRow, thumbnailFileId: string | null) {
  return {
    id: row.id,
    source: row.source,
    modelId: row.modelId,
    libraryProductId: row.libraryProductId,
    title: row.configuration.title,
    fileName: row.configuration.fileName,
    thumbnailUrl: thumbnailFileId
      ? `/api/models/${row.modelId}/thumbnail?v=${thumbnailFileId.slice(0, 8)}`
      : null,
    quantity: row.quantity,
    choices: row.choices,
    configuration: row.configuration,
    quoteId: row.quoteId,
    breakdown: row.quote,
    unitPriceCents: row.unitPriceCents,
    totalCents: row.totalCents,
    previousUnitPriceCents: row.previousUnitPriceCents,
    previousTotalCents: row.previousTotalCents,
    priceChanged: row.priceChanged,
    lockedUntil: row.lockedUntil.toISOString(),
    leadTimeDays: leadTimeOf(row.configuration.material.kind),
    createdAt: row.createdAt.toISOString(),
  };
}
export type CartLineView = ReturnType<typeof lineView>;
