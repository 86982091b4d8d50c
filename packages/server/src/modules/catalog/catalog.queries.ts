import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Metal } from '@facet/domain/pricing';
import type { Db, Tx } from '../../db/client';
import {
  assemblyOptions,
  assemblySubItems,
  catalogChanges,
  itemTypes,
  laserEngravingOptions,
  laserFonts,
  materials,
  metalSpotPrices,
  platings,
  polishes,
  productCategories,
  quantityBreaks,
} from './catalog.tables';

export type MaterialRow = typeof materials.$inferSelect;
export type PolishRow = typeof polishes.$inferSelect;
export type PlatingRow = typeof platings.$inferSelect;
/** Every kind of entry the history names (catalog tables, plus plans and the earned percentage). */
export type HistoryEntity = (typeof catalogChanges.$inferInsert)['entity'];
/** The kinds of entry kept in the catalog's own tables, each with an integer id. */
export type CatalogEntity = Exclude<HistoryEntity, 'membership_plan' | 'earned_percentage'>;
export type CatalogChangeInsert = typeof catalogChanges.$inferInsert;

export type SpotPriceRow = typeof metalSpotPrices.$inferSelect;

/** Each kind of catalog entry staff edit, its table and the column that identifies a row. */
const tables = {
  material: { table: materials, key: materials.id },
  polish: { table: polishes, key: polishes.id },
  plating: { table: platings, key: platings.id },
  assembly_option: { table: assemblyOptions, key: assemblyOptions.id },
  assembly_sub_item: { table: assemblySubItems, key: assemblySubItems.id },
  laser_option: { table: laserEngravingOptions, key: laserEngravingOptions.id },
  laser_font: { table: laserFonts, key: laserFonts.id },
  product_category: { table: productCategories, key: productCategories.id },
  item_type: { table: itemTypes, key: itemTypes.id },
  quantity_break: { table: quantityBreaks, key: quantityBreaks.minQuantity },
} as const;

/** Tables with an `updated_at` column. */
const stamped = new Set<CatalogEntity>(['material', 'polish', 'plating', 'assembly_option', 'laser_option']);

export type EntryRow = Record<string, unknown> & { name?: string; isDefault?: boolean };

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
    async lockEntry(tx: Tx, entity: CatalogEntity, id: number): Promise<EntryRow | undefined> {
      const { table, key } = tables[entity];
      const rows = (await tx.select().from(table).where(eq(key, id)).for('update')) as EntryRow[];
      return rows[0];
    },

    async updateEntry(tx: Tx, entity: CatalogEntity, id: number, patch: Record<string, unknown>) {
      const { table, key } = tables[entity];
      await tx
        .update(table)
        .set({ ...patch, ...(stamped.has(entity) ? { updatedAt: sql`now()` } : {}) } as never)
        .where(eq(key, id));
    },

    recordChange: (tx: Tx, change: CatalogChangeInsert) => tx.insert(catalogChanges).values(change),

    /** A new entry; ids are small integers fixed by the seed, so a new one is the next after the highest. */
    async insertEntry(tx: Tx, entity: CatalogEntity, values: Record<string, unknown>) {
      const { table, key } = tables[entity];
      // one creator at a time per table, so two creates never pick the same next id
      await tx.execute(sql`lock table ${table} in share row exclusive mode`);
      let id: number;
      if (entity === 'quantity_break') {
        id = Number(values.minQuantity);
      } else {
        // never an id the history names (a deleted entry's): its old changes stay its own
        const [row] = await tx.select({ max: sql<number>`coalesce(max(${key}), 0)` }).from(table);
        const [named] = await tx
          .select({ max: sql<number>`coalesce(max(${catalogChanges.entityId}), 0)` })
          .from(catalogChanges)
          .where(eq(catalogChanges.entity, entity));
        id = Math.max(Number(row?.max ?? 0), Number(named?.max ?? 0)) + 1;
      }
      await tx.insert(table).values({ ...values, ...(entity === 'quantity_break' ? {} : { id }) } as never);
      return id;
    },

    deleteEntry: (tx: Tx, entity: CatalogEntity, id: number) => {
      const { table, key } = tables[entity];
      return tx.delete(table).where(eq(key, id));
    },

    changesOf: (entity: HistoryEntity, id: number) =>
      db
        .select()
        .from(catalogChanges)
        .where(sql`${catalogChanges.entity} = ${entity} and ${catalogChanges.entityId} = ${id}`)
        .orderBy(asc(catalogChanges.createdAt)),

    /** The latest changes (of one kind, or one entry), newest first. */
    history: (filter: { entity?: HistoryEntity; entityId?: number; entityKey?: string; limit: number }) =>
      db
        .select()
        .from(catalogChanges)
        .where(
          and(
            filter.entity ? eq(catalogChanges.entity, filter.entity) : undefined,
            filter.entityId !== undefined ? eq(catalogChanges.entityId, filter.entityId) : undefined,
            filter.entityKey !== undefined ? eq(catalogChanges.entityKey, filter.entityKey) : undefined,
          ),
        )
        .orderBy(desc(catalogChanges.createdAt), desc(catalogChanges.id))
        .limit(filter.limit),

    /** Today's spot price of each metal that has one: its latest row. */
    latestSpotPrices: (): Promise<SpotPriceRow[]> =>
      db
        .selectDistinctOn([metalSpotPrices.metal])
        .from(metalSpotPrices)
        .orderBy(metalSpotPrices.metal, desc(metalSpotPrices.createdAt), desc(metalSpotPrices.id)),

    insertSpotPrice: async (row: typeof metalSpotPrices.$inferInsert) => {
      const [inserted] = await db.insert(metalSpotPrices).values(row).returning();
      if (!inserted) throw new Error('insert returned no spot price');
      return inserted;
    },

    /** One metal's prices since a time, oldest first. */
    spotHistory: (metal: Metal, since: Date) =>
      db
        .select()
        .from(metalSpotPrices)
        .where(and(eq(metalSpotPrices.metal, metal), gte(metalSpotPrices.createdAt, since)))
        .orderBy(asc(metalSpotPrices.createdAt), asc(metalSpotPrices.id)),
  };
}

export type CatalogQueries = ReturnType<typeof catalogQueries>;

/** Records one change in the catalog's history inside the caller's transaction. */
export const insertCatalogChange = (tx: Tx, change: CatalogChangeInsert) =>
  tx.insert(catalogChanges).values(change);
