import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './login-page';
import { fakeApi, me, renderAt } from '../../../testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login pages', () => {
  test('empty fields show the messages; the right account lands on its home', async () => {
    const api = fakeApi(({ method, path }) =>
      method === 'POST' && path === '/api/auth/login'
        ? { status: 200, body: { user: me({ role: 'designer', status: 'active' }) } }
        : undefined!,
    );
    const u = userEvent.setup();
    renderAt('/login-designer', <LoginPage portal="designer" />);
    await screen.findByRole('heading', { name: 'CAD designer login' });
    await screen.findByLabelText(/^Email/);
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await u.type(screen.getByLabelText(/^Email/), ' Dan@Example.com');
    await u.type(screen.getByLabelText(/^Password/), 'Facet-demo-1');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Projects page' });
    expect(api.requests.find((r) => r.path === '/api/auth/login')?.body).toEqual({
      email: 'dan@example.com',
      password: 'Facet-demo-1',
      portal: 'designer',
    });
  });

  test('a pending designer waits on /pending', async () => {
    fakeApi(({ method, path }) =>
      method === 'POST' && path === '/api/auth/login'
        ? { status: 200, body: { user: me({ role: 'designer', status: 'pending' }) } }
        : undefined!,
    );
    const u = userEvent.setup();
    renderAt('/login-designer', <LoginPage portal="designer" />);
    await u.type(await screen.findByLabelText(/^Email/), 'dan@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'Facet-demo-1');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Pending page' });
  });

  test("the wrong portal's message from the server is shown", async () => {
    const message = 'This is the customer login. CAD designers sign in at /login-designer.';
    fakeApi(({ method, path }) =>
      method === 'POST' && path === '/api/auth/login'
        ? { status: 403, body: { error: { code: 'wrong_portal', message } } }
        : undefined!,
    );
    const u = userEvent.setup();
    renderAt('/login-user', <LoginPage portal="customer" />);
    await u.type(await screen.findByLabelText(/^Email/), 'dan@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'Facet-demo-1');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CAD designer login' }).getAttribute('href')).toBe(
      '/login-designer',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/onboarding');
  });

  test('an existing session is offered to continue or to sign out first', async () => {
    let signedIn = true;
    const api = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/me')
        return signedIn
          ? { status: 200, body: { user: me() } }
          : { status: 401, body: { error: { code: 'unauthenticated', message: 'x' } } };
      if (method === 'POST' && path === '/api/auth/logout') {
        signedIn = false;
        return { status: 204 };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/login-user', <LoginPage portal="customer" />);
    expect(await screen.findByText(/signed in as/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText(/^Email/)).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/auth/logout')).toBe(true);
  });
});
