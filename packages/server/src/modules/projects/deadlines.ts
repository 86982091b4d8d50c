import { addWeekdays, projectDeadline } from '@facet/domain/format';
import { isCancelled } from '@facet/domain/workflow';
import type { ProjectRow } from './projects.access';

/** A project's due date and lateness (spec §4): the payment starts the clock, weekdays only, UTC. */

/** What the project row gets when it is paid now: the payment time and the due date it sets. */
export function paidNow(project: Pick<ProjectRow, 'leadTimeDays'>, now = new Date()) {
  return { paidAt: now, dueAt: dueDate(now, project.leadTimeDays) };
}

/** `leadTimeDays` weekdays after the payment; null before the payment or without a lead time. */
export function dueDate(paidAt: Date | null, leadTimeDays: number | null): Date | null {
  return paidAt && leadTimeDays !== null ? addWeekdays(paidAt, leadTimeDays) : null;
}

/**
 * The reply fields: `dueAt` (ISO or null) and `lateness` (the spec's text, or null before the payment and
 * once cancelled).
 */
export function deadlineReply(row: ProjectRow, now = new Date()) {
  const { dueAt, lateness } = projectDeadline({ ...row, cancelled: isCancelled(row.statusId) }, now);
  return { dueAt: dueAt?.toISOString() ?? null, lateness };
}
