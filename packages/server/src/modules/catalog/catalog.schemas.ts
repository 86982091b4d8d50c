import { z } from 'zod';

/** Reply shapes of the catalog calls, for validating our own replies and the OpenAPI document. */
const rgb = z.object({ r: z.number(), g: z.number(), b: z.number() });

export const materialReply = z
  .object({
    id: z.number(),
    name: z.string(),
    sku: z.string(),
    code: z.string(),
    image: z.string().nullable(),
    basePrice: z.number().describe('dollars per troy ounce of the alloy'),
    salesPrice: z.number().nullable(),
    description: z.string(),
    isDisabled: z.boolean(),
    gravity: z.number().describe('g/cm³'),
    textureUrl: z.string().nullable(),
    canPlate: z.boolean(),
    diffuse: z.string().nullable(),
    sort: z.number(),
    color: rgb.nullable(),
    kind: z.enum(['metal', 'resin']),
    metalLoss: z.number(),
    castingLabourCents: z.number(),
    printRate: z.number().describe('dollars per mm³'),
    printSetupCents: z.number(),
    orderSetupCents: z.number(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'CatalogMaterial' });

export const finishReply = z
  .object({
    id: z.number(),
    name: z.string(),
    basePrice: z.number().describe('dollars per mm²'),
    description: z.string(),
    isDisabled: z.boolean(),
    isDefault: z.boolean(),
    sort: z.number(),
  })
  .meta({ id: 'CatalogFinish' });

export const platingReply = finishReply.extend({ color: rgb.nullable() }).meta({ id: 'CatalogPlating' });

export const catalogReply = z
  .object({
    materials: z.array(materialReply),
    polishes: z.array(finishReply),
    platings: z.array(platingReply),
    assemblyOptions: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        description: z.string(),
        pricePerPartCents: z.number(),
        isDefault: z.boolean(),
        isDisabled: z.boolean(),
        sort: z.number(),
        subItems: z.array(
          z.object({ id: z.number(), name: z.string(), priceCents: z.number(), sort: z.number() }),
        ),
      }),
    ),
    laserEngravingOptions: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        description: z.string(),
        priceCents: z.number(),
        pricePerCharacterCents: z.number(),
        maxCharacters: z.number().nullable(),
        acceptsText: z.boolean(),
        acceptsImage: z.boolean(),
        isDefault: z.boolean(),
        isDisabled: z.boolean(),
        sort: z.number(),
      }),
    ),
    laserFonts: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        packageName: z.string(),
        cssFamily: z.string(),
        sort: z.number(),
      }),
    ),
    productCategories: z.array(z.object({ id: z.number(), name: z.string(), sort: z.number() })),
    itemTypes: z.array(
      z.object({ id: z.number(), name: z.string(), categoryId: z.number().nullable(), sort: z.number() }),
    ),
    quantityBreaks: z.array(z.object({ minQuantity: z.number(), factor: z.number() })),
    defaults: z.object({
      materialId: z.number().nullable(),
      polishId: z.number().nullable(),
      platingId: z.number().nullable(),
      assemblyOptionId: z.number().nullable(),
      laserEngravingOptionId: z.number().nullable(),
      quantity: z.number(),
    }),
    estimate: z.object({ quantity: z.number(), polishId: z.number(), materialId: z.number().nullable() }),
  })
  .meta({ id: 'Catalog' });
