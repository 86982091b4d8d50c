import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { CANCELLED_POSITION, CANCELLED_STATUS_IDS, PROJECT_STATUSES } from '@facet/domain/workflow';
import {
  changeRequests,
  invitations,
  projectEvents,
  projectItems,
  projects,
  projectStatuses,
  projectStatusHistory,
} from './projects.tables';

/**
 * What other modules may read of projects (decision 019): plain functions over the projects' tables,
 * and one write, `claimStatusMove`, which must commit with the chat's message. A leaf file: it imports
 * nothing from another module, so a read never makes a cycle between modules.
 */

export type ProjectRow = typeof projects.$inferSelect;
export type StatusRow = typeof projectStatuses.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type ProjectEventRow = typeof projectEvents.$inferSelect;

export async function projectById(db: Db | Tx, id: string): Promise<ProjectRow | undefined> {
  return (await db.select().from(projects).where(eq(projects.id, id)))[0];
}

export async function projectsByIds(db: Db | Tx, ids: readonly string[]): Promise<ProjectRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.select().from(projects).where(inArray(projects.id, unique));
}

/** The project with its workflow status. */
export async function projectWithStatus(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ project: projects, status: projectStatuses })
    .from(projects)
    .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .where(eq(projects.id, id));
  return row;
}

/**
 * The project with its workflow status and one pro's invitation (null when they were not invited), in one
 * statement. With `hold` the project row is held as `holdProject` holds it (key share), for a transaction
 * that goes on to lock one of the project's chat rooms.
 */
export async function projectForPro(db: Db | Tx, projectId: string, proId: string, hold = false) {
  const query = db
    .select({ project: projects, status: projectStatuses, invitation: invitations })
    .from(projects)
    .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .leftJoin(invitations, and(eq(invitations.projectId, projects.id), eq(invitations.proId, proId)))
    .where(eq(projects.id, projectId));
  const [row] = await (hold ? query.for('key share', { of: projects }) : query);
  return row;
}

export function itemsOfProject(db: Db | Tx, projectId: string) {
  return db
    .select()
    .from(projectItems)
    .where(eq(projectItems.projectId, projectId))
    .orderBy(asc(projectItems.sort));
}

export function invitationsOfProject(db: Db | Tx, projectId: string): Promise<InvitationRow[]> {
  return db.select().from(invitations).where(eq(invitations.projectId, projectId));
}

/** Invitations of a project that carry an offer (a price was sent). */
export function quotedInvitations(db: Db | Tx, projectId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.projectId, projectId), isNotNull(invitations.quotedAt)));
}

/**
 * Every invitation of these pros (their response figures), with when its project was cancelled (null if it
 * was not): an invitation still open then closed with the project, not by the pro.
 */
export function invitationsOfPros(
  db: Db,
  proIds: string[],
): Promise<(InvitationRow & { projectCancelledAt: Date | null })[]> {
  if (proIds.length === 0) return Promise.resolve([]);
  const cancels = db
    .select({
      projectId: projectStatusHistory.projectId,
      at: sql<Date>`min(${projectStatusHistory.createdAt})`.mapWith(projectStatusHistory.createdAt).as('at'),
    })
    .from(projectStatusHistory)
    .where(inArray(projectStatusHistory.toStatusId, [...CANCELLED_STATUS_IDS]))
    .groupBy(projectStatusHistory.projectId)
    .as('cancels');
  return db
    .select({ ...getTableColumns(invitations), projectCancelledAt: cancels.at })
    .from(invitations)
    .leftJoin(cancels, eq(cancels.projectId, invitations.projectId))
    .where(inArray(invitations.proId, proIds));
}

/** Completed and active projects per chosen pro (a cancelled project is neither). */
export async function projectCountsByPro(db: Db, proIds: string[]) {
  if (proIds.length === 0) return [];
  const cancelled = inArray(projects.statusId, [...CANCELLED_STATUS_IDS]);
  const rows = await db
    .select({
      proId: projects.proId,
      completed: sql<number>`count(*) filter (where ${projects.completed})::int`,
      active: sql<number>`count(*) filter (where not ${projects.completed} and not ${cancelled})::int`,
    })
    .from(projects)
    .where(inArray(projects.proId, proIds))
    .groupBy(projects.proId);
  return rows.filter((r): r is typeof r & { proId: string } => r.proId !== null);
}

/**
 * Holds the project row (FOR KEY SHARE) until the caller's transaction ends. A transaction that will write
 * rows referencing the project (a chat message) takes it first, in the same order as the project's own moves
 * (which lock the project, then its rooms): waiting here instead of deadlocking on the foreign-key check.
 */
export async function holdProject(tx: Tx, projectId: string) {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('key share');
}

/** Status moves the chat has not yet posted into the project's rooms, oldest first. */
export function unannouncedStatusMoves(db: Db | Tx, limit: number): Promise<ProjectEventRow[]> {
  return db
    .select()
    .from(projectEvents)
    .where(and(eq(projectEvents.kind, 'status-moved'), isNull(projectEvents.announcedAt)))
    .orderBy(asc(projectEvents.createdAt), asc(projectEvents.id))
    .limit(limit);
}

/** Marks a status move announced; true for the one transaction that claimed it (any node may try). */
export async function claimStatusMove(tx: Tx, eventId: string): Promise<boolean> {
  const claimed = await tx
    .update(projectEvents)
    .set({ announcedAt: new Date() })
    .where(and(eq(projectEvents.id, eventId), isNull(projectEvents.announcedAt)))
    .returning({ id: projectEvents.id });
  return claimed.length > 0;
}

/**
 * Who may hear of the project's changes now: its customer, the chosen pro, and every invited pro whose
 * invitation is still open (pending or quoted). A refused pro hears nothing more of it (issue 16).
 */
export async function projectAudience(db: Db | Tx, projectId: string) {
  const project = await projectById(db, projectId);
  if (!project) return null;
  const open = (await invitationsOfProject(db, projectId)).filter(
    (i) => i.status === 'pending' || i.status === 'quoted' || i.status === 'accepted',
  );
  return { customerId: project.customerId, proIds: open.map((i) => i.proId) };
}

/**
 * Late for the production team: still open (not delivered, completed or cancelled) an hour or more past its
 * due date, as the lateness text counts it. Such rows are few and found by projects_due_idx.
 */
export function lateCondition(now: Date): SQL {
  const lateBefore = new Date(now.getTime() - 3_600_000);
  return and(
    eq(projects.completed, false),
    eq(projects.filesDelivered, false),
    lte(projects.dueAt, lateBefore),
    notInArray(projects.statusId, [...CANCELLED_STATUS_IDS]),
  )!;
}

/** One column of the operations console's board: the completed projects, or the others at one position. */
export type BoardSlice = { completed: true } | { completed: false; position: number };

export interface BoardRow {
  project: ProjectRow;
  status: StatusRow;
  /** The latest approved change request waiting for its payment (staff may mark it paid), or null. */
  approvedChangeId: string | null;
}

/**
 * The ids of the statuses whose workflow position passes the test. The statuses are the domain's fixed list
 * (seeded from it at start-up), so a filter names them instead of reading each row's position.
 */
const statusIdsAt = (test: (position: number) => boolean) =>
  PROJECT_STATUSES.filter((s) => test(s.position)).map((s) => s.id);

/** Projects at a status whose workflow position passes the test. */
export function statusesAt(test: (position: number) => boolean): SQL {
  return inArray(projects.statusId, statusIdsAt(test));
}

const inSlice = (slice: BoardSlice) =>
  slice.completed
    ? eq(projects.completed, true)
    : and(
        eq(projects.completed, false),
        statusesAt((p) => p === slice.position),
      );

const movedLatest = [desc(projects.updatedAt), desc(projects.id)];
const dueFirst = [sql`${projects.dueAt} asc nulls last`, asc(projects.createdAt), asc(projects.id)];

/**
 * One page of a board column (its rows; `boardRowsOf` adds what the cards show). Completed and cancelled:
 * the latest moved there first (a move sets updatedAt; projects_completed_idx, projects_cancelled_idx). The
 * others: late ones first (the most late first), then by due date, then the oldest: per status, its late
 * ones and the rest, each read in the order of projects_board_idx and only as far as the page reaches, in one
 * statement that orders them together and cuts the page.
 */
export async function projectsForBoard(
  db: Db,
  slice: BoardSlice,
  options: { now: Date; limit: number; offset: number },
): Promise<ProjectRow[]> {
  const { limit, offset } = options;
  let rows: ProjectRow[];
  if (slice.completed || slice.position === CANCELLED_POSITION) {
    rows = await db
      .select()
      .from(projects)
      .where(inSlice(slice))
      .orderBy(...movedLatest)
      .limit(limit)
      .offset(offset);
  } else {
    const late = lateCondition(options.now);
    const statusIds = statusIdsAt((p) => p === slice.position);
    const upTo = offset + limit;
    const part = (statusId: string, lateOnes: boolean) =>
      db
        .select({
          ...getTableColumns(projects),
          latePart: sql<boolean>`${lateOnes}::boolean`.as('late_part'),
        })
        .from(projects)
        .where(
          and(
            eq(projects.statusId, statusId),
            eq(projects.completed, false),
            lateOnes ? late : sql`not coalesce(${late}, false)`,
          ),
        )
        .orderBy(...dueFirst)
        .limit(upTo);
    const [first, second, ...more] = statusIds.flatMap((id) => [part(id, true), part(id, false)]);
    if (!first || !second) return [];
    // the page is cut from the parts in the database, in the same order to the microsecond
    const read = await unionAll(first, second, ...more)
      .orderBy(
        sql`${sql.identifier('late_part')} desc`,
        sql`${sql.identifier('due_at')} asc nulls last`,
        sql`${sql.identifier('created_at')} asc`,
        sql`${sql.identifier('id')} asc`,
      )
      .limit(limit)
      .offset(offset);
    rows = read.map(({ latePart: _, ...project }) => project);
  }
  return rows;
}

/**
 * What the board's cards of these projects show beside the row: its workflow status and, where the customer
 * approved priced changes that wait for their payment, that change request's id (staff may mark it paid).
 */
export async function boardRowsOf(db: Db, rows: ProjectRow[]): Promise<BoardRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [statuses, changes] = await Promise.all([
    db.select().from(projectStatuses),
    db
      .selectDistinctOn([changeRequests.projectId], {
        projectId: changeRequests.projectId,
        id: changeRequests.id,
      })
      .from(changeRequests)
      .where(and(inArray(changeRequests.projectId, ids), eq(changeRequests.status, 'approved')))
      .orderBy(changeRequests.projectId, desc(changeRequests.requestedAt)),
  ]);
  const statusOf = new Map(statuses.map((st) => [st.id, st]));
  const changeOf = new Map(changes.map((c) => [c.projectId, c.id]));
  return rows.map((project) => ({
    project,
    status: statusOf.get(project.statusId)!,
    approvedChangeId: changeOf.get(project.id) ?? null,
  }));
}

/** How many matches past a page's first row a list counts at most (`totalExact` says whether it stopped). */
export const COUNT_AHEAD = 1000;

/**
 * How many projects each of these board columns holds, counted up to COUNT_AHEAD past `offset` (a column of
 * 40,000 is not all counted for a page of 20): the count, and whether it is the whole column. One statement.
 */
export async function boardColumnTotals(db: Db, slices: readonly BoardSlice[], offset: number) {
  const cap = offset + COUNT_AHEAD;
  const countOf = (slice: BoardSlice, i: number) =>
    db
      .select({ column: sql<number>`${i}::int`.as('board_column'), counted: sql<number>`count(*)::int` })
      .from(
        db
          .select({ one: sql`1` })
          .from(projects)
          .where(inSlice(slice))
          .limit(cap + 1)
          .as(`counted_${i}`),
      );
  const [first, ...more] = slices.map(countOf);
  if (!first) return [];
  const rows = more.length > 0 ? await unionAll(first, more[0]!, ...more.slice(1)) : await first;
  const countedOf = new Map(rows.map((r) => [Number(r.column), Number(r.counted)]));
  return slices.map((_, i) => {
    const counted = countedOf.get(i) ?? 0;
    return { total: Math.min(counted, cap), totalExact: counted <= cap };
  });
}

/** How many open projects are late (few; projects_due_idx). */
export async function lateProjectCount(db: Db, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(lateCondition(now));
  return Number(row?.n ?? 0);
}

/** Projects per status (name and position in its workflow) and completion, of one customer or of everyone. */
export function projectCountsByStatus(db: Db, customerId: string | null) {
  return db
    .select({
      statusId: projects.statusId,
      name: projectStatuses.name,
      position: projectStatuses.position,
      completed: projects.completed,
      count: sql<number>`count(*)::int`,
    })
    .from(projects)
    .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .where(customerId ? eq(projects.customerId, customerId) : undefined)
    .groupBy(projects.statusId, projectStatuses.name, projectStatuses.position, projects.completed);
}

/**
 * Offers sent per UTC month of the quote and offers won per UTC month of the acceptance, since `from`, of
 * one pro or of every pro.
 */
export async function offersByMonth(db: Db, proId: string | null, from: Date) {
  const quotedMonth = sql<string>`to_char(${invitations.quotedAt} at time zone 'UTC', 'YYYY-MM')`;
  const wonMonth = sql<string>`to_char(${invitations.answeredAt} at time zone 'UTC', 'YYYY-MM')`;
  const byPro = proId ? eq(invitations.proId, proId) : undefined;
  const sent = await db
    .select({ month: quotedMonth, count: sql<number>`count(*)::int` })
    .from(invitations)
    .where(and(isNotNull(invitations.quotedAt), gte(invitations.quotedAt, from), byPro))
    .groupBy(quotedMonth);
  const won = await db
    .select({ month: wonMonth, count: sql<number>`count(*)::int` })
    .from(invitations)
    .where(and(eq(invitations.status, 'accepted'), gte(invitations.answeredAt, from), byPro))
    .groupBy(wonMonth);
  return { sent, won };
}

/** Paid projects with a chosen pro, of these customers (the demo's history, to book its payments). */
export function paidProjectsOfCustomers(db: Db, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: projects.id,
      customerId: projects.customerId,
      proId: projects.proId,
      title: projects.title,
      totalPriceCents: projects.totalPriceCents,
      paidAt: projects.paidAt,
      completedAt: projects.completedAt,
    })
    .from(projects)
    .where(
      and(inArray(projects.customerId, customerIds), isNotNull(projects.paidAt), isNotNull(projects.proId)),
    );
}
