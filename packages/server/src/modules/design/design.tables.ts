import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DesignStepId } from '@facet/domain/design';
import { users } from '../accounts/accounts.tables';
import { files } from '../../platform/files/files.tables';
import { projects } from '../projects/projects.tables';

/**
 * A customer's design wizard in progress: one open draft per customer (closed when they start over),
 * saved step by step so a reload loses nothing. Inspiration images are stored files linked by id.
 */
export const designDrafts = pgTable(
  'design_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step').$type<DesignStepId>().notNull().default('piece'),
    category: text('category'),
    itemType: text('item_type'),
    materialId: integer('material_id'),
    description: text('description'),
    goal: text('goal'),
    title: text('title'),
    widthMm: real('width_mm'),
    heightMm: real('height_mm'),
    thicknessMm: real('thickness_mm'),
    /** Stored files (purpose design-inspiration), in the order they were added. */
    inspirationFileIds: jsonb('inspiration_file_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the customer starts over; a closed draft is kept for its generations' briefs. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('design_drafts_one_open_idx')
      .on(t.customerId)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** The brief as it was sent for a generation (kept so a regeneration and a project use the same words). */
export interface DesignBrief {
  category: string;
  itemType: string;
  materialId: number;
  materialName: string;
  description: string;
  goal: string | null;
  title: string;
  widthMm: number | null;
  heightMm: number | null;
  thicknessMm: number | null;
  inspirationFileIds: string[];
  prompt: string;
}

/**
 * One generation of concept images (or a regeneration of an earlier one), under the customer's
 * Idempotency-Key: the same key answers the same generation and takes credits once.
 */
export const designGenerations = pgTable(
  'design_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    draftId: uuid('draft_id').references(() => designDrafts.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    brief: jsonb('brief').$type<DesignBrief>().notNull(),
    /** The credit charge's id (refunded when the generation fails). */
    chargeId: text('charge_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('design_generations_key_idx').on(t.customerId, t.idempotencyKey)],
);

/** One concept image of a generation (a stored file, purpose design-image, owned by the customer). */
export const designResults = pgTable(
  'design_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => designGenerations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The project made from this concept, when one was. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('design_results_customer_idx').on(t.customerId, t.createdAt)],
);
