import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '@facet/domain/rules';
import { api, unwrap, signupBody } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';

export type SignUpRequest = { input: SignupInput; portfolioImages: File[] };

/** POST /api/auth/signup: JSON, or multipart (`data` + `portfolioImages`) when portfolio images were added. */
export async function signUp({ input, portfolioImages }: SignUpRequest): Promise<Me> {
  let body: SignupInput | FormData = input;
  if (portfolioImages.length > 0) {
    const form = new FormData();
    form.append('data', JSON.stringify(input));
    for (const file of portfolioImages) form.append('portfolioImages', file, file.name);
    body = form;
  }
  const { user } = await unwrap(api.POST('/api/auth/signup', { body: signupBody(body) }));
  return user;
}

/** The sign-up call; a provider's first sign-in sends the same body elsewhere. */
export function useSignUp(send: (request: SignUpRequest) => Promise<Me> = signUp) {
  return useMutation({ mutationFn: send });
}
