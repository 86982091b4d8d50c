/**
 * The catalog a customer configures an item from (spec section 3, Material and the configured order).
 *
 * Units: money amounts that are charged as such are integer cents (`...Cents`); rates that multiply a
 * measure stay plain numbers in dollars, as the catalog states them:
 * - material `basePrice`: dollars per troy ounce of the alloy (Sterling Silver 26.359),
 * - polish and plating `basePrice`: dollars per mm² of surface (Satin Polish 0.0111),
 * - material `printRate`: dollars per mm³ of printed resin.
 * Densities (`gravity`) are g/cm³; geometry is mm³ and mm².
 */

import type { Metal, SpotUsed } from '../pricing/spot';

/** A colour for the 3D viewer, 0–255 per channel. The spec says it may arrive as a JSON string. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Metals are cast from a printed pattern; resins are the printed piece itself. */
export type MaterialKind = 'metal' | 'resin';

export interface Material {
  id: number;
  name: string;
  sku: string;
  code: string;
  image: string | null;
  /** Dollars per troy ounce of the alloy (metals); 0 for resins, which are priced by `printRate`. */
  basePrice: number;
  /** A shop list price per troy ounce, shown when set; the price formula uses `basePrice`. */
  salesPrice: number | null;
  description: string;
  isDisabled: boolean;
  /** Density in g/cm³. */
  gravity: number;
  textureUrl: string | null;
  /** Whether a plating can be applied; when not, the plating costs nothing and is not applied. */
  canPlate: boolean;
  /** The viewer's diffuse tint (CSS hex), null to use `color`. */
  diffuse: string | null;
  sort: number;
  color: Rgb | null;
  kind: MaterialKind;
  /** Fraction of metal lost in casting and finishing (0.08 = 8 %), bought on top of the piece's weight. */
  metalLoss: number;
  /** Casting labour per piece, cents. */
  castingLabourCents: number;
  /** Resin printing, dollars per mm³. */
  printRate: number;
  /** Resin printing set-up per piece (build-plate share, supports, washing and curing), cents. */
  printSetupCents: number;
  /** Set-up per order (casting tree and flask, or print job), split over the quantity; cents. */
  orderSetupCents: number;
  isDefault: boolean;
  /**
   * A precious metal priced from a spot price (gold, silver, platinum, palladium): its fine metal, the
   * alloy's purity (0.925) and margin in percent. Null: priced from `basePrice` only.
   */
  spotMetal?: Metal | null;
  purity?: number | null;
  spotMarginPercent?: number;
  /** Today's spot price applied to this material, when it has a spot metal and a price is known. */
  spot?: SpotUsed | null;
}

/** A polish or a plating: a rate in dollars per mm² of the model's surface. */
export interface Finish {
  id: number;
  name: string;
  basePrice: number;
  description: string;
  isDisabled: boolean;
  isDefault: boolean;
  sort: number;
}

export type Polish = Finish;

export interface Plating extends Finish {
  color: Rgb | null;
}

/** A chosen extra of an assembly option (a chain length, a pair of earring backs), priced once per piece. */
export interface AssemblySubItem {
  id: number;
  name: string;
  priceCents: number;
  sort: number;
}

/** How the parts of a piece are put together; priced per part (the model's part number). */
export interface AssemblyOption {
  id: number;
  name: string;
  description: string;
  pricePerPartCents: number;
  isDefault: boolean;
  isDisabled: boolean;
  sort: number;
  subItems: AssemblySubItem[];
}

export interface LaserEngravingOption {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  /** Per engraved character (white space is free), cents. */
  pricePerCharacterCents: number;
  /** The longest text this option engraves; null when it takes no text. */
  maxCharacters: number | null;
  acceptsText: boolean;
  acceptsImage: boolean;
  isDefault: boolean;
  isDisabled: boolean;
  sort: number;
}

/** An engraving font bundled from npm (`packageName`, e.g. @fontsource/great-vibes). */
export interface LaserFont {
  id: number;
  name: string;
  packageName: string;
  cssFamily: string;
  sort: number;
}

export interface ProductCategory {
  id: number;
  name: string;
  sort: number;
}

/** What is made (Necklace 1, Ring 2, Earring 3, Bracelet 5, …); the id is the pricing `item`. */
export interface ItemType {
  id: number;
  name: string;
  categoryId: number | null;
  sort: number;
}

/** From `minQuantity` pieces on, every piece costs `factor` × its price (0.8 = 20 % off). */
export interface QuantityBreak {
  minQuantity: number;
  factor: number;
}

/** Everything the price formula may draw from: the current catalog, or a stored snapshot of it. */
export interface PriceBook {
  materials: Material[];
  polishes: Polish[];
  platings: Plating[];
  assemblyOptions: AssemblyOption[];
  laserEngravingOptions: LaserEngravingOption[];
  quantityBreaks: QuantityBreak[];
}
