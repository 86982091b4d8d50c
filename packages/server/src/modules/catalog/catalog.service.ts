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
import type { Db } from '../../db/client';
import type { UserRow } from '../accounts/accounts.queries';
import { AppError, notFound } from '../../platform/errors';
import {
  catalogQueries,
  type CatalogEntity,
  type CatalogQueries,
  type MaterialRow,
  type PlatingRow,
  type PolishRow,
} from './catalog.queries';
import { seedCatalog } from './catalog.seed';

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

const toMaterial = (row: MaterialRow): Material => ({
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

const entityNames: Record<CatalogEntity, string> = {
  material: 'Material',
  polish: 'Polish',
  plating: 'Plating',
};

/** The stored rows as the catalog the configurator and pricing read. */
function toCatalogView(rows: Awaited<ReturnType<CatalogQueries['loadAll']>>): CatalogView {
  const materials = rows.materials.map(toMaterial);
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

export function catalogService(db: Db) {
  const q = catalogQueries(db);

  /** The whole catalog as stored now (disabled entries included: quotes need to name them). */
  const loadCatalog = async (): Promise<CatalogView> => toCatalogView(await q.loadAll());

  /** Staff edit one entry: checked, applied under a row lock, and recorded (who, before, after). */
  async function updateEntry(
    actor: Pick<UserRow, 'id'>,
    entity: CatalogEntity,
    id: number,
    patch: MaterialPatch | FinishPatch,
  ) {
    try {
      await db.transaction(async (tx) => {
        const row = await q.lockEntry(tx, entity, id);
        if (!row) throw notFound(entityNames[entity]);
        if (patch.isDisabled === true && row.isDefault) {
          throw new AppError(
            'default_entry',
            `${row.name} is the default ${entity} and cannot be disabled; make another ${entity} the default first.`,
            409,
          );
        }
        const changed = Object.entries(patch).filter(
          ([key, value]) => JSON.stringify(row[key as keyof typeof row]) !== JSON.stringify(value),
        );
        if (changed.length === 0) return;
        const before = Object.fromEntries(
          changed.map(([key]) => [key, row[key as keyof typeof row] ?? null]),
        );
        const after = Object.fromEntries(changed);
        await q.updateEntry(tx, entity, id, after);
        await q.recordChange(tx, { actorId: actor.id, entity, entityId: id, before, after });
      });
    } catch (e) {
      const err = e as { code?: string; cause?: { code?: string } };
      if (err.code === '23505' || err.cause?.code === '23505') {
        throw new AppError('name_taken', `Another ${entity} is already named ${String(patch.name)}.`, 409, {
          name: 'This name is taken.',
        });
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

    seed: () => seedCatalog(db),
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
