import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';

export type OnboardingQuestion = Schemas['OnboardingQuestion'];
export type OnboardingAnswer = OnboardingQuestion['answers'][number];

export async function getOnboardingQuestions(signal?: AbortSignal): Promise<OnboardingQuestion[]> {
  const { questions } = await unwrap(api.GET('/api/onboarding/questions', { signal }));
  return questions;
}

export const onboardingQuestionsQueryOptions = () =>
  queryOptions({
    queryKey: ['onboarding', 'questions'],
    queryFn: ({ signal }) => getOnboardingQuestions(signal),
    staleTime: Infinity,
  });

export function useOnboardingQuestions(enabled = true) {
  return useQuery({ ...onboardingQuestionsQueryOptions(), enabled });
}
