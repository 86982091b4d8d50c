import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { DesignerProfile } from './types';

/** GET /api/designers/:id ('me' for the signed-in pro's own profile). */
export async function getDesigner(id: string, signal?: AbortSignal): Promise<DesignerProfile> {
  const { designer } = await unwrap(api.GET('/api/designers/{id}', { params: { path: { id } }, signal }));
  return designer;
}

export const designerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['designers', 'detail', id],
    queryFn: ({ signal }) => getDesigner(id, signal),
    enabled: Boolean(id),
  });

export function useDesigner(id: string) {
  return useQuery(designerQueryOptions(id));
}
