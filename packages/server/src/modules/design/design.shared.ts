import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { CatalogService } from '../catalog/catalog.service';
import type { FilesService } from '../../platform/files/files.service';
import type { AiPort } from '../../platform/ai/ai';
import type { ProjectsService } from '../projects/projects.service';
import type { Storage } from '../../platform/storage';
import { designDrafts } from './design.tables';
import type { DesignCredits } from './design.credits';

export interface DesignDeps {
  db: Db;
  storage: Storage;
  files: FilesService;
  catalog: CatalogService;
  projects: ProjectsService;
  ai: AiPort;
  /** Generations are paid in credits (the billing module's). */
  credits: DesignCredits;
}

export type DraftRow = typeof designDrafts.$inferSelect;

/** The address of a design image (inspiration or concept); only its owner gets it. */
export const designImageUrl = (fileId: string) => `/api/design/images/${fileId}`;

/** The customer's open draft (locked for update inside a transaction when asked). */
export async function openDraft(
  tx: Db | Tx,
  customerId: string,
  lock = false,
): Promise<DraftRow | undefined> {
  const query = tx
    .select()
    .from(designDrafts)
    .where(and(eq(designDrafts.customerId, customerId), isNull(designDrafts.closedAt)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The open draft, made empty when there is none (two concurrent calls make one: the unique index). */
export async function openOrNewDraft(tx: Db | Tx, customerId: string): Promise<DraftRow> {
  const found = await openDraft(tx, customerId, true);
  if (found) return found;
  await tx.insert(designDrafts).values({ customerId }).onConflictDoNothing();
  return (await openDraft(tx, customerId, true))!;
}

/** The enabled materials of the catalog, by id. */
export async function materialsById(catalog: CatalogService) {
  const view = await catalog.getCatalog();
  return new Map(view.materials.map((m) => [m.id, m]));
}
