import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/auth';
import type { Reply } from '../../../api';

export type Payment = Reply<'/api/payments/{id}', 'get'>;

/** How long a return from the hosted page waits for the gateway's event before showing a failure. */
export const CONFIRM_WINDOW_MS = 120_000;

/**
 * Whether a payment the customer came back with is still being confirmed. The hosted page sends the
 * customer back only once it took the payment, so until the gateway's event arrives the payment reads
 * 'pending' — or 'failed', when an earlier card in the same checkout was declined and that event came
 * first. Both wait for the event (a failed one for a while: an asynchronous method can still fail).
 */
export function awaitingGateway(status: Payment['status'] | undefined, windowOver: boolean) {
  if (status === 'pending') return true;
  return status === 'failed' && !windowOver;
}

/**
 * The payment a customer came back with from the hosted page, polled until the gateway's event decides
 * it; once it succeeded, what it bought (`refresh` keys) and the account are read again. `confirming`
 * says to show "being confirmed" rather than what the payment reads now.
 */
export function usePaymentReturn(id: string | null, refresh: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  const [windowOver, setWindowOver] = useState(false);
  useEffect(() => {
    if (!id) return;
    const timer = setTimeout(() => setWindowOver(true), CONFIRM_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [id]);
  const payment = useQuery({
    queryKey: ['payments', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/payments/{id}', { params: { path: { id: id! } }, signal })),
    refetchInterval: (query) => (awaitingGateway(query.state.data?.status, windowOver) ? 1500 : false),
  });
  const status = payment.data?.status;
  useEffect(() => {
    if (status !== 'succeeded') return;
    for (const key of refresh) void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: meQueryKey, exact: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per decided payment
  }, [status, client]);
  const confirming = Boolean(id) && (payment.isPending || awaitingGateway(status, windowOver));
  return { payment, confirming };
}
