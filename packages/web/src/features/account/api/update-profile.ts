import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@facet/domain/rules';
import { legacyApi } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { useAuth } from '../../../app/auth';
import type { Reply } from '../../../api';

export async function updateProfile(input: ProfileUpdateInput): Promise<Me> {
  const { user } = await legacyApi.patch<Reply<'/api/me', 'patch'>>('/api/me', input);
  return user;
}

/** PATCH /api/me; the returned account replaces the cached one. */
export function useUpdateProfile() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUser(user) });
}
