import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MinPieces } from '@facet/domain/catalog';

/**
 * The design library (/produce/design): finished designs a customer configures and orders. Each has a
 * binary STL in storage under `storageKey`; using one copies it into a new model of the customer.
 */
export const libraryProducts = pgTable('library_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable name of the design, used by the seed to find its row. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  itemType: text('item_type').notNull(),
  description: text('description').notNull(),
  /** The least membership that may use the design. */
  membership: text('membership', { enum: ['Standard', 'Pro', 'Business'] }).notNull(),
  /** Least pieces per order by the customer's membership. */
  minPieces: jsonb('min_pieces').$type<MinPieces>().notNull(),
  /** Bounding box, millimetres, for the card. */
  sizeMm: jsonb('size_mm').$type<{ x: number; y: number; z: number }>().notNull(),
  fileName: text('file_name').notNull(),
  storageKey: text('storage_key').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
