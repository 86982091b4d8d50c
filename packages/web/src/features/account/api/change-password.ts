import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@facet/domain/rules';
import { api, unwrap } from '../../../lib/api-client';

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await unwrap(api.POST('/api/me/password', { body: input }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
