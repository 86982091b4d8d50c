import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { SuccessPage } from './success-page';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const designer = me({
  id: 'd1',
  role: 'designer',
  firstName: 'Ava',
  lastName: 'Stone',
  fullName: 'Ava Stone',
});

const earnings = {
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

function answering(body: unknown, account: 'none' | 'pending' | 'active') {
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

describe('/success after payout onboarding', () => {
  test('tells the truth: not finished while the gateway says pending', async () => {
    answering(earnings, 'pending');
    renderAt('/success', <SuccessPage />);
    expect(
      await screen.findByRole('heading', { name: 'Your payout account is not connected yet' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish payout setup' })).toBeTruthy();
  });

  test('connected: says so and leads to the earnings', async () => {
    answering(earnings, 'active');
    renderAt('/success', <SuccessPage />);
    expect(await screen.findByRole('heading', { name: 'Your payout account is connected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your earnings' }).getAttribute('href')).toBe('/earnings');
  });
});
