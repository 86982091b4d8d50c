import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Model } from '../lib/types';
import { modelsQueryKey } from './get-models';

/** GET /api/models/:id */
export async function getModel(id: string, signal?: AbortSignal): Promise<Model> {
  const { model } = await unwrap(api.GET('/api/models/{id}', { params: { path: { id } }, signal }));
  return model;
}

export const modelQueryKey = (id: string) => [...modelsQueryKey, id] as const;

export const modelQueryOptions = (id: string) =>
  queryOptions({
    queryKey: modelQueryKey(id),
    queryFn: ({ signal }) => getModel(id, signal),
    enabled: id !== '',
    // a model still being analysed elsewhere (another tab) is looked at again until it settles
    refetchInterval: (query) =>
      query.state.data?.status === 'analysing' || query.state.data?.status === 'uploading' ? 2000 : false,
  });

export function useModel(id: string) {
  return useQuery(modelQueryOptions(id));
}
