import type { PriceBook } from '../catalog/catalog-types';
import { ESTIMATE, defaultEstimateMaterial, estimateItemId } from '../catalog/defaults';
import { quote, type QuoteRates, type QuoteRefusal, type Quote } from './quote';
import { selectRates, type SelectionRefusal } from './select-rates';

export interface EstimateInput {
  volumeMm3: number;
  surfaceAreaMm2: number;
  watertight: boolean;
  /** The project item's type name (Ring, Necklace, …) mapped to the pricing item id. */
  itemTypeName?: string | null;
  /** The material picked in the card; by default the first variant whose name contains Silver. */
  materialId?: number | null;
}

export interface Estimate {
  itemId: number;
  quote: Quote;
  rates: QuoteRates;
}

/**
 * The Estimated Production Costs card (spec section 9): quantity 100, high polish (polish id 5, or the
 * polish named High Polish when id 5 is missing), default plating, no assembly or engraving.
 */
export function estimate(
  input: EstimateInput,
  book: PriceBook,
): ({ ok: true } & Estimate) | QuoteRefusal | SelectionRefusal {
  const sorted = [...book.materials].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const materialId = input.materialId ?? defaultEstimateMaterial(sorted)?.id;
  if (materialId === undefined) {
    return {
      ok: false,
      code: 'catalog_incomplete',
      message: 'The catalog has no silver material to estimate with.',
    };
  }
  const highPolish =
    book.polishes.find((p) => p.id === ESTIMATE.polishId && !p.isDisabled) ??
    book.polishes.find((p) => p.name === ESTIMATE.polishName && !p.isDisabled);
  if (!highPolish)
    return { ok: false, code: 'catalog_incomplete', message: 'The catalog has no high polish.' };
  const selected = selectRates(book, { materialId, polishId: highPolish.id });
  if (!selected.ok) return selected;
  const result = quote(
    {
      volumeMm3: input.volumeMm3,
      surfaceAreaMm2: input.surfaceAreaMm2,
      watertight: input.watertight,
      quantity: ESTIMATE.quantity,
    },
    selected.rates,
  );
  if (!result.ok) return result;
  return { ok: true, itemId: estimateItemId(input.itemTypeName), quote: result.quote, rates: selected.rates };
}
