/** Production timing: lateness texts (spec §4, word for word) and weekday delivery dates, all in UTC. */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * 'On Track', 'N day(s) Late', 'N day(s) early' (hours when under a day).
 * Before delivery, lateness counts from now; after it, from the delivery time.
 */
export function latenessText(input: { promisedAt: Date; deliveredAt?: Date | null; now?: Date }): string {
  const reference = input.deliveredAt ?? input.now ?? new Date();
  const diff = reference.getTime() - input.promisedAt.getTime();
  if (!input.deliveredAt && diff <= 0) return 'On Track';
  const abs = Math.abs(diff);
  if (abs < HOUR_MS) return 'On Track';
  const amount = abs < DAY_MS ? `${Math.floor(abs / HOUR_MS)} hour(s)` : `${Math.floor(abs / DAY_MS)} day(s)`;
  return diff > 0 ? `${amount} Late` : `${amount} early`;
}

const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** The date `days` weekdays after `start` (Saturdays and Sundays are not counted). */
export function addWeekdays(start: Date, days: number): Date {
  const d = new Date(start.getTime());
  let left = Math.max(0, Math.floor(days));
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (!isWeekend(d)) left -= 1;
  }
  return d;
}

/** Weekdays strictly after `from` up to and including `to` (0 when `to` is not later). */
export function weekdaysBetween(from: Date, to: Date): number {
  let count = 0;
  const d = new Date(from.getTime());
  while (d.getTime() < to.getTime()) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getTime() > to.getTime() + DAY_MS - 1) break;
    if (!isWeekend(d)) count += 1;
  }
  return count;
}

/** What a project's deadline needs to know: when it was paid, its lead time and how far the work got. */
export interface DeadlineInput {
  paidAt: Date | null;
  leadTimeDays: number | null;
  /** The pro's files are delivered (and not sent back for changes). */
  filesDelivered: boolean;
  completed: boolean;
  deliveredAt: Date | null;
  completedAt: Date | null;
  /** Cancelled before delivery: nothing is due any more. */
  cancelled?: boolean;
}

/**
 * A paid project's due date (`leadTimeDays` weekdays after the payment, UTC) and its lateness text:
 * measured from now while the work is open, from the delivery once delivered or completed.
 * Both null before the payment (or without a lead time), and once the project is cancelled.
 */
export function projectDeadline(
  p: DeadlineInput,
  now: Date = new Date(),
): { dueAt: Date | null; lateness: string | null } {
  if (!p.paidAt || p.leadTimeDays === null || p.cancelled) return { dueAt: null, lateness: null };
  const dueAt = addWeekdays(p.paidAt, p.leadTimeDays);
  const done = p.filesDelivered || p.completed;
  const deliveredAt = done ? (p.deliveredAt ?? p.completedAt ?? now) : null;
  return { dueAt, lateness: latenessText({ promisedAt: dueAt, deliveredAt, now }) };
}

/** Whether an open project is past its due date by at least an hour (what 'Late' means in the text). */
export function isOverdue(p: DeadlineInput, now: Date = new Date()): boolean {
  const { lateness } = projectDeadline(p, now);
  return !p.filesDelivered && !p.completed && lateness !== null && lateness.endsWith('Late');
}
