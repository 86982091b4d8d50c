import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { leadTimeChanges, projects } from './projects.tables';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/accounts.reads';
import type { ProjectNews } from '../../platform/project-news';
import { access, check, isClosedTo, type Access } from './projects.access';
import { leadTimeChangeReply } from './projects.mappers';
import type { ProjectDetail } from './projects.queries';
import {
  addEvent,
  mailTo,
  mailToProductionTeam,
  sendMails,
  touchProject,
  type ProjectsDeps,
} from './projects.shared';
import { dueDate } from './deadlines';

/**
 * Lead time changes (spec §7 `PUT project/project-lead-time/{id}`): the chosen pro asks for a new lead
 * time with a reason while the work is in progress; the customer agrees (the project adopts the days and
 * so a new due date) or declines. One open request a project; both sides hear of each step live.
 */

export interface LeadTimeRequest {
  leadTimeDays: number;
  reason: string;
}

export interface LeadTimeNeeds {
  detail: (viewer: UserRow, projectId: string) => Promise<ProjectDetail>;
  news?: ProjectNews;
}

const days = (n: number) => `${n} day(s)`;

/** Loads the project under its lock for a lead time step; a refused pro learns nothing of it (404). */
async function lockedAccess(tx: Tx, viewer: UserRow, projectId: string) {
  const a = await access(tx, viewer, projectId, { lock: true });
  if (isClosedTo(a)) throw notFound('Project');
  return a;
}

function checkRequest(a: Access, input: LeadTimeRequest) {
  if (a.openLeadTimeChange && a.actor === 'adopted-pro') {
    throw new AppError('lead_time_change_open', 'A lead time change is already waiting for an answer.', 409);
  }
  check(a, 'request-lead-time');
  if (input.leadTimeDays === a.project.leadTimeDays) {
    throw new AppError('lead_time_unchanged', `The lead time is already ${days(input.leadTimeDays)}.`, 400);
  }
}

export function leadTimeService(deps: ProjectsDeps, { detail, news }: LeadTimeNeeds) {
  const { db } = deps;
  /** After the commit: the customer, the chosen pro and the production team fetch the project again. */
  const tell = (a: Access) => {
    const users = [a.project.customerId, ...(a.project.proId ? [a.project.proId] : [])];
    news?.send({ users, staff: true }, { projectId: a.project.id, kind: 'lead-time', offerId: null });
  };

  return {
    /** The chosen pro asks to change the lead time. */
    async requestLeadTime(viewer: UserRow, projectId: string, input: LeadTimeRequest) {
      const { a, change, mails } = await db.transaction(async (tx) => {
        const a = await lockedAccess(tx, viewer, projectId);
        checkRequest(a, input);
        const previousDays = a.project.leadTimeDays ?? 0;
        const [change] = await tx
          .insert(leadTimeChanges)
          .values({
            projectId,
            requestedBy: viewer.id,
            previousDays,
            leadTimeDays: input.leadTimeDays,
            reason: input.reason,
          })
          .returning();
        await addEvent(
          tx,
          projectId,
          'lead-time',
          `A new lead time of ${days(input.leadTimeDays)} (was ${days(previousDays)}) was asked: ${input.reason}`,
          viewer.id,
        );
        await touchProject(tx, projectId);
        const data = { previousDays, leadTimeDays: input.leadTimeDays, reason: input.reason };
        return {
          a,
          change: change!,
          mails: [
            ...(await mailTo(tx, 'leadTimeRequested', a.project.customerId, a.project, data)),
            ...(await mailToProductionTeam(tx, 'leadTimeRequested', a.project, data)),
          ],
        };
      });
      await sendMails(deps.jobs, mails);
      tell(a);
      return { leadTimeChange: leadTimeChangeReply(change), project: await detail(viewer, projectId) };
    },

    /** The customer agrees to the asked lead time (a new due date) or declines it (nothing else changes). */
    async answerLeadTime(viewer: UserRow, projectId: string, accepted: boolean) {
      const { a, change, mails } = await db.transaction(async (tx) => {
        const a = await lockedAccess(tx, viewer, projectId);
        check(a, 'answer-lead-time');
        const open = a.openLeadTimeChange!;
        const now = new Date();
        const [change] = await tx
          .update(leadTimeChanges)
          .set({ status: accepted ? 'accepted' : 'declined', answeredAt: now })
          .where(and(eq(leadTimeChanges.id, open.id), eq(leadTimeChanges.status, 'requested')))
          .returning();
        const dueAt = accepted ? dueDate(a.project.paidAt, open.leadTimeDays) : a.project.dueAt;
        if (accepted) {
          await tx
            .update(projects)
            .set({ leadTimeDays: open.leadTimeDays, dueAt, updatedAt: now })
            .where(eq(projects.id, projectId));
        } else {
          await touchProject(tx, projectId);
        }
        await addEvent(
          tx,
          projectId,
          'lead-time',
          accepted
            ? `The new lead time of ${days(open.leadTimeDays)} was agreed`
            : `The new lead time of ${days(open.leadTimeDays)} was declined; it stays ${days(open.previousDays)}`,
          viewer.id,
        );
        const data = {
          accepted,
          previousDays: open.previousDays,
          leadTimeDays: open.leadTimeDays,
          dueAt: dueAt?.toISOString() ?? null,
        };
        return {
          a,
          change: change!,
          mails: [
            ...(await mailTo(tx, 'leadTimeAnswered', a.project.proId, a.project, data)),
            ...(await mailToProductionTeam(tx, 'leadTimeAnswered', a.project, data)),
          ],
        };
      });
      await sendMails(deps.jobs, mails);
      tell(a);
      return { leadTimeChange: leadTimeChangeReply(change), project: await detail(viewer, projectId) };
    },
  };
}
