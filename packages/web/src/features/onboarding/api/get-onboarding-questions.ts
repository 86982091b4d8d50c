import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../../api';
import { legacyApi } from '../../../lib/api-client';
import type { Reply } from '../../../api';

export type OnboardingQuestion = Schemas['OnboardingQuestion'];
export type OnboardingAnswer = OnboardingQuestion['answers'][number];

export async function getOnboardingQuestions(signal?: AbortSignal): Promise<OnboardingQuestion[]> {
  const { questions } = await legacyApi.get<Reply<'/api/onboarding/questions', 'get'>>(
    '/api/onboarding/questions',
    {
      signal,
    },
  );
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
