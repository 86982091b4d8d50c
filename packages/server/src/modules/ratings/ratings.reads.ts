import { and, avg, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ratings } from './ratings.tables';

/** What other modules may read of ratings (decision 019); a leaf file, like every `*.reads.ts`. */

export type RatingRow = typeof ratings.$inferSelect;

/** The rating of a project, if the customer gave one. */
export async function ratingOfProject(db: Db | Tx, projectId: string): Promise<RatingRow | undefined> {
  return (await db.select().from(ratings).where(eq(ratings.projectId, projectId)))[0];
}

/** Average stars and how many ratings, per pro (pros without a rating are left out). */
export async function ratingAverages(db: Db, proIds: string[]) {
  if (proIds.length === 0) return [];
  const rows = await db
    .select({ proId: ratings.proId, average: avg(ratings.stars), n: count() })
    .from(ratings)
    .where(inArray(ratings.proId, proIds))
    .groupBy(ratings.proId);
  return rows.map((r) => ({
    proId: r.proId,
    average: r.average === null ? null : Number(r.average),
    count: r.n,
  }));
}

/** A pro's latest ratings, newest first. */
export function ratingsOfPro(db: Db, proId: string, limit: number) {
  return db
    .select()
    .from(ratings)
    .where(eq(ratings.proId, proId))
    .orderBy(desc(ratings.createdAt))
    .limit(limit);
}

/** Stars given per UTC month since `from` (sum and count), and the totals before it, of one pro or of all. */
export async function ratingsByMonth(db: Db, proId: string | null, from: Date) {
  const month = sql<string>`to_char(${ratings.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const byPro = proId ? eq(ratings.proId, proId) : undefined;
  const months = await db
    .select({ month, stars: sql<number>`sum(${ratings.stars})::int`, count: sql<number>`count(*)::int` })
    .from(ratings)
    .where(and(gte(ratings.createdAt, from), byPro))
    .groupBy(month);
  const [before] = await db
    .select({
      stars: sql<number>`coalesce(sum(${ratings.stars}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(ratings)
    .where(and(lt(ratings.createdAt, from), byPro));
  return { months, before: before ?? { stars: 0, count: 0 } };
}
