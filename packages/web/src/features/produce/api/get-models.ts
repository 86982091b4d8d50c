import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Model } from '../lib/types';

/** GET /api/models: the customer's own models, newest first. */
export async function getModels(signal?: AbortSignal): Promise<Model[]> {
  const { models } = await unwrap(api.GET('/api/models', { signal }));
  return models;
}

export const modelsQueryKey = ['models'] as const;

export const modelsQueryOptions = () =>
  queryOptions({ queryKey: modelsQueryKey, queryFn: ({ signal }) => getModels(signal) });

export function useModels() {
  return useQuery(modelsQueryOptions());
}
