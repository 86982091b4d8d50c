import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { AuthProvider } from '../app/auth';
import { Toaster } from '../components/ui';

/** Where a page may send people next: a heading each tests can wait for. */
const STAND_INS = [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/dashboard', element: <h1>Dashboard page</h1> },
  { path: '/pending', element: <h1>Pending page</h1> },
  { path: '/projects', element: <h1>Projects page</h1> },
  { path: '/no-access', element: <h1>No access page</h1> },
  { path: '/produce/steps', element: <h1>Steps page</h1> },
];

/**
 * Renders a page at a URL (path and query) inside the app's providers: a fresh TanStack Query client
 * without retries, the auth provider and the toaster. The page answers `pattern` (the URL's path unless
 * given, e.g. '/projects/:id'); other paths show stand-in headings ('Dashboard page', …, 'Other page').
 */
export function renderAt(
  url: string,
  element: ReactNode,
  pattern = new URL(url, 'http://localhost').pathname,
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
            <Toaster />
          </AuthProvider>
        ),
        children: [
          { path: pattern, element },
          ...STAND_INS.filter((route) => route.path !== pattern),
          { path: '*', element: <h1>Other page</h1> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}
