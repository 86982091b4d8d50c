import type { Tx } from '../../db/client';
import type { MailJob } from '../../platform/mail/mail-job';
import type { Access, ProjectRow } from './projects.access';

/** What the payments module needs to know of a project it takes a payment for (it never reads our tables). */
export interface PaymentSubject {
  projectId: string;
  title: string;
  service: boolean;
  customerId: string;
  proId: string | null;
  amountCents: number;
}

export const subjectOf = (a: Access, amountCents: number): PaymentSubject => ({
  projectId: a.project.id,
  title: a.project.title,
  service: a.project.service,
  customerId: a.project.customerId,
  proId: a.project.proId,
  amountCents,
});

/**
 * Called inside the transaction that completes a project (approval or inactivity), so that what
 * depends on completion (releasing the escrowed payments) commits with it. Returns mails to send after.
 */
export type CompletedHook = (tx: Tx, project: ProjectRow) => Promise<MailJob[]>;
