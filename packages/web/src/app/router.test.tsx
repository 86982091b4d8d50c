import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Me } from '../lib/types';
import { AppProvider, createQueryClient } from './provider';
import { routes } from './router';

function me(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    role: 'customer',
    email: 'customer@demo.facet',
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    phone: '5551234',
    status: 'active',
    isInactive: false,
    blocked: false,
    firstTimeLogin: false,
    questionsBanner: true,
    hasSkippedQuestions: false,
    avatarUrl: null,
    address: null,
    membership: { name: 'Standard' },
    credits: { monthly: 0, purchased: 0, balance: 0 },
    cartCount: 0,
    profileCompletePercent: 50,
    ...overrides,
  };
}

/** The API answers /api/me with this account (or 401 when null). */
function serveMe(user: Me | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      user
        ? new Response(JSON.stringify({ user }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'Sign in first.' } }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
    ),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

beforeAll(() => {
  // jsdom has no scrolling; ScrollRestoration calls it on every navigation
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('routes and guards', () => {
  test('signed out, /dashboard redirects to the home page', async () => {
    serveMe(null);
    const router = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: /from an idea to the piece/i })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    // the public main header offers login and sign-up
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/onboarding');
  });

  test('a pending designer is sent to /pending, without a sidebar', async () => {
    serveMe(me({ role: 'designer', status: 'pending' }));
    const router = renderAt('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is under review' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pending');
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
  });

  test('a blocked customer on /produce lands on /no-access', async () => {
    serveMe(me({ isInactive: true, blocked: true }));
    const router = renderAt('/produce');
    expect(await screen.findByRole('heading', { level: 1, name: /do not have access/i })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-access');
  });

  test('a customer on /dashboard gets the sub header, the full sidebar in order and the 50% banner', async () => {
    serveMe(me());
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: /ada/i })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'App' });
    const labels = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual(['Dashboard', 'Design', 'Projects', 'Produce', 'Orders', 'Browse Designers']);
    expect(screen.getByText('Your profile is 50% complete.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete Now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /upgrade plan/i })).toBeTruthy();
  });

  test('a designer sees only Dashboard and Projects and is sent from /cart to /projects', async () => {
    serveMe(me({ role: 'designer', questionsBanner: false }));
    const router = renderAt('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'No projects yet' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
    const nav = screen.getByRole('navigation', { name: 'App' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual([
      'Dashboard',
      'Projects',
    ]);
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
  });

  test('an unknown path shows the not-found page', async () => {
    serveMe(null);
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: /not in our collection/i })).toBeTruthy();
  });

  test('the API being down still renders the signed-out home page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /from an idea/i }, { timeout: 4000 }),
    ).toBeTruthy();
  });
});
