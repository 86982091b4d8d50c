import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, renderAt } from '../../../testing';
import { PlanComparison } from './plan-comparison';
import { memberships, myMembership, plans, quote } from '../testing/billing-fakes';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/pricing plans', () => {
  test('visitors see the server’s plans and sign up to choose one', async () => {
    fakeApi(({ method, path }) =>
      method === 'GET' && path === '/api/memberships' ? { status: 200, body: memberships } : undefined!,
    );
    renderAt('/pricing', <PlanComparison />);
    expect(await screen.findByText('$29.00 / month')).toBeTruthy();
    expect(screen.getByText('200 AI credits a month · Pro library')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose Pro' }).getAttribute('href')).toBe('/onboarding');
    expect(screen.getByRole('link', { name: 'Start free' }).getAttribute('href')).toBe('/onboarding');
  });

  test('a Pro customer sees their plan marked; a higher plan opens the upgrade dialog on it', async () => {
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me')
        return { status: 200, body: { user: me({ membership: { name: 'Pro' } }) } };
      if (method === 'GET' && path === '/api/memberships') return { status: 200, body: memberships };
      if (method === 'GET' && path === '/api/me/membership')
        return { status: 200, body: myMembership({ plan: plans[1]! }) };
      if (method === 'GET' && path === '/api/me/membership/preview')
        return {
          status: 200,
          body: quote({
            plan: plans[2]!,
            kind: 'upgrade',
            listPriceCents: 3500,
            amountCents: 3500,
            prorated: true,
            message: 'You pay $35.00 now for the rest of this period; then $99.00 a month from Dec 25, 2026.',
          }),
        };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/pricing', <PlanComparison />);
    expect(await screen.findByText('Your plan')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Choose Standard' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Upgrade to Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(
      ((await within(dialog).findByRole('radio', { name: /Business/ })) as HTMLInputElement).checked,
    ).toBe(true);
    expect(await within(dialog).findByText('Business, rest of this period')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Pay $35.00' })).toBeTruthy();
  });
});
