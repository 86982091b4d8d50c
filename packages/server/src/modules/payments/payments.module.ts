import { defineModule } from '../../platform/modules';
import { paymentsService, type PaymentsService } from './payments.service';
import { projectPayments, type ProjectPayments } from './project-payments';

declare module '../../platform/modules' {
  interface Modules {
    payments: {
      payments: PaymentsService;
      /** A project's payments move it on; its completion releases their escrow. */
      projectPayments: ProjectPayments;
    };
  }
}

/** Payments: the ledger, escrow, payouts, refunds and the gateway's events, over the payments port. */
export default defineModule({
  name: 'payments',
  dependsOn: ['projects', 'accounts', 'catalog'],
  provides: ['payments', 'projectPayments'],
  build({ db, jobs, gateway, config, log, metrics, projects }) {
    const payments = paymentsService({
      db,
      jobs,
      gateway,
      publicUrl: config.publicUrl,
      currency: config.payments.currency,
      log,
      metrics: metrics.payments,
    });
    return { payments, projectPayments: projectPayments({ db, jobs, payments, projects }) };
  },
  routes: async () => [
    (await import('./payments.routes')).paymentsRoutes,
    (await import('./webhooks.routes')).webhooksRoutes,
  ],
  async jobs({ jobs, payments, gateway, log }) {
    const { registerPaymentsJobs } = await import('./payments.jobs');
    await registerPaymentsJobs({ jobs, payments, repair: gateway.name === 'sandbox', log });
  },
});
