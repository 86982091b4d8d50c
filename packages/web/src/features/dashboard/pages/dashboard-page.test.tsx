import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Me } from '../../../lib/types';
import { DashboardPage } from './dashboard-page';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function dashboardOf(user: Me) {
  fakeApi(({ path }) => (path === '/api/me' ? { status: 200, body: { user } } : undefined!));
  renderAt('/dashboard', <DashboardPage />);
}

const stats = () => screen.getByLabelText('Projects', { selector: 'dl' });

describe('the dashboard speaks to whoever is signed in', () => {
  test('the production team: all projects, no invitations or earnings', async () => {
    dashboardOf(me({ role: 'staff', firstName: 'Sam' }));
    expect(await screen.findByText(/The production team’s view/)).toBeTruthy();
    expect(stats().textContent).toContain('Projects');
    expect(stats().textContent).not.toContain('Invitations');
    expect(screen.getByRole('heading', { name: 'All projects' })).toBeTruthy();
    // the console is one click away
    expect(screen.getByRole('link', { name: 'Operations console' }).getAttribute('href')).toBe('/ops');
    expect(screen.queryByRole('link', { name: 'Your earnings' })).toBeNull();
    expect(screen.queryByText(/Invitations from customers/)).toBeNull();
  });

  test('a designer: invitations and earnings', async () => {
    dashboardOf(me({ role: 'designer', firstName: 'Ava' }));
    expect(await screen.findByText('Here is where your work with Facet customers begins.')).toBeTruthy();
    expect(stats().textContent).toContain('Invitations');
    expect(screen.getByRole('link', { name: 'Your earnings' }).getAttribute('href')).toBe('/earnings');
  });

  test('a customer: plan, credits, cart, pieces ordered and item-type variety', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ role: 'customer' }) } };
      if (path === '/api/me/order-stats')
        return {
          status: 200,
          body: {
            ordersCount: 3,
            productsTotal: 14,
            itemTypeVariety: 2,
            itemTypes: [
              { itemType: 'Ring', pieces: 9 },
              { itemType: 'Pendant', pieces: 5 },
            ],
          },
        };
      return undefined!;
    });
    renderAt('/dashboard', <DashboardPage />);
    const account = await screen.findByLabelText('Account', { selector: 'dl' });
    await vi.waitFor(() => expect(account.textContent).toContain('Pieces ordered14'));
    expect(account.textContent).toContain('Item types ordered2');
    expect(account.textContent).toContain('Credits');
  });
});
