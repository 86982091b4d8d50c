import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@facet/domain/rules';
import { legacyApi } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import type { Reply } from '../../../api';

export async function login(input: LoginInput): Promise<Me> {
  const { user } = await legacyApi.post<Reply<'/api/auth/login', 'post'>>('/api/auth/login', input);
  return user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

/** Ends the current server session without leaving the page (the login page signs a stale session out first). */
export async function endSession(): Promise<void> {
  await legacyApi.post('/api/auth/logout');
}
