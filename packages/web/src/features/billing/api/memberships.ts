import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/auth';
import type { Reply, RequestBody, Schemas } from '../../../api';

/** Plans, the customer's membership and plan changes (the server prices and decides; decision 030). */

export type Plan = Schemas['Plan'];
export type Memberships = Schemas['Memberships'];
export type MyMembership = Schemas['MyMembership'];
export type MembershipQuote = Schemas['MembershipQuote'];
export type PlanChoice = RequestBody<'/api/me/membership', 'post'>;
export type MembershipChange = Reply<'/api/me/membership', 'post'>;

export const membershipsQueryKey = ['memberships'] as const;
export const myMembershipQueryKey = ['me', 'membership'] as const;

/** GET /api/memberships: the plans to compare, the credit packs, what a generation costs (public). */
export const useMemberships = () =>
  useQuery({
    queryKey: membershipsQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/memberships', { signal })),
    staleTime: 60_000,
  });

export const useMyMembership = (enabled = true) =>
  useQuery({
    queryKey: myMembershipQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/membership', { signal })),
    enabled,
  });

/** What choosing a plan would do and cost now (prorated upgrades, scheduled downgrades), with a code. */
export const useMembershipPreview = (plan: string | null, code: string | null) =>
  useQuery({
    queryKey: ['me', 'membership', 'preview', plan, code] as const,
    // no plan chosen, nothing to ask
    queryFn: plan
      ? ({ signal }) =>
          unwrap(
            api.GET('/api/me/membership/preview', {
              params: { query: { plan, code: code || undefined } },
              signal,
            }),
          )
      : skipToken,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /api/me/membership with the attempt's Idempotency-Key: a hosted pay page, or a scheduled change. */
export function useChangeMembership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PlanChoice; key: string }) =>
      unwrap(api.POST('/api/me/membership', { params: { header: { 'idempotency-key': key } }, body })),
    onSuccess: (answer) => {
      client.setQueryData(myMembershipQueryKey, answer.membership);
      void client.invalidateQueries({ queryKey: meQueryKey, exact: true });
    },
  });
}
