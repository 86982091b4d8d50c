import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Query, Reply } from '../../../api';

export type DesignerFilters = Pick<
  Query<'/api/designers', 'get'>,
  'role' | 'q' | 'skill' | 'projectId' | 'page' | 'pageSize'
>;

export type DesignerList = Reply<'/api/designers', 'get'>;

export function listDesigners(filters: DesignerFilters, signal?: AbortSignal): Promise<DesignerList> {
  return unwrap(
    api.GET('/api/designers', {
      params: {
        query: {
          role: filters.role,
          q: filters.q || undefined,
          skill: filters.skill || undefined,
          projectId: filters.projectId,
          page: filters.page,
          pageSize: filters.pageSize,
        },
      },
      signal,
    }),
  );
}

export const designersQueryOptions = (filters: DesignerFilters) =>
  queryOptions({
    queryKey: ['designers', 'list', filters],
    queryFn: ({ signal }) => listDesigners(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useDesigners(filters: DesignerFilters) {
  return useQuery(designersQueryOptions(filters));
}
