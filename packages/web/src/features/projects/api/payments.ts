import { useMutation, useQuery } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import type { Reply } from '../../../api';

const enc = encodeURIComponent;

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
      legacyApi.get<PaymentQuote>(
        kind === 'project' ? `/api/projects/${enc(id)}/payment` : `/api/change-requests/${enc(id)}/payment`,
        { signal },
      ),
  });

/**
 * Opens the gateway's checkout. The key is made once per attempt by the caller, so a double click or a
 * retry gets the same checkout (the server answers the same key with the same payment).
 */
export function startPayment({ kind, id, key }: { kind: 'project' | 'changes'; id: string; key: string }) {
  const path =
    kind === 'project' ? `/api/projects/${enc(id)}/payment` : `/api/change-requests/${enc(id)}/payment`;
  return legacyApi.post<Checkout>(path, undefined, { headers: { 'idempotency-key': key } });
}

export const useStartPayment = () => useMutation({ mutationFn: startPayment });
