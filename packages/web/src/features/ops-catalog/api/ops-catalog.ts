import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Metal } from '@facet/domain/pricing';
import type { Query, Reply, Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';

export type StaffCatalog = Reply<'/api/staff/catalog', 'get'>;
export type CatalogChange = Schemas['CatalogChange'];
export type MetalPrices = Schemas['MetalPrices'];
export type Plan = Schemas['Plan'];
export type EarnedPercentage = Schemas['EarnedPercentage'];
export type MetalPriceHistory = Schemas['MetalPriceHistory'];
/** What the change history is kept for (a catalog kind, plans, the earned percentage). */
export type CatalogEntity = NonNullable<Query<'/api/staff/catalog/history', 'get'>['entity']>;

/** The kinds of entry the editor shows, in tab order: the API path and the entity named in the history. */
/** `one`: how one entry is named in "Add …"; `creatable`: staff may add and delete entries of the kind. */
export const CATALOG_KINDS = [
  { path: 'materials', entity: 'material', label: 'Materials', one: 'material', creatable: true },
  { path: 'polishes', entity: 'polish', label: 'Polishes', one: 'polish', creatable: true },
  { path: 'platings', entity: 'plating', label: 'Platings', one: 'plating', creatable: true },
  {
    path: 'assembly-options',
    entity: 'assembly_option',
    label: 'Assembly',
    one: 'assembly option',
    creatable: false,
  },
  {
    path: 'assembly-sub-items',
    entity: 'assembly_sub_item',
    label: 'Assembly extras',
    one: 'assembly extra',
    creatable: false,
  },
  {
    path: 'laser-options',
    entity: 'laser_option',
    label: 'Laser engraving',
    one: 'engraving option',
    creatable: false,
  },
  { path: 'fonts', entity: 'laser_font', label: 'Fonts', one: 'font', creatable: true },
  { path: 'categories', entity: 'product_category', label: 'Categories', one: 'category', creatable: true },
  { path: 'item-types', entity: 'item_type', label: 'Item types', one: 'item type', creatable: true },
  {
    path: 'quantity-breaks',
    entity: 'quantity_break',
    label: 'Quantity breaks',
    one: 'quantity break',
    creatable: true,
  },
] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];
export type CatalogKindPath = CatalogKind['path'];

export const opsKeys = {
  catalog: ['ops', 'catalog'] as const,
  history: (entity: string) => ['ops', 'catalog', 'history', entity] as const,
  metals: ['ops', 'metal-prices'] as const,
  plans: ['ops', 'plans'] as const,
  earned: ['ops', 'earned-percentage'] as const,
  metalHistory: (metal: Metal, days: number) => ['ops', 'metal-prices', metal, days] as const,
};

export const useStaffCatalog = () =>
  useQuery({
    queryKey: opsKeys.catalog,
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/catalog', { signal })),
  });

/** The latest changes of one kind of entry, newest first. */
export const useCatalogHistory = (entity: CatalogEntity) =>
  useQuery({
    queryKey: opsKeys.history(entity),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/staff/catalog/history', { params: { query: { entity, limit: 50 } }, signal })),
    select: (data) => data.changes,
  });

/**
 * One editor serves every kind, with the kind's own fields: each kind's route is in the contract (the path
 * is the union of them), the fields are checked by the server against that kind's schema.
 */
const entryBody = (values: Record<string, unknown>) => values as never;

/** Saves the changed fields of one entry; the catalog and its history are read again. */
export function useUpdateEntry(kind: CatalogKindPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: Record<string, unknown> }) =>
      unwrap(
        api.PATCH(`/api/staff/catalog/${kind}/{id}`, { params: { path: { id } }, body: entryBody(patch) }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: opsKeys.catalog });
      void queryClient.invalidateQueries({ queryKey: opsKeys.metals });
    },
  });
}

/** The kinds staff add and delete; the others (fixed sets) have no such routes. */
function creatable(kind: CatalogKindPath) {
  const found = CATALOG_KINDS.find((k) => k.path === kind);
  if (!found?.creatable) throw new Error(`${kind} entries are neither added nor deleted.`);
  return found.path;
}

/** Adds an entry; the catalog and its history are read again. */
export function useCreateEntry(kind: CatalogKindPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      unwrap(api.POST(`/api/staff/catalog/${creatable(kind)}`, { body: entryBody(values) })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: opsKeys.catalog });
    },
  });
}

/** Deletes an entry no stored quote names (the server refuses others with a 409 and says why). */
export function useDeleteEntry(kind: CatalogKindPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE(`/api/staff/catalog/${creatable(kind)}/{id}`, { params: { path: { id } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: opsKeys.catalog });
    },
  });
}

/** Every membership plan, withdrawn ones too. */
export const useStaffPlans = () =>
  useQuery({
    queryKey: opsKeys.plans,
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/plans', { signal })),
    select: (data) => data.plans,
  });

export type PlanPatch = Partial<Pick<Plan, 'priceCents' | 'monthlyCredits' | 'perks' | 'active'>>;

/** Saves a plan's changed fields; the plans and their history are read again. */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PlanPatch }) =>
      unwrap(api.PATCH('/api/staff/plans/{id}', { params: { path: { id } }, body: patch })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: opsKeys.plans });
      void queryClient.invalidateQueries({ queryKey: opsKeys.history('membership_plan') });
    },
  });
}

export const useEarnedPercentage = () =>
  useQuery({
    queryKey: opsKeys.earned,
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/settings/earned-percentage', { signal })),
  });

export function useSetEarnedPercentage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (percentage: number) =>
      unwrap(api.PUT('/api/staff/settings/earned-percentage', { body: { percentage } })),
    onSuccess: (data) => {
      queryClient.setQueryData(opsKeys.earned, data);
      void queryClient.invalidateQueries({ queryKey: opsKeys.history('earned_percentage') });
    },
  });
}

export const useMetalPrices = () =>
  useQuery({
    queryKey: opsKeys.metals,
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/metal-prices', { signal })),
  });

export const useMetalHistory = (metal: Metal, days: number) =>
  useQuery({
    queryKey: opsKeys.metalHistory(metal, days),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/staff/metal-prices/{metal}/history', {
          params: { path: { metal }, query: { days } },
          signal,
        }),
      ),
  });

/** Enters a metal's spot price; today's prices, the history and the catalog are read again. */
export function useRecordSpotPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { metal: Metal; priceCents: number; note?: string | null }) =>
      unwrap(api.POST('/api/staff/metal-prices', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['ops'] });
    },
  });
}

export function useRefreshFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/staff/metal-prices/refresh')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['ops'] });
    },
  });
}
