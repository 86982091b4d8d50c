import type { BuiltApp } from '../../app';
import { catalogRoutes } from './catalog.routes';

/**
 * Seeds the catalog and serves its routes on a test app. Once app.ts registers them and seeds the
 * catalog itself this only re-runs the (idempotent) seed. Call it before the first request.
 */
export async function withCatalog(t: BuiltApp) {
  await t.ctx.catalog.seed();
  if (!t.app.hasRoute({ method: 'GET', url: '/api/catalog' })) await t.app.register(catalogRoutes);
}
