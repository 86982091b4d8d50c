import { defineModule } from '../../platform/modules';
import { EXPIRE_UNPAID_JOB, ordersService, type OrdersService } from './orders.service';

declare module '../../platform/modules' {
  interface Modules {
    orders: { orders: OrdersService };
  }
}

/** Orders: what a checkout bought, its production stages and shipments. */
export default defineModule({
  name: 'orders',
  dependsOn: ['payments', 'accounts'],
  provides: ['orders'],
  build: ({ db, jobs, payments }) => ({ orders: ordersService({ db, jobs, payments }) }),
  routes: async () => [(await import('./orders.routes')).ordersRoutes],
  async jobs({ jobs, orders }) {
    await jobs.schedule(EXPIRE_UNPAID_JOB, '17 * * * *', async () => {
      await orders.expireUnpaid();
    });
  },
});
