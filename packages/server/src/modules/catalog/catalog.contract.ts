import { z } from 'zod';

/** Reply shapes of the catalog calls, for validating our own replies and the OpenAPI document. */
const rgb = z.object({ r: z.number(), g: z.number(), b: z.number() });

export const metalEnum = z.enum(['gold', 'silver', 'platinum', 'palladium']);

/** The spot price a material is priced at (and a quote locked): decision 037. */
export const spotReply = z
  .object({
    metal: metalEnum,
    spotCents: z.number().describe('cents per troy ounce of the fine metal'),
    asOf: z.string(),
    purity: z.number(),
    marginPercent: z.number(),
  })
  .meta({ id: 'SpotPrice' });

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
    spotMetal: metalEnum.nullable().optional(),
    purity: z.number().nullable().optional(),
    spotMarginPercent: z.number().optional(),
    spot: spotReply.nullable().optional().describe('the spot price applied now; null: priced from basePrice'),
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

export const assemblySubItemReply = z.object({
  id: z.number(),
  name: z.string(),
  priceCents: z.number(),
  sort: z.number(),
});

export const assemblyOptionReply = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  pricePerPartCents: z.number(),
  isDefault: z.boolean(),
  isDisabled: z.boolean(),
  sort: z.number(),
  subItems: z.array(assemblySubItemReply),
});

export const laserOptionReply = z.object({
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
});

export const laserFontReply = z.object({
  id: z.number(),
  name: z.string(),
  packageName: z.string(),
  cssFamily: z.string(),
  sort: z.number(),
});

export const categoryReply = z.object({ id: z.number(), name: z.string(), sort: z.number() });

export const itemTypeReply = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number().nullable(),
  sort: z.number(),
});

export const quantityBreakReply = z.object({ minQuantity: z.number(), factor: z.number() });

export const catalogReply = z
  .object({
    materials: z.array(materialReply),
    polishes: z.array(finishReply),
    platings: z.array(platingReply),
    assemblyOptions: z.array(assemblyOptionReply),
    laserEngravingOptions: z.array(laserOptionReply),
    laserFonts: z.array(laserFontReply),
    productCategories: z.array(categoryReply),
    itemTypes: z.array(itemTypeReply),
    quantityBreaks: z.array(quantityBreakReply),
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

/** One change of the catalog: who, when, the fields before and after. */
export const catalogChangeReply = z
  .object({
    id: z.string(),
    entity: z.string(),
    entityId: z.number().describe('the integer id; 0 for an entry named by entityKey'),
    entityKey: z.string().nullable().describe('the text key of a plan or setting; null for catalog rows'),
    before: z.record(z.string(), z.unknown()),
    after: z.record(z.string(), z.unknown()),
    at: z.string(),
    actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'CatalogChange' });

export const spotPriceNowReply = z.object({
  metal: metalEnum,
  priceCents: z.number(),
  source: z.enum(['staff', 'feed']),
  asOf: z.string(),
});

export const feedStatusReply = z.object({
  mode: z.enum(['staff', 'feed']),
  state: z.enum(['up', 'down', 'unused']),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const metalPricesReply = z
  .object({
    metals: z.array(
      z.object({
        metal: metalEnum,
        name: z.string(),
        current: spotPriceNowReply.nullable(),
        /** The materials priced from this metal, with their alloy price per troy ounce now. */
        materials: z.array(
          z.object({
            id: z.number(),
            name: z.string(),
            purity: z.number(),
            marginPercent: z.number(),
            pricePerOunce: z.number().describe('dollars per troy ounce of the alloy'),
          }),
        ),
      }),
    ),
    feed: feedStatusReply,
  })
  .meta({ id: 'MetalPrices' });

export const metalPriceHistoryReply = z
  .object({
    metal: metalEnum,
    days: z.number(),
    points: z.array(
      z.object({
        id: z.string(),
        priceCents: z.number(),
        source: z.enum(['staff', 'feed']),
        note: z.string().nullable(),
        asOf: z.string(),
        enteredBy: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'MetalPriceHistory' });
