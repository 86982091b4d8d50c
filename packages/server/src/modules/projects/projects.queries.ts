import {
  and,
  asc,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  allowedProjectActions,
  compareOffers,
  decideProjectAction,
  PROJECT_STATUSES,
  projectPhase,
} from '@facet/domain/workflow';
import type { Db, Tx } from '../../db/client';
import {
  changeRequests,
  invitations,
  leadTimeChanges,
  projectEvents,
  projectFiles,
  projectItems,
  projects,
  projectStatuses,
} from './projects.tables';
import { modelSummaries } from '../models/models.reads';
import { COUNT_AHEAD, lateCondition, statusesAt, type ProjectEventRow } from './projects.reads';
export { COUNT_AHEAD };
import { ratingOfProject } from './project-rating';
import type { UserRow } from '../accounts/accounts.reads';
import {
  access,
  isClosedTo,
  seesFile,
  seesWork,
  type Access,
  type InvitationRow,
  type ProjectRow,
  type StatusRow,
} from './projects.access';
import { changeReply, fileReply, fileUrl, leadTimeChangeReply, offerReply } from './projects.mappers';
import { deadlineReply, dueDate } from './deadlines';
import { loadPeople, productionTeam, proLabel, type PersonRef } from '../accounts/people.reads';
import { withFiles } from './project-files.store';
import type { ListProjectsQuery } from './projects.contract';

/** Reading projects: summaries for lists, the full detail, items, statuses and events. */

/** Summaries of many projects at once (list pages), for one viewer. */
export async function summaries(tx: Db | Tx, rows: ProjectRow[], viewer: UserRow) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const statusRows = await tx.select().from(projectStatuses);
  const statusById = new Map(statusRows.map((s) => [s.id, s]));
  const itemCounts = await tx
    .select({ projectId: projectItems.projectId, count: sql<number>`count(*)::int` })
    .from(projectItems)
    .where(inArray(projectItems.projectId, ids))
    .groupBy(projectItems.projectId);
  const offerRows = await tx.select().from(invitations).where(inArray(invitations.projectId, ids));
  const covers = await tx
    .select({ projectId: projectFiles.projectId, id: projectFiles.id })
    .from(projectFiles)
    .where(and(inArray(projectFiles.projectId, ids), eq(projectFiles.kind, 'image')))
    .orderBy(asc(projectFiles.createdAt));
  const people = await loadPeople(tx, [
    ...rows.flatMap((r) => [r.customerId, r.proId ?? r.customerId]),
    ...offerRows.map((o) => o.proId),
  ]);
  return rows.map((row) => {
    const offers = offerRows.filter((o) => o.projectId === row.id);
    const mine = offers.find((o) => o.proId === viewer.id) ?? null;
    const closed = isClosedTo({ viewerRole: isPro(viewer) ? 'pro' : 'customer', invitation: mine });
    // a refused pro sees the project as it stood when they were refused: inviting, no winner
    const status = closed ? inviteStatusOf(statusRows, row.service) : statusById.get(row.statusId)!;
    const cover = covers.find((c) => c.projectId === row.id);
    const itemCount = itemCounts.find((c) => c.projectId === row.id)?.count ?? 0;
    const coverImageUrl = cover ? fileUrl(row.id, cover.id) : null;
    if (closed) return closedSummary(row, status, mine!, people, { coverImageUrl, itemCount });
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      projectType: row.projectType,
      service: row.service,
      activeStatus: { id: status.id, name: status.name, position: status.position },
      activeStatusId: status.id,
      completed: row.completed,
      sentInvite: row.sentInvite,
      phase: projectPhase({
        position: status.position,
        completed: row.completed,
        sentInvite: row.sentInvite,
      }),
      creator: people.get(row.customerId)!,
      pro: row.proId ? (people.get(row.proId) ?? null) : null,
      totalPriceCents: row.totalPriceCents,
      leadTimeDays: row.leadTimeDays,
      ...deadlineReply(row),
      itemCount,
      coverImageUrl,
      offerCount: offers.length,
      quotedCount: offers.filter((o) => o.status === 'quoted' || o.status === 'accepted').length,
      myInvitation: mine ? offerReply(mine, people) : null,
      filesDelivered: row.filesDelivered,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

const isPro = (viewer: UserRow) => viewer.role === 'designer' || viewer.role === 'service';

/** The workflow's invite status (position 1): where every refusal happens. */
function inviteStatusOf(statusRows: StatusRow[], service: boolean) {
  const workflow = service ? 'service' : 'design';
  return statusRows.find((s) => s.workflow === workflow && s.position === 1)!;
}

/**
 * A project summary for a pro whose invitation was refused: the brief they were invited on and their own
 * invitation, frozen at the refusal (no winner, price, lead time, later status, delivery or completion).
 */
function closedSummary(
  row: ProjectRow,
  status: StatusRow,
  mine: InvitationRow,
  people: Map<string, PersonRef>,
  brief: { coverImageUrl: string | null; itemCount: number },
) {
  const frozenAt = (mine.answeredAt ?? row.createdAt).toISOString();
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    projectType: row.projectType,
    service: row.service,
    activeStatus: { id: status.id, name: status.name, position: status.position },
    activeStatusId: status.id,
    completed: false,
    sentInvite: true,
    phase: 'invited' as const,
    creator: people.get(row.customerId)!,
    pro: null,
    totalPriceCents: null,
    leadTimeDays: null,
    dueAt: null,
    lateness: null,
    ...brief,
    offerCount: 1,
    quotedCount: mine.quotedAt ? 1 : 0,
    myInvitation: offerReply(mine, people),
    filesDelivered: false,
    deliveredAt: null,
    completedAt: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: frozenAt,
  };
}

export async function itemReplies(tx: Db | Tx, projectId: string) {
  const rows = await tx
    .select()
    .from(projectItems)
    .where(eq(projectItems.projectId, projectId))
    .orderBy(asc(projectItems.sort));
  const modelsById = await modelSummaries(
    tx,
    rows.map((r) => r.modelId),
  );
  const items = rows.map((item) => ({
    item,
    model: item.modelId ? modelsById.get(item.modelId) : undefined,
  }));
  const images = await withFiles(
    tx,
    await tx
      .select()
      .from(projectFiles)
      .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.kind, 'image')))
      .orderBy(asc(projectFiles.createdAt)),
  );
  return items.map(({ item, model }) => ({
    id: item.id,
    projectId: item.projectId,
    title: item.title,
    category: item.category,
    itemType: item.itemType,
    description: item.description,
    dimensions: item.dimensions,
    tags: item.tags,
    images: images
      .filter((i) => i.itemId === item.id)
      .map((i) => ({
        id: i.id,
        name: i.name,
        url: fileUrl(projectId, i.id),
        uploadedBy: i.uploadedBy ?? '',
        createdAt: i.createdAt.toISOString(),
      })),
    modelId: item.modelId,
    model: model?.id
      ? {
          id: model.id,
          fileName: model.fileName,
          thumbnailUrl: model.thumbnailFileId
            ? `/api/models/${model.id}/thumbnail?v=${model.thumbnailFileId.slice(0, 8)}`
            : null,
          fileUrl: `/api/models/${model.id}/file`,
        }
      : null,
  }));
}

/** One item as its reply (after a change to it). */
export async function itemReply(tx: Db | Tx, projectId: string, itemId: string) {
  return (await itemReplies(tx, projectId)).find((i) => i.id === itemId)!;
}

/** The full project for one viewer (what `/projects/{id}` shows). */
export async function detailOf(tx: Db | Tx, a: Access) {
  const viewer = a.viewer!;
  const [summary] = await summaries(tx, [a.project], viewer);
  const offerRows = await tx.select().from(invitations).where(eq(invitations.projectId, a.project.id));
  const visible = a.viewerRole === 'pro' ? offerRows.filter((o) => o.proId === viewer.id) : offerRows;
  const people = await loadPeople(
    tx,
    visible.map((o) => o.proId),
  );
  const offers = visible.sort(compareOffers).map((o) => offerReply(o, people));
  const files = await withFiles(
    tx,
    await tx
      .select()
      .from(projectFiles)
      .where(
        and(eq(projectFiles.projectId, a.project.id), inArray(projectFiles.kind, ['attachment', 'delivery'])),
      )
      .orderBy(asc(projectFiles.createdAt)),
  );
  // a pro who was not chosen keeps their invitation but not the work of the one who was
  const work = seesWork(a);
  const [latestChange] = await tx
    .select()
    .from(changeRequests)
    .where(eq(changeRequests.projectId, a.project.id))
    .orderBy(desc(changeRequests.requestedAt))
    .limit(1);
  const [latestLeadTime] = await tx
    .select()
    .from(leadTimeChanges)
    .where(eq(leadTimeChanges.projectId, a.project.id))
    .orderBy(desc(leadTimeChanges.requestedAt))
    .limit(1);
  const ratingRow = await ratingOfProject(tx, a.project.id);
  const s = summary!;
  return {
    ...s,
    items: await itemReplies(tx, a.project.id),
    attachments: files.filter((f) => seesFile(a, f)).map(fileReply),
    team: {
      creator: { ...s.creator, label: 'Creator' as const, online: false, profileUrl: null },
      // null for a refused pro: their summary names no winner
      pro: s.pro
        ? {
            ...s.pro,
            label: proLabel(s.pro.role),
            online: false,
            profileUrl: a.viewerRole === 'customer' ? `/profile/designer/${s.pro.id}` : null,
          }
        : null,
      productionTeam: await productionTeam(tx),
    },
    offers,
    changeRequest: latestChange && work ? changeReply(latestChange) : null,
    // the latest lead time change (open or answered) for the customer, the chosen pro and staff
    leadTimeChange: latestLeadTime && work ? leadTimeChangeReply(latestLeadTime) : null,
    rating:
      ratingRow && work
        ? {
            id: ratingRow.id,
            stars: ratingRow.stars,
            review: ratingRow.review,
            createdAt: ratingRow.createdAt.toISOString(),
            customer: s.creator,
          }
        : null,
    canInvite: a.actor === 'owner' && decideProjectAction(a.state, 'owner', 'invite').ok,
    viewerRole: a.viewerRole === 'system' ? ('staff' as const) : a.viewerRole,
    allowedActions: allowedProjectActions(a.state, a.actor).filter((action) => {
      // offer actions also depend on the viewer's own invitation
      if (action === 'quote' || action === 'refuse-invitation') {
        return a.invitation?.status === 'pending' || a.invitation?.status === 'quoted';
      }
      return true;
    }),
  };
}

/**
 * The events a refused pro still sees: their own doings, and the status moves up to the invite status
 * (every refusal happens there, so each later move came after it).
 */
async function closedEvents(db: Db, a: Access, rows: ProjectEventRow[]) {
  const statusRows = await db.select().from(projectStatuses);
  const position = new Map(statusRows.map((s) => [s.id, s.position]));
  return rows.filter(
    (r) =>
      r.actorId === a.viewer?.id ||
      (r.kind === 'status-moved' && r.statusId !== null && (position.get(r.statusId) ?? 99) <= 1),
  );
}

function visibleTo(db: Db, viewer: UserRow): SQL | undefined {
  if (viewer.role === 'staff') return undefined;
  if (viewer.role === 'customer') return eq(projects.customerId, viewer.id);
  // the pro's invitations first (invitations_pro_project_idx), then their projects by id
  return inArray(
    projects.id,
    db.select({ id: invitations.projectId }).from(invitations).where(eq(invitations.proId, viewer.id)),
  );
}

function filterCondition(filter: ListProjectsQuery['filter']): SQL | undefined {
  const notStarted = sql`(not ${projects.completed} and (${statusesAt((p) => p === -1)} or (${statusesAt((p) => p === 1)} and not ${projects.sentInvite})))`;
  switch (filter) {
    case 'all':
      return undefined;
    case 'completed':
      return eq(projects.completed, true);
    case 'service':
      return eq(projects.service, true);
    case 'not-started':
      return notStarted;
    case 'invited':
      return sql`(not ${projects.completed} and ${statusesAt((p) => p === 1)} and ${projects.sentInvite})`;
    case 'in-progress':
      return sql`(not ${projects.completed} and ${statusesAt((p) => p >= 1 && p <= 4)} and not ${notStarted})`;
  }
}

/**
 * The filter as the viewer sees the projects: a refused pro's project stands where it stood at the
 * refusal (inviting, not completed), so a filter does not tell them how it went on.
 */
function filterFor(db: Db, viewer: UserRow, filter: ListProjectsQuery['filter']): SQL | undefined {
  const live = filterCondition(filter);
  if (!isPro(viewer) || filter === 'all') return live;
  const refused = exists(
    db
      .select({ one: sql`1` })
      .from(invitations)
      .where(
        and(
          eq(invitations.projectId, projects.id),
          eq(invitations.proId, viewer.id),
          eq(invitations.status, 'refused'),
        ),
      ),
  );
  const frozen =
    filter === 'invited' ? sql`true` : filter === 'service' ? eq(projects.service, true) : sql`false`;
  return or(and(sql`not ${refused}`, live ?? sql`true`), and(refused, frozen));
}

/**
 * The search: title, description or any item's title contains the words, any case (LIKE wildcards
 * escaped). One column holds them all (`search_text`, kept by the database with a unit separator between
 * them, so a match never spans two of them): a newest-first walk tests one short text per project, and a
 * rare word is found by the trigram index.
 */
function searchCondition(q: string): SQL {
  if (q.includes(SEARCH_SEPARATOR)) return sql`false`;
  const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return ilike(projects.searchText, like);
}

/** Between the parts of a project's search text (no title or search has it). */
const SEARCH_SEPARATOR = '\u001f';

const newest = [desc(projects.createdAt), desc(projects.id)];

/**
 * One page of the list: newest first; for the production team late projects come first, the latest due
 * first (the most late), then the rest newest first. Two bounded reads (late ones, then the others)
 * rather than one sort of every row by a computed key.
 */
async function pageOf(db: Db, viewer: UserRow, where: SQL | undefined, offset: number, size: number) {
  if (viewer.role !== 'staff')
    return db
      .select()
      .from(projects)
      .where(where)
      .orderBy(...newest)
      .limit(size)
      .offset(offset);
  const late = lateCondition(new Date());
  const [{ lateCount } = { lateCount: 0 }] = await db
    .select({ lateCount: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(where, late));
  const lateRows =
    offset < lateCount
      ? await db
          .select()
          .from(projects)
          .where(and(where, late))
          .orderBy(asc(projects.dueAt), ...newest)
          .limit(size)
          .offset(offset)
      : [];
  if (lateRows.length >= size) return lateRows;
  const rest = await db
    .select()
    .from(projects)
    .where(and(where, sql`not coalesce(${late}, false)`))
    .orderBy(...newest)
    .limit(size - lateRows.length)
    .offset(Math.max(0, offset - lateCount));
  return [...lateRows, ...rest];
}

export function projectQueries({ db }: { db: Db }) {
  async function detail(viewer: UserRow, projectId: string) {
    return db.transaction(async (tx) => detailOf(tx, await access(tx, viewer, projectId)));
  }

  return {
    detail,

    async seedStatuses() {
      await db
        .insert(projectStatuses)
        .values(
          PROJECT_STATUSES.map((s) => ({
            id: s.id,
            workflow: s.workflow,
            name: s.name,
            position: s.position,
          })),
        )
        .onConflictDoUpdate({
          target: projectStatuses.id,
          set: { name: sql`excluded.name`, position: sql`excluded.position` },
        });
    },

    /** Paid projects from before due dates were stored get theirs (start-up; a no-op once done). */
    async backfillDueDates() {
      const rows = await db
        .select({ id: projects.id, paidAt: projects.paidAt, leadTimeDays: projects.leadTimeDays })
        .from(projects)
        .where(and(isNull(projects.dueAt), isNotNull(projects.paidAt), isNotNull(projects.leadTimeDays)));
      for (const row of rows) {
        await db
          .update(projects)
          .set({ dueAt: dueDate(row.paidAt, row.leadTimeDays) })
          .where(and(eq(projects.id, row.id), isNull(projects.dueAt)));
      }
      return rows.length;
    },

    async statuses() {
      const rows = await db
        .select()
        .from(projectStatuses)
        .orderBy(asc(projectStatuses.workflow), asc(projectStatuses.position));
      return rows.map((r) => ({ id: r.id, name: r.name, position: r.position, workflow: r.workflow }));
    },

    async list(viewer: UserRow, query: ListProjectsQuery) {
      const conditions: (SQL | undefined)[] = [visibleTo(db, viewer), filterFor(db, viewer, query.filter)];
      if (query.q) conditions.push(searchCondition(query.q));
      const where = and(...conditions);
      const offset = (query.page - 1) * query.pageSize;
      // counting stops a bounded way past this page: 40,000 matches are not all counted for 12 cards
      const cap = offset + COUNT_AHEAD;
      const [{ counted } = { counted: 0 }] = await db.select({ counted: sql<number>`count(*)::int` }).from(
        db
          .select({ one: sql`1` })
          .from(projects)
          .where(where)
          .limit(cap + 1)
          .as('counted'),
      );
      const rows = await pageOf(db, viewer, where, offset, query.pageSize);
      return {
        projects: await summaries(db, rows, viewer),
        total: Math.min(counted, cap),
        totalExact: counted <= cap,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async events(viewer: UserRow, projectId: string) {
      const a = await access(db, viewer, projectId);
      const rows = await db
        .select()
        .from(projectEvents)
        .where(eq(projectEvents.projectId, projectId))
        .orderBy(asc(projectEvents.createdAt), asc(projectEvents.id));
      const visible = isClosedTo(a) ? await closedEvents(db, a, rows) : rows;
      return visible.map((r) => ({
        id: r.id,
        kind: r.kind,
        message: r.message,
        statusId: r.statusId,
        actorId: r.actorId,
        automatic: r.automatic,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

export type ProjectDetail = Awaited<ReturnType<typeof detailOf>>;
