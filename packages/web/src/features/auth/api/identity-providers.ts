import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Reply } from '../../../api';

export type IdentityProviders = Reply<'/api/identity/providers', 'get'>;

/** Where the browser goes to sign in at the portal's provider (a full page load; the server redirects). */
export const identityLoginUrl = (portal: 'customer' | 'designer' | 'service') =>
  `/api/identity/login/${portal}`;

/** Which sign-in providers are set up (none by default: Facet's own accounts only). */
export function useIdentityProviders() {
  return useQuery({
    queryKey: ['identity', 'providers'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/identity/providers', { signal })),
    staleTime: 5 * 60_000,
  });
}
