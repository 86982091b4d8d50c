import type { Jobs } from '../../platform/jobs';
import type { BillingService } from './billing.service';
import { MONTHLY_CREDITS_JOB, RENEWAL_JOB } from './memberships.service';

/** Renewals (hourly: due periods, retries in the grace) and Standard's monthly credit resets (daily). */
export async function registerBillingJobs(deps: { jobs: Jobs; billing: BillingService }) {
  await deps.jobs.schedule(RENEWAL_JOB, '23 * * * *', async () => {
    await deps.billing.memberships.renewDue();
  });
  await deps.jobs.schedule(MONTHLY_CREDITS_JOB, '7 0 * * *', async () => {
    await deps.billing.credits.resetDue();
  });
}
