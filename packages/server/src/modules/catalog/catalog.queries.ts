import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  assemblyOptions,
  assemblySubItems,
  catalogChanges,
  itemTypes,
  laserEngravingOptions,
  laserFonts,
  materials,
  platings,
  polishes,
  productCategories,
  quantityBreaks,
} from './catalog.tables';

export type MaterialRow = typeof materials.$inferSelect;
export type PolishRow = typeof polishes.$inferSelect;
export type PlatingRow = typeof platings.$inferSelect;
export type CatalogEntity = (typeof catalogChanges.$inferInsert)['entity'];

const tables = { material: materials, polish: polishes, plating: platings } as const;

export function catalogQueries(db: Db) {
  return {
    /** Every table of the catalog in display order, read in one transaction so they agree. */
    loadAll: () =>
      db.transaction(async (tx) => ({
        materials: await tx.select().from(materials).orderBy(asc(materials.sort), asc(materials.id)),
        polishes: await tx.select().from(polishes).orderBy(asc(polishes.sort), asc(polishes.id)),
        platings: await tx.select().from(platings).orderBy(asc(platings.sort), asc(platings.id)),
        assemblyOptions: await tx
          .select()
          .from(assemblyOptions)
          .orderBy(asc(assemblyOptions.sort), asc(assemblyOptions.id)),
        assemblySubItems: await tx
          .select()
          .from(assemblySubItems)
          .orderBy(asc(assemblySubItems.sort), asc(assemblySubItems.id)),
        laserEngravingOptions: await tx
          .select()
          .from(laserEngravingOptions)
          .orderBy(asc(laserEngravingOptions.sort), asc(laserEngravingOptions.id)),
        laserFonts: await tx.select().from(laserFonts).orderBy(asc(laserFonts.sort), asc(laserFonts.id)),
        productCategories: await tx
          .select()
          .from(productCategories)
          .orderBy(asc(productCategories.sort), asc(productCategories.id)),
        itemTypes: await tx.select().from(itemTypes).orderBy(asc(itemTypes.sort), asc(itemTypes.id)),
        quantityBreaks: await tx.select().from(quantityBreaks).orderBy(asc(quantityBreaks.minQuantity)),
      })),

    /** The row, locked until the transaction ends, so two edits of one entry apply one after the other. */
    async lockEntry(
      tx: Tx,
      entity: CatalogEntity,
      id: number,
    ): Promise<MaterialRow | PolishRow | PlatingRow | undefined> {
      const table = tables[entity];
      const rows = await tx.select().from(table).where(eq(table.id, id)).for('update');
      return rows[0];
    },

    async updateEntry(tx: Tx, entity: CatalogEntity, id: number, patch: Record<string, unknown>) {
      const table = tables[entity];
      await tx
        .update(table)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(table.id, id));
    },

    recordChange: (tx: Tx, change: typeof catalogChanges.$inferInsert) =>
      tx.insert(catalogChanges).values(change),

    changesOf: (entity: CatalogEntity, id: number) =>
      db
        .select()
        .from(catalogChanges)
        .where(sql`${catalogChanges.entity} = ${entity} and ${catalogChanges.entityId} = ${id}`)
        .orderBy(asc(catalogChanges.createdAt)),
  };
}

export type CatalogQueries = ReturnType<typeof catalogQueries>;
