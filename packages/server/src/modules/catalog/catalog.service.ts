import {
  DEFAULT_QUANTITY,
  ESTIMATE,
  defaultEstimateMaterial,
  parseMaterialColor,
  type AssemblyOption,
  type FinishPatch,
  type ItemType,
  type LaserEngravingOption,
  type LaserFont,
  type Material,
  type MaterialPatch,
  type Plating,
  type Polish,
  type PriceBook,
  type ProductCategory,
  type QuantityBreak,
} from '@facet/domain/catalog';
import type { Metal, SpotUsed } from '@facet/domain/pricing';
import type { Db, Tx } from '../../db/client';
import type { UserRow } from '../accounts/accounts.reads';
import { peopleByIds } from '../accounts/accounts.reads';
import { AppError, notFound } from '../../platform/errors';
import {
  catalogQueries,
  insertCatalogChange,
  type CatalogEntity,
  type HistoryEntity,
  type CatalogQueries,
  type MaterialRow,
  type PlatingRow,
  type PolishRow,
  type SpotPriceRow,
} from './catalog.queries';
import { seedCatalog } from './catalog.seed';
import { localInvalidationBus, type InvalidationBus } from '../../platform/invalidation';
import { recordStaffAction } from '../../platform/audit/audit';

/** Everything the configurator shows, plus the defaults of spec section 9. */
export interface CatalogView extends PriceBook {
  laserFonts: LaserFont[];
  productCategories: ProductCategory[];
  itemTypes: ItemType[];
  defaults: {
    materialId: number | null;
    polishId: number | null;
    platingId: number | null;
    assemblyOptionId: number | null;
    laserEngravingOptionId: number | null;
    quantity: number;
  };
  estimate: { quantity: number; polishId: number; materialId: number | null };
}

/** The spot price a material is priced at now: its metal's latest price, with the alloy's purity and margin. */
function spotOf(row: MaterialRow, spots: Map<Metal, SpotPriceRow>): SpotUsed | null {
  if (row.kind !== 'metal' || !row.spotMetal || row.purity === null) return null;
  const price = spots.get(row.spotMetal);
  if (!price) return null;
  return {
    metal: row.spotMetal,
    spotCents: price.priceCents,
    asOf: price.createdAt.toISOString(),
    purity: row.purity,
    marginPercent: row.spotMarginPercent,
  };
}

const toMaterial = (row: MaterialRow, spots: Map<Metal, SpotPriceRow>): Material => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  code: row.code,
  image: row.image,
  basePrice: row.basePrice,
  salesPrice: row.salesPrice,
  description: row.description,
  isDisabled: row.isDisabled,
  gravity: row.gravity,
  textureUrl: row.textureUrl,
  canPlate: row.canPlate,
  diffuse: row.diffuse,
  sort: row.sort,
  // tolerant of a colour stored as a JSON string (spec: it may arrive as one)
  color: parseMaterialColor(row.color),
  kind: row.kind,
  metalLoss: row.metalLoss,
  castingLabourCents: row.castingLabourCents,
  printRate: row.printRate,
  printSetupCents: row.printSetupCents,
  orderSetupCents: row.orderSetupCents,
  isDefault: row.isDefault,
  spotMetal: row.spotMetal,
  purity: row.purity,
  spotMarginPercent: row.spotMarginPercent,
  spot: spotOf(row, spots),
});

const toPolish = (row: PolishRow): Polish => ({
  id: row.id,
  name: row.name,
  basePrice: row.basePrice,
  description: row.description,
  isDisabled: row.isDisabled,
  isDefault: row.isDefault,
  sort: row.sort,
});

const toPlating = (row: PlatingRow): Plating => ({ ...toPolish(row), color: parseMaterialColor(row.color) });

export const entityNames: Record<HistoryEntity, string> = {
  material: 'Material',
  polish: 'Polish',
  plating: 'Plating',
  assembly_option: 'Assembly option',
  assembly_sub_item: 'Assembly sub-item',
  laser_option: 'Laser engraving option',
  laser_font: 'Laser font',
  product_category: 'Category',
  item_type: 'Item type',
  quantity_break: 'Quantity break',
  membership_plan: 'Membership plan',
  earned_percentage: 'Earned percentage',
};

/**
 * Records a change of an entry that lives outside the catalog's tables but is edited in its editor (a
 * membership plan, the earned percentage), in the caller's transaction: named by a text key, entity id 0
 * (decision 042). The only way other modules write the catalog's history.
 */
export async function recordKeyedChange(
  tx: Tx,
  change: {
    actorId: string;
    entity: Extract<HistoryEntity, 'membership_plan' | 'earned_percentage'>;
    key: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
) {
  await insertCatalogChange(tx, {
    actorId: change.actorId,
    entity: change.entity,
    entityId: 0,
    entityKey: change.key,
    before: change.before,
    after: change.after,
  });
  // the staff request that made it (a plan, the earned percentage) is audited in the same transaction
  await recordStaffAction(tx);
}

/** The changed fields of a patch, as they were and as they become (none: nothing to record). */
export function diffFields(row: Record<string, unknown>, patch: Record<string, unknown>) {
  const changed = Object.entries(patch).filter(
    ([key, value]) => value !== undefined && JSON.stringify(row[key]) !== JSON.stringify(value),
  );
  return {
    before: Object.fromEntries(changed.map(([key]) => [key, row[key] ?? null])),
    after: Object.fromEntries(changed),
    changed: changed.length > 0,
  };
}

/** The kinds staff may add and delete (decision 042). */
export const CREATABLE: readonly CatalogEntity[] = [
  'material',
  'polish',
  'plating',
  'laser_font',
  'product_category',
  'item_type',
  'quantity_break',
];

/** The stored rows as the catalog the configurator and pricing read. */
function toCatalogView(
  rows: Awaited<ReturnType<CatalogQueries['loadAll']>>,
  spotRows: SpotPriceRow[],
): CatalogView {
  const spots = new Map(spotRows.map((r) => [r.metal, r]));
  const materials = rows.materials.map((row) => toMaterial(row, spots));
  const polishes = rows.polishes.map(toPolish);
  const platings = rows.platings.map(toPlating);
  const assemblyOptions: AssemblyOption[] = rows.assemblyOptions.map((o) => ({
    id: o.id,
    name: o.name,
    description: o.description,
    pricePerPartCents: o.pricePerPartCents,
    isDefault: o.isDefault,
    isDisabled: o.isDisabled,
    sort: o.sort,
    subItems: rows.assemblySubItems
      .filter((s) => s.assemblyOptionId === o.id)
      .map((s) => ({ id: s.id, name: s.name, priceCents: s.priceCents, sort: s.sort })),
  }));
  const laserEngravingOptions: LaserEngravingOption[] = rows.laserEngravingOptions.map((o) => ({
    id: o.id,
    name: o.name,
    description: o.description,
    priceCents: o.priceCents,
    pricePerCharacterCents: o.pricePerCharacterCents,
    maxCharacters: o.maxCharacters,
    acceptsText: o.acceptsText,
    acceptsImage: o.acceptsImage,
    isDefault: o.isDefault,
    isDisabled: o.isDisabled,
    sort: o.sort,
  }));
  const quantityBreaks: QuantityBreak[] = rows.quantityBreaks.map((b) => ({
    minQuantity: b.minQuantity,
    factor: b.factor,
  }));
  const defaultId = (entries: { id: number; isDefault: boolean; isDisabled: boolean }[]) =>
    entries.find((e) => e.isDefault && !e.isDisabled)?.id ?? null;
  return {
    materials,
    polishes,
    platings,
    assemblyOptions,
    laserEngravingOptions,
    quantityBreaks,
    laserFonts: rows.laserFonts.map((f) => ({
      id: f.id,
      name: f.name,
      packageName: f.packageName,
      cssFamily: f.cssFamily,
      sort: f.sort,
    })),
    productCategories: rows.productCategories.map((c) => ({ id: c.id, name: c.name, sort: c.sort })),
    itemTypes: rows.itemTypes.map((t) => ({
      id: t.id,
      name: t.name,
      categoryId: t.categoryId,
      sort: t.sort,
    })),
    defaults: {
      materialId: defaultId(materials),
      polishId: defaultId(polishes),
      platingId: defaultId(platings),
      assemblyOptionId: defaultId(assemblyOptions),
      laserEngravingOptionId: defaultId(laserEngravingOptions),
      quantity: DEFAULT_QUANTITY,
    },
    estimate: {
      quantity: ESTIMATE.quantity,
      polishId: ESTIMATE.polishId,
      materialId: defaultEstimateMaterial(materials)?.id ?? null,
    },
  };
}

/** One entry of the catalog view by kind and id (a quantity break by its minimum quantity). */
function entryOf(view: CatalogView, entity: CatalogEntity, id: number): Record<string, unknown> | undefined {
  const byId = <T extends { id: number }>(list: T[]) => list.find((e) => e.id === id);
  switch (entity) {
    case 'material':
      return byId(view.materials) as Record<string, unknown> | undefined;
    case 'polish':
      return byId(view.polishes) as Record<string, unknown> | undefined;
    case 'plating':
      return byId(view.platings) as Record<string, unknown> | undefined;
    case 'assembly_option':
      return byId(view.assemblyOptions) as Record<string, unknown> | undefined;
    case 'assembly_sub_item':
      for (const option of view.assemblyOptions) {
        const sub = option.subItems.find((s) => s.id === id);
        if (sub) return { ...sub, assemblyOptionId: option.id };
      }
      return undefined;
    case 'laser_option':
      return byId(view.laserEngravingOptions) as Record<string, unknown> | undefined;
    case 'laser_font':
      return byId(view.laserFonts) as Record<string, unknown> | undefined;
    case 'product_category':
      return byId(view.productCategories) as Record<string, unknown> | undefined;
    case 'item_type':
      return byId(view.itemTypes) as Record<string, unknown> | undefined;
    case 'quantity_break': {
      const b = view.quantityBreaks.find((e) => e.minQuantity === id);
      return b ? { ...b } : undefined;
    }
  }
}

/** A material priced from spot needs a purity; a resin is never priced from spot. */
function checkSpotFields(row: Record<string, unknown>, patch: Record<string, unknown>) {
  const next = { ...row, ...patch };
  if (next.spotMetal == null) return;
  if (next.kind !== 'metal') {
    throw new AppError('validation_failed', 'Only a metal can be priced from a spot price.', 400, {
      spotMetal: 'Only a metal can be priced from a spot price.',
    });
  }
  if (next.purity == null) {
    throw new AppError('validation_failed', 'Give the purity of an alloy priced from a spot price.', 400, {
      purity: 'Give the purity (0.925 for sterling).',
    });
  }
}

/** Frozen all the way down: a cached catalog is shared by every request, so none may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The topic the catalog's changes are told on, on every node (spot prices included). */
export const CATALOG_TOPIC = 'catalog';
/** Even while every change is heard, a kept catalog is read again after this long (a missed publish heals). */
const CATALOG_MAX_AGE_MS = 60_000;

export function catalogService(db: Db, options: { bus?: InvalidationBus } = {}) {
  const q = catalogQueries(db);
  const bus = options.bus ?? localInvalidationBus();

  const readCatalog = async (): Promise<CatalogView> => {
    const [rows, spots] = await Promise.all([q.loadAll(), q.latestSpotPrices()]);
    return deepFreeze(toCatalogView(rows, spots));
  };

  // The catalog changes a few times a day and is read by every quote: it is kept in memory, dropped on
  // every change told on the bus (this node's and the others'), and read through while the bus is down.
  let kept: { view: CatalogView; at: number } | null = null;
  let reading: { generation: number; promise: Promise<CatalogView> } | null = null;
  let generation = 0;
  const forget = () => {
    generation += 1;
    kept = null;
    reading = null;
  };
  bus.on(CATALOG_TOPIC, forget);

  /** The whole catalog as stored now (disabled entries included: quotes need to name them). Frozen. */
  const loadCatalog = async (): Promise<CatalogView> => {
    if (!bus.live()) return readCatalog();
    if (kept && Date.now() - kept.at < CATALOG_MAX_AGE_MS) return kept.view;
    // one read for every request that arrives while it runs; a change meanwhile makes it not kept
    if (reading?.generation !== generation) {
      const startedAt = generation;
      const promise = readCatalog().then(
        (view) => {
          if (startedAt === generation) kept = { view, at: Date.now() };
          if (reading?.promise === promise) reading = null;
          return view;
        },
        (err: unknown) => {
          if (reading?.promise === promise) reading = null;
          throw err;
        },
      );
      reading = { generation, promise };
    }
    return reading.promise;
  };

  /** Every node drops its kept catalog (call after any write to the catalog's tables). */
  const changed = () => bus.publish(CATALOG_TOPIC);

  /** Staff edit one entry: checked, applied under a row lock, and recorded (who, before, after). */
  async function updateEntry(
    actor: Pick<UserRow, 'id'>,
    entity: CatalogEntity,
    id: number,
    patch: Record<string, unknown>,
  ) {
    const what = entityNames[entity].toLowerCase();
    try {
      await db.transaction(async (tx) => {
        const row = await q.lockEntry(tx, entity, id);
        if (!row) throw notFound(entityNames[entity]);
        if (patch.isDisabled === true && row.isDefault === true) {
          throw new AppError(
            'default_entry',
            `${String(row.name)} is the default ${what} and cannot be disabled; make another ${what} the default first.`,
            409,
          );
        }
        if (entity === 'material') checkSpotFields(row, patch);
        const edits = Object.entries(patch).filter(
          ([key, value]) => JSON.stringify(row[key as keyof typeof row]) !== JSON.stringify(value),
        );
        // staff's request is audited even when it changes nothing (the row says what was asked)
        await recordStaffAction(tx);
        if (edits.length === 0) return;
        const before = Object.fromEntries(edits.map(([key]) => [key, row[key as keyof typeof row] ?? null]));
        const after = Object.fromEntries(edits);
        await q.updateEntry(tx, entity, id, after);
        await q.recordChange(tx, { actorId: actor.id, entity, entityId: id, before, after });
      });
      changed();
    } catch (e) {
      const err = e as { code?: string; cause?: { code?: string } };
      if (err.code === '23505' || err.cause?.code === '23505') {
        throw new AppError('name_taken', `Another ${what} is already named ${String(patch.name)}.`, 409, {
          name: 'This name is taken.',
        });
      }
      if (err.code === '23503' || err.cause?.code === '23503') {
        throw new AppError('unknown_reference', 'That category does not exist.', 400, {
          categoryId: 'Choose an existing category.',
        });
      }
      throw e;
    }
  }

  /** Maps a database refusal to a clear message (a taken name, an unknown category, a row in use). */
  function explain(e: unknown, entity: CatalogEntity, name: unknown): never {
    const what = entityNames[entity].toLowerCase();
    const err = e as { code?: string; cause?: { code?: string } };
    const code = err.code ?? err.cause?.code;
    if (code === '23505' && entity === 'quantity_break') {
      throw new AppError('name_taken', 'That quantity has a break already; change its factor instead.', 409, {
        minQuantity: 'This quantity has a break already.',
      });
    }
    if (code === '23505') {
      throw new AppError('name_taken', `Another ${what} is already named ${String(name)}.`, 409, {
        name: 'This name is taken.',
      });
    }
    throw e;
  }

  /** Staff add an entry: the next id, recorded in the history (before: nothing). */
  async function createEntry(
    actor: Pick<UserRow, 'id'>,
    entity: CatalogEntity,
    values: Record<string, unknown>,
  ) {
    if (!CREATABLE.includes(entity)) {
      throw new AppError(
        'not_creatable',
        `A new ${entityNames[entity].toLowerCase()} cannot be added here.`,
        409,
      );
    }
    const row: Record<string, unknown> = { ...values };
    if (entity === 'laser_font' && row.cssFamily === undefined) row.cssFamily = row.name;
    if (entity === 'material') checkSpotFields({}, row);
    try {
      const created = await db.transaction(async (tx) => {
        if (entity === 'quantity_break' && (await q.lockEntry(tx, entity, Number(row.minQuantity)))) {
          throw new AppError(
            'name_taken',
            `A quantity break from ${String(row.minQuantity)} pieces exists already; change its factor instead.`,
            409,
            { minQuantity: 'This quantity has a break already.' },
          );
        }
        if (entity === 'item_type' && row.categoryId != null) {
          if (!(await q.lockEntry(tx, 'product_category', Number(row.categoryId)))) {
            throw new AppError('unknown_reference', 'That category does not exist.', 400, {
              categoryId: 'Choose an existing category.',
            });
          }
        }
        const id = await q.insertEntry(tx, entity, row);
        const after = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
        await q.recordChange(tx, { actorId: actor.id, entity, entityId: id, before: {}, after });
        await recordStaffAction(tx, 201);
        return id;
      });
      changed();
      return created;
    } catch (e) {
      return explain(e, entity, row.name);
    }
  }

  /**
   * Staff delete an entry nothing stored names: `usedBy` says how many stored quotes name it (checked by
   * the caller, who may read quotes). The default and referenced entries are refused with a 409.
   */
  async function deleteEntry(
    actor: Pick<UserRow, 'id'>,
    entity: CatalogEntity,
    id: number,
    usedBy: () => Promise<number>,
  ) {
    if (!CREATABLE.includes(entity)) {
      throw new AppError(
        'not_deletable',
        `A ${entityNames[entity].toLowerCase()} cannot be deleted here.`,
        409,
      );
    }
    const what = entityNames[entity].toLowerCase();
    const canDisable = entity === 'material' || entity === 'polish' || entity === 'plating';
    const instead = canDisable ? 'disable it instead' : 'it stays';
    // read before the transaction: the quotes are another module's, read through its own connection
    const quotes = await usedBy();
    try {
      await db.transaction(async (tx) => {
        const row = await q.lockEntry(tx, entity, id);
        if (!row) throw notFound(entityNames[entity]);
        const label = entity === 'quantity_break' ? `The break from ${id} pieces` : String(row.name);
        if (entity === 'quantity_break' && id === 1) {
          throw new AppError(
            'in_use',
            'The break from 1 piece prices every order and cannot be deleted.',
            409,
          );
        }
        if (row.isDefault === true) {
          throw new AppError(
            'default_entry',
            `${label} is the default ${what} and cannot be deleted; make another ${what} the default first.`,
            409,
          );
        }
        if (quotes > 0) {
          throw new AppError(
            'in_use',
            `${label} is named by ${quotes} stored quote${quotes === 1 ? '' : 's'}, so it cannot be deleted; ${instead}.`,
            409,
          );
        }
        await q.deleteEntry(tx, entity, id);
        const before = Object.fromEntries(
          Object.entries(row).filter(([key]) => key !== 'updatedAt' && key !== 'id'),
        );
        await q.recordChange(tx, { actorId: actor.id, entity, entityId: id, before, after: {} });
        await recordStaffAction(tx, 204);
      });
      changed();
    } catch (e) {
      const err = e as { code?: string; cause?: { code?: string } };
      if (err.code === '23503' || err.cause?.code === '23503') {
        throw new AppError(
          'in_use',
          `This ${what} is used by other catalog entries (item types name it); move them first.`,
          409,
        );
      }
      throw e;
    }
  }

  const findIn = async <T extends { id: number }>(
    pick: (c: CatalogView) => T[],
    id: number,
    what: string,
  ) => {
    const found = pick(await loadCatalog()).find((e) => e.id === id);
    if (!found) throw notFound(what);
    return found;
  };

  return {
    loadCatalog,

    /** The configurator's catalog: enabled entries only unless staff ask for all. */
    async getCatalog(options: { includeDisabled?: boolean } = {}): Promise<CatalogView> {
      const all = await loadCatalog();
      if (options.includeDisabled) return all;
      const enabled = <T extends { isDisabled: boolean }>(list: T[]) => list.filter((e) => !e.isDisabled);
      return {
        ...all,
        materials: enabled(all.materials),
        polishes: enabled(all.polishes),
        platings: enabled(all.platings),
        assemblyOptions: enabled(all.assemblyOptions),
        laserEngravingOptions: enabled(all.laserEngravingOptions),
      };
    },

    async updateMaterial(actor: Pick<UserRow, 'id'>, id: number, patch: MaterialPatch): Promise<Material> {
      await updateEntry(actor, 'material', id, patch);
      return findIn((c) => c.materials, id, 'Material');
    },

    async updatePolish(actor: Pick<UserRow, 'id'>, id: number, patch: FinishPatch): Promise<Polish> {
      await updateEntry(actor, 'polish', id, patch);
      return findIn((c) => c.polishes, id, 'Polish');
    },

    async updatePlating(actor: Pick<UserRow, 'id'>, id: number, patch: FinishPatch): Promise<Plating> {
      await updateEntry(actor, 'plating', id, patch);
      return findIn((c) => c.platings, id, 'Plating');
    },

    changesOf: q.changesOf,

    /** Staff add an entry; the entry as the catalog now shows it. */
    async createStaffEntry(
      actor: Pick<UserRow, 'id'>,
      entity: CatalogEntity,
      values: Record<string, unknown>,
    ): Promise<Record<string, unknown>> {
      const id = await createEntry(actor, entity, values);
      const found = entryOf(await loadCatalog(), entity, id);
      if (!found) throw notFound(entityNames[entity]);
      return found;
    },

    deleteStaffEntry: deleteEntry,

    /** Staff edit any kind of entry (staff catalog editor); the entry as the catalog now shows it. */
    async updateStaffEntry(
      actor: Pick<UserRow, 'id'>,
      entity: CatalogEntity,
      id: number,
      patch: Record<string, unknown>,
    ): Promise<Record<string, unknown>> {
      await updateEntry(actor, entity, id, patch);
      const found = entryOf(await loadCatalog(), entity, id);
      if (!found) throw notFound(entityNames[entity]);
      return found;
    },

    /** Who changed what and when, newest first (one kind, or one entry of it). */
    async history(filter: { entity?: HistoryEntity; entityId?: number; entityKey?: string; limit?: number }) {
      const rows = await q.history({ ...filter, limit: filter.limit ?? 100 });
      const people = new Map(
        (
          await peopleByIds(
            db,
            rows.map((r) => r.actorId),
          )
        ).map((p) => [p.id, p]),
      );
      return rows.map((r) => ({
        id: r.id,
        entity: r.entity,
        entityId: r.entityId,
        entityKey: r.entityKey,
        before: r.before,
        after: r.after,
        at: r.createdAt.toISOString(),
        actor: (() => {
          const person = r.actorId ? people.get(r.actorId) : undefined;
          if (!person) return null;
          const name = `${person.firstName} ${person.lastName}`.trim();
          return { id: person.id, name: name || person.email, email: person.email };
        })(),
      }));
    },

    /** Tells every node the catalog's tables changed (spot prices, seeding, a test's direct write). */
    changed,
    /** True while the catalog is kept in memory (every change on every node is heard). */
    kept: () => bus.live(),

    seed: async () => {
      await seedCatalog(db);
      changed();
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
