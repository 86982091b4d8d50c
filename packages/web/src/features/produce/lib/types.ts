/**
 * Shapes of the models, catalog and pricing calls, from the generated contract (`src/api`, decision 018).
 * Lengths are millimetres, areas mm², volumes mm³, money integer cents.
 */
import type { Reply, RequestBody, Schemas } from '../../../api';

export type Model = Schemas['Model'];

/** The unit a customer confirms for a model, as the server stores it. */
export type ModelUnit = Model['unit'];

export type ModelStatus = Model['status'];

export type Analysis = Schemas['Analysis'];

/** Where the browser sends the file: PUT raw bytes (disk storage) or a presigned POST form (S3). */
export type UploadTarget = Schemas['UploadTarget'];

export type Rgb = NonNullable<Schemas['CatalogPlating']['color']>;

export type CatalogMaterial = Schemas['CatalogMaterial'];

export type CatalogFinish = Schemas['CatalogFinish'];

export type CatalogPlating = Schemas['CatalogPlating'];

export type Catalog = Schemas['Catalog'];

export type CatalogAssemblyOption = Catalog['assemblyOptions'][number];

export type CatalogLaserOption = Catalog['laserEngravingOptions'][number];

export type CatalogFont = Catalog['laserFonts'][number];

/** Every amount integer cents; the components are per piece. */
export type Quote = Schemas['Quote'];

/** What the customer configures; ids from the catalog. */
export type Configuration = {
  materialId: number | null;
  polishId: number | null;
  platingId: number | null;
  assemblyOptionId: number | null;
  assemblySubItemIds: number[];
  laserEngravingOptionId: number | null;
  laserText: string;
  laserFontId: number | null;
  /** The piece's item type (spec section 3, item_type): Necklace, Ring, …; null until chosen. */
  itemTypeId: number | null;
  /** Parts to assemble (the assembly's part number); 1 for a piece in one part. */
  parts: number;
  quantity: number;
};

/** The body of POST /api/pricing. */
export type PricingRequest = RequestBody<'/api/pricing', 'post'>;

export type MaterialComparison = Reply<'/api/pricing/compare', 'post'>['materials'][number];

/** A library design with the signed-in customer's access to it, as the server decided (GET /api/library). */
export type LibraryProduct = Schemas['LibraryProduct'];

export type Membership = LibraryProduct['membership'];

export type Library = Reply<'/api/library', 'get'>;
