import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Reply } from '../../../api';

export type PaymentQuote = Reply<'/api/projects/{id}/payment', 'get'>;
export type Checkout = Reply<'/api/projects/{id}/payment', 'post'>;

export const paymentKeys = {
  project: (projectId: string) => ['projects', 'detail', projectId, 'payment'] as const,
  changes: (changeId: string) => ['change-requests', changeId, 'payment'] as const,
};

/** What the customer pays (at Make Payment, or for approved changes), itemised, with their latest attempt. */
export const usePaymentQuote = (kind: 'project' | 'changes', id: string) =>
  useQuery<PaymentQuote>({
    queryKey: kind === 'project' ? paymentKeys.project(id) : paymentKeys.changes(id),
    queryFn: ({ signal }) =>
      unwrap(
        kind === 'project'
          ? api.GET('/api/projects/{id}/payment', { params: { path: { id } }, signal })
          : api.GET('/api/change-requests/{id}/payment', { params: { path: { id } }, signal }),
      ),
  });

/**
 * Opens the gateway's checkout. The key is made once per attempt by the caller, so a double click or a
 * retry gets the same checkout (the server answers the same key with the same payment).
 */
export function startPayment({ kind, id, key }: { kind: 'project' | 'changes'; id: string; key: string }) {
  const params = { path: { id }, header: { 'idempotency-key': key } };
  return unwrap(
    kind === 'project'
      ? api.POST('/api/projects/{id}/payment', { params })
      : api.POST('/api/change-requests/{id}/payment', { params }),
  );
}

export const useStartPayment = () => useMutation({ mutationFn: startPayment });
