import { and, eq, isNotNull, lt } from 'drizzle-orm';
import {
  COMPLETED_STATUS_NAME,
  decideProjectAction,
  INACTIVITY_DAYS,
  inviteStatus,
  isCancelled,
  moveMessage,
  statusAt,
  workflowOf,
  type StatusPosition,
} from '@facet/domain/workflow';
import type { Tx } from '../../db/client';
import { projectEvents, projects, projectStatusHistory } from './projects.tables';
import type { UserRow } from '../accounts/accounts.reads';
import type { MailJob } from '../../platform/mail/mail-job';
import { access, check, type FileRow, type ProjectRow } from './projects.access';
import type { ProjectDetail } from './projects.queries';
import { mailTo, mailToProductionTeam, removeStored, sendMails, type ProjectsDeps } from './projects.shared';
import { checkCount, MAX_DELIVERY_FILES, type StoredUpload } from './project-files.rules';
import { recordFiles } from './project-files.service';
import { subjectOf, type CompletedHook, type PaymentSubject } from './payment-subjects';
import { paidNow } from './deadlines';
import { recordStaffAction } from '../../platform/audit/audit';

/** The workflow after the offer: paid, delivered, approved, completed by inactivity, or cancelled by staff. */

/**
 * Moves a project (status and/or completed flag) inside the caller's transaction: the project row,
 * a history row, the system message 'Project has been moved to {status}', and the status mails.
 */
export async function moveProject(
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
    ...(await mailTo(tx, 'designerStatusMoved', project.customerId, project, {
      statusName: name,
      message,
    })),
    ...(await mailTo(tx, 'designerStatusMoved', proId ?? null, project, { statusName: name, message })),
    ...(await mailToProductionTeam(tx, 'designerStatusMovedErp', project, {
      statusName: name,
      message,
      automatic,
    })),
  ];
}

export interface WorkflowNeeds {
  detail: (viewer: UserRow, projectId: string) => Promise<ProjectDetail>;
  /** Tells the listeners of 3D model files after the commit. */
  modelFilesAdded: (projectId: string, rows: FileRow[]) => void;
}

export function workflowService(deps: ProjectsDeps, { detail, modelFilesAdded }: WorkflowNeeds) {
  const { db } = deps;
  const completedHooks: CompletedHook[] = [];
  const completed = async (tx: Tx, project: ProjectRow) => {
    const mails: MailJob[] = [];
    for (const hook of completedHooks) mails.push(...(await hook(tx, project)));
    return mails;
  };

  return {
    /** Registers work that commits with every completion (e.g. releasing escrow). */
    onCompleted(hook: CompletedHook) {
      completedHooks.push(hook);
    },

    /** What the customer pays at Make Payment (refused unless the project waits for its payment). */
    async paymentSubject(viewer: UserRow, projectId: string): Promise<PaymentSubject> {
      const a = await access(db, viewer, projectId);
      check(a, 'pay');
      return subjectOf(a, a.project.totalPriceCents ?? 0);
    },

    /**
     * The gateway confirmed the project's payment: the project moves on inside the caller's transaction.
     * Null when it no longer waits for a payment (e.g. staff marked it paid meanwhile).
     */
    async paymentConfirmed(tx: Tx, projectId: string): Promise<MailJob[] | null> {
      const a = await access(tx, null, projectId, { lock: true });
      const d = decideProjectAction(a.state, 'system', 'payment-confirmed');
      if (!d.ok) return null;
      return moveProject(tx, a.project, { position: d.next.position }, null, false, paidNow(a.project));
    },

    /**
     * Staff cancel a project, inside the caller's transaction (the payments module's refund): it moves to
     * its workflow's Cancelled status like any move (history row, system message, the mails returned to
     * send after the commit). Nothing happens, and [] is returned, when it already is cancelled; a project
     * delivered or completed is refused (409). `refunded`: the caller already gave the money back at the
     * gateway, so a delivery that slipped in after its own check does not keep the project open (the books
     * follow the gateway; decision 051).
     */
    async cancel(
      tx: Tx,
      staff: UserRow,
      projectId: string,
      options: { refunded?: boolean } = {},
    ): Promise<MailJob[]> {
      const a = await access(tx, staff, projectId, { lock: true });
      if (isCancelled(a.state)) return [];
      const state = options.refunded && !a.state.completed ? { ...a.state, delivered: false } : a.state;
      const d = check({ ...a, state }, 'cancel');
      return moveProject(tx, a.project, { position: d.next.position }, staff.id);
    },

    async markPaid(staff: UserRow, projectId: string) {
      const mails = await db.transaction(async (tx) => {
        const a = await access(tx, staff, projectId, { lock: true });
        const d = check(a, 'mark-paid');
        const moved = await moveProject(
          tx,
          a.project,
          { position: d.next.position },
          staff.id,
          false,
          paidNow(a.project),
        );
        // the move and its audit row commit together (decision 038)
        await recordStaffAction(tx);
        return moved;
      });
      await sendMails(deps.jobs, mails);
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
          const mails = await moveProject(tx, a.project, { position: d.next.position }, viewer.id, false, {
            filesDelivered: true,
            deliveredAt: new Date(),
          });
          return { mails, delivered };
        });
      } catch (error) {
        await removeStored(deps.storage, files);
        throw error;
      }
      modelFilesAdded(projectId, result.delivered);
      await sendMails(deps.jobs, result.mails);
      return detail(viewer, projectId);
    },

    async approveDelivery(viewer: UserRow, projectId: string) {
      const mails = await db.transaction(async (tx) => {
        const a = await access(tx, viewer, projectId, { lock: true });
        const d = check(a, 'approve-delivery');
        const moved = await moveProject(
          tx,
          a.project,
          { position: d.next.position, completed: true },
          viewer.id,
        );
        return [...moved, ...(await completed(tx, a.project))];
      });
      await sendMails(deps.jobs, mails);
      return detail(viewer, projectId);
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
          const moved = await moveProject(
            tx,
            a.project,
            { position: a.state.position, completed: true },
            null,
            true,
          );
          return [...moved, ...(await completed(tx, a.project))];
        });
        if (mails) {
          moved += 1;
          await sendMails(deps.jobs, mails);
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
