import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AuthProvider } from '../../app/auth';
import type { Me } from '../../lib/types';
import { SIDEBAR_COLLAPSED_KEY, Sidebar, showsProfileBanner } from './sidebar';
import { fakeApi, me } from '../../testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

async function renderSidebar(user: Me, path = '/dashboard') {
  fakeApi(({ method, path: url }) =>
    method === 'GET' && url === '/api/me' ? { status: 200, body: { user } } : undefined!,
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [{ path: '*', element: <Sidebar variant="normal" pathname={path} /> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return within(await screen.findByRole('complementary', { name: 'Sidebar' }));
}

describe('sidebar (spec section 2)', () => {
  test('collapses to icons and remembers it', async () => {
    const u = userEvent.setup();
    const sidebar = await renderSidebar(me({ firstTimeLogin: false }));
    const label = () => sidebar.getByText('Browse Designers');
    expect(label().className).not.toContain('visually-hidden');
    await u.click(sidebar.getByRole('button', { name: 'Collapse sidebar' }));
    expect(label().className).toContain('visually-hidden');
    expect(sidebar.getByRole('link', { name: 'Browse Designers' })).toBeTruthy();
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    await u.click(sidebar.getByRole('button', { name: 'Expand sidebar' }));
    expect(label().className).not.toContain('visually-hidden');
  });

  test('the 50% banner shows on dashboard paths when the questions banner flag is set', () => {
    const flagged = me({ questionsBanner: true });
    expect(showsProfileBanner(flagged, '/dashboard')).toBe(true);
    expect(showsProfileBanner(flagged, '/projects')).toBe(false);
    expect(showsProfileBanner(me({ questionsBanner: false }), '/dashboard')).toBe(false);
    expect(showsProfileBanner(me({ questionsBanner: true, hasSkippedQuestions: true }), '/dashboard')).toBe(
      false,
    );
  });
});
