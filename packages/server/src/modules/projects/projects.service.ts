import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { and, asc, desc, eq, exists, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import {
  CHAT_FILE_EXTENSIONS,
  checkChatFileContent,
  FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_CHAT_FILE_BYTES,
  SNIFF_BYTES,
} from '@facet/domain/chat';
import { DEFAULT_DIMENSION_NAMES, withDefaultUnit } from '@facet/domain/format';
import {
  allowedProjectActions,
  compareOffers,
  COMPLETED_STATUS_NAME,
  decideProjectAction,
  INACTIVITY_DAYS,
  inviteStatus,
  isOpenChangeRequest,
  moveMessage,
  PROJECT_STATUSES,
  projectPhase,
  resolveChangeAnswer,
  statusAt,
  workflowOf,
  type ProjectAction,
  type ProjectActor,
  type ProjectState,
  type StatusPosition,
} from '@facet/domain/workflow';
import type { Db, Tx } from '../../db/client';
import {
  changeRequests,
  invitations,
  models,
  projectEvents,
  projectFiles,
  projectItems,
  projects,
  projectStatuses,
  projectStatusHistory,
  ratings,
  users,
} from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { UserRow } from '../accounts/accounts.queries';
import { peek } from '../chat/chat.service';
import { contentMatchesName } from '../files/files.service';
import type { MailJob } from '../notifications/notifications.service';
import { loadPeople, proLabel, toPerson, type PersonRef } from './projects.people';
import type { CreateProjectInput, ListProjectsQuery, UpdateItemInput } from './projects.schemas';

export type ProjectRow = typeof projects.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type StatusRow = typeof projectStatuses.$inferSelect;
type ChangeRow = typeof changeRequests.$inferSelect;
type FileRow = typeof projectFiles.$inferSelect;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** A file already streamed into storage by this request, not yet recorded. */
export interface StoredUpload {
  key: string;
  name: string;
  extension: string;
  sizeBytes: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MODEL_EXTENSIONS = ['stl', 'obj', 'ply', '3mf'];
/** Project attachments and deliveries: the chat's formats plus the 3D model files. */
export const ATTACHMENT_EXTENSIONS: readonly string[] = [...CHAT_FILE_EXTENSIONS, ...MODEL_EXTENSIONS];
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];
export const MAX_ATTACHMENT_BYTES = MAX_CHAT_FILE_BYTES;
export const MAX_PROJECT_ATTACHMENTS = 10;
export const MAX_DELIVERY_FILES = 20;
export const attachmentTooLarge = () => new AppError('file_too_large', FILE_TOO_LARGE_MESSAGE, 413);
export const tooManyFiles = (max: number) =>
  new AppError('too_many_files', `Send at most ${max} files at once.`, 400);
export const noFiles = () => new AppError('no_files', 'Choose at least one file.', 400);
export const MAX_ITEM_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_ITEM_IMAGES = 10;
export const itemImageTooLarge = () =>
  new AppError('file_too_large', 'Sorry, your image is too large. Maximum image size is 10mb.', 413);
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  stl: 'model/stl',
  obj: 'model/obj',
  ply: 'application/octet-stream',
  '3mf': 'model/3mf',
};
const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

/** Codes for refusals the web can tell apart (the message comes from the state machine). */
const refusalCodes: Partial<Record<ProjectAction, string>> = {
  delete: 'offer_accepted',
  invite: 'invite_closed',
  quote: 'offer_closed',
  'refuse-invitation': 'offer_closed',
  'accept-offer': 'offer_closed',
  'decline-offer': 'offer_closed',
  rate: 'not_completed',
};

export interface Access {
  project: ProjectRow;
  status: StatusRow;
  actor: ProjectActor;
  viewer: UserRow | null;
  viewerRole: 'customer' | 'pro' | 'staff' | 'system';
  invitation: InvitationRow | null;
  state: ProjectState;
  openChange: ChangeRow | null;
}

export interface ProjectsDeps {
  db: Db;
  jobs: Jobs;
  storage: Storage;
}

export function projectsService(deps: ProjectsDeps) {
  const { db } = deps;

  async function sendMails(mails: MailJob[]) {
    for (const mail of mails) await deps.jobs.send('mail', mail);
  }

  async function emailsOf(tx: Db | Tx, ids: (string | null)[]) {
    const list = ids.filter((v): v is string => Boolean(v));
    if (list.length === 0) return new Map<string, { email: string; firstName: string }>();
    const rows = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(inArray(users.id, list));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** A mail to one person about one project (the template gets names, title and the project link). */
  async function mailTo(
    tx: Db | Tx,
    event: string,
    toId: string | null,
    project: ProjectRow,
    data: Record<string, unknown> = {},
  ) {
    if (!toId) return [];
    const person = (await emailsOf(tx, [toId])).get(toId);
    if (!person) return [];
    return [
      {
        event,
        to: person.email,
        data: {
          firstName: person.firstName,
          projectId: project.id,
          projectTitle: project.title,
          service: project.service,
          ...data,
        },
      } satisfies MailJob,
    ];
  }

  /** The same mail to each member of the production team (the spec's '-erp' copies of project events). */
  async function mailToProductionTeam(
    tx: Db | Tx,
    event: string,
    project: ProjectRow,
    data: Record<string, unknown> = {},
  ) {
    const team = await productionTeam(tx);
    const mails: MailJob[] = [];
    for (const member of team) mails.push(...(await mailTo(tx, event, member.id, project, data)));
    return mails;
  }

  async function readState(tx: Db | Tx, project: ProjectRow, status: StatusRow) {
    const [openChange] = await tx
      .select()
      .from(changeRequests)
      .where(
        and(
          eq(changeRequests.projectId, project.id),
          inArray(changeRequests.status, ['requested', 'quoted']),
        ),
      )
      .orderBy(desc(changeRequests.requestedAt))
      .limit(1);
    const [rated] = await tx
      .select({ id: ratings.id })
      .from(ratings)
      .where(eq(ratings.projectId, project.id));
    const state: ProjectState = {
      position: status.position as StatusPosition,
      completed: project.completed,
      hasAcceptedOffer: project.proId !== null,
      changes: openChange ? (openChange.status as 'requested' | 'quoted') : 'none',
      rated: Boolean(rated),
    };
    return { state, openChange: openChange ?? null };
  }

  /**
   * Who the viewer is to this project. Anyone who may not see it gets 404 (not 403), so ids of other
   * people's projects reveal nothing. `lock` takes a row lock on the project for the rest of the transaction.
   */
  async function access(
    tx: Db | Tx,
    viewer: UserRow | null,
    projectId: string,
    options: { lock?: boolean } = {},
  ): Promise<Access> {
    if (!UUID.test(projectId)) throw notFound('Project');
    const query = tx.select().from(projects).where(eq(projects.id, projectId));
    const [project] = options.lock ? await query.for('update') : await query;
    if (!project) throw notFound('Project');
    const [status] = await tx.select().from(projectStatuses).where(eq(projectStatuses.id, project.statusId));
    if (!status) throw new Error(`project ${project.id} has unknown status ${project.statusId}`);
    let invitation: InvitationRow | null = null;
    let actor: ProjectActor;
    let viewerRole: Access['viewerRole'];
    if (!viewer) {
      actor = 'system';
      viewerRole = 'system';
    } else if (viewer.role === 'staff') {
      actor = 'staff';
      viewerRole = 'staff';
    } else if (viewer.id === project.customerId) {
      actor = 'owner';
      viewerRole = 'customer';
    } else if (viewer.role === 'designer' || viewer.role === 'service') {
      const [row] = await tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.projectId, project.id), eq(invitations.proId, viewer.id)));
      invitation = row ?? null;
      if (!invitation) throw notFound('Project');
      actor = project.proId === viewer.id ? 'adopted-pro' : 'invited-pro';
      viewerRole = 'pro';
    } else {
      throw notFound('Project');
    }
    const { state, openChange } = await readState(tx, project, status);
    return { project, status, actor, viewer, viewerRole, invitation, state, openChange };
  }

  /** Checks an action against the state machine; throws the refusal as 403 or 409. */
  function check(a: Access, action: ProjectAction) {
    const decision = decideProjectAction(a.state, a.actor, action);
    if (decision.ok) return decision;
    if (decision.reason === 'forbidden') throw new AppError('forbidden', decision.message, 403);
    if (action === 'rate' && a.state.rated) throw new AppError('already_rated', decision.message, 409);
    throw new AppError(refusalCodes[action] ?? 'wrong_status', decision.message, 409);
  }

  /**
   * Moves a project (status and/or completed flag) inside the caller's transaction: the project row,
   * a history row, the system message 'Project has been moved to {status}', and the status mails.
   */
  async function move(
    tx: Tx,
    project: ProjectRow,
    to: { position: StatusPosition; completed?: boolean },
    actorId: string | null,
    automatic = false,
    extra: Partial<typeof projects.$inferInsert> = {},
  ): Promise<MailJob[]> {
    const target = statusAt(workflowOf(project.service), to.position);
    const completes = Boolean(to.completed) && !project.completed;
    const now = new Date();
    await tx
      .update(projects)
      .set({
        statusId: target.id,
        completed: project.completed || completes,
        ...(completes ? { completedAt: now } : {}),
        updatedAt: now,
        ...extra,
      })
      .where(eq(projects.id, project.id));
    const name = completes ? COMPLETED_STATUS_NAME : target.name;
    await tx.insert(projectStatusHistory).values({
      projectId: project.id,
      fromStatusId: project.statusId,
      toStatusId: target.id,
      completed: completes,
      actorId,
      automatic,
    });
    const message = moveMessage(name, automatic);
    await tx.insert(projectEvents).values({
      projectId: project.id,
      kind: 'status-moved',
      message,
      statusId: target.id,
      actorId,
      automatic,
    });
    const proId = extra.proId ?? project.proId;
    return [
      ...(await mailTo(tx, 'designer-status-moved', project.customerId, project, {
        statusName: name,
        message,
      })),
      ...(await mailTo(tx, 'designer-status-moved', proId ?? null, project, { statusName: name, message })),
      ...(await mailToProductionTeam(tx, 'designer-status-moved-erp', project, {
        statusName: name,
        message,
        automatic,
      })),
    ];
  }

  /** Told after the commit when 3D model files were added to a project (the chat's receive-3d-model). */
  const modelFileListeners = new Set<(projectId: string, files: FileRow[]) => void>();
  const modelFilesAdded = (projectId: string, rows: FileRow[]) => {
    const added = rows.filter((r) => MODEL_EXTENSIONS.includes(extensionOf(r.name)));
    if (added.length > 0) for (const listener of modelFileListeners) listener(projectId, added);
  };

  async function addEvent(
    tx: Db | Tx,
    projectId: string,
    kind: string,
    message: string,
    actorId: string | null,
  ) {
    await tx.insert(projectEvents).values({ projectId, kind, message, actorId });
  }

  /** Records files already in storage (inside the caller's transaction). */
  async function recordFiles(
    tx: Tx,
    project: ProjectRow,
    kind: FileRow['kind'],
    files: StoredUpload[],
    uploadedBy: string,
  ) {
    if (files.length === 0) return [];
    return tx
      .insert(projectFiles)
      .values(
        files.map((file) => ({
          projectId: project.id,
          itemId: null,
          kind,
          storageKey: file.key,
          name: file.name.slice(0, 200),
          contentType: CONTENT_TYPES[file.extension] ?? 'application/octet-stream',
          sizeBytes: file.sizeBytes,
          uploadedBy,
        })),
      )
      .returning();
  }

  async function removeStored(files: StoredUpload[]) {
    for (const file of files) await deps.storage.remove(file.key).catch(() => undefined);
  }

  function checkCount(files: StoredUpload[], max: number) {
    if (files.length === 0) throw noFiles();
    if (files.length > max) throw tooManyFiles(max);
  }

  /** Attachments: the customer or the chosen pro. */
  function checkAttachRights(a: Access) {
    if (a.actor !== 'owner' && a.actor !== 'adopted-pro')
      throw new AppError('forbidden', 'You are not allowed to do that.', 403);
  }

  /** Item images: the customer while the project is open (the 'edit' rule), or the chosen pro until completion. */
  function checkItemImageRights(a: Access) {
    if (a.actor === 'adopted-pro') {
      if (a.state.completed) throw new AppError('wrong_status', 'This project is completed.', 409);
      return;
    }
    check(a, 'edit');
  }

  function checkItemImage(file: UploadedFile) {
    if (!IMAGE_EXTENSIONS.includes(extensionOf(file.name))) {
      throw new AppError('unsupported_file', 'Sorry, this file format is not supported!', 400);
    }
    if (file.bytes.byteLength === 0) throw new AppError('file_empty', 'The file is empty.', 400);
    if (file.bytes.byteLength > MAX_ITEM_IMAGE_BYTES) throw itemImageTooLarge();
    if (!contentMatchesName(file.name, file.bytes)) {
      throw new AppError('unsupported_file', 'This file is not a jpg, png or webp image.', 400);
    }
  }

  // ---------- reading ----------

  const fileReply = (f: FileRow) => ({
    id: f.id,
    name: f.name,
    sizeBytes: f.sizeBytes,
    contentType: f.contentType,
    kind: f.kind as 'attachment' | 'delivery',
    createdAt: f.createdAt.toISOString(),
    uploadedBy: f.uploadedBy ?? '',
    downloadUrl: `/api/projects/${f.projectId}/attachments/${f.id}`,
  });

  function offerReply(row: InvitationRow, people: Map<string, PersonRef>) {
    const pro = people.get(row.proId);
    return {
      id: row.id,
      projectId: row.projectId,
      status: row.status,
      pro: pro ? { ...pro, label: proLabel(pro.role) } : null,
      priceCents: row.priceCents,
      leadTimeDays: row.leadTimeDays,
      invitedAt: row.invitedAt.toISOString(),
      quotedAt: row.quotedAt?.toISOString() ?? null,
      answeredAt: row.answeredAt?.toISOString() ?? null,
      refusedBy: row.refusedBy ?? null,
    };
  }
  type OfferReply = ReturnType<typeof offerReply>;

  /** Summaries of many projects at once (list pages), for one viewer. */
  async function summaries(tx: Db | Tx, rows: ProjectRow[], viewer: UserRow) {
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
      const status = statusById.get(row.statusId)!;
      const offers = offerRows.filter((o) => o.projectId === row.id);
      const mine = offers.find((o) => o.proId === viewer.id) ?? null;
      const cover = covers.find((c) => c.projectId === row.id);
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
        itemCount: itemCounts.find((c) => c.projectId === row.id)?.count ?? 0,
        coverImageUrl: cover ? `/api/projects/${row.id}/attachments/${cover.id}` : null,
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

  async function itemReplies(tx: Db | Tx, projectId: string) {
    const items = await tx
      .select({
        item: projectItems,
        model: { id: models.id, fileName: models.fileName, thumbnailFileId: models.thumbnailFileId },
      })
      .from(projectItems)
      .leftJoin(models, eq(models.id, projectItems.modelId))
      .where(eq(projectItems.projectId, projectId))
      .orderBy(asc(projectItems.sort));
    const images = await tx
      .select()
      .from(projectFiles)
      .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.kind, 'image')))
      .orderBy(asc(projectFiles.createdAt));
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
          url: `/api/projects/${projectId}/attachments/${i.id}`,
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

  async function productionTeam(tx: Db | Tx) {
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.role, 'staff'), eq(users.status, 'active')))
      .orderBy(asc(users.createdAt))
      .limit(3);
    return rows.map((r) => ({
      ...toPerson(r),
      label: 'Production Team' as const,
      online: false,
      profileUrl: null,
    }));
  }

  /** The full project for one viewer (what `/projects/{id}` shows). */
  async function detailOf(tx: Db | Tx, a: Access) {
    const viewer = a.viewer!;
    const [summary] = await summaries(tx, [a.project], viewer);
    const offerRows = await tx.select().from(invitations).where(eq(invitations.projectId, a.project.id));
    const visible = a.viewerRole === 'pro' ? offerRows.filter((o) => o.proId === viewer.id) : offerRows;
    const people = await loadPeople(
      tx,
      visible.map((o) => o.proId),
    );
    const offers: OfferReply[] = visible.sort(compareOffers).map((o) => offerReply(o, people));
    const files = await tx
      .select()
      .from(projectFiles)
      .where(
        and(eq(projectFiles.projectId, a.project.id), inArray(projectFiles.kind, ['attachment', 'delivery'])),
      )
      .orderBy(asc(projectFiles.createdAt));
    // a pro who was not chosen keeps their invitation but not the work of the one who was
    const seesWork = a.viewerRole !== 'pro' || a.actor === 'adopted-pro';
    const [latestChange] = await tx
      .select()
      .from(changeRequests)
      .where(eq(changeRequests.projectId, a.project.id))
      .orderBy(desc(changeRequests.requestedAt))
      .limit(1);
    const [ratingRow] = await tx.select().from(ratings).where(eq(ratings.projectId, a.project.id));
    const s = summary!;
    return {
      ...s,
      items: await itemReplies(tx, a.project.id),
      attachments: files.filter((f) => seesWork || f.kind === 'attachment').map(fileReply),
      team: {
        creator: { ...s.creator, label: 'Creator' as const, online: false, profileUrl: null },
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
      changeRequest: latestChange && seesWork ? changeReply(latestChange) : null,
      rating: ratingRow
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

  const changeReply = (c: ChangeRow) => ({
    id: c.id,
    status: c.status,
    changes: c.changes,
    priceCents: c.priceCents,
    requestedAt: c.requestedAt.toISOString(),
    quotedAt: c.quotedAt?.toISOString() ?? null,
    answeredAt: c.answeredAt?.toISOString() ?? null,
  });

  async function detail(viewer: UserRow, projectId: string) {
    return db.transaction(async (tx) => detailOf(tx, await access(tx, viewer, projectId)));
  }

  function visibleTo(viewer: UserRow): SQL | undefined {
    if (viewer.role === 'staff') return undefined;
    if (viewer.role === 'customer') return eq(projects.customerId, viewer.id);
    return exists(
      db
        .select({ one: sql`1` })
        .from(invitations)
        .where(and(eq(invitations.projectId, projects.id), eq(invitations.proId, viewer.id))),
    );
  }

  function filterCondition(filter: ListProjectsQuery['filter']): SQL | undefined {
    const position = sql`(select position from ${projectStatuses} where ${projectStatuses.id} = ${projects.statusId})`;
    const notStarted = sql`(not ${projects.completed} and (${position} = -1 or (${position} = 1 and not ${projects.sentInvite})))`;
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
        return sql`(not ${projects.completed} and ${position} = 1 and ${projects.sentInvite})`;
      case 'in-progress':
        return sql`(not ${projects.completed} and ${position} between 1 and 4 and not ${notStarted})`;
    }
  }

  return {
    access,
    check,
    move,
    addEvent,
    /** Listens for 3D model files added to projects (attachments and deliveries); returns the unsubscribe. */
    onModelFiles(listener: (projectId: string, files: FileRow[]) => void) {
      modelFileListeners.add(listener);
      return () => modelFileListeners.delete(listener);
    },
    mailTo,
    mailToProductionTeam,
    sendMails,
    detailOf,
    detail,
    offerReply,
    summaries,

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

    async statuses() {
      const rows = await db
        .select()
        .from(projectStatuses)
        .orderBy(asc(projectStatuses.workflow), asc(projectStatuses.position));
      return rows.map((r) => ({ id: r.id, name: r.name, position: r.position, workflow: r.workflow }));
    },

    async list(viewer: UserRow, query: ListProjectsQuery) {
      const conditions: (SQL | undefined)[] = [visibleTo(viewer), filterCondition(query.filter)];
      if (query.q) {
        const like = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(projects.title, like),
            ilike(projects.description, like),
            exists(
              db
                .select({ one: sql`1` })
                .from(projectItems)
                .where(and(eq(projectItems.projectId, projects.id), ilike(projectItems.title, like))),
            ),
          ),
        );
      }
      const where = and(...conditions);
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(projects)
        .where(where);
      const rows = await db
        .select()
        .from(projects)
        .where(where)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        projects: await summaries(db, rows, viewer),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async create(viewer: UserRow, input: CreateProjectInput) {
      const projectType = input.projectType ?? 'single-item';
      const items =
        input.items && input.items.length > 0
          ? input.items
          : [{ title: input.title, description: input.description, modelId: input.modelId }];
      if (projectType === 'single-item' && items.length > 1) {
        throw new AppError(
          'validation_failed',
          'A single-item project has one item. Choose collection for more.',
          400,
          {
            items: 'A single-item project has one item. Choose collection for more.',
          },
        );
      }
      const modelIds = [
        ...new Set(items.map((i) => i.modelId ?? input.modelId).filter((v): v is string => Boolean(v))),
      ];
      if (modelIds.length > 0) {
        const owned = await db
          .select({ id: models.id })
          .from(models)
          .where(and(inArray(models.id, modelIds), eq(models.ownerId, viewer.id)));
        if (owned.length !== modelIds.length) throw notFound('Model');
      }
      const service = input.service ?? false;
      const { project, mails } = await db.transaction(async (tx) => {
        const [project] = await tx
          .insert(projects)
          .values({
            customerId: viewer.id,
            service,
            projectType,
            title: input.title,
            description: input.description ?? '',
            statusId: statusAt(workflowOf(service), -1).id,
          })
          .returning();
        await tx.insert(projectItems).values(
          items.map((item, index) => ({
            projectId: project!.id,
            title: item.title,
            category: 'category' in item ? (item.category ?? null) : null,
            itemType: 'itemType' in item ? (item.itemType ?? null) : null,
            description: item.description ?? '',
            dimensions: normaliseDimensions(
              'dimensions' in item && item.dimensions
                ? item.dimensions
                : DEFAULT_DIMENSION_NAMES.map((n) => ({ [n]: '' })),
            ),
            tags: 'tags' in item ? (item.tags ?? []) : [],
            modelId: item.modelId ?? input.modelId ?? null,
            sort: index,
          })),
        );
        await addEvent(tx, project!.id, 'created', 'Project created', viewer.id);
        return { project: project!, mails: await mailTo(tx, 'project-creation', viewer.id, project!) };
      });
      await sendMails(mails);
      return detail(viewer, project.id);
    },

    async update(viewer: UserRow, projectId: string, patch: { title?: string; description?: string }) {
      await db.transaction(async (tx) => {
        const a = await access(tx, viewer, projectId, { lock: true });
        check(a, 'edit');
        await tx
          .update(projects)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(projects.id, projectId));
      });
      return detail(viewer, projectId);
    },

    async remove(viewer: UserRow, projectId: string) {
      const keys = await db.transaction(async (tx) => {
        const a = await access(tx, viewer, projectId, { lock: true });
        check(a, 'delete');
        const files = await tx
          .select({ key: projectFiles.storageKey })
          .from(projectFiles)
          .where(eq(projectFiles.projectId, projectId));
        await tx.delete(projects).where(eq(projects.id, projectId));
        return files.map((f) => f.key);
      });
      for (const key of keys) await deps.storage.remove(key).catch(() => undefined);
    },

    async updateItem(viewer: UserRow, itemId: string, patch: UpdateItemInput) {
      if (!UUID.test(itemId)) throw notFound('Project item');
      return db.transaction(async (tx) => {
        const [item] = await tx.select().from(projectItems).where(eq(projectItems.id, itemId));
        if (!item) throw notFound('Project item');
        const a = await access(tx, viewer, item.projectId, { lock: true });
        check(a, 'edit');
        await tx
          .update(projectItems)
          .set({
            ...(patch.description !== undefined ? { description: patch.description } : {}),
            ...(patch.dimensions !== undefined ? { dimensions: normaliseDimensions(patch.dimensions) } : {}),
          })
          .where(eq(projectItems.id, itemId));
        await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, item.projectId));
        return (await itemReplies(tx, item.projectId)).find((i) => i.id === itemId)!;
      });
    },

    /**
     * Adds an image to an item: the project's customer while the project is open, or its chosen pro.
     * Permission, count, type (by name and by content) and size are checked before anything is stored.
     */
    /** The quick check before an item image's bytes are read (addItemImage checks again). */
    async checkItemImageUpload(viewer: UserRow, itemId: string) {
      if (!UUID.test(itemId)) throw notFound('Project item');
      const [item] = await db.select().from(projectItems).where(eq(projectItems.id, itemId));
      if (!item) throw notFound('Project item');
      checkItemImageRights(await access(db, viewer, item.projectId));
    },

    async addItemImage(viewer: UserRow, itemId: string, file: UploadedFile) {
      if (!UUID.test(itemId)) throw notFound('Project item');
      const { item, project } = await db.transaction(async (tx) => {
        const [item] = await tx.select().from(projectItems).where(eq(projectItems.id, itemId));
        if (!item) throw notFound('Project item');
        const a = await access(tx, viewer, item.projectId);
        checkItemImageRights(a);
        return { item, project: a.project };
      });
      checkItemImage(file);
      const key = `projects/${project.id}/${randomUUID()}.${extensionOf(file.name)}`;
      await deps.storage.put(key, file.bytes);
      try {
        return await db.transaction(async (tx) => {
          // the count is taken under the project's row lock so two uploads cannot both pass it
          await tx
            .select({ id: projects.id })
            .from(projects)
            .where(eq(projects.id, project.id))
            .for('update');
          const [{ count } = { count: 0 }] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(projectFiles)
            .where(and(eq(projectFiles.itemId, itemId), eq(projectFiles.kind, 'image')));
          if (count >= MAX_ITEM_IMAGES) {
            throw new AppError('too_many_images', `An item can have at most ${MAX_ITEM_IMAGES} images.`, 409);
          }
          await tx.insert(projectFiles).values({
            projectId: project.id,
            itemId,
            kind: 'image',
            storageKey: key,
            name: file.name.slice(0, 200),
            contentType: CONTENT_TYPES[extensionOf(file.name)] ?? 'application/octet-stream',
            sizeBytes: file.bytes.byteLength,
            uploadedBy: viewer.id,
          });
          await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, project.id));
          return (await itemReplies(tx, item.projectId)).find((i) => i.id === itemId)!;
        });
      } catch (error) {
        await deps.storage.remove(key).catch(() => undefined);
        throw error;
      }
    },

    /** Removes an item image: the customer any of them, the chosen pro the ones they added. */
    async removeItemImage(viewer: UserRow, itemId: string, imageId: string) {
      if (!UUID.test(itemId)) throw notFound('Project item');
      if (!UUID.test(imageId)) throw notFound('Image');
      const { key, reply } = await db.transaction(async (tx) => {
        const [item] = await tx.select().from(projectItems).where(eq(projectItems.id, itemId));
        if (!item) throw notFound('Project item');
        const a = await access(tx, viewer, item.projectId, { lock: true });
        const [image] = await tx
          .select()
          .from(projectFiles)
          .where(
            and(
              eq(projectFiles.id, imageId),
              eq(projectFiles.itemId, itemId),
              eq(projectFiles.kind, 'image'),
            ),
          );
        if (!image) throw notFound('Image');
        checkItemImageRights(a);
        if (a.actor === 'adopted-pro' && image.uploadedBy !== viewer.id) {
          throw new AppError('forbidden', 'Only the customer can remove images they added.', 403);
        }
        await tx.delete(projectFiles).where(eq(projectFiles.id, imageId));
        await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, item.projectId));
        return {
          key: image.storageKey,
          reply: (await itemReplies(tx, item.projectId)).find((i) => i.id === itemId)!,
        };
      });
      await deps.storage.remove(key).catch(() => undefined);
      return reply;
    },

    /**
     * The quick check before a single byte of an upload is read: may the viewer add files to this
     * project (attachments: the customer or the chosen pro; deliveries: the 'deliver' rule)? The
     * transaction that records the files checks again.
     */
    async checkUpload(viewer: UserRow, projectId: string, kind: 'attachment' | 'delivery') {
      const a = await access(db, viewer, projectId);
      if (kind === 'attachment') checkAttachRights(a);
      else check(a, 'deliver');
    },

    /**
     * Streams one attachment or delivered file into storage as it arrives: the name is checked before
     * any byte is read, the content by its first bytes (3D model files are checked by the mesh
     * analysis, not here), the size while streaming (past 100 MB nothing is kept). On a refusal the
     * rest of the file is read and dropped so the answer reaches the sender.
     */
    async receiveFile(projectId: string, file: { name: string; stream: Readable }): Promise<StoredUpload> {
      let discard = (): void => {
        file.stream.resume();
      };
      try {
        const extension = extensionOf(file.name);
        if (!ATTACHMENT_EXTENSIONS.includes(extension)) {
          throw new AppError('unsupported_file', FILE_FORMAT_NOT_SUPPORTED_MESSAGE, 400);
        }
        const peeked = await peek(file.stream, SNIFF_BYTES);
        discard = peeked.discard;
        const { head } = peeked;
        if (head.byteLength === 0) throw new AppError('file_empty', 'The file is empty.', 400);
        if (!MODEL_EXTENSIONS.includes(extension)) {
          const check = checkChatFileContent({
            name: file.name,
            sizeBytes: head.byteLength,
            firstBytes: head,
          });
          if (!check.ok) throw new AppError('unsupported_file', check.message, 400);
        }
        const key = `projects/${projectId}/${randomUUID()}.${extension}`;
        try {
          const { sizeBytes } = await deps.storage.putStream(key, peeked.rest, {
            maxBytes: MAX_ATTACHMENT_BYTES,
          });
          return { key, name: file.name, extension, sizeBytes };
        } catch (error) {
          if (error instanceof AppError && error.code === 'upload_too_large') throw attachmentTooLarge();
          if (error instanceof AppError && error.code === 'upload_empty') {
            throw new AppError('file_empty', 'The file is empty.', 400);
          }
          throw error;
        }
      } catch (error) {
        discard();
        throw error;
      }
    },

    /** Forgets files this request stored when the request is refused (nothing is kept). */
    removeStored,

    /** Records attachments already streamed into storage; on any refusal they are removed again. */
    async addAttachments(viewer: UserRow, projectId: string, files: StoredUpload[]) {
      try {
        checkCount(files, MAX_PROJECT_ATTACHMENTS);
        const added = await db.transaction(async (tx) => {
          const a = await access(tx, viewer, projectId);
          checkAttachRights(a);
          return recordFiles(tx, a.project, 'attachment', files, viewer.id);
        });
        modelFilesAdded(projectId, added);
        return added.map(fileReply);
      } catch (error) {
        await removeStored(files);
        throw error;
      }
    },

    async openAttachment(viewer: UserRow, projectId: string, fileId: string) {
      if (!UUID.test(fileId)) throw notFound('Attachment');
      const a = await access(db, viewer, projectId);
      const [row] = await db
        .select()
        .from(projectFiles)
        .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId)));
      if (!row) throw notFound('Attachment');
      if (row.kind === 'delivery' && a.viewerRole === 'pro' && a.actor !== 'adopted-pro')
        throw notFound('Attachment');
      const stream = await deps.storage.get(row.storageKey);
      if (!stream) throw notFound('Attachment');
      return { row, stream };
    },

    /** Every 3D model of the project (item models and delivered 3D files) as one zip, streamed. */
    async modelsZip(viewer: UserRow, projectId: string): Promise<{ fileName: string; stream: Readable }> {
      const a = await access(db, viewer, projectId);
      const itemModels = await db
        .select({ name: models.fileName, key: models.storageKey })
        .from(projectItems)
        .innerJoin(models, eq(models.id, projectItems.modelId))
        .where(eq(projectItems.projectId, projectId));
      const seesWork = a.viewerRole !== 'pro' || a.actor === 'adopted-pro';
      const delivered = seesWork
        ? (
            await db
              .select({ name: projectFiles.name, key: projectFiles.storageKey })
              .from(projectFiles)
              .where(
                and(
                  eq(projectFiles.projectId, projectId),
                  inArray(projectFiles.kind, ['attachment', 'delivery']),
                ),
              )
          ).filter((f) => MODEL_EXTENSIONS.includes(extensionOf(f.name)))
        : [];
      const entries = [...itemModels, ...delivered];
      if (entries.length === 0) throw new AppError('no_models', 'This project has no 3D models yet.', 404);
      const out = new PassThrough();
      const zip = new Zip((err, chunk, final) => {
        if (err) out.destroy(err);
        else {
          out.write(chunk);
          if (final) out.end();
        }
      });
      const used = new Set<string>();
      const uniqueName = (name: string) => {
        let candidate = name;
        for (let n = 2; used.has(candidate.toLowerCase()); n += 1)
          candidate = name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
        used.add(candidate.toLowerCase());
        return candidate;
      };
      void (async () => {
        try {
          for (const entry of entries) {
            const source = await deps.storage.get(entry.key);
            if (!source) continue;
            const file = new ZipDeflate(uniqueName(entry.name), { level: 6 });
            zip.add(file);
            for await (const chunk of source) file.push(chunk as Uint8Array);
            file.push(new Uint8Array(0), true);
          }
          zip.end();
        } catch (err) {
          out.destroy(err as Error);
        }
      })();
      const safeTitle =
        a.project.title
          .replace(/[^\w\- ]+/g, '')
          .trim()
          .slice(0, 60) || 'project';
      return { fileName: `${safeTitle} models.zip`, stream: out };
    },

    async events(viewer: UserRow, projectId: string) {
      await access(db, viewer, projectId);
      const rows = await db
        .select()
        .from(projectEvents)
        .where(eq(projectEvents.projectId, projectId))
        .orderBy(asc(projectEvents.createdAt), asc(projectEvents.id));
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        message: r.message,
        statusId: r.statusId,
        actorId: r.actorId,
        automatic: r.automatic,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    // ---------- the workflow after the offer ----------

    async markPaid(staff: UserRow, projectId: string) {
      const mails = await db.transaction(async (tx) => {
        const a = await access(tx, staff, projectId, { lock: true });
        const d = check(a, 'mark-paid');
        return move(tx, a.project, { position: d.next.position }, staff.id, false, { paidAt: new Date() });
      });
      await sendMails(mails);
      return detail(staff, projectId);
    },

    /**
     * The chosen pro delivers files already streamed into storage: one transaction records them and
     * moves the project on; on any refusal the files are removed again.
     */
    async deliver(viewer: UserRow, projectId: string, files: StoredUpload[]) {
      let result: { mails: MailJob[]; delivered: FileRow[] };
      try {
        checkCount(files, MAX_DELIVERY_FILES);
        result = await db.transaction(async (tx) => {
          const a = await access(tx, viewer, projectId, { lock: true });
          const d = check(a, 'deliver');
          const delivered = await recordFiles(tx, a.project, 'delivery', files, viewer.id);
          const mails = await move(tx, a.project, { position: d.next.position }, viewer.id, false, {
            filesDelivered: true,
            deliveredAt: new Date(),
          });
          return { mails, delivered };
        });
      } catch (error) {
        await removeStored(files);
        throw error;
      }
      modelFilesAdded(projectId, result.delivered);
      await sendMails(result.mails);
      return detail(viewer, projectId);
    },

    async approveDelivery(viewer: UserRow, projectId: string) {
      const mails = await db.transaction(async (tx) => {
        const a = await access(tx, viewer, projectId, { lock: true });
        const d = check(a, 'approve-delivery');
        return move(tx, a.project, { position: d.next.position, completed: true }, viewer.id);
      });
      await sendMails(mails);
      return detail(viewer, projectId);
    },

    async requestChanges(viewer: UserRow, projectId: string, changes: string[]) {
      const { mails, change } = await db.transaction(async (tx) => {
        const a = await access(tx, viewer, projectId, { lock: true });
        const d = decideProjectAction(a.state, a.actor, 'request-changes');
        if (!d.ok && a.state.changes !== 'none' && a.actor === 'owner' && !a.state.completed) {
          throw new AppError('changes_open', d.message, 409);
        }
        check(a, 'request-changes');
        const [change] = await tx.insert(changeRequests).values({ projectId, changes }).returning();
        await addEvent(tx, projectId, 'changes', 'Changes were requested', viewer.id);
        await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId));
        return {
          change: change!,
          mails: await mailTo(tx, 'user-requested-changes', a.project.proId, a.project, { changes }),
        };
      });
      await sendMails(mails);
      return { changeRequest: changeReply(change), project: await detail(viewer, projectId) };
    },

    /** The pro answers a change request (quote with a price, or reject), or the customer answers the priced changes. */
    async answerChanges(
      viewer: UserRow,
      changeId: string,
      answer:
        | { kind: 'quote'; priceCents: number }
        | { kind: 'reject' }
        | { kind: 'approve'; approvals?: boolean[] }
        | { kind: 'decline' },
    ) {
      if (!UUID.test(changeId)) throw notFound('Change request');
      const [found] = await db.select().from(changeRequests).where(eq(changeRequests.id, changeId));
      if (!found) throw notFound('Change request');
      const { mails, projectId } = await db.transaction(async (tx) => {
        const a = await access(tx, viewer, found.projectId, { lock: true });
        const [change] = await tx.select().from(changeRequests).where(eq(changeRequests.id, changeId));
        if (!change || !isOpenChangeRequest(change.status) || a.openChange?.id !== change.id) {
          if (a.actor === 'owner' || a.actor === 'adopted-pro') {
            throw new AppError('wrong_status', 'This change request is already answered.', 409);
          }
        }
        const now = new Date();
        const p = a.project;
        if (answer.kind === 'quote') {
          check(a, 'quote-changes');
          await tx
            .update(changeRequests)
            .set({ status: 'quoted', priceCents: answer.priceCents, quotedAt: now })
            .where(eq(changeRequests.id, changeId));
          await addEvent(tx, p.id, 'changes', 'The changes were priced', viewer.id);
          return {
            projectId: p.id,
            mails: await mailTo(tx, 'designer-accepted-changes', p.customerId, p, {
              priceCents: answer.priceCents,
            }),
          };
        }
        if (answer.kind === 'reject') {
          check(a, 'reject-changes');
          await tx
            .update(changeRequests)
            .set({ status: 'declined', answeredAt: now })
            .where(eq(changeRequests.id, changeId));
          await addEvent(tx, p.id, 'changes', 'The changes were declined', viewer.id);
          return { projectId: p.id, mails: await mailTo(tx, 'designer-declined-changes', p.customerId, p) };
        }
        const outcome =
          answer.kind === 'approve'
            ? resolveChangeAnswer(change!.changes.length, answer.approvals)
            : 'refused';
        if (outcome === 'approved') {
          const d = check(a, 'approve-changes');
          await tx
            .update(changeRequests)
            .set({ status: 'approved', answeredAt: now })
            .where(eq(changeRequests.id, changeId));
          const moved = await move(tx, p, { position: d.next.position }, viewer.id, false, {
            filesDelivered: false,
          });
          return {
            projectId: p.id,
            mails: [
              ...(await mailTo(tx, 'user-approved-changes', p.proId, p, { priceCents: change!.priceCents })),
              ...moved,
            ],
          };
        }
        check(a, answer.kind === 'approve' ? 'approve-changes' : 'decline-changes');
        await tx
          .update(changeRequests)
          .set({ status: 'refused', answeredAt: now })
          .where(eq(changeRequests.id, changeId));
        await addEvent(tx, p.id, 'changes', 'The priced changes were declined', viewer.id);
        return { projectId: p.id, mails: await mailTo(tx, 'user-declined-changes', p.proId, p) };
      });
      await sendMails(mails);
      const [change] = await db.select().from(changeRequests).where(eq(changeRequests.id, changeId));
      return { changeRequest: changeReply(change!), project: await detail(viewer, projectId) };
    },

    /** The inactivity job: deliveries unanswered for 7 days complete their project. Returns how many moved. */
    async completeInactive(now = new Date()) {
      const cutoff = new Date(now.getTime() - INACTIVITY_DAYS * 24 * 3_600_000);
      const candidates = await db
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            eq(projects.completed, false),
            isNotNull(projects.deliveredAt),
            lt(projects.deliveredAt, cutoff),
          ),
        );
      let moved = 0;
      for (const { id } of candidates) {
        const mails = await db.transaction(async (tx) => {
          const a = await access(tx, null, id, { lock: true });
          if (!decideProjectAction(a.state, 'system', 'complete-inactive').ok) return null;
          // the delivery must still be the last thing that happened
          if (!a.project.deliveredAt || a.project.deliveredAt >= cutoff || a.project.updatedAt >= cutoff)
            return null;
          return move(tx, a.project, { position: a.state.position, completed: true }, null, true);
        });
        if (mails) {
          moved += 1;
          await sendMails(mails);
        }
      }
      return moved;
    },

    /** The invite status of a project's workflow (where inviting moves it). */
    inviteStatusOf(project: ProjectRow) {
      return inviteStatus(workflowOf(project.service));
    },
  };
}

export type ProjectsService = ReturnType<typeof projectsService>;
export type ProjectDetail = Awaited<ReturnType<ProjectsService['detail']>>;

function normaliseDimensions(list: Record<string, string>[]): Record<string, string>[] {
  return list.map((d) => {
    const [name, value] = Object.entries(d)[0] ?? ['width', ''];
    return { [name]: withDefaultUnit(value) };
  });
}
