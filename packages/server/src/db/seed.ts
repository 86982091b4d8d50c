import type { AppContext } from '../platform/modules';

/** Data every installation needs (onboarding questions; later the catalog and workflow). Idempotent. */
export async function seedReference(
  ctx: Pick<AppContext, 'onboarding' | 'catalog' | 'projects' | 'library' | 'billing'>,
) {
  await ctx.onboarding.seed();
  await ctx.billing.seed();
  await ctx.catalog.seed();
  await ctx.projects.seedStatuses();
  await ctx.projects.backfillDueDates();
  await ctx.library.seed();
}
