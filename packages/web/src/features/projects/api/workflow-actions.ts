import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, formBody } from '../../../lib/api-client';
import { projectKeys } from './types';

/** Staff marks a Make Payment project as paid (until checkout pays it). */
export const markPaid = (projectId: string) =>
  unwrap(api.POST('/api/staff/projects/{id}/mark-paid', { params: { path: { id: projectId } } }));

/** The adopted pro delivers files; the project moves to Review & Delivery. */
export function deliverFiles({ projectId, files }: { projectId: string; files: File[] }) {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  return unwrap(
    api.POST('/api/projects/{id}/deliveries', { params: { path: { id: projectId } }, body: formBody(form) }),
  );
}

export const approveDelivery = (projectId: string) =>
  unwrap(api.POST('/api/projects/{id}/approve', { params: { path: { id: projectId } } }));

export const requestChanges = ({ projectId, changes }: { projectId: string; changes: string[] }) =>
  unwrap(
    api.POST('/api/projects/{id}/change-requests', {
      params: { path: { id: projectId } },
      body: { changes },
    }),
  );

export const quoteChanges = ({
  changeRequestId,
  priceCents,
}: {
  changeRequestId: string;
  priceCents: number;
}) =>
  unwrap(
    api.POST('/api/change-requests/{id}/quote', {
      params: { path: { id: changeRequestId } },
      body: {
        priceCents,
      },
    }),
  );

/** The chosen pro declines the requested changes. */
export const rejectChanges = (changeRequestId: string) =>
  unwrap(api.POST('/api/change-requests/{id}/reject', { params: { path: { id: changeRequestId } } }));

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
  unwrap(
    api.POST('/api/change-requests/{id}/approve', {
      params: { path: { id: changeRequestId } },
      body: { approvals },
    }),
  );

export const declineChanges = (changeRequestId: string) =>
  unwrap(api.POST('/api/change-requests/{id}/decline', { params: { path: { id: changeRequestId } } }));

export const rateProject = ({
  projectId,
  stars,
  review,
}: {
  projectId: string;
  stars: number;
  review: string;
}) =>
  unwrap(
    api.POST('/api/projects/{id}/rating', { params: { path: { id: projectId } }, body: { stars, review } }),
  );

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
