import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { ORDER_UPDATED_EVENT } from '@facet/domain/format';
import { fakeApi, fakeSocket, me, renderAt } from '../../../testing';
import { OpsOrdersPage } from './orders-page';
import { OpsProjectsPage } from './projects-page';

vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../../lib/socket', async () => (await import('../../../testing/fake-socket')).socketModule);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const staff = me({ role: 'staff', firstTimeLogin: false });

describe("the production team's boards follow other staff members' moves live", () => {
  test('projects: news of any project makes the board ask again', async () => {
    const { requests } = fakeApi(({ path }) => {
      if (path === '/api/me') return { status: 200, body: { user: staff } };
      if (path === '/api/staff/projects/board') return { status: 200, body: { columns: [], lateCount: 0 } };
      return undefined!;
    });
    renderAt('/ops/projects', <OpsProjectsPage />, '/ops/projects');
    await screen.findByRole('heading', { name: 'Projects' });
    const boardReads = () => requests.filter((r) => r.path === '/api/staff/projects/board').length;
    await vi.waitFor(() => expect(boardReads()).toBe(1));
    act(() => fakeSocket.fire('projectUpdated', { projectId: 'p9', reason: 'status' }));
    await vi.waitFor(() => expect(boardReads()).toBe(2));
  });

  test('orders: an order moved elsewhere makes the board ask for the orders again', async () => {
    const { requests } = fakeApi(({ path }) => {
      if (path === '/api/me') return { status: 200, body: { user: staff } };
      if (path === '/api/staff/orders') return { status: 200, body: { orders: [], nextCursor: null } };
      return undefined!;
    });
    renderAt('/ops/orders', <OpsOrdersPage />, '/ops/orders');
    const orderReads = () => requests.filter((r) => r.path === '/api/staff/orders').length;
    // the orders in production and the latest deliveries
    await screen.findByText('No orders in production');
    expect(orderReads()).toBe(2);
    act(() => fakeSocket.fire(ORDER_UPDATED_EVENT, { orderId: 'o9', stage: 2 }));
    await vi.waitFor(() => expect(orderReads()).toBe(4));
  });
});
