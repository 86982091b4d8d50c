import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { ProjectDetail } from './types';

export async function getProject(id: string, signal?: AbortSignal): Promise<ProjectDetail> {
  const { project } = await unwrap(api.GET('/api/projects/{id}', { params: { path: { id } }, signal }));
  return project;
}

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
