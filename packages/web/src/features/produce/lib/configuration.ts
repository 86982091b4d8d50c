import type { Catalog, CatalogMaterial, Configuration, PricingRequest } from './types';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100_000;
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

/**
 * The starting configuration: the catalog's defaults (spec section 9: Sterling Silver, Satin Polish, plating
 * None, quantity 1), else the first enabled entry.
 */
export function defaultConfiguration(catalog: Catalog): Configuration {
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

/**
 * Applies a change, keeping the configuration consistent: a new assembly option starts with no sub-items,
 * an engraving option that takes no text drops the text.
 */
export function changeConfiguration(
  catalog: Catalog,
  config: Configuration,
  patch: Partial<Configuration>,
): Configuration {
  const next = { ...config, ...patch };
  if (patch.assemblyOptionId !== undefined && patch.assemblyOptionId !== config.assemblyOptionId) {
    next.assemblySubItemIds = [];
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
 * sub-items only when chosen; engraving text (and its font) only when the option takes text.
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
  if (config.laserEngravingOptionId !== null) request.laserEngravingOptionId = config.laserEngravingOptionId;
  const laser = catalog.laserEngravingOptions.find((o) => o.id === config.laserEngravingOptionId);
  if (laser?.acceptsText && config.laserText.trim() !== '') {
    request.laserText = config.laserText;
    if (config.laserFontId !== null) request.laserFontId = config.laserFontId;
  }
  return request;
}
