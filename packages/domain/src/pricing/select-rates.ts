import type { Material, PriceBook } from '../catalog/catalog-types';
import type { QuoteRates } from './quote';
import { alloyPricePerOunce } from './spot';

/** What the customer chose; left out, polish, plating, assembly and laser take the catalog's default. */
export interface RateSelection {
  materialId: number;
  polishId?: number | null;
  platingId?: number | null;
  assemblyOptionId?: number | null;
  assemblySubItemIds?: number[];
  laserEngravingOptionId?: number | null;
}

export type SelectionRefusalCode =
  | 'unknown_material'
  | 'material_unavailable'
  | 'unknown_polish'
  | 'unknown_plating'
  | 'unknown_assembly_option'
  | 'unknown_assembly_sub_item'
  | 'unknown_laser_engraving_option'
  | 'catalog_incomplete';

export interface SelectionRefusal {
  ok: false;
  code: SelectionRefusalCode;
  message: string;
}

export type SelectionResult = { ok: true; rates: QuoteRates } | SelectionRefusal;

const refuse = (code: SelectionRefusalCode, message: string): SelectionRefusal => ({
  ok: false,
  code,
  message,
});

interface Choosable {
  id: number;
  isDefault: boolean;
  isDisabled: boolean;
}

/** The chosen entry if offered, the default when nothing was chosen, otherwise undefined. */
function pick<T extends Choosable>(entries: readonly T[], id: number | null | undefined): T | undefined {
  if (id === null || id === undefined) return entries.find((e) => e.isDefault && !e.isDisabled);
  return entries.find((e) => e.id === id && !e.isDisabled);
}

/**
 * The rates of one material with the other choices already resolved (for comparing materials). A precious
 * metal with a spot price is priced from it (`spot.ts`); otherwise from its catalog base price.
 */
export function materialRates(material: Material): QuoteRates['material'] {
  const { id, name, kind, gravity, metalLoss, castingLabourCents, printRate, printSetupCents } = material;
  const spot = kind === 'metal' ? (material.spot ?? null) : null;
  return {
    id,
    name,
    kind,
    gravity,
    basePrice: spot ? alloyPricePerOunce(spot) : material.basePrice,
    ...(spot ? { spot } : {}),
    metalLoss,
    castingLabourCents,
    printRate,
    printSetupCents,
    orderSetupCents: material.orderSetupCents,
    canPlate: material.canPlate,
  };
}

/**
 * Resolves the customer's choices against a price book into the rates of one quote. Unknown or
 * disabled ids are refused with a message that names what was not found.
 */
export function selectRates(book: PriceBook, selection: RateSelection): SelectionResult {
  const material = book.materials.find((m) => m.id === selection.materialId);
  if (!material) return refuse('unknown_material', `There is no material with id ${selection.materialId}.`);
  if (material.isDisabled)
    return refuse('material_unavailable', `${material.name} is not available at the moment.`);

  const polish = pick(book.polishes, selection.polishId);
  if (!polish) {
    return selection.polishId == null
      ? refuse('catalog_incomplete', 'The catalog has no default polish.')
      : refuse('unknown_polish', `There is no polish with id ${selection.polishId}.`);
  }
  const plating = pick(book.platings, selection.platingId);
  if (!plating) {
    return selection.platingId == null
      ? refuse('catalog_incomplete', 'The catalog has no default plating.')
      : refuse('unknown_plating', `There is no plating with id ${selection.platingId}.`);
  }
  const assembly = pick(book.assemblyOptions, selection.assemblyOptionId);
  if (!assembly) {
    return selection.assemblyOptionId == null
      ? refuse('catalog_incomplete', 'The catalog has no default assembly option.')
      : refuse(
          'unknown_assembly_option',
          `There is no assembly option with id ${selection.assemblyOptionId}.`,
        );
  }
  const subItems = [];
  for (const subItemId of new Set(selection.assemblySubItemIds ?? [])) {
    const subItem = assembly.subItems.find((s) => s.id === subItemId);
    if (!subItem) {
      return refuse('unknown_assembly_sub_item', `${assembly.name} has no sub-item with id ${subItemId}.`);
    }
    subItems.push({ id: subItem.id, name: subItem.name, priceCents: subItem.priceCents });
  }
  const laser = pick(book.laserEngravingOptions, selection.laserEngravingOptionId);
  if (!laser) {
    return selection.laserEngravingOptionId == null
      ? refuse('catalog_incomplete', 'The catalog has no default laser engraving option.')
      : refuse(
          'unknown_laser_engraving_option',
          `There is no laser engraving option with id ${selection.laserEngravingOptionId}.`,
        );
  }

  return {
    ok: true,
    rates: {
      material: materialRates(material),
      polish: { id: polish.id, name: polish.name, basePrice: polish.basePrice },
      plating: { id: plating.id, name: plating.name, basePrice: plating.basePrice },
      assemblyOption: {
        id: assembly.id,
        name: assembly.name,
        pricePerPartCents: assembly.pricePerPartCents,
        subItems,
      },
      laserEngravingOption: {
        id: laser.id,
        name: laser.name,
        priceCents: laser.priceCents,
        pricePerCharacterCents: laser.pricePerCharacterCents,
        maxCharacters: laser.maxCharacters,
        acceptsText: laser.acceptsText,
      },
      quantityBreaks: [...book.quantityBreaks]
        .sort((a, b) => a.minQuantity - b.minQuantity)
        .map((b) => ({ minQuantity: b.minQuantity, factor: b.factor })),
    },
  };
}
