import type {
  AssemblyOption,
  AssemblySubItem,
  LaserEngravingOption,
  Material,
  Plating,
  Polish,
  QuantityBreak,
} from '../catalog/catalog-types';
import { TROY_OUNCE_GRAMS, dollarsToCents, toWholeCents } from './money';
import { quantityBreakFor } from './quantity-breaks';
import type { SpotUsed } from './spot';

/**
 * The price of a configured item (DESIGN.md §3 "Pricing (per piece, then quantity)").
 *
 * Per piece, each component rounded once to whole cents (half up, `toWholeCents`):
 * - weight g            = volume mm³ / 1000 × gravity g/cm³ (not rounded; shown to 0.01 g)
 * - castPrice           = weight × (base price per troy oz / 31.1034768) × (1 + metal loss) → cents, + casting labour
 *                         (a precious metal with a spot price: base price = spot × purity × (1 + margin %), see
 *                         `spot.ts`; the quote records that spot price in `spot`)
 *                         (metals; 0 for resins)
 * - threeDPrintingPrice = volume × print rate → cents, + print set-up per piece (resins; 0 for metals)
 * - polishLaborPrice    = surface mm² × polish rate → cents
 * - platingPrice        = surface mm² × plating rate → cents, only when the material can plate (else 0)
 * - assemblyOptionPrice = price per part × parts + the chosen sub-items
 * - laserEngravingOptionPrice = option price + price per character × characters (white space is free)
 * - fixedCostPrice      = the order's set-up / quantity → cents
 * Then: subtotalPerPiece = the sum of the components; pricePerPiece = subtotalPerPiece × quantity-break
 * factor → cents; totalPrice = pricePerPiece × quantity. So the shown numbers always multiply out
 * exactly: total = price per piece × quantity, to the cent. (The fixed cost shared out per piece may
 * differ from the set-up by less than half a cent per piece: 2500 over 3 pieces is 833 each.)
 *
 * A model that is not watertight gets no price at all: its volume, and so its weight or resin, cannot be
 * measured (an open surface encloses no volume; the number a mesh reader returns depends on where
 * the origin is). The refusal says why.
 */

export interface QuoteInput {
  volumeMm3: number;
  surfaceAreaMm2: number;
  watertight: boolean;
  quantity: number;
  /** Parts to assemble (the model's part number); 1 when the piece is one part. */
  parts?: number;
  laserText?: string;
}

/** The rates one quote used: exactly what must be stored with it so it can be shown (or re-done) later. */
export interface QuoteRates {
  material: Pick<
    Material,
    | 'id'
    | 'name'
    | 'kind'
    | 'gravity'
    | 'basePrice'
    | 'metalLoss'
    | 'castingLabourCents'
    | 'printRate'
    | 'printSetupCents'
    | 'orderSetupCents'
    | 'canPlate'
  > & {
    /** The spot price the base price was worked out from (precious metals with a spot price). */
    spot?: SpotUsed | null;
  };
  polish: Pick<Polish, 'id' | 'name' | 'basePrice'>;
  plating: Pick<Plating, 'id' | 'name' | 'basePrice'>;
  /** The option with only the sub-items chosen for this piece. */
  assemblyOption: Pick<AssemblyOption, 'id' | 'name' | 'pricePerPartCents'> & {
    subItems: Pick<AssemblySubItem, 'id' | 'name' | 'priceCents'>[];
  };
  laserEngravingOption: Pick<
    LaserEngravingOption,
    'id' | 'name' | 'priceCents' | 'pricePerCharacterCents' | 'maxCharacters' | 'acceptsText'
  >;
  quantityBreaks: QuantityBreak[];
}

/** Every amount is integer cents; the components and `subtotalPerPiece`/`pricePerPiece` are per piece. */
export interface Quote {
  materialId: number;
  materialName: string;
  kind: Material['kind'];
  quantity: number;
  parts: number;
  /** The piece's weight in grams, to 0.01 g (the price uses the unrounded weight). */
  weightGrams: number;
  castPrice: number;
  threeDPrintingPrice: number;
  polishLaborPrice: number;
  platingPrice: number;
  /** False when the material cannot be plated or the plating is None. */
  platingApplied: boolean;
  assemblyOptionPrice: number;
  laserEngravingOptionPrice: number;
  laserCharacters: number;
  fixedCostPrice: number;
  subtotalPerPiece: number;
  quantityBreak: QuantityBreak;
  pricePerPiece: number;
  totalPrice: number;
  /** The spot price the metal was priced at, locked with the quote (absent when none applied). */
  spot?: SpotUsed;
}

export type QuoteRefusalCode = 'not_watertight' | 'no_volume' | 'invalid_input';

export interface QuoteRefusal {
  ok: false;
  code: QuoteRefusalCode;
  message: string;
}

export type QuoteResult = { ok: true; quote: Quote } | QuoteRefusal;

export const MAX_QUANTITY = 100_000;
export const MAX_PARTS = 100;

export const quoteMessages = {
  notWatertightMetal:
    'This model is not watertight (its surface has holes), so its volume and weight cannot be measured and it cannot be priced in metal. Close the holes and upload it again.',
  notWatertightResin:
    'This model is not watertight (its surface has holes), so its volume cannot be measured and it cannot be priced for 3D printing. Close the holes and upload it again.',
  noVolume: 'This model encloses no volume, so it cannot be made.',
  quantity: `The quantity must be a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en-US')}.`,
  parts: `The number of parts must be a whole number from 1 to ${MAX_PARTS}.`,
  geometry: 'The model measurements must be numbers of zero or more.',
  laserTextNotTaken: (option: string) => `${option} does not engrave text.`,
  laserTextTooLong: (max: number) => `The engraving text is at most ${max} characters.`,
} as const;

/** Characters that are engraved and paid for: Unicode code points other than white space. */
export function engravedCharacters(text: string | undefined): number {
  return text ? Array.from(text.replace(/\s/gu, '')).length : 0;
}

const refuse = (code: QuoteRefusalCode, message: string): QuoteRefusal => ({ ok: false, code, message });
const isMeasure = (n: number) => Number.isFinite(n) && n >= 0;

/** Prices one configured item. Pure: the same input and rates always give the same quote. */
export function quote(input: QuoteInput, rates: QuoteRates): QuoteResult {
  const { material, polish, plating, assemblyOption, laserEngravingOption } = rates;
  const quantity = input.quantity;
  const parts = input.parts ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    return refuse('invalid_input', quoteMessages.quantity);
  }
  if (!Number.isInteger(parts) || parts < 1 || parts > MAX_PARTS)
    return refuse('invalid_input', quoteMessages.parts);
  if (!isMeasure(input.volumeMm3) || !isMeasure(input.surfaceAreaMm2)) {
    return refuse('invalid_input', quoteMessages.geometry);
  }
  if (!input.watertight) {
    return refuse(
      'not_watertight',
      material.kind === 'metal' ? quoteMessages.notWatertightMetal : quoteMessages.notWatertightResin,
    );
  }
  if (input.volumeMm3 === 0) return refuse('no_volume', quoteMessages.noVolume);

  const laserCharacters = engravedCharacters(input.laserText);
  if (laserCharacters > 0 && !laserEngravingOption.acceptsText) {
    return refuse('invalid_input', quoteMessages.laserTextNotTaken(laserEngravingOption.name));
  }
  const maxCharacters = laserEngravingOption.maxCharacters;
  if (maxCharacters !== null && laserCharacters > maxCharacters) {
    return refuse('invalid_input', quoteMessages.laserTextTooLong(maxCharacters));
  }

  const weightGrams = (input.volumeMm3 / 1000) * material.gravity;
  const castPrice =
    material.kind === 'metal'
      ? dollarsToCents(weightGrams * (material.basePrice / TROY_OUNCE_GRAMS) * (1 + material.metalLoss)) +
        material.castingLabourCents
      : 0;
  const threeDPrintingPrice =
    material.kind === 'resin'
      ? dollarsToCents(input.volumeMm3 * material.printRate) + material.printSetupCents
      : 0;
  const polishLaborPrice = dollarsToCents(input.surfaceAreaMm2 * polish.basePrice);
  const platingApplied = material.canPlate && plating.basePrice > 0;
  const platingPrice = platingApplied ? dollarsToCents(input.surfaceAreaMm2 * plating.basePrice) : 0;
  const assemblyOptionPrice =
    assemblyOption.pricePerPartCents * parts +
    assemblyOption.subItems.reduce((sum, s) => sum + s.priceCents, 0);
  const laserEngravingOptionPrice =
    laserEngravingOption.priceCents + laserEngravingOption.pricePerCharacterCents * laserCharacters;
  const fixedCostPrice = toWholeCents(material.orderSetupCents / quantity);

  const subtotalPerPiece =
    castPrice +
    threeDPrintingPrice +
    polishLaborPrice +
    platingPrice +
    assemblyOptionPrice +
    laserEngravingOptionPrice +
    fixedCostPrice;
  const quantityBreak = quantityBreakFor(quantity, rates.quantityBreaks);
  const pricePerPiece = toWholeCents(subtotalPerPiece * quantityBreak.factor);

  return {
    ok: true,
    quote: {
      materialId: material.id,
      materialName: material.name,
      kind: material.kind,
      quantity,
      parts,
      weightGrams: Math.round(weightGrams * 100) / 100,
      castPrice,
      threeDPrintingPrice,
      polishLaborPrice,
      platingPrice,
      platingApplied,
      assemblyOptionPrice,
      laserEngravingOptionPrice,
      laserCharacters,
      fixedCostPrice,
      subtotalPerPiece,
      quantityBreak,
      pricePerPiece,
      totalPrice: pricePerPiece * quantity,
      ...(material.kind === 'metal' && material.spot ? { spot: material.spot } : {}),
    },
  };
}
