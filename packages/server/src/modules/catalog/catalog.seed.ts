import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  assemblyOptions,
  assemblySubItems,
  catalogChanges,
  itemTypes,
  laserEngravingOptions,
  laserFonts,
  materials,
  platings,
  polishes,
  productCategories,
  quantityBreaks,
} from './catalog.tables';

type NewMaterial = typeof materials.$inferInsert;

/**
 * The catalog every installation starts with. Densities are the casting houses' published figures
 * for each alloy; base prices are dollars per troy ounce OF THE ALLOY (fine content × spot plus an
 * alloying premium) at silver ≈ $28.50 and gold ≈ $2,350 per troy ounce, the level of the spec's
 * Sterling Silver base price 26.359 (= 0.925 × 28.50). Staff keep them current through the API.
 * Metal loss is what casting, sprues and finishing consume on top of the piece's weight; casting
 * labour is per piece; order set-up (tree, flask, burnout, or a print job) is split over the quantity.
 * The precious alloys name their fine metal, purity and margin over spot (decision 037): once staff enter
 * (or the feed gives) that metal's spot price, they are priced from it; until then from the base price.
 */
const metal = (m: Omit<NewMaterial, 'kind' | 'printRate' | 'printSetupCents'>): NewMaterial => ({
  kind: 'metal',
  printRate: 0,
  printSetupCents: 0,
  ...m,
});

export const seedMaterials: NewMaterial[] = [
  metal({
    id: 1,
    name: 'Sterling Silver',
    sku: 'MAT-AG925',
    code: 'AG925',
    spotMetal: 'silver',
    purity: 0.925,
    spotMarginPercent: 0,
    basePrice: 26.359,
    gravity: 10.36,
    canPlate: true,
    isDefault: true,
    sort: 1,
    color: { r: 206, g: 208, b: 212 },
    diffuse: '#ced0d4',
    metalLoss: 0.08,
    castingLabourCents: 1200,
    orderSetupCents: 2500,
    description: '92.5 % silver with copper: bright, durable, the classic for rings and pendants.',
  }),
  metal({
    id: 2,
    name: '14k Yellow Gold',
    sku: 'MAT-AU585Y',
    code: 'AU585Y',
    spotMetal: 'gold',
    purity: 0.585,
    spotMarginPercent: 1,
    basePrice: 1390,
    gravity: 13.07,
    canPlate: true,
    sort: 2,
    color: { r: 230, g: 190, b: 90 },
    diffuse: '#e6be5a',
    metalLoss: 0.05,
    castingLabourCents: 1800,
    orderSetupCents: 2500,
    description: '58.5 % gold: warm colour, hard-wearing for everyday pieces.',
  }),
  metal({
    id: 3,
    name: '18k Yellow Gold',
    sku: 'MAT-AU750Y',
    code: 'AU750Y',
    spotMetal: 'gold',
    purity: 0.75,
    spotMarginPercent: 1,
    basePrice: 1780,
    gravity: 15.58,
    canPlate: true,
    sort: 3,
    color: { r: 240, g: 196, b: 80 },
    diffuse: '#f0c450',
    metalLoss: 0.05,
    castingLabourCents: 1800,
    orderSetupCents: 2500,
    description: '75 % gold: a richer yellow, the fine-jewelry standard.',
  }),
  metal({
    id: 4,
    name: '14k White Gold',
    sku: 'MAT-AU585W',
    code: 'AU585W',
    spotMetal: 'gold',
    purity: 0.585,
    spotMarginPercent: 2.5,
    basePrice: 1410,
    gravity: 12.61,
    canPlate: true,
    sort: 4,
    color: { r: 222, g: 221, b: 215 },
    diffuse: '#deddd7',
    metalLoss: 0.05,
    castingLabourCents: 1800,
    orderSetupCents: 2500,
    description: '58.5 % gold alloyed white; usually rhodium plated for a bright white finish.',
  }),
  metal({
    id: 5,
    name: '18k White Gold',
    sku: 'MAT-AU750W',
    code: 'AU750W',
    spotMetal: 'gold',
    purity: 0.75,
    spotMarginPercent: 5,
    basePrice: 1850,
    gravity: 14.64,
    canPlate: true,
    sort: 5,
    color: { r: 226, g: 225, b: 220 },
    diffuse: '#e2e1dc',
    metalLoss: 0.05,
    castingLabourCents: 1800,
    orderSetupCents: 2500,
    description: '75 % gold with palladium: a white gold for fine settings.',
  }),
  metal({
    id: 6,
    name: '14k Rose Gold',
    sku: 'MAT-AU585R',
    code: 'AU585R',
    spotMetal: 'gold',
    purity: 0.585,
    spotMarginPercent: 0.75,
    basePrice: 1385,
    gravity: 13.03,
    canPlate: true,
    sort: 6,
    color: { r: 229, g: 164, b: 140 },
    diffuse: '#e5a48c',
    metalLoss: 0.05,
    castingLabourCents: 1800,
    orderSetupCents: 2500,
    description: '58.5 % gold with more copper for a pink tone.',
  }),
  metal({
    id: 7,
    name: 'Platinum 950',
    sku: 'MAT-PT950',
    code: 'PT950',
    spotMetal: 'platinum',
    purity: 0.95,
    spotMarginPercent: 1,
    basePrice: 960,
    gravity: 20.1,
    canPlate: false,
    sort: 7,
    color: { r: 214, g: 214, b: 212 },
    diffuse: '#d6d6d4',
    metalLoss: 0.1,
    castingLabourCents: 4500,
    orderSetupCents: 5000,
    description: '95 % platinum: dense, naturally white, hypoallergenic; cast at very high temperature.',
  }),
  metal({
    id: 8,
    name: 'Palladium 950',
    sku: 'MAT-PD950',
    code: 'PD950',
    spotMetal: 'palladium',
    purity: 0.95,
    spotMarginPercent: 3,
    basePrice: 930,
    gravity: 12.0,
    canPlate: false,
    sort: 8,
    color: { r: 208, g: 206, b: 202 },
    diffuse: '#d0ceca',
    metalLoss: 0.08,
    castingLabourCents: 3500,
    orderSetupCents: 4000,
    description: '95 % palladium: a naturally white platinum-group metal, lighter than platinum.',
  }),
  metal({
    id: 9,
    name: 'Brass',
    sku: 'MAT-CUZN',
    code: 'CUZN',
    basePrice: 0.15,
    gravity: 8.5,
    canPlate: true,
    sort: 9,
    color: { r: 201, g: 174, b: 93 },
    diffuse: '#c9ae5d',
    metalLoss: 0.1,
    castingLabourCents: 1000,
    orderSetupCents: 2000,
    description:
      'Copper and zinc: a low-cost gold tone for fashion jewelry and prototypes; often gold plated.',
  }),
  metal({
    id: 10,
    name: 'Bronze',
    sku: 'MAT-CUSN',
    code: 'CUSN',
    basePrice: 0.25,
    gravity: 8.8,
    canPlate: true,
    sort: 10,
    color: { r: 176, g: 125, b: 70 },
    diffuse: '#b07d46',
    metalLoss: 0.1,
    castingLabourCents: 1000,
    orderSetupCents: 2000,
    description: 'Copper and tin: a deep warm tone that darkens with wear.',
  }),
  {
    id: 20,
    name: 'Castable Wax Resin',
    sku: 'MAT-RCW',
    code: 'RCW',
    kind: 'resin',
    basePrice: 0,
    gravity: 1.15,
    canPlate: false,
    sort: 20,
    color: { r: 64, g: 140, b: 120 },
    diffuse: '#408c78',
    printRate: 0.0012,
    printSetupCents: 1200,
    orderSetupCents: 1000,
    description: 'A wax-filled resin print that burns out cleanly: the pattern for casting your own metal.',
  },
  {
    id: 21,
    name: 'Standard Resin',
    sku: 'MAT-RST',
    code: 'RST',
    kind: 'resin',
    basePrice: 0,
    gravity: 1.18,
    canPlate: false,
    sort: 21,
    color: { r: 128, g: 128, b: 128 },
    diffuse: '#808080',
    printRate: 0.0006,
    printSetupCents: 800,
    orderSetupCents: 1000,
    description: 'A grey resin print to check size, fit and proportions before casting.',
  },
];

/** Polish id 5 is High Polish (the spec's estimate uses polish id 5). Dollars per mm². */
export const seedPolishes: (typeof polishes.$inferInsert)[] = [
  {
    id: 1,
    name: 'Satin Polish',
    basePrice: 0.0111,
    isDefault: true,
    sort: 1,
    description: 'A soft, even sheen.',
  },
  { id: 2, name: 'Matte Finish', basePrice: 0.0095, sort: 2, description: 'No shine: bead blasted.' },
  { id: 3, name: 'Brushed Finish', basePrice: 0.012, sort: 3, description: 'Fine parallel lines.' },
  { id: 4, name: 'Hammered Finish', basePrice: 0.0185, sort: 4, description: 'Hand-hammered facets.' },
  { id: 5, name: 'High Polish', basePrice: 0.0148, sort: 5, description: 'A mirror shine.' },
];

/** Dollars per mm² of surface. */
export const seedPlatings: (typeof platings.$inferInsert)[] = [
  {
    id: 1,
    name: 'None',
    basePrice: 0,
    isDefault: true,
    sort: 1,
    description: 'The metal as cast and polished.',
  },
  {
    id: 2,
    name: 'Rhodium',
    basePrice: 0.018,
    sort: 2,
    color: { r: 232, g: 232, b: 234 },
    description: 'Bright white, tarnish resistant.',
  },
  {
    id: 3,
    name: 'Yellow Gold',
    basePrice: 0.014,
    sort: 3,
    color: { r: 240, g: 196, b: 80 },
    description: '18k gold layer.',
  },
  {
    id: 4,
    name: 'Rose Gold',
    basePrice: 0.0145,
    sort: 4,
    color: { r: 229, g: 164, b: 140 },
    description: '18k rose gold layer.',
  },
  {
    id: 5,
    name: 'Black Rhodium',
    basePrice: 0.022,
    sort: 5,
    color: { r: 60, g: 60, b: 64 },
    description: 'Dark gunmetal.',
  },
];

export const seedAssemblyOptions: (typeof assemblyOptions.$inferInsert)[] = [
  {
    id: 1,
    name: 'No assembly',
    pricePerPartCents: 0,
    isDefault: true,
    sort: 1,
    description: 'One piece, nothing to join.',
  },
  {
    id: 2,
    name: 'Solder parts together',
    pricePerPartCents: 450,
    sort: 2,
    description: 'Each cast part soldered into one piece.',
  },
  {
    id: 3,
    name: 'Attach a chain',
    pricePerPartCents: 600,
    sort: 3,
    description: 'Bail or jump ring and a chain.',
  },
  {
    id: 4,
    name: 'Earring findings',
    pricePerPartCents: 300,
    sort: 4,
    description: 'Posts or hooks soldered on, backs included.',
  },
  {
    id: 5,
    name: 'Bracelet clasp',
    pricePerPartCents: 500,
    sort: 5,
    description: 'Clasp and end rings attached.',
  },
];

export const seedAssemblySubItems: (typeof assemblySubItems.$inferInsert)[] = [
  { id: 31, assemblyOptionId: 3, name: 'Cable chain 16 in', priceCents: 1800, sort: 1 },
  { id: 32, assemblyOptionId: 3, name: 'Cable chain 18 in', priceCents: 2000, sort: 2 },
  { id: 33, assemblyOptionId: 3, name: 'Box chain 20 in', priceCents: 2600, sort: 3 },
  { id: 41, assemblyOptionId: 4, name: 'Push backs (pair)', priceCents: 250, sort: 1 },
  { id: 42, assemblyOptionId: 4, name: 'Screw backs (pair)', priceCents: 650, sort: 2 },
  { id: 43, assemblyOptionId: 4, name: 'Lever backs (pair)', priceCents: 900, sort: 3 },
  { id: 51, assemblyOptionId: 5, name: 'Lobster clasp', priceCents: 450, sort: 1 },
  { id: 52, assemblyOptionId: 5, name: 'Toggle clasp', priceCents: 800, sort: 2 },
  { id: 53, assemblyOptionId: 5, name: 'Box clasp', priceCents: 1200, sort: 3 },
];

export const seedLaserEngravingOptions: (typeof laserEngravingOptions.$inferInsert)[] = [
  { id: 1, name: 'No engraving', priceCents: 0, isDefault: true, sort: 1, description: '' },
  {
    id: 2,
    name: 'Text engraving',
    priceCents: 1500,
    pricePerCharacterCents: 75,
    maxCharacters: 30,
    acceptsText: true,
    sort: 2,
    description: 'Up to 30 characters in the font of your choice; spaces are free.',
  },
  {
    id: 3,
    name: 'Logo or image engraving',
    priceCents: 3500,
    acceptsImage: true,
    sort: 3,
    description: 'Your logo or artwork, engraved from an image.',
  },
];

/** Every font is a fontsource package on npm; the web app bundles the ones it shows. */
export const seedLaserFonts: (typeof laserFonts.$inferInsert)[] = [
  {
    id: 1,
    name: 'Cormorant Garamond',
    packageName: '@fontsource/cormorant-garamond',
    cssFamily: 'Cormorant Garamond',
    sort: 1,
  },
  { id: 2, name: 'Great Vibes', packageName: '@fontsource/great-vibes', cssFamily: 'Great Vibes', sort: 2 },
  {
    id: 3,
    name: 'Playfair Display',
    packageName: '@fontsource/playfair-display',
    cssFamily: 'Playfair Display',
    sort: 3,
  },
  { id: 4, name: 'Cinzel', packageName: '@fontsource/cinzel', cssFamily: 'Cinzel', sort: 4 },
  {
    id: 5,
    name: 'Dancing Script',
    packageName: '@fontsource/dancing-script',
    cssFamily: 'Dancing Script',
    sort: 5,
  },
  {
    id: 6,
    name: 'Pinyon Script',
    packageName: '@fontsource/pinyon-script',
    cssFamily: 'Pinyon Script',
    sort: 6,
  },
  { id: 7, name: 'Montserrat', packageName: '@fontsource/montserrat', cssFamily: 'Montserrat', sort: 7 },
  { id: 8, name: 'Inter', packageName: '@fontsource-variable/inter', cssFamily: 'Inter Variable', sort: 8 },
];

export const seedProductCategories: (typeof productCategories.$inferInsert)[] = [
  { id: 1, name: 'Jewelry', sort: 1 },
  { id: 2, name: 'Accessories', sort: 2 },
];

/** Necklace 1, Ring 2, Earring 3, Bracelet 5 (spec section 9); the others price as item 1. */
export const seedItemTypes: (typeof itemTypes.$inferInsert)[] = [
  { id: 1, name: 'Necklace', categoryId: 1, sort: 1 },
  { id: 2, name: 'Ring', categoryId: 1, sort: 2 },
  { id: 3, name: 'Earring', categoryId: 1, sort: 3 },
  { id: 4, name: 'Pendant', categoryId: 1, sort: 4 },
  { id: 5, name: 'Bracelet', categoryId: 1, sort: 5 },
  { id: 6, name: 'Brooch', categoryId: 1, sort: 6 },
  { id: 7, name: 'Charm', categoryId: 1, sort: 7 },
  { id: 8, name: 'Cufflinks', categoryId: 2, sort: 8 },
  { id: 9, name: 'Keychain', categoryId: 2, sort: 9 },
];

export const seedQuantityBreaks: (typeof quantityBreaks.$inferInsert)[] = [
  { minQuantity: 1, factor: 1 },
  { minQuantity: 10, factor: 0.95 },
  { minQuantity: 25, factor: 0.9 },
  { minQuantity: 50, factor: 0.85 },
  { minQuantity: 100, factor: 0.8 },
];

/**
 * Inserts what is missing and never overwrites: staff edits survive every restart. An entry staff
 * deleted (a change with nothing after it) is not put back. Idempotent.
 */
export async function seedCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const deletions = await tx
      .select({ entity: catalogChanges.entity, id: catalogChanges.entityId })
      .from(catalogChanges)
      .where(sql`${catalogChanges.after} = '{}'::jsonb and ${catalogChanges.before} <> '{}'::jsonb`);
    const deleted = new Set(deletions.map((d) => `${d.entity}:${d.id}`));
    const kept = <T extends { id?: number; minQuantity?: number }>(entity: string, rows: T[]) =>
      rows.filter((r) => !deleted.has(`${entity}:${r.id ?? r.minQuantity}`));
    const insert = async <T extends { id?: number; minQuantity?: number }>(
      table: Parameters<typeof tx.insert>[0],
      entity: string,
      rows: T[],
    ) => {
      const left = kept(entity, rows);
      if (left.length > 0)
        await tx
          .insert(table)
          .values(left as never)
          .onConflictDoNothing();
    };
    await insert(materials, 'material', seedMaterials);
    await insert(polishes, 'polish', seedPolishes);
    await insert(platings, 'plating', seedPlatings);
    await insert(assemblyOptions, 'assembly_option', seedAssemblyOptions);
    await insert(assemblySubItems, 'assembly_sub_item', seedAssemblySubItems);
    await insert(laserEngravingOptions, 'laser_option', seedLaserEngravingOptions);
    await insert(laserFonts, 'laser_font', seedLaserFonts);
    await insert(productCategories, 'product_category', seedProductCategories);
    await insert(itemTypes, 'item_type', seedItemTypes);
    await insert(quantityBreaks, 'quantity_break', seedQuantityBreaks);
  });
}
