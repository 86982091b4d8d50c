import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { files } from '../../platform/files/files.tables';
import type { StoredAnalysis } from './stored-analysis';

export type { StoredAnalysis };

/** The kind and parameters a generated piece was made from, so it can be opened again and changed. */
export interface ParametricSource {
  kind: string;
  params: Record<string, unknown>;
}

/** A customer's uploaded 3D model: the bytes sit in storage under `storageKey`. */
export const models = pgTable(
  'models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sizeBytes: integer('size_bytes').notNull(),
    status: text('status', { enum: ['uploading', 'analysing', 'ready', 'failed'] })
      .notNull()
      .default('uploading'),
    /** The unit the customer confirmed (mm until they do). */
    unit: text('unit', { enum: ['mm', 'cm', 'dm', 'm', 'in', 'ft'] })
      .notNull()
      .default('mm'),
    unitConfirmed: boolean('unit_confirmed').notNull().default(false),
    rawAnalysis: jsonb('raw_analysis').$type<StoredAnalysis>(),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    thumbnailSource: text('thumbnail_source', { enum: ['render', 'custom'] }),
    /**
     * The library design the model was copied from (its membership minimum applies when priced). No foreign
     * key: the library module sits above models in the module graph, and a design's id outlives the design
     * (readers treat an id the library no longer has as an ordinary model; decision 071).
     */
    libraryProductId: uuid('library_product_id'),
    /** A piece the server generated from parameters (decision 029): what and with which parameters. */
    parametric: jsonb('parametric').$type<ParametricSource>(),
    analysedAt: timestamp('analysed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('models_owner_created_idx').on(t.ownerId, t.createdAt)],
);
