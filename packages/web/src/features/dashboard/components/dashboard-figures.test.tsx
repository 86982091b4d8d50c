import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Me } from '../../../lib/types';
import { DashboardPage } from '../pages/dashboard-page';
import { fakeApi, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const money = (cents: number[]) => MONTHS.map((month, i) => ({ month, cents: cents[i]!, count: 1 }));

const SUMMARIES = {
  designer: {
    role: 'designer',
    earnings: { thisMonthCents: 38_400, lastMonthCents: 32_000, month: '2026-11' },
    offersThisMonth: { sent: 3, won: 2 },
    responseRate: 92.5,
    responseRateText: '92.50%',
    responseTime: 'Within 5 hours',
    rating: 4.6,
    ratingCount: 5,
  },
  staff: {
    role: 'staff',
    revenue: { thisMonthCents: 125_000, lastMonthCents: 0, month: '2026-11' },
    ordersPerStage: [
      'RECEIVED',
      'PROCESSING',
      '3D PRINTING',
      'CASTING',
      'POLISH',
      'FINAL QUALITY CHECK',
      'DELIVERY',
    ].map((name, stage) => ({ stage, name, count: stage === 3 ? 4 : 1 })),
    lateOrders: 1,
    activeOrders: 6,
    prosWaiting: 2,
    paymentsNeedingAttention: 1,
    failedPayouts: 1,
    failedPayments: 0,
  },
  customer: {
    role: 'customer',
    projectsByStatus: [
      { status: 'Invite Designers', count: 2 },
      { status: 'Completed', count: 5 },
    ],
    ordersInProduction: [
      {
        id: 'o1',
        number: 'A1B2C3D4',
        title: 'Halo ring',
        stageName: 'CASTING',
        promisedDate: '2026-11-10T00:00:00.000Z',
        lateness: '15 day(s) Late',
        late: true,
      },
    ],
    spend: { thisMonthCents: 0, lastMonthCents: 0, month: '2026-11' },
  },
} as const;

function dashboardOf(user: Me, series: Record<string, unknown>, fail: string[] = []) {
  const api = fakeApi(({ path, query }) => {
    if (path === '/api/me') return { status: 200, body: { user } };
    if (path === '/api/me/dashboard')
      return { status: 200, body: { dashboard: SUMMARIES[user.role as keyof typeof SUMMARIES] } };
    if (path === '/api/me/dashboard/series') {
      const metric = query?.metric ?? '';
      if (fail.includes(metric))
        return { status: 500, body: { error: { code: 'internal', message: 'An error occurred.' } } };
      return { status: 200, body: { series: { metric, months: series[metric] } } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not here.' } } };
  });
  renderAt('/dashboard', <DashboardPage />);
  return api;
}

const card = async (title: string) =>
  (await screen.findByRole('heading', { name: title, level: 3 })).closest('section') as HTMLElement;

describe('every chart has its numbers as a table', () => {
  test("a designer's earnings: the table is in the page while the chart shows, and on screen when asked", async () => {
    const api = dashboardOf(me({ role: 'designer', firstName: 'Ava' }), {
      earnings: money([0, 12_000, 0, 24_000, 32_000, 38_400]),
      offers: MONTHS.map((month, i) => ({ month, sent: i, won: Math.floor(i / 2) })),
      rating: MONTHS.map((month, i) => ({
        month,
        average: i === 5 ? 5 : null,
        count: i === 5 ? 1 : 0,
        overall: 4.5,
      })),
    });
    const earnings = await card('Earnings');
    // the headline: this month against last
    await within(earnings).findByText('$384.00', { selector: '.chart-card__figure-value' });
    expect(within(earnings).getByText(/\+20% on last month/)).toBeTruthy();
    // the table is there for screen readers, visually hidden, with every month
    const table = within(earnings).getByRole('table', { name: 'Earnings, by month' });
    expect(table.closest('.visually-hidden')).not.toBeNull();
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'MonthEarned',
      'Jun 2026$0.00',
      'Jul 2026$120.00',
      'Aug 2026$0.00',
      'Sep 2026$240.00',
      'Oct 2026$320.00',
      'Nov 2026$384.00',
    ]);
    // the drawing itself is hidden from assistive technology
    expect(within(earnings).getByTestId('chart').getAttribute('aria-hidden')).toBe('true');

    const toggle = within(earnings).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(within(earnings).getByRole('button', { name: 'Show as chart' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(earnings).getByRole('table').closest('.visually-hidden')).toBeNull();
    expect(within(earnings).queryByTestId('chart')).toBeNull();
    fireEvent.click(within(earnings).getByRole('button', { name: 'Show as chart' }));
    expect(within(earnings).getByTestId('chart')).toBeTruthy();

    const offers = within(await card('Offers sent and won')).getByRole('table');
    expect(within(offers).getAllByRole('row')[6]!.textContent).toBe('Nov 202652');
    const rating = within(await card('Rating over time')).getByRole('table');
    expect(within(rating).getAllByRole('row')[6]!.textContent).toBe('Nov 20264.55.01');
    expect(within(rating).getAllByRole('row')[1]!.textContent).toBe('Jun 20264.5–0');

    // figures beside the charts
    const figures = screen.getByLabelText('This month', { selector: 'dl' });
    expect(figures.textContent).toContain('2 / 3');
    expect(figures.textContent).toContain('92.50%');
    expect(figures.textContent).toContain('4.6');
    // the series asked for are the designer's, six months each
    const asked = api.requests.filter((r) => r.path === '/api/me/dashboard/series').map((r) => r.query);
    expect(asked).toEqual(
      expect.arrayContaining([
        { metric: 'earnings', months: '6' },
        { metric: 'offers', months: '6' },
        { metric: 'rating', months: '6' },
      ]),
    );
  });

  test('staff: revenue and orders per stage as tables; nothing last month is said so', async () => {
    dashboardOf(me({ role: 'staff', firstName: 'Noor' }), { revenue: money([0, 0, 0, 0, 0, 125_000]) });
    const revenue = await card('Revenue');
    await within(revenue).findByText('Nothing last month ($0.00)');
    const stages = within(await card('Orders per stage')).getByRole('table', { name: 'Orders per stage' });
    expect(
      within(stages)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toContain('CASTING4');
    expect(screen.getByLabelText('This month', { selector: 'dl' }).textContent).toContain('Pros waiting2');
  });

  test('a customer: an empty series says so, projects by status as a table, a late order', async () => {
    dashboardOf(me({ role: 'customer', firstName: 'Claire' }), { spend: money([0, 0, 0, 0, 0, 0]) });
    const spend = await card('Spend');
    await within(spend).findByText('Nothing paid in these six months yet.');
    expect(within(spend).queryByRole('table')).toBeNull();
    const byStatus = within(await card('Projects by status')).getByRole('table');
    expect(
      within(byStatus)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['StatusProjects', 'Invite Designers2', 'Completed5']);
    const orders = await card('Orders in production');
    expect(within(orders).getByText('15 day(s) Late').className).toContain('lateness--late');
    expect(within(orders).getByRole('link', { name: 'Halo ring' }).getAttribute('href')).toBe(
      '/order-details/o1',
    );
  });

  test('a series that fails to load says so, the others still show', async () => {
    dashboardOf(
      me({ role: 'designer', firstName: 'Ava' }),
      { offers: MONTHS.map((month) => ({ month, sent: 1, won: 1 })), rating: [] },
      ['earnings'],
    );
    const earnings = await card('Earnings');
    await waitFor(() =>
      expect(within(earnings).getByRole('alert').textContent).toBe(
        'These figures could not be loaded. Please try again later.',
      ),
    );
    expect(within(await card('Offers sent and won')).getByRole('table')).toBeTruthy();
  });
});
