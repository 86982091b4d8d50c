import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@facet/domain/rules';
import { legacyApi } from '../../../lib/api-client';

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await legacyApi.post('/api/me/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
