import { asc, eq, inArray } from 'drizzle-orm';
import { checkLibraryOrder, libraryAccess, libraryTexts, type Membership } from '@facet/domain/catalog';
import type { Db } from '../../db/client';
import { libraryProducts } from './library.tables';
import { planTier } from '../billing/billing.reads';
import { AppError, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { ModelsService } from '../models/models.service';
import type { LibraryProductView } from './library.schemas';
import { seedLibrary } from './library.seed';

type LibraryRow = typeof libraryProducts.$inferSelect;
type Viewer = { id: string; membership: string };

function toView(row: LibraryRow, membership: Membership): LibraryProductView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    itemType: row.itemType,
    description: row.description,
    membership: row.membership,
    sizeMm: row.sizeMm,
    access: libraryAccess(row, membership),
  };
}

export const upgradeRequired = () => new AppError('membership_required', libraryTexts.upgrade, 403);

export function libraryService(deps: { db: Db; storage: Storage; models: ModelsService }) {
  const { db, storage, models } = deps;

  async function find(id: string): Promise<LibraryRow> {
    const [row] = await db.select().from(libraryProducts).where(eq(libraryProducts.id, id)).limit(1);
    if (!row) throw notFound('That design');
    return row;
  }

  return {
    /** The seeded designs and their files (idempotent). */
    seed: () => seedLibrary({ db, storage }),

    /** Every design with the viewer's access, in the library's order. */
    async list(viewer: Viewer) {
      const membership = await planTier(db, viewer.membership);
      const rows = await db
        .select()
        .from(libraryProducts)
        .orderBy(asc(libraryProducts.sort), asc(libraryProducts.name));
      return { membership, products: rows.map((row) => toView(row, membership)) };
    },

    /** A new model of the viewer from the design's file, analysed like an upload; refused below the design's membership. */
    async createModel(viewer: Viewer, id: string) {
      const row = await find(id);
      if (!libraryAccess(row, await planTier(db, viewer.membership)).allowed) throw upgradeRequired();
      const source = await storage.get(row.storageKey);
      if (!source) {
        throw new AppError(
          'design_unavailable',
          'This design is not available right now. Please try again later.',
          503,
        );
      }
      return models.createFrom(viewer, { fileName: row.fileName, source, libraryProductId: row.id });
    },

    /** Design names by id (a cart line or an order titles a design's piece by its name). */
    async names(ids: readonly string[]): Promise<Map<string, string>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ id: libraryProducts.id, name: libraryProducts.name })
        .from(libraryProducts)
        .where(inArray(libraryProducts.id, unique));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Pricing a model copied from a design: the membership must still match and the quantity reach its minimum. */
    async checkOrder(viewer: Viewer, libraryProductId: string, quantity: number) {
      const [row] = await db
        .select()
        .from(libraryProducts)
        .where(eq(libraryProducts.id, libraryProductId))
        .limit(1);
      // a design taken out of the library leaves its copies as ordinary models
      if (!row) return;
      const check = checkLibraryOrder(row, await planTier(db, viewer.membership), quantity);
      if (check.ok) return;
      if (check.reason === 'upgrade') throw upgradeRequired();
      throw new AppError('below_minimum_pieces', check.message, 422, { quantity: check.message });
    },
  };
}

export type LibraryService = ReturnType<typeof libraryService>;
