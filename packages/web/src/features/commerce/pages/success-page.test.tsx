import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { SuccessPage } from './success-page';
import { renderAt } from '../../../testing';
import { answering, earnings } from '../../account/testing/money-fakes';

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

  test('connected: says so and leads to the earnings', async () => {
    answering(earnings, 'active');
    renderAt('/success', <SuccessPage />);
    expect(await screen.findByRole('heading', { name: 'Your payout account is connected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your earnings' }).getAttribute('href')).toBe('/earnings');
  });
});
