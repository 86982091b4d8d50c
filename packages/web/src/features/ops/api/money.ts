import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query, Reply, Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';

export type StaffPayment = Schemas['StaffPayment'];
export type Payout = Schemas['Payout'];
export type WebhookFailure = Schemas['WebhookFailure'];
export type TrialBalance = Schemas['TrialBalance'];
type PaymentsQuery = Query<'/api/staff/money/payments', 'get'>;

const money = ['staff', 'money'] as const;

export const useTrialBalance = () =>
  useQuery({
    queryKey: [...money, 'trial-balance'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/ledger/trial-balance', { signal })),
  });

export const useMoneyAlerts = () =>
  useQuery({
    queryKey: [...money, 'alerts'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/money/alerts', { signal })),
  });

export const useStaffPayments = (status: PaymentsQuery['status']) =>
  useQuery({
    queryKey: [...money, 'payments', status ?? 'all'],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/staff/money/payments', { params: { query: { status } }, signal })),
    select: (data) => data.payments,
  });

export const usePayouts = () =>
  useQuery({
    queryKey: [...money, 'payouts'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/money/payouts', { signal })),
    select: (data) => data.payouts,
  });

export const useWebhookFailures = () =>
  useQuery({
    queryKey: [...money, 'webhook-events'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/money/webhook-events', { signal })),
    select: (data) => data.events,
  });

/** Retry a failed payout or webhook event; every money list asks again, whatever the answer. */
export function useRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      id,
    }: {
      kind: 'payout' | 'webhook';
      id: string;
    }): Promise<
      Reply<'/api/staff/payouts/{id}/retry', 'post'> | Reply<'/api/staff/webhook-events/{id}/retry', 'post'>
    > =>
      kind === 'payout'
        ? unwrap(api.POST('/api/staff/payouts/{id}/retry', { params: { path: { id } } }))
        : unwrap(api.POST('/api/staff/webhook-events/{id}/retry', { params: { path: { id } } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: money }),
  });
}
