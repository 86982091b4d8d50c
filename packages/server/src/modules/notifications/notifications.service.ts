import type { Jobs } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail/mail';
import { renderMail } from './templates';

export interface MailJob {
  event: string;
  to: string;
  data: Record<string, unknown>;
}

/** Mail goes through a job so a slow or failing mail server never fails the request that caused it. */
export async function registerMailJob(deps: { jobs: Jobs; mailer: Mailer; publicUrl: string }) {
  await deps.jobs.register<MailJob>('mail', async (job) => {
    const rendered = renderMail(job.event, job.data, { publicUrl: deps.publicUrl });
    await deps.mailer.send({ event: job.event, to: job.to, data: job.data, ...rendered });
  });
}
