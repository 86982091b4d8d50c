import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from '../../auth/pages/login-page';
import { fakeApi, me, renderAt } from '../../../testing';
import { IdentityErrorPage } from './identity-error-page';
import { IdentityLinkPage } from './identity-link-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const providers = { customer: null, professional: { name: 'Acme Pro ID' } };
const pending = (over: Record<string, unknown>) => ({
  status: 200,
  body: {
    pending: {
      stage: 'link',
      portal: 'customer',
      provider: 'Acme ID',
      email: 'linda@example.com',
      name: 'Linda',
      error: null,
      ...over,
    },
  },
});

describe('sign-in through a provider', () => {
  test('the tenant of the login page offers "Continue with {provider}"; no tenant, no button', async () => {
    fakeApi(({ path }) =>
      path === '/api/identity/providers' ? { status: 200, body: providers } : undefined!,
    );
    renderAt('/login-service', <LoginPage portal="service" />);
    const link = await screen.findByRole('link', { name: 'Continue with Acme Pro ID' });
    expect(link.getAttribute('href')).toBe('/api/identity/login/service');
    cleanup();

    const api = fakeApi(({ path }) =>
      path === '/api/identity/providers' ? { status: 200, body: providers } : undefined!,
    );
    renderAt('/login-user', <LoginPage portal="customer" />);
    await screen.findByLabelText(/^Email/);
    await vi.waitFor(() => expect(api.requests.some((r) => r.path === '/api/identity/providers')).toBe(true));
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });

  test('the error page says what went wrong, with the detail, and leads back to the right login page', async () => {
    fakeApi(({ path }) =>
      path === '/api/identity/pending'
        ? pending({
            stage: 'error',
            portal: 'designer',
            error: {
              code: 'invalid_id_token',
              message: 'Audience (aud) claim mismatch in the ID token; expected "a" but found "b"',
            },
          })
        : undefined!,
    );
    renderAt('/identity/error?code=invalid_id_token', <IdentityErrorPage />);
    await screen.findByRole('heading', { level: 1, name: 'We could not verify this sign-in' });
    expect(screen.getByText(/Audience \(aud\) claim mismatch/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login-designer');
  });

  test('without a flow the error page still explains the code it was sent with', async () => {
    fakeApi(({ path }) =>
      path === '/api/identity/pending' ? { status: 200, body: { pending: null } } : undefined!,
    );
    renderAt('/identity/error?code=invalid_state', <IdentityErrorPage />);
    await screen.findByRole('heading', { level: 1, name: 'Invalid state' });
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login-user');
  });

  test('linking: a wrong password is said plainly; the right one signs in and lands on the home page', async () => {
    let attempts = 0;
    const api = fakeApi(({ method, path }) => {
      if (path === '/api/identity/pending') return pending({});
      if (method === 'POST' && path === '/api/identity/link') {
        attempts++;
        return attempts === 1
          ? {
              status: 401,
              body: {
                error: {
                  code: 'wrong_password',
                  message: 'That password is not right for this account.',
                  fields: { password: 'That password is not right for this account.' },
                },
              },
            }
          : { status: 200, body: { user: me({ role: 'customer' }), redirectTo: '/dashboard' } };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/identity/link', <IdentityLinkPage />);
    await screen.findByRole('heading', { name: 'You already have a Facet account' });
    expect(screen.getByText('linda@example.com')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password is required');
    await u.type(screen.getByLabelText(/^Facet password/), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await screen.findByText('That password is not right for this account.');
    await u.type(screen.getByLabelText(/^Facet password/), 'Right-one-1!');
    await u.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(api.requests.filter((r) => r.path === '/api/identity/link').map((r) => r.body)).toEqual([
      { password: 'wrong' },
      { password: 'Right-one-1!' },
    ]);
  });

  test('a link page without a pending link says it expired', async () => {
    fakeApi(({ path }) =>
      path === '/api/identity/pending' ? { status: 200, body: { pending: null } } : undefined!,
    );
    renderAt('/identity/link', <IdentityLinkPage />);
    await screen.findByRole('heading', { level: 1, name: 'There is no sign-in to link' });
  });
});
