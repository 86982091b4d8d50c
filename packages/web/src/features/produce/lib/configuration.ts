import { MAX_PARTS } from '@facet/domain/pricing';
import type { Catalog, CatalogMaterial, Configuration, PricingRequest } from './types';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100_000;
export { MAX_PARTS };
/** Spec section 9: default quantity 1. */
export const DEFAULT_QUANTITY = 1;

const enabled = <T extends { isDisabled: boolean; sort: number }>(items: T[]) =>
  items.filter((item) => !item.isDisabled).sort((a, b) => a.sort - b.sort);

export function enabledMaterials(catalog: Catalog) {
  return enabled(catalog.materials);
}
export function enabledPolishes(catalog: Catalog) {
  return enabled(catalog.polishes);
}
export function enabledPlatings(catalog: Catalog) {
  return enabled(catalog.platings);
}
export function enabledAssemblyOptions(catalog: Catalog) {
  return enabled(catalog.assemblyOptions);
}
export function enabledLaserOptions(catalog: Catalog) {
  return enabled(catalog.laserEngravingOptions);
}

/** Item types in the catalog's order. */
export function sortedItemTypes(catalog: Catalog) {
  return [...catalog.itemTypes].sort((a, b) => a.sort - b.sort);
}

/** The catalog's item type of a name ('Ring', 'rings', ' charm '); null when there is none. */
export function itemTypeIdOf(catalog: Catalog, name: string | null | undefined): number | null {
  const key = (name ?? '').trim().toLowerCase();
  if (!key) return null;
  const match =
    catalog.itemTypes.find((t) => t.name.toLowerCase() === key) ??
    catalog.itemTypes.find((t) => t.name.toLowerCase() === key.replace(/s$/, ''));
  return match?.id ?? null;
}

/** Whether the assembly option charges per part, so the number of parts matters. */
export function chargesPerPart(catalog: Catalog, assemblyOptionId: number | null): boolean {
  const option = catalog.assemblyOptions.find((o) => o.id === assemblyOptionId);
  return (option?.pricePerPartCents ?? 0) > 0;
}

/**
 * The starting configuration: the catalog's defaults (spec section 9: Sterling Silver, Satin Polish, plating
 * None, quantity 1), else the first enabled entry. The item type is the one named (a library design's), else
 * left for the customer to choose.
 */
export function defaultConfiguration(catalog: Catalog, itemTypeName?: string | null): Configuration {
  const { defaults } = catalog;
  const pick = (id: number | null, items: { id: number; isDisabled: boolean; sort: number }[]) =>
    id ?? enabled(items)[0]?.id ?? null;
  return {
    materialId: pick(defaults.materialId, catalog.materials),
    polishId: pick(defaults.polishId, catalog.polishes),
    platingId: pick(defaults.platingId, catalog.platings),
    assemblyOptionId: pick(defaults.assemblyOptionId, catalog.assemblyOptions),
    assemblySubItemIds: [],
    laserEngravingOptionId: pick(defaults.laserEngravingOptionId, catalog.laserEngravingOptions),
    laserText: '',
    laserFontId: [...catalog.laserFonts].sort((a, b) => a.sort - b.sort)[0]?.id ?? null,
    itemTypeId: itemTypeIdOf(catalog, itemTypeName),
    parts: 1,
    quantity: defaults.quantity || DEFAULT_QUANTITY,
  };
}

export function findMaterial(catalog: Catalog, id: number | null): CatalogMaterial | undefined {
  return catalog.materials.find((m) => m.id === id);
}

/** A quantity typed by the customer, or the reason it cannot be used. */
export function parseQuantity(
  text: string,
  min: number = MIN_QUANTITY,
): { ok: true; quantity: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isInteger(n) || n < min || n > MAX_QUANTITY) {
    return {
      ok: false,
      message: `Enter a whole number of pieces from ${min} to ${MAX_QUANTITY.toLocaleString('en-US')}.`,
    };
  }
  return { ok: true, quantity: n };
}

/** A number of parts typed by the customer, or the reason it cannot be used. */
export function parseParts(text: string): { ok: true; parts: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PARTS) {
    return { ok: false, message: `Enter a whole number of parts from 1 to ${MAX_PARTS}.` };
  }
  return { ok: true, parts: n };
}

/**
 * Applies a change, keeping the configuration consistent: a new assembly option starts with no sub-items
 * (and one part when it does not charge per part), an engraving option that takes no text drops the text.
 */
export function changeConfiguration(
  catalog: Catalog,
  config: Configuration,
  patch: Partial<Configuration>,
): Configuration {
  const next = { ...config, ...patch };
  if (patch.assemblyOptionId !== undefined && patch.assemblyOptionId !== config.assemblyOptionId) {
    next.assemblySubItemIds = [];
    if (!chargesPerPart(catalog, next.assemblyOptionId)) next.parts = 1;
  }
  const laser = catalog.laserEngravingOptions.find((o) => o.id === next.laserEngravingOptionId);
  if (!laser?.acceptsText) next.laserText = '';
  if (laser?.maxCharacters != null && next.laserText.length > laser.maxCharacters) {
    next.laserText = next.laserText.slice(0, laser.maxCharacters);
  }
  return next;
}

/**
 * The body of POST /api/pricing for a configuration. A plating is sent only when the material can plate;
 * sub-items only when chosen; the number of parts only when the assembly charges per part; engraving text
 * (and its font) only when the option takes text; the item type once chosen.
 */
export function toPricingRequest(catalog: Catalog, modelId: string, config: Configuration): PricingRequest {
  const request: PricingRequest = { modelId, quantity: config.quantity };
  const material = findMaterial(catalog, config.materialId);
  if (config.materialId !== null) request.materialId = config.materialId;
  if (config.polishId !== null) request.polishId = config.polishId;
  if (config.platingId !== null && material?.canPlate) request.platingId = config.platingId;
  if (config.assemblyOptionId !== null) request.assemblyOptionId = config.assemblyOptionId;
  if (config.assemblySubItemIds.length > 0)
    request.assemblySubItemIds = [...config.assemblySubItemIds].sort((a, b) => a - b);
  if (config.parts > 1 && chargesPerPart(catalog, config.assemblyOptionId)) request.parts = config.parts;
  if (config.laserEngravingOptionId !== null) request.laserEngravingOptionId = config.laserEngravingOptionId;
  const laser = catalog.laserEngravingOptions.find((o) => o.id === config.laserEngravingOptionId);
  if (laser?.acceptsText && config.laserText.trim() !== '') {
    request.laserText = config.laserText;
    if (config.laserFontId !== null) request.laserFontId = config.laserFontId;
  }
  if (config.itemTypeId !== null) request.itemTypeId = config.itemTypeId;
  return request;
}
