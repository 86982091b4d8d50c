import { sql } from 'drizzle-orm';
import { CANCELLED_STATUS_IDS } from '@facet/domain/workflow';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { files } from '../../platform/files/files.tables';

/** The project workflow as seeded data (design and service variants; positions -1, 1..4, and 5 cancelled). */
export const projectStatuses = pgTable('project_statuses', {
  id: text('id').primaryKey(),
  workflow: text('workflow', { enum: ['design', 'service'] }).notNull(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});

/** A customer's project: a brief or a model, the pro it adopted, price and lead time, where it stands. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proId: uuid('pro_id').references(() => users.id, { onDelete: 'set null' }),
    service: boolean('service').notNull().default(false),
    projectType: text('project_type', { enum: ['single-item', 'collection'] })
      .notNull()
      .default('single-item'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    statusId: text('status_id')
      .notNull()
      .references(() => projectStatuses.id),
    completed: boolean('completed').notNull().default(false),
    sentInvite: boolean('sent_invite').notNull().default(false),
    totalPriceCents: integer('total_price_cents'),
    leadTimeDays: integer('lead_time_days'),
    filesDelivered: boolean('files_delivered').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** `leadTimeDays` weekdays after `paidAt` (UTC); kept with them so lists can sort late projects first. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's search reads: title, description and every item's title, one unit separator
     * (U+001F) between them. Kept by the database (triggers of migration 0023), never written by the app.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('projects_customer_idx').on(t.customerId, t.createdAt),
    // the production team's list: every project newest first, a page at a time
    index('projects_created_idx').on(t.createdAt, t.id),
    index('projects_pro_idx').on(t.proId),
    // the search: a substring of the search text, by trigrams (pg_trgm) when the words are rare
    index('projects_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('projects_due_idx')
      .on(t.dueAt)
      .where(sql`not ${t.completed} and not ${t.filesDelivered}`),
    // the production team's board: an open column's page per status by due date, then the oldest
    index('projects_board_idx')
      .on(t.statusId, t.dueAt.asc().nullsLast(), t.createdAt, t.id)
      .where(sql`not ${t.completed}`),
    // the board's completed and cancelled columns: the latest moved there first (read backwards)
    index('projects_completed_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.completed}`),
    index('projects_cancelled_idx')
      .on(t.updatedAt, t.id)
      .where(
        sql`not ${t.completed} and ${t.statusId} in (${sql.raw(CANCELLED_STATUS_IDS.map((id) => `'${id}'`).join(', '))})`,
      ),
  ],
);

/** One piece of a project (a single-item project has one; a collection several). */
export const projectItems = pgTable(
  'project_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category'),
    itemType: text('item_type'),
    description: text('description').notNull().default(''),
    /** A list of single-key objects, e.g. [{ width: '20 mm' }]. */
    dimensions: jsonb('dimensions').$type<Record<string, string>[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** An uploaded model (models table) this item was made from. */
    modelId: uuid('model_id'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('project_items_project_idx').on(t.projectId)],
);

/**
 * Files of a project: attachments, item images and the files a pro delivered. The file itself (name,
 * type, size, who sent it, where its bytes are) is a row of the one stored-files table.
 */
export const projectFiles = pgTable(
  'project_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => projectItems.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['attachment', 'delivery', 'image'] }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_files_project_idx').on(t.projectId)],
);

/** One invitation (and its offer) per project and pro: pending -> quoted -> accepted, or refused. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    proId: uuid('pro_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'quoted', 'accepted', 'refused'] })
      .notNull()
      .default('pending'),
    priceCents: integer('price_cents'),
    leadTimeDays: integer('lead_time_days'),
    refusedBy: text('refused_by', { enum: ['customer', 'pro'] }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_project_pro_idx').on(t.projectId, t.proId),
    // a pro's projects (their list): the project ids straight from the index
    index('invitations_pro_project_idx').on(t.proId, t.projectId),
    // the database itself refuses a second accepted offer on one project
    uniqueIndex('invitations_one_accepted_idx')
      .on(t.projectId)
      .where(sql`status = 'accepted'`),
  ],
);

/** Every status move of a project (also the completion and the inactivity move). */
export const projectStatusHistory = pgTable(
  'project_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromStatusId: text('from_status_id').references(() => projectStatuses.id),
    toStatusId: text('to_status_id')
      .notNull()
      .references(() => projectStatuses.id),
    completed: boolean('completed').notNull().default(false),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    automatic: boolean('automatic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_status_history_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * The project's timeline of system messages ('Project has been moved to {status}', invitations, offers…).
 * The chat capability shows these in the project's rooms.
 */
export const projectEvents = pgTable(
  'project_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    statusId: text('status_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    automatic: boolean('automatic').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the chat posted this status move into the project's rooms (null: not yet; see projects.reads.ts). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    index('project_events_project_idx').on(t.projectId, t.createdAt),
    index('project_events_unannounced_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'status-moved' and ${t.announcedAt} is null`),
  ],
);

/** Changes a customer asks for after delivery, priced by the pro. */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['requested', 'quoted', 'approved', 'paid', 'refused', 'declined'] })
      .notNull()
      .default('requested'),
    changes: jsonb('changes').$type<string[]>().notNull(),
    priceCents: integer('price_cents'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('change_requests_project_idx').on(t.projectId, t.requestedAt)],
);

/**
 * The chosen pro asks to change the project's lead time (new days and a reason); the customer agrees
 * (the project adopts the days, and so a new due date) or declines. At most one open request a project.
 */
export const leadTimeChanges = pgTable(
  'lead_time_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['requested', 'accepted', 'declined'] })
      .notNull()
      .default('requested'),
    previousDays: integer('previous_days').notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    reason: text('reason').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('lead_time_changes_project_idx').on(t.projectId, t.requestedAt),
    // the database itself refuses a second open request on one project
    uniqueIndex('lead_time_changes_one_open_idx')
      .on(t.projectId)
      .where(sql`status = 'requested'`),
  ],
);
