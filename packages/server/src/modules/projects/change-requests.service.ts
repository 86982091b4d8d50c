import { eq } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import { decideProjectAction, isOpenChangeRequest, resolveChangeAnswer } from '@facet/domain/workflow';
import type { Tx } from '../../db/client';
import { changeRequests } from './projects.tables';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.reads';
import type { MailJob } from '../../platform/mail/mail-job';
import { access, check, isClosedTo, type Access, type ChangeRow } from './projects.access';
import { subjectOf } from './payment-subjects';
import { changeReply } from './projects.mappers';
import type { ProjectDetail } from './projects.queries';
import {
  addEvent,
  mailTo,
  mailToProductionTeam,
  sendMails,
  touchProject,
  type ProjectsDeps,
} from './projects.shared';
import { moveProject } from './workflow.service';
import { recordStaffAction } from '../../platform/audit/audit';

/** Change requests after a delivery: asked by the customer, priced or declined by the pro, answered by the customer. */

export type ChangeAnswer =
  | { kind: 'quote'; priceCents: number }
  | { kind: 'reject' }
  | { kind: 'approve'; approvals?: boolean[] }
  | { kind: 'decline' };

/**
 * One answer step: checks the action, writes the change request's new status and says whom to mail.
 * `change` is the row as read under the project's lock (absent if it went since).
 */
type AnswerStep = (
  tx: Tx,
  a: Access,
  viewer: UserRow,
  changeId: string,
  change: ChangeRow | undefined,
) => Promise<MailJob[]>;

async function setChangeStatus(tx: Tx, changeId: string, set: Partial<typeof changeRequests.$inferInsert>) {
  await tx.update(changeRequests).set(set).where(eq(changeRequests.id, changeId));
}

/** The pro prices the changes. */
const quoteChanges =
  (priceCents: number): AnswerStep =>
  async (tx, a, viewer, changeId) => {
    check(a, 'quote-changes');
    await setChangeStatus(tx, changeId, { status: 'quoted', priceCents, quotedAt: new Date() });
    await addEvent(tx, a.project.id, 'changes', 'The changes were priced', viewer.id);
    return mailTo(tx, 'designerAcceptedChanges', a.project.customerId, a.project, { priceCents });
  };

/** The pro declines the changes. */
const rejectChanges: AnswerStep = async (tx, a, viewer, changeId) => {
  check(a, 'reject-changes');
  await setChangeStatus(tx, changeId, { status: 'declined', answeredAt: new Date() });
  await addEvent(tx, a.project.id, 'changes', 'The changes were declined', viewer.id);
  return mailTo(tx, 'designerDeclinedChanges', a.project.customerId, a.project);
};

/**
 * The customer approves every priced change: they wait for their payment (changes priced at zero need
 * none, and send the project back to work at once).
 */
const approveChanges: AnswerStep = async (tx, a, viewer, changeId, change) => {
  check(a, 'approve-changes');
  await setChangeStatus(tx, changeId, { status: 'approved', answeredAt: new Date() });
  const p = a.project;
  const approved = await mailTo(tx, 'userApprovedChanges', p.proId, p, { priceCents: change!.priceCents });
  if ((change!.priceCents ?? 0) > 0) {
    await addEvent(tx, p.id, 'changes', 'The changes were approved and wait for their payment', viewer.id);
    await touchProject(tx, p.id);
    return approved;
  }
  return [...approved, ...((await changesPaid(tx, changeId, viewer.id, { free: true })) ?? [])];
};

/**
 * The approved changes are paid (the gateway confirmed it, or staff say so): the change request is
 * closed as paid and the project returns to work, inside the caller's transaction. Null when the
 * changes are not waiting for a payment (already paid, or never approved).
 */
export async function changesPaid(
  tx: Tx,
  changeId: string,
  actorId: string | null,
  options: { staff?: UserRow; free?: boolean } = {},
): Promise<MailJob[] | null> {
  if (!isUuid(changeId)) return null;
  const [found] = await tx.select().from(changeRequests).where(eq(changeRequests.id, changeId));
  if (!found) return null;
  const a = await access(tx, options.staff ?? null, found.projectId, { lock: true });
  if (a.openChange?.id !== changeId) return null;
  const d = decideProjectAction(a.state, a.actor, 'changes-paid');
  if (!d.ok) return null;
  await setChangeStatus(tx, changeId, { status: 'paid' });
  const p = a.project;
  const moved = await moveProject(tx, p, { position: d.next.position }, actorId, false, {
    filesDelivered: false,
  });
  if (options.free) return moved;
  const data = { priceCents: found.priceCents };
  return [
    ...(await mailTo(tx, 'userChangesPaymentSubmitted', p.proId, p, data)),
    ...(await mailToProductionTeam(tx, 'userChangesPaymentSubmitted', p, data)),
    ...moved,
  ];
}

/** The customer refuses the priced changes (declined, or not every change approved). */
const refuseChanges =
  (action: 'approve-changes' | 'decline-changes'): AnswerStep =>
  async (tx, a, viewer, changeId) => {
    check(a, action);
    await setChangeStatus(tx, changeId, { status: 'refused', answeredAt: new Date() });
    await addEvent(tx, a.project.id, 'changes', 'The priced changes were declined', viewer.id);
    return mailTo(tx, 'userDeclinedChanges', a.project.proId, a.project);
  };

function answerStep(answer: ChangeAnswer, change: ChangeRow | undefined): AnswerStep {
  if (answer.kind === 'quote') return quoteChanges(answer.priceCents);
  if (answer.kind === 'reject') return rejectChanges;
  const outcome =
    answer.kind === 'approve' ? resolveChangeAnswer(change!.changes.length, answer.approvals) : 'refused';
  if (outcome === 'approved') return approveChanges;
  return refuseChanges(answer.kind === 'approve' ? 'approve-changes' : 'decline-changes');
}

export interface ChangeRequestsNeeds {
  detail: (viewer: UserRow, projectId: string) => Promise<ProjectDetail>;
}

export function changeRequestsService(deps: ProjectsDeps, { detail }: ChangeRequestsNeeds) {
  const { db } = deps;

  return {
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
        await touchProject(tx, projectId);
        return {
          change: change!,
          mails: await mailTo(tx, 'userRequestedChanges', a.project.proId, a.project, { changes }),
        };
      });
      await sendMails(deps.jobs, mails);
      return { changeRequest: changeReply(change), project: await detail(viewer, projectId) };
    },

    /** What the customer pays for approved changes (refused unless they wait for their payment). */
    async changesPaymentSubject(viewer: UserRow, changeId: string) {
      if (!isUuid(changeId)) throw notFound('Change request');
      const [found] = await db.select().from(changeRequests).where(eq(changeRequests.id, changeId));
      if (!found) throw notFound('Change request');
      const a = await access(db, viewer, found.projectId);
      if (a.openChange?.id !== changeId && a.actor === 'owner') {
        throw new AppError('wrong_status', 'These changes are not waiting for a payment.', 409);
      }
      check(a, 'pay-changes');
      return subjectOf(a, found.priceCents ?? 0);
    },

    /** Staff record the approved changes as paid outside the gateway. */
    async markChangesPaid(staff: UserRow, changeId: string) {
      if (!isUuid(changeId)) throw notFound('Change request');
      const [found] = await db.select().from(changeRequests).where(eq(changeRequests.id, changeId));
      if (!found) throw notFound('Change request');
      const mails = await db.transaction(async (tx) => {
        const a = await access(tx, staff, found.projectId, { lock: true });
        if (a.openChange?.id !== changeId) {
          throw new AppError('wrong_status', 'These changes are not waiting for a payment.', 409);
        }
        check(a, 'changes-paid');
        const moved = await changesPaid(tx, changeId, staff.id, { staff });
        // recorded as paid with its audit row, or not at all (decision 038)
        await recordStaffAction(tx);
        return moved;
      });
      await sendMails(deps.jobs, mails ?? []);
      const [change] = await db.select().from(changeRequests).where(eq(changeRequests.id, changeId));
      return { changeRequest: changeReply(change!), project: await detail(staff, found.projectId) };
    },

    /** The pro answers a change request (quote with a price, or reject), or the customer answers the priced changes. */
    async answerChanges(viewer: UserRow, changeId: string, answer: ChangeAnswer) {
      if (!isUuid(changeId)) throw notFound('Change request');
      const [found] = await db.select().from(changeRequests).where(eq(changeRequests.id, changeId));
      if (!found) throw notFound('Change request');
      const mails = await db.transaction(async (tx) => {
        const a = await access(tx, viewer, found.projectId, { lock: true });
        // a refused pro learns nothing of the project's changes
        if (isClosedTo(a)) throw notFound('Change request');
        const [change] = await tx.select().from(changeRequests).where(eq(changeRequests.id, changeId));
        if (!change || !isOpenChangeRequest(change.status) || a.openChange?.id !== change.id) {
          if (a.actor === 'owner' || a.actor === 'adopted-pro') {
            throw new AppError('wrong_status', 'This change request is already answered.', 409);
          }
        }
        return answerStep(answer, change)(tx, a, viewer, changeId, change);
      });
      await sendMails(deps.jobs, mails);
      const [change] = await db.select().from(changeRequests).where(eq(changeRequests.id, changeId));
      return { changeRequest: changeReply(change!), project: await detail(viewer, found.projectId) };
    },
  };
}
