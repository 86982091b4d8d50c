import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Rgb } from '@facet/domain/catalog';
import type { Metal } from '@facet/domain/pricing';
import { users } from '../accounts/accounts.tables';

/**
 * The catalog staff edit (spec sections 3 and 9). Ids are small integers as in the spec (item ids,
 * polish id 5), fixed by the seed. Rates that multiply a measure are dollars (double precision);
 * amounts charged as such are integer cents. See packages/domain/src/catalog/catalog-types.ts.
 */

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const materials = pgTable('materials', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  sku: text('sku').notNull(),
  code: text('code').notNull(),
  image: text('image'),
  kind: text('kind', { enum: ['metal', 'resin'] }).notNull(),
  /** Dollars per troy ounce of the alloy. */
  basePrice: doublePrecision('base_price').notNull(),
  salesPrice: doublePrecision('sales_price'),
  description: text('description').notNull().default(''),
  isDisabled: boolean('is_disabled').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  /** g/cm³ */
  gravity: doublePrecision('gravity').notNull(),
  textureUrl: text('texture_url'),
  canPlate: boolean('can_plate').notNull(),
  diffuse: text('diffuse'),
  sort: integer('sort').notNull().default(0),
  color: jsonb('color').$type<Rgb>(),
  metalLoss: doublePrecision('metal_loss').notNull().default(0),
  castingLabourCents: integer('casting_labour_cents').notNull().default(0),
  /** Dollars per mm³ of printed resin. */
  printRate: doublePrecision('print_rate').notNull().default(0),
  printSetupCents: integer('print_setup_cents').notNull().default(0),
  orderSetupCents: integer('order_setup_cents').notNull().default(0),
  /** A precious metal priced from its spot price (decision 037); null: priced from base_price. */
  spotMetal: text('spot_metal').$type<Metal>(),
  /** Fine-metal fraction of the alloy (0.925). */
  purity: doublePrecision('purity'),
  /** The alloy's margin over spot × purity, in percent. */
  spotMarginPercent: doublePrecision('spot_margin_percent').notNull().default(0),
  updatedAt: updatedAt(),
});

/** Dollars per mm² of surface. */
export const polishes = pgTable('polishes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  basePrice: doublePrecision('base_price').notNull(),
  description: text('description').notNull().default(''),
  isDisabled: boolean('is_disabled').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  updatedAt: updatedAt(),
});

/** Dollars per mm² of surface; applied only to materials that can plate. */
export const platings = pgTable('platings', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  basePrice: doublePrecision('base_price').notNull(),
  description: text('description').notNull().default(''),
  isDisabled: boolean('is_disabled').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  color: jsonb('color').$type<Rgb>(),
  updatedAt: updatedAt(),
});

/** Assembly options (the spec's item configs): priced per part, with optional sub-items. */
export const assemblyOptions = pgTable('assembly_options', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  pricePerPartCents: integer('price_per_part_cents').notNull(),
  isDisabled: boolean('is_disabled').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  updatedAt: updatedAt(),
});

export const assemblySubItems = pgTable(
  'assembly_sub_items',
  {
    id: integer('id').primaryKey(),
    assemblyOptionId: integer('assembly_option_id')
      .notNull()
      .references(() => assemblyOptions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('assembly_sub_items_option_idx').on(t.assemblyOptionId)],
);

export const laserEngravingOptions = pgTable('laser_engraving_options', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  pricePerCharacterCents: integer('price_per_character_cents').notNull().default(0),
  maxCharacters: integer('max_characters'),
  acceptsText: boolean('accepts_text').notNull().default(false),
  acceptsImage: boolean('accepts_image').notNull().default(false),
  isDisabled: boolean('is_disabled').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  updatedAt: updatedAt(),
});

/** Engraving fonts, each an npm package of fontsource (bundled by the web app). */
export const laserFonts = pgTable('laser_fonts', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  packageName: text('package_name').notNull(),
  cssFamily: text('css_family').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const productCategories = pgTable('product_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

/** Necklace 1, Ring 2, Earring 3, Bracelet 5, …: the id is the pricing item. */
export const itemTypes = pgTable('item_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  categoryId: integer('category_id').references(() => productCategories.id),
  sort: integer('sort').notNull().default(0),
});

export const quantityBreaks = pgTable('quantity_breaks', {
  minQuantity: integer('min_quantity').primaryKey(),
  factor: doublePrecision('factor').notNull(),
});

/** Who changed which catalog entry, from what to what. */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity', {
      enum: [
        'material',
        'polish',
        'plating',
        'assembly_option',
        'assembly_sub_item',
        'laser_option',
        'laser_font',
        'product_category',
        'item_type',
        'quantity_break',
        'membership_plan',
        'earned_percentage',
      ],
    }).notNull(),
    /** The entry's integer id; 0 for an entry named by a text key instead (decision 042). */
    entityId: integer('entity_id').notNull(),
    /** The text key of an entry that has no integer id (a plan's id, a setting's name); null otherwise. */
    entityKey: text('entity_key'),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_changes_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);

/**
 * Spot prices of the precious metals, cents per troy ounce of the fine metal (decision 037): every price
 * entered by staff or read from the feed is a row; the latest per metal is today's price.
 */
export const metalSpotPrices = pgTable(
  'metal_spot_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    metal: text('metal').$type<Metal>().notNull(),
    priceCents: integer('price_cents').notNull(),
    source: text('source', { enum: ['staff', 'feed'] }).notNull(),
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('metal_spot_prices_metal_idx').on(t.metal, t.createdAt)],
);
