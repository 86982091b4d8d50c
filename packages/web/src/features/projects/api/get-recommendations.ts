import { queryOptions, useQuery } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { Recommendation } from './types';
import type { Reply } from '../../../api';

export async function getRecommendations(projectId: string, signal?: AbortSignal): Promise<Recommendation[]> {
  const { designers } = await legacyApi.get<Reply<'/api/projects/{id}/recommendations', 'get'>>(
    `/api/projects/${encodeURIComponent(projectId)}/recommendations`,
    { signal },
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
