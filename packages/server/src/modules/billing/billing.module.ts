import { defineModule } from '../../platform/modules';
import { creditsOf } from './billing.reads';
import { billingService, type BillingService } from './billing.service';

declare module '../../platform/modules' {
  interface Modules {
    billing: { billing: BillingService };
  }
}

/** Plans and credit packs, paid through the payments port; their confirmation applies them. */
export default defineModule({
  name: 'billing',
  dependsOn: ['accounts', 'payments', 'catalog'],
  provides: ['billing'],
  build({ db, jobs, accounts, payments }) {
    // a customer's `/api/me` shows their credits
    accounts.addToMe('credits', creditsOf);
    return { billing: billingService({ db, jobs, accounts, payments }) };
  },
  routes: async () => [(await import('./billing.routes')).billingRoutes],
  async jobs({ jobs, billing }) {
    const { registerBillingJobs } = await import('./billing.jobs');
    await registerBillingJobs({ jobs, billing });
  },
});
