import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, renderAt } from '../../../testing';
import { MembershipSection } from './membership-section';
import { badCode, memberships, myMembership, plans, quote } from '../testing/billing-fakes';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (url: string) => renderAt(url, <MembershipSection user={me()} />, '/account-settings');

describe('membership section and upgrade dialog', () => {
  test('?upgrade=1 opens the dialog on the next plan up with the server’s preview; a bad code is refused; confirm goes to the pay page', async () => {
    let refuseCode = false;
    const api = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (method === 'GET' && path === '/api/memberships') return { status: 200, body: memberships };
      if (method === 'GET' && path === '/api/me/membership') return { status: 200, body: myMembership() };
      if (method === 'GET' && path === '/api/me/membership/preview')
        return refuseCode ? badCode : { status: 200, body: quote() };
      return undefined!;
    });
    const u = userEvent.setup();
    page('/account-settings?upgrade=1');
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    const pro = await within(dialog).findByRole('radio', { name: /Pro/ });
    expect((pro as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('radio', { name: /Standard.*Your plan/ })).toBeTruthy();
    expect(
      await within(dialog).findByText('You pay $29.00 now; Pro renews monthly from Dec 25, 2026.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Pay $29.00' })).toBeTruthy();

    // a code the server refuses: its text under the field, nothing paid
    refuseCode = true;
    await u.type(within(dialog).getByLabelText('Discount code'), 'nope');
    await u.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('This discount code is not valid.')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    cleanup();
    vi.unstubAllGlobals();

    // a fresh page: confirm sends the plan with an Idempotency-Key and opens the hosted page
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const again = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (method === 'GET' && path === '/api/memberships') return { status: 200, body: memberships };
      if (method === 'GET' && path === '/api/me/membership') return { status: 200, body: myMembership() };
      if (method === 'GET' && path === '/api/me/membership/preview') return { status: 200, body: quote() };
      if (method === 'POST' && path === '/api/me/membership')
        return {
          status: 200,
          body: {
            paymentId: 'pay1',
            checkoutUrl: 'http://localhost/sandbox/checkout/cs1',
            quote: quote(),
            membership: myMembership(),
          },
        };
      return undefined!;
    });
    page('/account-settings?upgrade=1');
    const d2 = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    await u.click(await within(d2).findByRole('button', { name: 'Pay $29.00' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/cs1'));
    const post = again.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ plan: 'Pro' });
    expect(post.headers?.['idempotency-key']).toMatch(/^membership-/);
  });

  test('a paid plan with a scheduled cancel shows when it ends; a failed renewal shows its grace', async () => {
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (method === 'GET' && path === '/api/memberships') return { status: 200, body: memberships };
      if (method === 'GET' && path === '/api/me/membership')
        return {
          status: 200,
          body: myMembership({
            plan: plans[1]!,
            status: 'past_due',
            periodEnd: '2026-12-01T00:00:00.000Z',
            pendingPlan: plans[0]!,
            graceUntil: '2026-12-04T00:00:00.000Z',
          }),
        };
      return undefined!;
    });
    page('/account-settings');
    expect(await screen.findByText('Pro plan')).toBeTruthy();
    expect(screen.getByText('$29.00 a month')).toBeTruthy();
    expect(
      screen.getByText('Your Pro membership ends on Dec 1, 2026; then your account moves to Standard.'),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Dec 4, 2026');
    // already cancelling: no second Cancel
    expect(screen.queryByRole('button', { name: 'Cancel membership' })).toBeNull();
  });

  test('a failed load says so and offers a retry', async () => {
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (method === 'GET' && path === '/api/me/membership')
        return { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } };
      return undefined!;
    });
    page('/account-settings');
    expect(await screen.findByText(/Something went wrong\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
