import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { useAuth } from '../../../app/auth';
import type { RequestBody } from '../../../api';

/** The fields as typed (the server trims them and turns an empty optional phone into null). */
export async function updateProfile(input: RequestBody<'/api/me', 'patch'>): Promise<Me> {
  const { user } = await unwrap(api.PATCH('/api/me', { body: input }));
  return user;
}

/** PATCH /api/me; the returned account replaces the cached one. */
export function useUpdateProfile() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUser(user) });
}
