import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AuthProvider } from '../../app/auth';
import { Toaster } from '../ui';
import { Sidebar } from './sidebar';
import { fakeApi, me, questions } from '../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDashboardSidebar() {
  let user = me({ firstTimeLogin: false, questionsBanner: true });
  const api = fakeApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/me') return { status: 200, body: { user } };
    if (method === 'GET' && path === '/api/onboarding/questions') return { status: 200, body: { questions } };
    if (method === 'POST' && path === '/api/me/questions') {
      const { answers } = body as { answers: { questionId: string }[] };
      if (answers.some((a) => a.questionId === 'q-where'))
        return {
          status: 400,
          body: { error: { code: 'validation_failed', message: 'Choose answers from the list' } },
        };
      user = { ...user, questionsBanner: false, profileCompletePercent: 100 };
      return { status: 200, body: { user } };
    }
    return undefined!;
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
        children: [{ path: '*', element: <Sidebar variant="normal" pathname="/dashboard" /> }],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return api;
}

describe('the profile banner and its questions dialog', () => {
  test('Complete Now opens the onboarding questions; a sub-question follows its trigger; saving hides the banner', async () => {
    const api = renderDashboardSidebar();
    const u = userEvent.setup();
    expect(await screen.findByText('Your profile is 50% complete.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Complete Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete your profile' });
    await u.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    expect(within(dialog).getByText('Answer at least one question.')).toBeTruthy();

    await u.click(await within(dialog).findByRole('radio', { name: 'No, this is my first time' }));
    expect(within(dialog).queryByText('Where did you have it made?')).toBeNull();
    await u.click(within(dialog).getByRole('radio', { name: 'Yes' }));
    expect(within(dialog).getByText('Where did you have it made?')).toBeTruthy();
    await u.click(within(dialog).getByRole('radio', { name: 'No, this is my first time' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save answers' }));

    await waitFor(() => expect(screen.queryByText('Your profile is 50% complete.')).toBeNull());
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/api/me/questions')?.body).toEqual({
      answers: [{ questionId: 'q-experience', answerIds: ['a-no'] }],
    });
  });
});
