import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './auth';
import { createQueryClient } from './provider';

/**
 * The query cache as a signed-out visitor's first render has it: the session answered "nobody". The
 * prerendered public pages are rendered with it, and the browser hydrates them with it.
 */
export function signedOutQueryClient(queryClient: QueryClient = createQueryClient()): QueryClient {
  // updatedAt 0: already stale, so the app asks the server once it runs (a session may have begun since)
  queryClient.setQueryData(meQueryKey, null, { updatedAt: 0 });
  return queryClient;
}
