import { useMutation } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { useAuth } from '../../../app/auth';
import type { Reply } from '../../../api';

export async function uploadAvatar(file: File): Promise<Me> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const { user } = await legacyApi.put<Reply<'/api/me/avatar', 'put'>>('/api/me/avatar', form);
  return user;
}

export function useUploadAvatar() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (user) => setUser(user) });
}
