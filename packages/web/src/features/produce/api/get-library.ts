import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Library } from '../lib/types';

/** GET /api/library: the designs with my access to each (the server applies the membership rule). */
export function getLibrary(signal?: AbortSignal): Promise<Library> {
  return unwrap(api.GET('/api/library', { signal }));
}

export const libraryQueryKey = ['library'] as const;

export const libraryQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: libraryQueryKey, queryFn: ({ signal }) => getLibrary(signal), enabled });

/** The library; `enabled` false waits (a page that needs it only for a model copied from a design). */
export function useLibrary(enabled = true) {
  return useQuery(libraryQueryOptions(enabled));
}
