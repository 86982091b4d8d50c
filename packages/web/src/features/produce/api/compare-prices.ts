import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { RequestBody } from '../../../api';

export type CompareRequest = RequestBody<'/api/pricing/compare', 'post'>;

/** POST /api/pricing/compare: the price in every enabled material at once. */
export async function comparePrices(request: CompareRequest, signal?: AbortSignal) {
  const { materials } = await unwrap(api.POST('/api/pricing/compare', { signal, body: request }));
  return materials;
}

export const compareQueryOptions = (request: CompareRequest | null) =>
  queryOptions({
    queryKey: ['pricing', 'compare', request],
    queryFn: ({ signal }) => comparePrices(request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useComparePrices(request: CompareRequest | null) {
  return useQuery(compareQueryOptions(request));
}
