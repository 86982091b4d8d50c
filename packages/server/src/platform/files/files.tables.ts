import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every stored file, one row each: avatars, portfolio images, model thumbnails, project files
 * (attachments, deliveries, item images) and chat files. `purpose` says which; the storage port holds
 * the bytes under `key`. Project files and chat files link to their row from their own tables.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Who sent it (null until a sign-up's account exists, or once the account is gone). */
    ownerId: uuid('owner_id'),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);
