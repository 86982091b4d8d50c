import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountSettingsPage } from './account-settings-page';
import { fakeApi, me, renderAt } from '../../../testing';
import { myMembership } from '../../billing/testing/billing-fakes';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function signedIn(
  extra?: (r: {
    method: string;
    path: string;
    body: unknown;
  }) => { status: number; body?: unknown } | undefined,
) {
  return fakeApi((request) => {
    if (request.method === 'GET' && request.path === '/api/me') return { status: 200, body: { user: me() } };
    return extra?.(request) ?? undefined!;
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('account settings', () => {
  test('profile: names required, phone saved through PATCH /api/me', async () => {
    const api = signedIn(({ method, path, body }) =>
      method === 'PATCH' && path === '/api/me'
        ? { status: 200, body: { user: me(body as object) } }
        : undefined,
    );
    const u = userEvent.setup();
    renderAt('/account-settings', <AccountSettingsPage />);
    await screen.findByRole('heading', { name: 'Account settings' });
    const profile = section('Profile');
    const first = within(profile).getByLabelText(/^First name/) as HTMLInputElement;
    expect(first.value).toBe('Ada');
    await u.clear(first);
    await u.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('First name is required')).toBeTruthy();

    await u.type(first, 'Augusta');
    const phone = within(profile).getByLabelText(/^Phone number/);
    await u.clear(phone);
    await u.type(phone, '12ab');
    await u.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('Phone must contain only numbers (6–15 digits)')).toBeTruthy();
    await u.clear(phone);
    await u.type(phone, '442071234567');
    await u.click(within(profile).getByRole('button', { name: 'Save profile' }));
    await vi.waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        firstName: 'Augusta',
        lastName: 'Lovelace',
        phone: '442071234567',
      }),
    );
  });

  test('password: the checklist, a mismatch, and the server refusing the current password', async () => {
    signedIn(({ method, path }) =>
      method === 'POST' && path === '/api/me/password'
        ? {
            status: 400,
            body: { error: { code: 'wrong_password', message: 'Current password is incorrect.' } },
          }
        : undefined,
    );
    const u = userEvent.setup();
    renderAt('/account-settings', <AccountSettingsPage />);
    await screen.findByRole('heading', { name: 'Account settings' });
    const password = section('Password');
    await u.type(within(password).getByLabelText(/^Current password/), 'old-one');
    await u.type(within(password).getByLabelText(/^New password/), 'Facet-new-2');
    await u.type(within(password).getByLabelText(/^Confirm new password/), 'Facet-new-3');
    expect(password.querySelectorAll('[data-met="true"]')).toHaveLength(5);
    await u.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('Passwords do not match')).toBeTruthy();

    await u.clear(within(password).getByLabelText(/^Confirm new password/));
    await u.type(within(password).getByLabelText(/^Confirm new password/), 'Facet-new-2');
    await u.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('Current password is incorrect.')).toBeTruthy();
  });

  test('plan and credits: the membership from the API, the credits from the account', async () => {
    signedIn(({ method, path }) =>
      method === 'GET' && path === '/api/me/membership' ? { status: 200, body: myMembership() } : undefined,
    );
    renderAt('/account-settings', <AccountSettingsPage />);
    await screen.findByRole('heading', { name: 'Account settings' });
    const plan = section('Plan & credits');
    expect(await within(plan).findByText('Standard plan')).toBeTruthy();
    expect(within(plan).getByRole('button', { name: 'Upgrade plan' })).toBeTruthy();
    expect(within(plan).getByRole('link', { name: 'Credits and history' }).getAttribute('href')).toBe(
      '/credits',
    );
  });

  test('address: the saved address is shown and the state list follows the country', async () => {
    const api = signedIn(({ method, path, body }) =>
      method === 'PATCH' && path === '/api/me'
        ? { status: 200, body: { user: me(), echo: body } }
        : undefined,
    );
    const u = userEvent.setup();
    renderAt('/account-settings', <AccountSettingsPage />);
    await screen.findByRole('heading', { name: 'Account settings' });
    const address = section('Address');
    const country = () => within(address).getByLabelText(/^Country/) as HTMLSelectElement;
    await vi.waitFor(() => expect(country().value).toBe('US'));
    expect(((await within(address).findByLabelText(/^State/)) as HTMLSelectElement).value).toBe('NY');
    await u.selectOptions(country(), 'MC');
    await vi.waitFor(() => expect(within(address).queryByLabelText(/^State/)).toBeNull());
    await u.clear(within(address).getByLabelText(/^City/));
    await u.type(within(address).getByLabelText(/^City/), 'Monaco');
    await u.click(within(address).getByRole('button', { name: 'Save address' }));
    await vi.waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        address: { country: 'MC', state: '', city: 'Monaco', street: '5 Canal St', zipcode: '10013' },
      }),
    );
  });

  test('transactions: each payment with its project, status, failure reason and receipt', async () => {
    signedIn(({ path }) =>
      path === '/api/me/transactions'
        ? {
            status: 200,
            body: {
              transactions: [
                {
                  id: 'pay2',
                  purpose: 'changes',
                  subjectId: 'c1',
                  projectId: 'p1',
                  description: 'Signet ring (changes)',
                  status: 'failed',
                  amountCents: 9_000,
                  currency: 'usd',
                  failureMessage: 'Your card was declined.',
                  createdAt: '2026-11-21T10:00:00.000Z',
                  succeededAt: null,
                  refundedAt: null,
                  receiptUrl: null,
                },
                {
                  id: 'pay1',
                  purpose: 'project',
                  subjectId: 'p1',
                  projectId: 'p1',
                  description: 'Signet ring (design)',
                  status: 'succeeded',
                  amountCents: 48_000,
                  currency: 'usd',
                  failureMessage: null,
                  createdAt: '2026-11-20T10:00:00.000Z',
                  succeededAt: '2026-11-20T10:01:00.000Z',
                  refundedAt: null,
                  receiptUrl: '/api/payments/pay1/receipt',
                },
              ],
            },
          }
        : undefined,
    );
    renderAt('/account-settings', <AccountSettingsPage />);
    const transactions = await screen.findByRole('region', { name: 'Transactions' });
    const rows = await within(transactions).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Failed — Your card was declined.');
    expect(rows[2]!.textContent).toContain('$480.00');
    expect(within(rows[2]!).getByRole('link', { name: 'Signet ring (design)' }).getAttribute('href')).toBe(
      '/projects/p1',
    );
    expect(within(rows[2]!).getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      '/api/payments/pay1/receipt',
    );
  });
});
