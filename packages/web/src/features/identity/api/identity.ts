import { useMutation, useQuery } from '@tanstack/react-query';
import type { SignupInput } from '@facet/domain/rules';
import { api, unwrap, signupBody } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import type { Reply } from '../../../api';

export type PendingIdentity = NonNullable<Reply<'/api/identity/pending', 'get'>['pending']>;
export type IdentityPortal = 'customer' | 'designer' | 'service';

/** The sign-in under way in this browser (sign-up or linking to finish, or its error), or null. */
export function usePendingIdentity(enabled = true) {
  return useQuery({
    queryKey: ['identity', 'pending'],
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/identity/pending', { signal }))).pending,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

export function useLinkIdentity() {
  return useMutation({
    mutationFn: (password: string) => unwrap(api.POST('/api/identity/link', { body: { password } })),
  });
}

/** The wizard's last step for a provider's first sign-in: as /api/auth/signup, to /api/identity/signup. */
export async function identitySignUp({
  input,
  portfolioImages,
}: {
  input: SignupInput;
  portfolioImages: File[];
}): Promise<Me> {
  let body: SignupInput | FormData = input;
  if (portfolioImages.length > 0) {
    const form = new FormData();
    form.append('data', JSON.stringify(input));
    for (const file of portfolioImages) form.append('portfolioImages', file, file.name);
    body = form;
  }
  const { user } = await unwrap(api.POST('/api/identity/signup', { body: signupBody(body) }));
  return user;
}
