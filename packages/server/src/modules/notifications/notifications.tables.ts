import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

/**
 * The notification centre (issue 15): one row per mail event for a person, made by the mail job wherever a
 * mail is sent (decision 036). `seq` orders the list and pages it; `jobId` makes a retried job add none twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The mail event (the catalogue in @facet/domain/notifications). */
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A path in the app (never an outside address, never a secret token). */
    link: text('link'),
    /** The mail job that made it; a retry of the job finds it made. */
    jobId: text('job_id').unique(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A person's mail choice per event type; no row means mail on. Transactional types are never stored off. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    mail: boolean('mail').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
