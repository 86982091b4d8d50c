// Public surface of pricing: the pure price formula (integer cents), rate selection, comparison, estimate.
export { TROY_OUNCE_GRAMS, dollarsToCents, toWholeCents } from './money';
export { NO_BREAK, quantityBreakFor } from './quantity-breaks';
export { MAX_PARTS, MAX_QUANTITY, engravedCharacters, quote, quoteMessages } from './quote';
export type { Quote, QuoteInput, QuoteRates, QuoteRefusal, QuoteRefusalCode, QuoteResult } from './quote';
export { materialRates, selectRates } from './select-rates';
export type { RateSelection, SelectionRefusal, SelectionRefusalCode, SelectionResult } from './select-rates';
export { priceAllMaterials } from './price-all-materials';
export type { MaterialPrice } from './price-all-materials';
export { estimate } from './estimate';
export type { Estimate, EstimateInput } from './estimate';
export {
  MAX_SPOT_CENTS,
  METALS,
  alloyPricePerOunce,
  describeSpot,
  gramsToTroyOunces,
  metalNames,
  metalSchema,
  pieceGrams,
  spotCentsSchema,
} from './spot';
export type { Metal, SpotUsed } from './spot';
