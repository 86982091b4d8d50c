import { useMutation } from '@tanstack/react-query';
import { api, unwrap, formBody } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { useAuth } from '../../../app/auth';

export async function uploadAvatar(file: File): Promise<Me> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const { user } = await unwrap(api.PUT('/api/me/avatar', { body: formBody(form) }));
  return user;
}

export function useUploadAvatar() {
  const { setUser } = useAuth();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (user) => setUser(user) });
}
