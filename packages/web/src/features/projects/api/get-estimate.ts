import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reply } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';

export type Estimate = Reply<'/api/pricing/estimate', 'post'>;

/** POST /api/pricing/estimate: the spec's estimate (quantity 100, high polish, Silver unless chosen). */
export function getEstimate(
  input: { modelId: string; itemType: string | null; materialId: number | null },
  signal?: AbortSignal,
): Promise<Estimate> {
  return unwrap(
    api.POST('/api/pricing/estimate', {
      signal,
      body: { modelId: input.modelId, itemType: input.itemType, materialId: input.materialId },
    }),
  );
}

export const estimateQueryOptions = (input: {
  modelId: string;
  itemType: string | null;
  materialId: number | null;
}) =>
  queryOptions({
    queryKey: ['pricing', 'estimate', input],
    queryFn: ({ signal }) => getEstimate(input, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useEstimate(input: { modelId: string; itemType: string | null; materialId: number | null }) {
  return useQuery(estimateQueryOptions(input));
}
