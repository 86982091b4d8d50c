import { queryOptions, useQuery } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { ProjectDetail } from './types';
import type { Reply } from '../../../api';

export async function getProject(id: string, signal?: AbortSignal): Promise<ProjectDetail> {
  const { project } = await legacyApi.get<Reply<'/api/projects/{id}', 'get'>>(
    `/api/projects/${encodeURIComponent(id)}`,
    {
      signal,
    },
  );
  return project;
}

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
