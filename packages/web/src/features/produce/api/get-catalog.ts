import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Catalog } from '../lib/types';

/** GET /api/catalog: materials, finishes, assembly and engraving options, fonts and the defaults. */
export function getCatalog(signal?: AbortSignal): Promise<Catalog> {
  return unwrap(api.GET('/api/catalog', { signal }));
}

export const catalogQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog'],
    queryFn: ({ signal }) => getCatalog(signal),
    staleTime: 5 * 60_000,
  });

export function useCatalog() {
  return useQuery(catalogQueryOptions());
}
