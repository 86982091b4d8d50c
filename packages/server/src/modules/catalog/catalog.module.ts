import { createMetalFeed } from '../../platform/metal-feed/metal-feed';
import { defineModule } from '../../platform/modules';
import { catalogService, type CatalogService } from './catalog.service';
import {
  METAL_PRICES_CRON,
  METAL_PRICES_JOB,
  metalPricesService,
  type MetalPricesService,
} from './metal-prices.service';

declare module '../../platform/modules' {
  interface Modules {
    catalog: {
      catalog: CatalogService;
      /** Spot prices of the precious metals: staff-entered, or read from the feed when one is configured. */
      metalPrices: MetalPricesService;
    };
  }
}

/** The catalog: materials, finishes, plating, stones, sizes and the metal prices under them. */
export default defineModule({
  name: 'catalog',
  dependsOn: ['accounts'],
  provides: ['catalog', 'metalPrices'],
  build({ config, db, bus, log }) {
    // kept catalogs (pricing) are dropped on every node when staff change it
    const catalog = catalogService(db, { bus });
    const metalPrices = metalPricesService({
      db,
      feed: createMetalFeed(config.metalFeed),
      log,
      changed: catalog.changed,
    });
    return { catalog, metalPrices };
  },
  routes: async () => [
    (await import('./catalog.routes')).catalogRoutes,
    (await import('./catalog-staff.routes')).catalogStaffRoutes,
  ],
  async jobs({ jobs, metalPrices }) {
    // the metal price feed, when configured (a failed read keeps the last known prices; health says so)
    await jobs.schedule(METAL_PRICES_JOB, METAL_PRICES_CRON, async () => {
      await metalPrices.refreshFromFeed();
    });
  },
});
