import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/auth';
import type { Reply } from '../../../api';

export type Payment = Reply<'/api/payments/{id}', 'get'>;

/**
 * The payment a customer came back with from the hosted page, polled until the gateway's event decides
 * it; once it succeeded, what it bought (`refresh` keys) and the account are read again.
 */
export function usePaymentReturn(id: string | null, refresh: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  const payment = useQuery({
    queryKey: ['payments', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<Payment>(`/api/payments/${encodeURIComponent(id!)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1500 : false),
  });
  const status = payment.data?.status;
  useEffect(() => {
    if (status !== 'succeeded') return;
    for (const key of refresh) void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: meQueryKey, exact: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per decided payment
  }, [status, client]);
  return payment;
}
