import { fakeApi, me } from '../../../testing';

/** A pro's money as the API answers it, for the earnings and /success pages' tests. */

export const designer = me({
  id: 'd1',
  role: 'designer',
  firstName: 'Ava',
  lastName: 'Stone',
  fullName: 'Ava Stone',
});

export const earnings = {
  currency: 'usd' as const,
  inEscrowCents: 7_200,
  availableCents: 0,
  paidOutCents: 38_400,
  earnedPercentage: 80,
  transactions: [
    {
      id: 'pay2',
      kind: 'held',
      amountCents: 7_200,
      description: 'Signet ring (changes)',
      projectId: 'p1',
      at: '2026-11-22T10:00:00.000Z',
    },
    {
      id: 'l2',
      kind: 'payout',
      amountCents: 38_400,
      description: 'Payout',
      projectId: null,
      at: '2026-11-21T10:00:00.000Z',
    },
    {
      id: 'l1',
      kind: 'earning',
      amountCents: 38_400,
      description: 'Signet ring (design)',
      projectId: 'p1',
      at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

/** Serves the pro's account, earnings and payout account (none, pending or active). */
export function answering(body: unknown, account: 'none' | 'pending' | 'active') {
  return fakeApi(({ method, path }) => {
    if (path === '/api/me') return { status: 200, body: { user: designer } };
    if (path === '/api/me/earnings') return { status: 200, body };
    if (method === 'GET' && path === '/api/me/payout-account')
      return { status: 200, body: { status: account, accountId: account === 'none' ? null : 'acct_1' } };
    if (method === 'POST' && path === '/api/me/payout-account')
      return { status: 200, body: { onboardingUrl: 'http://localhost/sandbox/connect/acct_1' } };
    return undefined!;
  });
}
