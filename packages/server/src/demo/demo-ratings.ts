import type { Db, Tx } from '../db/client';
import { ratings } from '../modules/ratings/ratings.tables';

/** Demo ratings of completed demo projects, as their customers gave them (one a project; idempotent). */
export async function seedDemoRatings(
  db: Db | Tx,
  rows: { projectId: string; proId: string; customerId: string; stars: number; review: string; at: Date }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(ratings)
    .values(rows.map(({ at, ...r }) => ({ ...r, createdAt: at })))
    .onConflictDoNothing({ target: ratings.projectId });
}
