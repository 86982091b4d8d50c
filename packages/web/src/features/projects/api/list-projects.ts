import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { Reply } from '../../../api';
import type { ProjectFilter } from './types';

export type ProjectListParams = { filter: ProjectFilter; q: string; page: number; pageSize: number };
export type ProjectList = Reply<'/api/projects', 'get'>;

export function listProjects(params: ProjectListParams, signal?: AbortSignal): Promise<ProjectList> {
  return unwrap(
    api.GET('/api/projects', {
      params: {
        query: {
          filter: params.filter,
          q: params.q || undefined,
          page: params.page,
          pageSize: params.pageSize,
        },
      },
      signal,
    }),
  );
}

export const projectsQueryOptions = (params: ProjectListParams) =>
  queryOptions({
    queryKey: projectKeys.list(params),
    queryFn: ({ signal }) => listProjects(params, signal),
    placeholderData: keepPreviousData,
  });

export function useProjects(params: ProjectListParams) {
  return useQuery(projectsQueryOptions(params));
}
