import { defineModule } from '../../platform/modules';
import { dashboardService, type DashboardService } from './dashboard.service';

declare module '../../platform/modules' {
  interface Modules {
    dashboard: { dashboard: DashboardService };
  }
}

/** The dashboard: each person's figures, charts and news. */
export default defineModule({
  name: 'dashboard',
  dependsOn: ['orders', 'designers', 'accounts', 'payments', 'projects', 'ratings'],
  provides: ['dashboard'],
  build: ({ db, orders, designers, config }) => ({
    dashboard: dashboardService({ db, orders, designers, currency: config.payments.currency }),
  }),
  routes: async () => [(await import('./dashboard.routes')).dashboardRoutes],
});
