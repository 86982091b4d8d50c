/**
 * Shapes of the models, catalog and pricing calls (see docs/api-map.md and /api/openapi.json). Lengths are
 * millimetres, areas mm², volumes mm³, money integer cents.
 */

/** The unit a customer confirms for a model, as the server stores it. */
export type ModelUnit = 'mm' | 'cm' | 'dm' | 'm' | 'in' | 'ft';

export type ModelStatus = 'uploading' | 'analysing' | 'ready' | 'failed';

export type Analysis = {
  format: string;
  triangles: number;
  volumeMm3: number;
  surfaceAreaMm2: number;
  sizeMm: { x: number; y: number; z: number };
  watertight: boolean;
  boundaryEdges: number;
  nonManifoldEdges: number;
  inconsistentEdges?: number;
  degenerateFaces: number;
  shells: number;
  unitGuess: string;
  warnings?: string[];
};

export type Model = {
  id: string;
  fileName: string;
  sizeBytes: number;
  status: ModelStatus;
  unit: ModelUnit;
  unitConfirmed: boolean;
  /** As read from the file, in file units. */
  rawAnalysis: Analysis | null;
  /** Scaled to millimetres by the confirmed unit: what pricing uses. */
  analysis: Analysis | null;
  error: { code: string; message: string } | null;
  /** The raw file, for the 3D viewer. */
  fileUrl: string;
  thumbnailUrl: string | null;
  thumbnailSource: 'render' | 'custom' | null;
  /** The library design the model was copied from (its membership minimum applies to the quantity). */
  libraryProductId: string | null;
  createdAt: string;
};

/** Where the browser sends the file: PUT raw bytes (disk storage) or a presigned POST form (S3). */
export type UploadTarget = {
  method: 'PUT' | 'POST';
  url: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  expiresAt: string;
};

export type Rgb = { r: number; g: number; b: number };

export type CatalogMaterial = {
  id: number;
  name: string;
  description: string;
  isDisabled: boolean;
  gravity: number;
  canPlate: boolean;
  diffuse: string | null;
  color: Rgb | null;
  kind: 'metal' | 'resin';
  sort: number;
  isDefault: boolean;
};

export type CatalogFinish = {
  id: number;
  name: string;
  description: string;
  isDisabled: boolean;
  isDefault: boolean;
  sort: number;
};

export type CatalogPlating = CatalogFinish & { color: Rgb | null };

export type CatalogAssemblyOption = {
  id: number;
  name: string;
  description: string;
  pricePerPartCents: number;
  isDefault: boolean;
  isDisabled: boolean;
  sort: number;
  subItems: { id: number; name: string; priceCents: number; sort: number }[];
};

export type CatalogLaserOption = {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  pricePerCharacterCents: number;
  maxCharacters: number | null;
  acceptsText: boolean;
  acceptsImage: boolean;
  isDefault: boolean;
  isDisabled: boolean;
  sort: number;
};

export type CatalogFont = { id: number; name: string; packageName: string; cssFamily: string; sort: number };

export type Catalog = {
  materials: CatalogMaterial[];
  polishes: CatalogFinish[];
  platings: CatalogPlating[];
  assemblyOptions: CatalogAssemblyOption[];
  laserEngravingOptions: CatalogLaserOption[];
  laserFonts: CatalogFont[];
  itemTypes: { id: number; name: string; categoryId: number | null; sort: number }[];
  defaults: {
    materialId: number | null;
    polishId: number | null;
    platingId: number | null;
    assemblyOptionId: number | null;
    laserEngravingOptionId: number | null;
    quantity: number;
  };
};

/** Every amount integer cents; the components are per piece. */
export type Quote = {
  castPrice: number;
  fixedCostPrice: number;
  platingPrice: number;
  polishLaborPrice: number;
  threeDPrintingPrice: number;
  assemblyOptionPrice: number;
  laserEngravingOptionPrice: number;
  totalPrice: number;
  pricePerPiece: number;
  quantity: number;
  weightGrams: number;
  materialName?: string;
  platingApplied?: boolean;
};

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

export type PricingRequest = {
  modelId: string;
  materialId?: number;
  polishId?: number;
  platingId?: number;
  assemblyOptionId?: number;
  assemblySubItemIds?: number[];
  laserEngravingOptionId?: number;
  laserText?: string;
  laserFontId?: number;
  itemTypeId?: number;
  parts?: number;
  quantity: number;
};

export type MaterialComparison = {
  materialId: number;
  name: string;
  ok: boolean;
  quote?: Quote;
  code?: string;
  message?: string;
};

export type Membership = 'Standard' | 'Pro' | 'Business';

/** A library design with the signed-in customer's access to it, as the server decided (GET /api/library). */
export type LibraryProduct = {
  id: string;
  slug: string;
  name: string;
  itemType: string;
  description: string;
  /** The least membership that may use the design. */
  membership: Membership;
  sizeMm: { x: number; y: number; z: number };
  access: {
    allowed: boolean;
    /** 'Upgrade your membership to use this design!' when not allowed. */
    message: string | null;
    /** Least pieces per order under the customer's membership. */
    minPieces: number;
    /** 'To access {item} you must order at least {n} pieces', or null for one piece. */
    minimumText: string | null;
  };
};

export type Library = { membership: Membership; products: LibraryProduct[] };
