import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail that went out (or, in the embedded default, the outbox shown at /dev/mailbox). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  event: text('event').notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  transport: text('transport').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
