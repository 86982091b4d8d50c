import { createContext, useCallback, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, api, unwrap } from '../lib/api-client';
import type { Me } from '../lib/types';
import { closeSocket } from '../lib/socket-state';

/** Spec section 9: logout delay. */
export const LOGOUT_DELAY_MS = 200;

export const meQueryKey = ['me'] as const;

/** The signed-in account, or null when signed out (the session answer, so a signed-out page logs no 401). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  const { user } = await unwrap(api.GET('/api/auth/session', { signal }));
  return user;
}

export type AuthContextValue = {
  user: Me | null;
  isLoading: boolean;
  /** Re-reads /api/me and returns the account (null when signed out). */
  refresh: () => Promise<Me | null>;
  /** Puts an account from a login, sign-up or profile response straight into the cache. */
  setUser: (user: Me | null) => void;
  /** Ends the server session, waits the logout delay, clears every cached query and goes to /. */
  logout: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
    // 401 is an answer, not a failure; an unreachable API shows the signed-out app after one retry
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });

  const setUser = useCallback(
    (user: Me | null) => {
      // the live connection is authenticated as whoever opened it: a different person needs a new one
      if (queryClient.getQueryData<Me | null>(meQueryKey)?.id !== user?.id) closeSocket();
      return queryClient.setQueryData<Me | null>(meQueryKey, user);
    },
    [queryClient],
  );

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true });
    return queryClient.getQueryData<Me | null>(meQueryKey) ?? null;
  }, [queryClient]);

  const logout = useCallback(async () => {
    // our session ends; one that came from a sign-in provider ends there too (its logout page returns here)
    let providerLogout: string | null = null;
    try {
      ({ redirectTo: providerLogout } = await unwrap(api.POST('/api/identity/logout')));
    } catch {
      // the local session ends either way; a stale server session expires on its own
    }
    await sleep(LOGOUT_DELAY_MS);
    closeSocket();
    await queryClient.cancelQueries();
    // signed out at once (the mounted me-observer keeps its query), then every other cached slice is dropped
    queryClient.setQueryData<Me | null>(meQueryKey, null);
    // (only the me query itself: ['me', 'credits'] and the like are the signed-out person's data)
    queryClient.removeQueries({
      predicate: (query) => !(query.queryKey.length === 1 && query.queryKey[0] === meQueryKey[0]),
    });
    queryClient.getMutationCache().clear();
    if (providerLogout) {
      window.location.assign(providerLogout);
      return;
    }
    await navigate('/', { replace: true });
  }, [navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user: me.data ?? null, isLoading: me.isPending, refresh, setUser, logout }),
    [me.data, me.isPending, refresh, setUser, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
