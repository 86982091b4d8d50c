import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { RequestBody } from '../../../api';
import type { DesignerProfile } from './types';

export type OwnProfileInput = RequestBody<'/api/designers/me', 'put'>;

export async function updateOwnProfile(input: OwnProfileInput): Promise<DesignerProfile> {
  const { designer } = await unwrap(api.PUT('/api/designers/me', { body: input }));
  return designer;
}

/** PUT /api/designers/me; refreshes the own profile and every designer list. */
export function useUpdateOwnProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOwnProfile,
    onSuccess: (designer) => {
      client.setQueryData(['designers', 'detail', 'me'], designer);
      void client.invalidateQueries({ queryKey: ['designers', 'list'] });
    },
  });
}
