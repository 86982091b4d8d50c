import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AuthProvider } from '../../app/auth';
import type { Me } from '../../lib/types';
import { SubHeader } from './sub-header';
import { fakeApi, me } from '../../testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function signedInAs(user: Me, path = '/dashboard') {
  fakeApi(({ method, path: url }) =>
    method === 'GET' && url === '/api/me' ? { status: 200, body: { user } } : undefined!,
  );
  // the header on every path, so following its links keeps it on screen
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          {
            path: '*',
            element: <SubHeader onOpenNavigation={() => undefined} navigationOpen={false} logo="always" />,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('banner'); // once the account has loaded
  return { router };
}

const header = () => within(screen.getByRole('banner'));

async function openAccountMenu(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await header().findByRole('button', { name: /^Account menu for/ }));
  return within(await screen.findByRole('menu'));
}

describe('sub header (spec section 2)', () => {
  test('a customer: Explore, Pricing, Help Center, Upgrade Plan, cart count, initials and the account menu', async () => {
    const u = userEvent.setup();
    await signedInAs(me({ cartCount: 3, credits: { monthly: 20, purchased: 4.6, balance: 24.6 } }));
    expect(await header().findByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
    expect(header().getByRole('link', { name: 'Explore' }).getAttribute('href')).toBe('/explore');
    expect(header().getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(
      header()
        .getByRole('link', { name: /Help Center/ })
        .getAttribute('target'),
    ).toBe('_blank');
    expect(header().getByRole('button', { name: 'Upgrade Plan' })).toBeTruthy();
    expect(document.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('AL');

    const menu = await openAccountMenu(u);
    const items = menu.getAllByRole('menuitem').map((item) => item.textContent?.replace(/\s+/g, ' ').trim());
    expect(items).toEqual(['My Account', 'Settings', 'Monthly Credits 20', 'Purchased Credits 5', 'Log out']);
    expect(menu.getByText('Credit Balance')).toBeTruthy();
    expect(menu.getByRole('menuitem', { name: 'My Account' }).getAttribute('href')).toBe('/account-settings');
  });

  test('Upgrade Plan goes to /account-settings, or asks it for the upgrade dialog when already there', async () => {
    const u = userEvent.setup();
    const { router } = await signedInAs(me());
    await u.click(await header().findByRole('button', { name: 'Upgrade Plan' }));
    expect(router.state.location.pathname).toBe('/account-settings');
    expect(router.state.location.search).toBe('');
    cleanup();

    // the account page's membership section opens its dialog for ?upgrade=1 (billing's tests show it)
    const there = await signedInAs(me(), '/account-settings');
    await u.click(await header().findByRole('button', { name: 'Upgrade Plan' }));
    expect(there.router.state.location.pathname).toBe('/account-settings');
    expect(there.router.state.location.search).toBe('?upgrade=1');
  });

  test('a customer on another plan gets no Upgrade Plan', async () => {
    await signedInAs(me({ membership: { name: 'Pro' } }));
    await header().findByRole('link', { name: /^Cart/ });
    expect(header().queryByRole('button', { name: 'Upgrade Plan' })).toBeNull();
  });

  test('a designer: no Pricing, Upgrade Plan, cart or credits; a Profile entry; initials default to A', async () => {
    const u = userEvent.setup();
    await signedInAs(me({ role: 'designer', firstName: '', lastName: '', fullName: '' }));
    await header().findByRole('link', { name: 'Explore' });
    expect(header().queryByRole('link', { name: 'Pricing' })).toBeNull();
    expect(header().queryByRole('button', { name: 'Upgrade Plan' })).toBeNull();
    expect(header().queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(document.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('A');

    const menu = await openAccountMenu(u);
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent?.trim())).toEqual([
      'My Account',
      'Profile',
      'Settings',
      'Log out',
    ]);
    expect(menu.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe(
      '/designer-dashboard/profile',
    );
    expect(menu.queryByText('Credit Balance')).toBeNull();
  });
});
