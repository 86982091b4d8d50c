import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../platform/jobs';
import type { PaymentsService } from './payments.service';
import { PAYOUT_JOB, RECONCILE_JOB, SETTLE_PENDING_JOB } from './payments.shared';

/**
 * The payout run (every minute), the reconciliation (every 15 minutes), and the pending payments settled
 * with the gateway as soon as the database comes back from an outage: a charge whose webhook failed while
 * it was away (the sandbox's delivery job left active, Stripe's next try minutes later) is booked within
 * seconds of its return. Every node that saw the outage sends the job; the queue keeps one waiting.
 */
export async function registerPaymentsJobs(deps: {
  jobs: Jobs;
  payments: PaymentsService;
  repair: boolean;
  log: FastifyBaseLogger;
}) {
  await deps.jobs.schedule(PAYOUT_JOB, '* * * * *', async () => {
    await deps.payments.runPayouts();
  });
  await deps.jobs.schedule(RECONCILE_JOB, '*/15 * * * *', async () => {
    await deps.payments.reconcile({ repair: deps.repair });
  });
  await deps.jobs.register(
    SETTLE_PENDING_JOB,
    async () => {
      await deps.payments.settlePending();
    },
    { batchSize: 1, onePending: true },
  );
  deps.jobs.onDatabaseBack(() => {
    deps.jobs
      .send(SETTLE_PENDING_JOB, {}, { retryLimit: 10, retryDelay: 2, retryBackoff: true })
      .catch((err: unknown) => deps.log.error({ err }, 'payments: settling pending payments not sent'));
  });
}
