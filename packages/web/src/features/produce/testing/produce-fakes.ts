import type { Handler } from '../../../testing';
import { me } from '../../../testing';
import type { Analysis, Catalog, Library, LibraryProduct, Model } from '../lib/types';

/** Stand-ins for the server's replies in the produce page tests (the network edge only). */
export function analysis(over: Partial<Analysis> = {}): Analysis {
  return {
    format: 'stl-binary',
    triangles: 288,
    volumeMm3: 2.343148996763361,
    surfaceAreaMm2: 15.772989936458703,
    sizeMm: { x: 3, y: 0.5, z: 3 },
    watertight: true,
    boundaryEdges: 0,
    nonManifoldEdges: 0,
    degenerateFaces: 0,
    shells: 1,
    unitGuess: 'mm',
    warnings: [],
    ...over,
  };
}

export function model(over: Partial<Model> = {}): Model {
  return {
    id: 'm1',
    fileName: 'half-donut.stl',
    sizeBytes: 14485,
    status: 'ready',
    unit: 'mm',
    unitConfirmed: false,
    rawAnalysis: analysis(),
    analysis: analysis(),
    error: null,
    fileUrl: '/api/models/m1/file',
    thumbnailUrl: null,
    thumbnailSource: null,
    libraryProductId: null,
    createdAt: '2026-05-01T10:00:00Z',
    ...over,
  };
}

const rgb = (r: number, g: number, b: number) => ({ r, g, b });
const material = (id: number, name: string, canPlate: boolean, isDefault = false) => ({
  id,
  name,
  sku: `M${id}`,
  code: `m${id}`,
  image: null,
  basePrice: 30,
  salesPrice: null,
  textureUrl: null,
  metalLoss: 0.05,
  castingLabourCents: 1000,
  printRate: 0.01,
  printSetupCents: 500,
  orderSetupCents: 0,
  description: '',
  isDisabled: false,
  gravity: 10.36,
  canPlate,
  diffuse: null,
  color: rgb(200, 200, 205),
  kind: 'metal' as const,
  sort: id,
  isDefault,
});
const finish = (id: number, name: string, isDefault = false) => ({
  id,
  name,
  basePrice: 0,
  description: '',
  isDisabled: false,
  isDefault,
  sort: id,
});

export const catalog: Catalog = {
  materials: [
    material(1, 'Sterling Silver', true, true),
    material(2, '14k Yellow Gold', true),
    material(9, 'Brass', false),
  ],
  polishes: [finish(1, 'Satin Polish', true), finish(5, 'High Polish')],
  platings: [
    { ...finish(1, 'None', true), color: null },
    { ...finish(2, 'Rhodium'), color: rgb(230, 230, 235) },
  ],
  assemblyOptions: [
    { ...finish(1, 'No assembly', true), pricePerPartCents: 0, subItems: [] },
    {
      ...finish(3, 'Attach a chain'),
      pricePerPartCents: 500,
      subItems: [{ id: 31, name: 'Cable chain 16 in', priceCents: 1800, sort: 1 }],
    },
  ],
  laserEngravingOptions: [
    {
      ...finish(1, 'No engraving', true),
      priceCents: 0,
      pricePerCharacterCents: 0,
      maxCharacters: null,
      acceptsText: false,
      acceptsImage: false,
    },
    {
      ...finish(2, 'Text engraving'),
      priceCents: 1500,
      pricePerCharacterCents: 50,
      maxCharacters: 30,
      acceptsText: true,
      acceptsImage: false,
    },
  ],
  laserFonts: [
    { id: 2, name: 'Great Vibes', packageName: '@fontsource/great-vibes', cssFamily: 'Great Vibes', sort: 2 },
  ],
  productCategories: [{ id: 1, name: 'Jewelry', sort: 1 }],
  itemTypes: [
    { id: 1, name: 'Necklace', categoryId: 1, sort: 1 },
    { id: 2, name: 'Ring', categoryId: 1, sort: 2 },
    { id: 3, name: 'Earring', categoryId: 1, sort: 3 },
    { id: 7, name: 'Charm', categoryId: 1, sort: 7 },
  ],
  quantityBreaks: [{ minQuantity: 1, factor: 1 }],
  estimate: { materialId: 1, polishId: 1, quantity: 1 },
  defaults: {
    materialId: 1,
    polishId: 1,
    platingId: 1,
    assemblyOptionId: 1,
    laserEngravingOptionId: 1,
    quantity: 1,
  },
};

/** A quote whose total depends on the material, so a change is visible. */
export function quoteFor(materialId: number, quantity = 1) {
  const cast = materialId === 2 ? 2019 : 1378;
  const perPiece = cast + 416 + 2500;
  return {
    quoteId: `q-${materialId}`,
    quote: {
      castPrice: cast,
      fixedCostPrice: 2500,
      platingPrice: 0,
      polishLaborPrice: 416,
      threeDPrintingPrice: 0,
      assemblyOptionPrice: 0,
      laserEngravingOptionPrice: 0,
      totalPrice: perPiece * quantity,
      pricePerPiece: perPiece,
      quantity,
      weightGrams: materialId === 2 ? 0.03 : 0.02,
    },
  };
}

const design = (
  over: Partial<LibraryProduct> & Pick<LibraryProduct, 'id' | 'slug' | 'name'>,
): LibraryProduct => ({
  itemType: 'Ring',
  description: 'A Facet design.',
  membership: 'Standard',
  sizeMm: { x: 21, y: 21, z: 2 },
  access: { allowed: true, message: null, minPieces: 1, minimumText: null },
  ...over,
});

/** GET /api/library as the server answers a Standard member. */
export const library: Library = {
  membership: 'Standard',
  products: [
    design({ id: 'd-band', slug: 'classic-band', name: 'Classic Band' }),
    design({
      id: 'd-bead',
      slug: 'pearl-bead',
      name: 'Pearl Bead Charm',
      itemType: 'Charm',
      sizeMm: { x: 8, y: 8, z: 8 },
      access: {
        allowed: true,
        message: null,
        minPieces: 10,
        minimumText: 'To access Pearl Bead Charm you must order at least 10 pieces',
      },
    }),
    design({
      id: 'd-pendant',
      slug: 'block-pendant',
      name: 'Block Pendant',
      itemType: 'Pendant',
      membership: 'Business',
      sizeMm: { x: 10, y: 10, z: 10 },
      access: {
        allowed: false,
        message: 'Upgrade your membership to use this design!',
        minPieces: 50,
        minimumText: 'To access Block Pendant you must order at least 50 pieces',
      },
    }),
  ],
};

/**
 * The replies every upload test starts from: the signed-in customer, no models yet, and model m1 created
 * with its upload link. Anything else is left to the test's own handler.
 */
export const uploadStart: Handler = ({ method, path }) => {
  if (method === 'GET' && path === '/api/me')
    return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
  if (method === 'GET' && path === '/api/models') return { status: 200, body: { models: [] } };
  if (method === 'POST' && path === '/api/models')
    return {
      status: 201,
      body: {
        model: model({ status: 'uploading', analysis: null, rawAnalysis: null }),
        upload: { method: 'PUT', url: '/api/uploads/tok-1', expiresAt: '2026-05-01T10:15:00Z' },
      },
    };
  return undefined!;
};
