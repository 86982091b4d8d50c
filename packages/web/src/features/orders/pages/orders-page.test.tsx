import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, sentUrls, me, renderAt } from '../../../testing';
import { orderSummary } from '../testing/fixtures';
import { OrdersPage } from './orders-page';

vi.mock('../../../lib/socket', async () => (await import('../../../testing/fake-socket')).socketModule);
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const asked = () => sentUrls().filter((url) => url.startsWith('/api/orders'));

describe('orders list', () => {
  test('rows show the thumbnail, stage, total, promised date and lateness; filters ask the server', async () => {
    fakeApi(({ path, method }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (method === 'GET' && path === '/api/orders')
        return {
          status: 200,
          body: {
            orders: [
              orderSummary({ thumbnailUrl: '/api/orders/o1/items/i1/thumbnail', itemCount: 2 }),
              orderSummary({
                id: 'o2',
                number: 'EE00FF11',
                title: 'Pendant',
                stage: 3,
                stageName: 'CASTING',
                lateness: '2 day(s) Late',
                totalCents: 12_000,
              }),
            ],
            nextCursor: null,
          },
        };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/orders', <OrdersPage />);
    const first = (await screen.findByRole('link', { name: 'Signet ring and 1 more' })).closest('li')!;
    expect(within(first).getByText('RECEIVED')).toBeTruthy();
    expect(within(first).getByText('$595.00')).toBeTruthy();
    expect(within(first).getByText(/Promised Nov 30, 2026/)).toBeTruthy();
    expect(within(first).getByText('On Track')).toBeTruthy();
    expect(first.querySelector('img')!.getAttribute('src')).toBe('/api/orders/o1/items/i1/thumbnail');
    const second = screen.getByRole('link', { name: 'Pendant' }).closest('li')!;
    expect(within(second).getByText('2 day(s) Late').className).toContain('late');
    expect(screen.getByRole('link', { name: 'Pendant' }).getAttribute('href')).toBe('/order-details/o2');
    expect(document.title).toBe('Orders · Facet');

    await u.click(screen.getByRole('button', { name: 'Delivered' }));
    await vi.waitFor(() => expect(asked()).toContain('/api/orders?status=delivered'));
    expect(screen.getByRole('button', { name: 'Delivered' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('a long history comes a page at a time: "Show older orders" asks for the next page', async () => {
    fakeApi(({ path, query }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (path === '/api/orders')
        return {
          status: 200,
          body: query?.cursor
            ? { orders: [orderSummary({ id: 'o3', title: 'Cufflinks' })], nextCursor: null }
            : { orders: [orderSummary({ id: 'o1', title: 'Signet ring' })], nextCursor: 'o1' },
        };
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/orders', <OrdersPage />);
    await screen.findByRole('link', { name: 'Signet ring' });
    await u.click(screen.getByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByRole('link', { name: 'Cufflinks' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Signet ring' })).toBeTruthy();
    expect(asked()).toContain('/api/orders?status=all&cursor=o1');
    expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull();
  });

  test('no orders at all: the empty state says what to do next; none under a filter: show all', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (path === '/api/orders') return { status: 200, body: { orders: [], nextCursor: null } };
      return undefined!;
    });
    renderAt('/orders', <OrdersPage />);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Produce a piece' }).getAttribute('href')).toBe('/produce');
    cleanup();
    const u = userEvent.setup();
    renderAt('/orders?status=cancelled', <OrdersPage />, '/orders');
    expect(await screen.findByText('No orders match')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
  });

  test('a failure says so and offers to try again', async () => {
    fakeApi(({ path }) => {
      if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
      if (path === '/api/orders')
        return { status: 503, body: { error: { code: 'unavailable', message: 'The shop is resting.' } } };
      return undefined!;
    });
    renderAt('/orders', <OrdersPage />);
    expect(await screen.findByText('The shop is resting.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
