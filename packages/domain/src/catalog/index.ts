// Public surface of the catalog domain: entity types, spec constants, colour parsing, staff edit schemas.
export type {
  AssemblyOption,
  AssemblySubItem,
  Finish,
  ItemType,
  LaserEngravingOption,
  LaserFont,
  Material,
  MaterialKind,
  Plating,
  Polish,
  PriceBook,
  ProductCategory,
  QuantityBreak,
  Rgb,
} from './catalog-types';
export {
  DEFAULT_MATERIAL,
  DEFAULT_PLATING,
  DEFAULT_POLISH,
  DEFAULT_QUANTITY,
  ESTIMATE,
  ESTIMATE_FALLBACK_ITEM_ID,
  ESTIMATE_ITEM_IDS,
  defaultEstimateMaterial,
  estimateItemId,
} from './defaults';
export { materialColorSchema, parseMaterialColor, rgbToHex } from './material-color';
export {
  assemblyOptionPatchSchema,
  assemblySubItemPatchSchema,
  categoryPatchSchema,
  finishPatchSchema,
  itemTypePatchSchema,
  laserFontPatchSchema,
  laserOptionPatchSchema,
  materialPatchSchema,
  quantityBreakPatchSchema,
  categoryCreateSchema,
  finishCreateSchema,
  itemTypeCreateSchema,
  laserFontCreateSchema,
  materialCreateSchema,
  quantityBreakCreateSchema,
} from './catalog.schema';
export type { FinishPatch, MaterialPatch } from './catalog.schema';
export {
  MEMBERSHIPS,
  checkLibraryOrder,
  libraryAccess,
  libraryTexts,
  membershipMatches,
  membershipOf,
} from './library';
export type { LibraryAccess, LibraryOrderCheck, LibraryTerms, Membership, MinPieces } from './library';
