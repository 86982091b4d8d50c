import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { Reply } from '../../../api';

const enc = encodeURIComponent;

/** Staff marks a Make Payment project as paid (until checkout pays it). */
export const markPaid = (projectId: string) =>
  legacyApi.post<Reply<'/api/staff/projects/{id}/mark-paid', 'post'>>(
    `/api/staff/projects/${enc(projectId)}/mark-paid`,
  );

/** The adopted pro delivers files; the project moves to Review & Delivery. */
export function deliverFiles({ projectId, files }: { projectId: string; files: File[] }) {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  return legacyApi.post<Reply<'/api/projects/{id}/deliveries', 'post'>>(
    `/api/projects/${enc(projectId)}/deliveries`,
    form,
  );
}

export const approveDelivery = (projectId: string) =>
  legacyApi.post<Reply<'/api/projects/{id}/approve', 'post'>>(`/api/projects/${enc(projectId)}/approve`);

export const requestChanges = ({ projectId, changes }: { projectId: string; changes: string[] }) =>
  legacyApi.post<Reply<'/api/projects/{id}/change-requests', 'post'>>(
    `/api/projects/${enc(projectId)}/change-requests`,
    { changes },
  );

export const quoteChanges = ({
  changeRequestId,
  priceCents,
}: {
  changeRequestId: string;
  priceCents: number;
}) =>
  legacyApi.post<Reply<'/api/change-requests/{id}/quote', 'post'>>(
    `/api/change-requests/${enc(changeRequestId)}/quote`,
    {
      priceCents,
    },
  );

/** The chosen pro declines the requested changes. */
export const rejectChanges = (changeRequestId: string) =>
  legacyApi.post<Reply<'/api/change-requests/{id}/reject', 'post'>>(
    `/api/change-requests/${enc(changeRequestId)}/reject`,
  );

/**
 * The customer answers the priced changes, one approval per change in their order. Spec section 4: when
 * not all are approved, the changes become refused (the server decides).
 */
export const approveChanges = ({
  changeRequestId,
  approvals,
}: {
  changeRequestId: string;
  approvals: boolean[];
}) =>
  legacyApi.post<Reply<'/api/change-requests/{id}/approve', 'post'>>(
    `/api/change-requests/${enc(changeRequestId)}/approve`,
    { approvals },
  );

export const declineChanges = (changeRequestId: string) =>
  legacyApi.post<Reply<'/api/change-requests/{id}/decline', 'post'>>(
    `/api/change-requests/${enc(changeRequestId)}/decline`,
  );

export const rateProject = ({
  projectId,
  stars,
  review,
}: {
  projectId: string;
  stars: number;
  review: string;
}) => legacyApi.post(`/api/projects/${enc(projectId)}/rating`, { stars, review });

function useProjectMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export const useMarkPaid = () => useProjectMutation(markPaid);
export const useDeliverFiles = () => useProjectMutation(deliverFiles);
export const useApproveDelivery = () => useProjectMutation(approveDelivery);
export const useRequestChanges = () => useProjectMutation(requestChanges);
export const useQuoteChanges = () => useProjectMutation(quoteChanges);
export const useRejectChanges = () => useProjectMutation(rejectChanges);
export const useApproveChanges = () => useProjectMutation(approveChanges);
export const useDeclineChanges = () => useProjectMutation(declineChanges);
export const useRateProject = () => useProjectMutation(rateProject);
