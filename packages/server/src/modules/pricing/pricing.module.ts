import { defineModule } from '../../platform/modules';
import { pricingService, type PricingService } from './pricing.service';

declare module '../../platform/modules' {
  interface Modules {
    pricing: { pricing: PricingService };
  }
}

/** Pricing: a model's itemised price in a chosen configuration, from the catalog. */
export default defineModule({
  name: 'pricing',
  dependsOn: ['catalog', 'accounts', 'models'],
  provides: ['pricing'],
  build: ({ db, catalog }) => ({ pricing: pricingService({ db, catalog }) }),
  routes: async () => [(await import('./pricing.routes')).pricingRoutes],
});
