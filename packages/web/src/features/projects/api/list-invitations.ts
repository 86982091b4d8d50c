import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { Reply } from '../../../api';

export type Invitation = Reply<'/api/invitations', 'get'>['invitations'][number];

/** GET /api/invitations: the signed-in pro's own invitations, newest first. */
export async function listInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  const { invitations } = await unwrap(api.GET('/api/invitations', { signal }));
  return invitations;
}

export const invitationsQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: projectKeys.invitations,
    queryFn: ({ signal }) => listInvitations(signal),
    enabled,
  });

export function useInvitations(enabled: boolean) {
  return useQuery(invitationsQueryOptions(enabled));
}
