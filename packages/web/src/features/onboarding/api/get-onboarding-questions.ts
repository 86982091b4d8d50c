import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type OnboardingAnswer = { id: string; text: string };
export type OnboardingQuestion = {
  id: string;
  text: string;
  multiple: boolean;
  parentId: string | null;
  triggerAnswerId: string | null;
  answers: OnboardingAnswer[];
  subQuestions: OnboardingQuestion[];
};

export async function getOnboardingQuestions(signal?: AbortSignal): Promise<OnboardingQuestion[]> {
  const { questions } = await api.get<{ questions: OnboardingQuestion[] }>('/api/onboarding/questions', {
    signal,
  });
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
