import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import type { Reply } from '../../../api';
import { projectKeys } from './types';

const enc = encodeURIComponent;

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
  legacyApi.put<Reply<'/api/projects/{id}/lead-time', 'put'>>(`/api/projects/${enc(projectId)}/lead-time`, {
    leadTimeDays,
    reason,
  });

/** The customer agrees to the asked lead time (a new due date) or declines it. */
export const answerLeadTime = ({
  projectId,
  decision,
}: {
  projectId: string;
  decision: 'accept' | 'decline';
}) =>
  legacyApi.post<Reply<'/api/projects/{id}/lead-time/answer', 'post'>>(
    `/api/projects/${enc(projectId)}/lead-time/answer`,
    { decision },
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
