import { useQueries } from '@tanstack/react-query';
import { listProjects } from '../../projects/api/list-projects';
import { projectKeys } from '../../projects/api/types';
import type { ProjectFilter } from '../../projects/api/types';

export const COUNTED_FILTERS = [
  'all',
  'in-progress',
  'invited',
  'completed',
] as const satisfies readonly ProjectFilter[];
export type ProjectCounts = Partial<Record<(typeof COUNTED_FILTERS)[number], number>>;

/** Project totals per filter, read from the list endpoint's `total` (one small page each). */
export function useProjectCounts(): { counts: ProjectCounts; loading: boolean } {
  const results = useQueries({
    queries: COUNTED_FILTERS.map((filter) => {
      const params = { filter, q: '', page: 1, pageSize: 1, counts: true };
      return {
        queryKey: projectKeys.list(params),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          listProjects({ filter, q: '', page: 1, pageSize: 1 }, signal),
      };
    }),
  });
  const counts: ProjectCounts = {};
  COUNTED_FILTERS.forEach((filter, i) => {
    const total = results[i]?.data?.total;
    if (total !== undefined) counts[filter] = total;
  });
  return { counts, loading: results.some((r) => r.isPending) };
}
