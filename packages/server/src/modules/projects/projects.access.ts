import { and, desc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import {
  decideProjectAction,
  PROJECT_CANCELLED_MESSAGE,
  type ProjectAction,
  type ProjectActor,
  type ProjectState,
  type StatusPosition,
} from '@facet/domain/workflow';
import type { Db, Tx } from '../../db/client';
import {
  changeRequests,
  invitations,
  leadTimeChanges,
  projectItems,
  projects,
  projectStatuses,
} from './projects.tables';
import { ratingOfProject } from './project-rating';
import type { InvitationRow, ProjectRow, StatusRow } from './projects.reads';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.reads';

/** Who may do what to a project: the viewer's part in it, read under the caller's transaction. */

export type { InvitationRow, ProjectRow, StatusRow } from './projects.reads';
export type ChangeRow = typeof changeRequests.$inferSelect;
export type LeadTimeChangeRow = typeof leadTimeChanges.$inferSelect;
export type { FileRow } from './project-files.store';

/** Codes for refusals the web can tell apart (the message comes from the state machine). */
const refusalCodes: Partial<Record<ProjectAction, string>> = {
  delete: 'offer_accepted',
  invite: 'invite_closed',
  quote: 'offer_closed',
  'refuse-invitation': 'offer_closed',
  'accept-offer': 'offer_closed',
  'decline-offer': 'offer_closed',
  rate: 'not_completed',
  cancel: 'already_delivered',
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
  /** The chosen pro's lead time change waiting for the customer's answer. */
  openLeadTimeChange: LeadTimeChangeRow | null;
}

async function readState(tx: Db | Tx, project: ProjectRow, status: StatusRow) {
  const [openChange] = await tx
    .select()
    .from(changeRequests)
    .where(
      and(
        eq(changeRequests.projectId, project.id),
        // approved changes stay open until they are paid
        inArray(changeRequests.status, ['requested', 'quoted', 'approved']),
      ),
    )
    .orderBy(desc(changeRequests.requestedAt))
    .limit(1);
  const [openLeadTimeChange] = await tx
    .select()
    .from(leadTimeChanges)
    .where(and(eq(leadTimeChanges.projectId, project.id), eq(leadTimeChanges.status, 'requested')))
    .limit(1);
  const rated = await ratingOfProject(tx, project.id);
  const state: ProjectState = {
    position: status.position as StatusPosition,
    completed: project.completed,
    hasAcceptedOffer: project.proId !== null,
    changes: openChange ? (openChange.status as 'requested' | 'quoted' | 'approved') : 'none',
    rated: Boolean(rated),
    leadTimeChange: openLeadTimeChange ? 'requested' : 'none',
    delivered: project.deliveredAt !== null,
  };
  return { state, openChange: openChange ?? null, openLeadTimeChange: openLeadTimeChange ?? null };
}

/** The viewer's part in the project; a designer or service pro only through their invitation. */
async function actorOf(
  tx: Db | Tx,
  viewer: UserRow | null,
  project: ProjectRow,
): Promise<Pick<Access, 'actor' | 'viewerRole' | 'invitation'>> {
  if (!viewer) return { actor: 'system', viewerRole: 'system', invitation: null };
  if (viewer.role === 'staff') return { actor: 'staff', viewerRole: 'staff', invitation: null };
  if (viewer.id === project.customerId) return { actor: 'owner', viewerRole: 'customer', invitation: null };
  if (viewer.role !== 'designer' && viewer.role !== 'service') throw notFound('Project');
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.projectId, project.id), eq(invitations.proId, viewer.id)));
  if (!invitation) throw notFound('Project');
  const actor = project.proId === viewer.id ? 'adopted-pro' : 'invited-pro';
  return { actor, viewerRole: 'pro', invitation };
}

/**
 * Who the viewer is to this project. Anyone who may not see it gets 404 (not 403), so ids of other
 * people's projects reveal nothing. `lock` takes a row lock on the project for the rest of the transaction.
 */
export async function access(
  tx: Db | Tx,
  viewer: UserRow | null,
  projectId: string,
  options: { lock?: boolean } = {},
): Promise<Access> {
  if (!isUuid(projectId)) throw notFound('Project');
  const query = tx.select().from(projects).where(eq(projects.id, projectId));
  const [project] = options.lock ? await query.for('update') : await query;
  if (!project) throw notFound('Project');
  const [status] = await tx.select().from(projectStatuses).where(eq(projectStatuses.id, project.statusId));
  if (!status) throw new Error(`project ${project.id} has unknown status ${project.statusId}`);
  const { actor, viewerRole, invitation } = await actorOf(tx, viewer, project);
  const { state, openChange, openLeadTimeChange } = await readState(tx, project, status);
  return { project, status, actor, viewer, viewerRole, invitation, state, openChange, openLeadTimeChange };
}

/** The item (404 for a malformed or unknown id) and the viewer's access to its project. */
export async function itemAccess(
  tx: Db | Tx,
  viewer: UserRow,
  itemId: string,
  options: { lock?: boolean } = {},
) {
  if (!isUuid(itemId)) throw notFound('Project item');
  const [item] = await tx.select().from(projectItems).where(eq(projectItems.id, itemId));
  if (!item) throw notFound('Project item');
  return { item, a: await access(tx, viewer, item.projectId, options) };
}

/** Checks an action against the state machine; throws the refusal as 403 or 409. */
export function check(a: Access, action: ProjectAction) {
  const decision = decideProjectAction(a.state, a.actor, action);
  if (decision.ok) return decision;
  if (decision.reason === 'forbidden') throw new AppError('forbidden', decision.message, 403);
  if (action === 'rate' && a.state.rated) throw new AppError('already_rated', decision.message, 409);
  if (decision.message === PROJECT_CANCELLED_MESSAGE)
    throw new AppError('project_cancelled', decision.message, 409);
  throw new AppError(refusalCodes[action] ?? 'wrong_status', decision.message, 409);
}

/** Whether the viewer sees the chosen pro's work: a pro who was not chosen keeps only their invitation. */
export const seesWork = (a: Access) => a.viewerRole !== 'pro' || a.actor === 'adopted-pro';

/**
 * Whether the project is closed to the viewer: a pro whose invitation was refused (by the customer, by
 * accepting another offer, or by the pro). They keep their own invitation, their own offer and their own
 * conversation (read-only), and learn nothing after the refusal: not the winner, the price, later moves,
 * deliveries or the rating.
 */
export const isClosedTo = (a: Pick<Access, 'viewerRole' | 'invitation'>) =>
  a.viewerRole === 'pro' && a.invitation?.status === 'refused';

/**
 * A project file the viewer may list and open: everything for the customer, staff and the chosen pro;
 * for any other pro only the customer's attachments (the brief they were invited on), and for a refused
 * pro only those added before the refusal.
 */
export function seesFile(a: Access, file: { kind: string; uploadedBy: string | null; createdAt: Date }) {
  if (seesWork(a)) return true;
  if (file.kind !== 'attachment' || file.uploadedBy !== a.project.customerId) return false;
  const refusedAt = isClosedTo(a) ? a.invitation?.answeredAt : null;
  return !refusedAt || file.createdAt <= refusedAt;
}
