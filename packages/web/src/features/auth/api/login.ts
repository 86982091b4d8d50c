import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@facet/domain/rules';
import { api, unwrap } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';

export async function login(input: LoginInput): Promise<Me> {
  const { user } = await unwrap(api.POST('/api/auth/login', { body: input }));
  return user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** Ends the current server session without leaving the page (the login page signs a stale session out first). */
export async function endSession(): Promise<void> {
  await unwrap(api.POST('/api/auth/logout'));
}
