import { MAIL_EVENT_NAMES, type MailEvent, type MailEventMap } from '@facet/domain/notifications';
import type { Jobs } from '../jobs';

/**
 * Mail goes out through the `mail` job (decision 036). A job names its event by the wire name (what the
 * outbox, the notification and the preference keep), so renaming an event in code never strands a job
 * already queued; it is made from the code name and that event's data, which the type check holds to
 * MailEventMap.
 */
export type MailJob = {
  [E in MailEvent]: { event: (typeof MAIL_EVENT_NAMES)[E]; to: string; data: MailEventMap[E] };
}[MailEvent];

/** A mail job as the queue hands it back: JSON a build of any version put there, checked on delivery. */
export interface QueuedMail {
  event: string;
  to: string;
  data: Record<string, unknown>;
}

/** One mail of `event` to `to`, with the data its template needs. */
export function mailJob<E extends MailEvent>(event: E, to: string, data: MailEventMap[E]): MailJob {
  return { event: MAIL_EVENT_NAMES[event], to, data } as MailJob;
}

/** Queues the mails (each delivered, and made a notification, by the mail job). */
export async function sendMails(jobs: Jobs, mails: readonly MailJob[]) {
  for (const mail of mails) await jobs.send('mail', mail);
}
