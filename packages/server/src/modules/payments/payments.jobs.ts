import type { Jobs } from '../../platform/jobs';
import type { PaymentsService } from './payments.service';
import { PAYOUT_JOB, RECONCILE_JOB } from './payments.shared';

/** The payout run (every minute) and the reconciliation (every 15 minutes). */
export async function registerPaymentsJobs(deps: { jobs: Jobs; payments: PaymentsService; repair: boolean }) {
  await deps.jobs.schedule(PAYOUT_JOB, '* * * * *', async () => {
    await deps.payments.runPayouts();
  });
  await deps.jobs.schedule(RECONCILE_JOB, '*/15 * * * *', async () => {
    await deps.payments.reconcile({ repair: deps.repair });
  });
}
