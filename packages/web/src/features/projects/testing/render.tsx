import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { AuthProvider } from '../../../app/auth';
import { Toaster } from '../../../components/ui';

/** Renders a page under a route pattern (e.g. '/projects/:id') at a concrete URL, inside the auth provider. */
export function renderRoute(pattern: string, url: string, element: ReactNode) {
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
  return { router };
}
