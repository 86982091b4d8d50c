import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

import { projectKeys } from './types';

/** The chosen pro asks to change the lead time (spec §7 `PUT project/project-lead-time/{id}`). */
export const requestLeadTime = ({
  projectId,
  leadTimeDays,
  reason,
}: {
  projectId: string;
  leadTimeDays: number;
  reason: string;
}) =>
  unwrap(
    api.PUT('/api/projects/{id}/lead-time', {
      params: { path: { id: projectId } },
      body: {
        leadTimeDays,
        reason,
      },
    }),
  );

/** The customer agrees to the asked lead time (a new due date) or declines it. */
export const answerLeadTime = ({
  projectId,
  decision,
}: {
  projectId: string;
  decision: 'accept' | 'decline';
}) =>
  unwrap(
    api.POST('/api/projects/{id}/lead-time/answer', {
      params: { path: { id: projectId } },
      body: { decision },
    }),
  );

function useLeadTimeMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export const useRequestLeadTime = () => useLeadTimeMutation(requestLeadTime);
export const useAnswerLeadTime = () => useLeadTimeMutation(answerLeadTime);
