import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SuccessPage } from './success-page';
import { fakeApi, renderAt } from '../../../testing';
import { answering, designer, earnings } from '../../account/testing/money-fakes';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/success after payout onboarding', () => {
  test('tells the truth: not finished while the gateway says pending', async () => {
    answering(earnings, 'pending');
    renderAt('/success', <SuccessPage />);
    expect(
      await screen.findByRole('heading', { name: 'Your payout account is not connected yet' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish payout setup' })).toBeTruthy();
  });

  test('the gateway away while finishing the setup: its message is shown, never a code', async () => {
    const message = 'Payments are briefly unavailable; nothing was charged. Please try again in a minute.';
    fakeApi(({ method, path }) => {
      if (path === '/api/me') return { status: 200, body: { user: designer } };
      if (method === 'GET' && path === '/api/me/payout-account')
        return { status: 200, body: { status: 'pending', accountId: 'acct_1' } };
      if (method === 'POST' && path === '/api/me/payout-account')
        return { status: 503, body: { error: { code: 'payments_unavailable', message } } };
      return undefined!;
    });
    renderAt('/success', <SuccessPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Finish payout setup' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText(/payments_unavailable/)).toBeNull();
  });

  test('connected: says so and leads to the earnings', async () => {
    answering(earnings, 'active');
    renderAt('/success', <SuccessPage />);
    expect(await screen.findByRole('heading', { name: 'Your payout account is connected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your earnings' }).getAttribute('href')).toBe('/earnings');
  });
});
