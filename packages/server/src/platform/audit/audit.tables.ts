import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log of staff actions: every state-changing `/api/staff/...` request that succeeded, who made
 * it, the route and its subject, the reason given and a short record of the body (decision 038).
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The staff account that made the change (none for the operator's command). Kept as written, without a
     * foreign key: the log belongs to the platform, below the accounts module, and an audit row outlives
     * whatever it names (decision 071).
     */
    actorId: uuid('actor_id'),
    method: text('method').notNull(),
    /** The route's pattern, e.g. `/api/staff/orders/:id/stage`. */
    route: text('route').notNull(),
    /** The route's `:id` (an account, order, project, payout or event), when it has one. */
    subjectId: text('subject_id'),
    reason: text('reason'),
    /** The body's plain fields (strings cut to 200 characters), without the reason. */
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull(),
    statusCode: integer('status_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_actions_created_idx').on(t.createdAt),
    index('staff_actions_subject_idx').on(t.subjectId),
  ],
);
