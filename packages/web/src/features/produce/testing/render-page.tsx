import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { AuthProvider } from '../../../app/auth';

/** Renders a produce page at a URL (path and query) inside the auth provider, with stand-ins for other pages. */
export function renderPage(url: string, element: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const path = new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path, element },
          { path: '/produce/steps', element: <h1>Steps page</h1> },
          { path: '/', element: <h1>Home page</h1> },
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
  return { router };
}
