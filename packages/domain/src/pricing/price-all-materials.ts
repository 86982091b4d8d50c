import type { MaterialKind, PriceBook } from '../catalog/catalog-types';
import { quote, type QuoteInput, type QuoteRates, type QuoteResult } from './quote';
import { materialRates, selectRates, type RateSelection, type SelectionRefusal } from './select-rates';

export interface MaterialPrice {
  materialId: number;
  materialName: string;
  kind: MaterialKind;
  /** A quote, or why this material gets none (e.g. not watertight). */
  result: QuoteResult;
  rates: QuoteRates;
}

/**
 * The comparison view: the same piece, finish and quantity priced in every enabled material, in the
 * catalog's order. Choices other than the material are resolved once; a bad one refuses the whole call.
 */
export function priceAllMaterials(
  input: QuoteInput,
  book: PriceBook,
  selection: Omit<RateSelection, 'materialId'>,
): { ok: true; prices: MaterialPrice[] } | SelectionRefusal {
  const materials = book.materials
    .filter((m) => !m.isDisabled)
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  const first = materials[0];
  if (!first) return { ok: false, code: 'catalog_incomplete', message: 'The catalog has no materials.' };
  const selected = selectRates(book, { ...selection, materialId: first.id });
  if (!selected.ok) return selected;
  return {
    ok: true,
    prices: materials.map((material) => {
      const rates: QuoteRates = { ...selected.rates, material: materialRates(material) };
      return {
        materialId: material.id,
        materialName: material.name,
        kind: material.kind,
        result: quote(input, rates),
        rates,
      };
    }),
  };
}
