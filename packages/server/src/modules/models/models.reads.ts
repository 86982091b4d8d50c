import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { models } from './models.tables';

/** What other modules may read of models (decision 019); a leaf file, like every `*.reads.ts`. */

export interface ModelSummary {
  id: string;
  ownerId: string;
  fileName: string;
  storageKey: string;
  thumbnailFileId: string | null;
}

/** Models by id (file name, storage key, thumbnail), in a map by id. */
export async function modelSummaries(db: Db | Tx, ids: readonly (string | null)[]) {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (unique.length === 0) return new Map<string, ModelSummary>();
  const rows = await db
    .select({
      id: models.id,
      ownerId: models.ownerId,
      fileName: models.fileName,
      storageKey: models.storageKey,
      thumbnailFileId: models.thumbnailFileId,
    })
    .from(models)
    .where(inArray(models.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of these models belong to this owner. */
export async function modelIdsOwnedBy(db: Db | Tx, ownerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: models.id })
    .from(models)
    .where(and(inArray(models.id, ids), eq(models.ownerId, ownerId)));
  return rows.map((r) => r.id);
}

/** The owner's newest ready copy of a library design, if any (a cart line of the design prices it). */
export async function readyCopyOfDesign(db: Db | Tx, ownerId: string, libraryProductId: string) {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(
      and(
        eq(models.ownerId, ownerId),
        eq(models.libraryProductId, libraryProductId),
        eq(models.status, 'ready'),
      ),
    )
    .orderBy(desc(models.createdAt))
    .limit(1);
  return row?.id ?? null;
}
