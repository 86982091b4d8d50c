import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { Recommendation } from './types';

export async function getRecommendations(projectId: string, signal?: AbortSignal): Promise<Recommendation[]> {
  const { designers } = await unwrap(
    api.GET('/api/projects/{id}/recommendations', { params: { path: { id: projectId } }, signal }),
  );
  return designers;
}

export const recommendationsQueryOptions = (projectId: string, enabled = true) =>
  queryOptions({
    queryKey: projectKeys.recommendations(projectId),
    queryFn: ({ signal }) => getRecommendations(projectId, signal),
    enabled,
  });

export function useRecommendations(projectId: string, enabled: boolean) {
  return useQuery(recommendationsQueryOptions(projectId, enabled));
}
