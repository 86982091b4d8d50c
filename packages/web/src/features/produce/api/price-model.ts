import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { PricingRequest } from '../lib/types';

/** POST /api/pricing: the itemised price of the stored model as configured (the server's own geometry). */
export function priceModel(request: PricingRequest, signal?: AbortSignal) {
  return unwrap(api.POST('/api/pricing', { signal, body: request }));
}

export const priceQueryOptions = (request: PricingRequest | null) =>
  queryOptions({
    queryKey: ['pricing', 'quote', request],
    queryFn: ({ signal }) => priceModel(request!, signal),
    enabled: request !== null,
    // while a new price loads, the last one stays on screen (dimmed) instead of flashing empty
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** Pass the debounced request: the price refreshes 500 ms after the last change (spec section 9). */
export function usePrice(request: PricingRequest | null) {
  return useQuery(priceQueryOptions(request));
}
