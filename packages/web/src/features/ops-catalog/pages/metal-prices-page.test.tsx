import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, me, renderAt } from '../../../testing';
import { MetalPricesPage, dollarsToCentsInput } from './metal-prices-page';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = (silverCents: number | null, feed = { mode: 'staff', state: 'unused' }) => ({
  metals: ['gold', 'silver', 'platinum', 'palladium'].map((metal) => ({
    metal,
    name: metal[0]!.toUpperCase() + metal.slice(1),
    current:
      metal === 'silver' && silverCents !== null
        ? { metal, priceCents: silverCents, source: 'staff', asOf: '2026-11-25T09:00:00.000Z' }
        : null,
    materials:
      metal === 'silver'
        ? [{ id: 1, name: 'Sterling Silver', purity: 0.925, marginPercent: 0, pricePerOunce: 27.75 }]
        : [],
  })),
  feed: { lastAttemptAt: null, lastSuccessAt: null, lastError: null, ...feed },
});

describe('metal prices page', () => {
  test('dollars typed by staff become whole cents; anything else is refused', () => {
    expect(dollarsToCentsInput('30')).toBe(3000);
    expect(dollarsToCentsInput('$2,650.12')).toBe(265_012);
    expect(dollarsToCentsInput('0')).toBeNull();
    expect(dollarsToCentsInput('30.555')).toBeNull();
    expect(dollarsToCentsInput('abc')).toBeNull();
  });

  test("shows today's prices, refuses a bad price without asking, and saves a good one in cents", async () => {
    const posted: unknown[] = [];
    fakeApi(({ path, method, body }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ role: 'staff' }) } };
      if (method === 'GET' && path === '/api/staff/metal-prices')
        return { status: 200, body: overview(posted.length ? 4500 : 3000) };
      if (method === 'GET' && path === '/api/staff/metal-prices/silver/history')
        return { status: 200, body: { metal: 'silver', days: 90, points: [] } };
      if (method === 'POST' && path === '/api/staff/metal-prices') {
        posted.push(body);
        return {
          status: 201,
          body: {
            price: { metal: 'silver', priceCents: 4500, source: 'staff', asOf: '2026-11-25T10:00:00.000Z' },
          },
        };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/ops/metal-prices', <MetalPricesPage />);
    const silver = await screen.findByTestId('metal-silver');
    expect(within(silver).getByText('$30.00/ozt')).toBeTruthy();
    expect(within(silver).getByText('Sterling Silver')).toBeTruthy();
    expect(within(screen.getByTestId('metal-gold')).getByText(/No price yet/)).toBeTruthy();
    expect(await screen.findByText(/No silver price in the last 90 days/)).toBeTruthy();

    const form = screen.getByRole('form', { name: "Enter today's spot price" });
    const input = within(form).getByLabelText(/^Spot price/);
    await u.type(input, '-4');
    await u.click(within(form).getByRole('button', { name: 'Save the price' }));
    expect(within(form).getByText('Enter the price in dollars per troy ounce, like 30.00.')).toBeTruthy();
    expect(posted).toEqual([]);

    await u.clear(input);
    await u.type(input, '45');
    await u.click(within(form).getByRole('button', { name: 'Save the price' }));
    await within(await screen.findByTestId('metal-silver')).findByText('$45.00/ozt');
    expect(posted).toEqual([{ metal: 'silver', priceCents: 4500 }]);
  });

  test('a feed that is down says so, and that the last prices stay in use', async () => {
    fakeApi(({ path, method }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ role: 'staff' }) } };
      if (method === 'GET' && path === '/api/staff/metal-prices')
        return {
          status: 200,
          body: overview(3000, {
            mode: 'feed',
            state: 'down',
            lastError: 'The metal price feed answered 503.',
          } as never),
        };
      if (method === 'GET' && path.endsWith('/history'))
        return { status: 200, body: { metal: 'silver', days: 90, points: [] } };
      return undefined!;
    });
    renderAt('/ops/metal-prices', <MetalPricesPage />);
    expect(
      await screen.findByText(
        /The price feed is down: The metal price feed answered 503\. The last known prices stay in use\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Read the feed now' })).toBeTruthy();
  });
});
