import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Reply } from '../../../api';

/** The signed-in person's money: a customer's payments; a pro's earnings and payout account. */

export type Transactions = Reply<'/api/me/transactions', 'get'>;
export type Earnings = Reply<'/api/me/earnings', 'get'>;
export type PayoutAccount = Reply<'/api/me/payout-account', 'get'>;

export const moneyKeys = {
  transactions: ['me', 'transactions'] as const,
  earnings: ['me', 'earnings'] as const,
  payoutAccount: ['me', 'payout-account'] as const,
};

export const useTransactions = () =>
  useQuery({
    queryKey: moneyKeys.transactions,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/transactions', { signal })),
  });

export const useEarnings = () =>
  useQuery({
    queryKey: moneyKeys.earnings,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/earnings', { signal })),
  });

/** Asked of the gateway each time, so a page never says more than is true. */
export const usePayoutAccount = (enabled = true) =>
  useQuery({
    queryKey: moneyKeys.payoutAccount,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/payout-account', { signal })),
    enabled,
  });

/** Starts (or resumes) payout onboarding; the browser goes to the gateway's page. */
export const useConnectPayoutAccount = () =>
  useMutation({
    mutationFn: () => unwrap(api.POST('/api/me/payout-account')),
    onSuccess: ({ onboardingUrl }) => window.location.assign(onboardingUrl),
  });
