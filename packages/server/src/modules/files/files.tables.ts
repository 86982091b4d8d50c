import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every stored file (avatars, portfolio images, later models and attachments): the storage port holds the bytes. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    ownerId: uuid('owner_id'),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);
