import { queryOptions, useQuery } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import type { Model } from '../lib/types';
import type { Reply } from '../../../api';

/** GET /api/models: the customer's own models, newest first. */
export async function getModels(signal?: AbortSignal): Promise<Model[]> {
  const { models } = await legacyApi.get<Reply<'/api/models', 'get'>>('/api/models', { signal });
  return models;
}

export const modelsQueryKey = ['models'] as const;

export const modelsQueryOptions = () =>
  queryOptions({ queryKey: modelsQueryKey, queryFn: ({ signal }) => getModels(signal) });

export function useModels() {
  return useQuery(modelsQueryOptions());
}
