import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../accounts/accounts.tables';
import { projects } from '../projects/projects.tables';
import { files } from '../../platform/files/files.tables';

/**
 * One room per project conversation (project + pro). The id is the spec's: creator id + pro id +
 * project id + 4 digits of the project's creation time (domain `chatRoomId`). `lastSeq` is the
 * sequence counter: a message takes `lastSeq + 1` under the room's row lock.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: text('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proId: uuid('pro_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** True while the pro has not been chosen: the pre-quote chat with the creator. */
    preQuote: boolean('pre_quote').notNull().default(true),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_project_pro_idx').on(t.projectId, t.proId),
    index('chat_rooms_pro_idx').on(t.proId),
  ],
);

/** A file sent in a room; the file itself is a row of the one stored-files table. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_attachments_room_idx').on(t.roomId)],
);

/** A message: `clientId` (made by the sender) is unique per room, `seq` counts 1, 2, 3… per room. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    clientId: text('client_id').notNull(),
    fromId: uuid('from_id').references(() => users.id, { onDelete: 'set null' }),
    toId: uuid('to_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['user', 'designer', 'service', 'product', 'ai'] }).notNull(),
    message: text('message').notNull(),
    attachmentId: uuid('attachment_id').references(() => chatAttachments.id, { onDelete: 'set null' }),
    general: boolean('general').notNull().default(false),
    preChat: boolean('pre_chat').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    status: text('status'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_room_seq_idx').on(t.roomId, t.seq),
    uniqueIndex('chat_messages_room_client_idx').on(t.roomId, t.clientId),
    // a room's messages from others (unread counts) and a pro's first answer, without reading the rows
    index('chat_messages_room_from_idx').on(t.roomId, t.fromId, t.createdAt),
    index('chat_messages_room_pre_chat_idx')
      .on(t.roomId)
      .where(sql`${t.preChat}`),
  ],
);

/**
 * Read receipts: who read which message, when. `roomId` is the message's room, kept here so a room's
 * unread count is two index counts (chat_reads_user_room_idx) instead of a probe per message.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('chat_reads_user_idx').on(t.userId),
    index('chat_reads_user_room_idx').on(t.userId, t.roomId),
  ],
);
