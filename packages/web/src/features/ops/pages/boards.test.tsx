import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_UPDATED_EVENT } from '@facet/domain/format';
import { fakeApi, fakeSocket, me, renderAt } from '../../../testing';
import type { BoardProject } from '../api/projects-board';
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

const project = (n: number): BoardProject => ({
  id: `p${n}`,
  title: `Completed ring ${n}`,
  service: false,
  statusName: 'Completed',
  position: 4,
  completed: true,
  customerName: 'Ada Lovelace',
  proName: null,
  totalPriceCents: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  dueAt: null,
  lateness: null,
  late: false,
  canMarkPaid: false,
  approvedChangeId: null,
  canCancel: false,
  canRefund: false,
  heldCents: 0,
});
const rings = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => project(from + i));
/** A staff member's API with a board of one Completed column, and `page` answering that column's pages. */
const completedBoard = (
  first: { total: number; totalExact: boolean },
  page: (offset: number) => { status: number; body: unknown },
) =>
  fakeApi(({ path, query }) => {
    if (path === '/api/me') return { status: 200, body: { user: staff } };
    if (path === '/api/staff/projects/board')
      return {
        status: 200,
        body: {
          columns: [{ key: 'completed', name: 'Completed', ...first, projects: rings(0, 20) }],
          lateCount: 0,
        },
      };
    if (path === '/api/staff/projects/board/completed') return page(Number(query?.offset));
    return undefined!;
  });
const completedPage = (total: number, projects: BoardProject[]) => ({
  status: 200,
  body: { key: 'completed', name: 'Completed', total, totalExact: true, projects },
});

describe('the projects board reads a long column on a page at a time', () => {
  test('"Show more" asks for the column from where the board stopped, until the column is whole', async () => {
    const { requests } = completedBoard({ total: 45, totalExact: true }, (offset) =>
      // the column moved down a place after the board was read: ring 19 comes again, and shows once
      completedPage(45, offset === 20 ? [project(19), ...rings(20, 39)] : rings(offset - 1, 45)),
    );
    renderAt('/ops/projects', <OpsProjectsPage />, '/ops/projects');
    const column = await screen.findByRole('region', { name: /^Completed/ });
    expect(within(column).getAllByTestId('ops-project')).toHaveLength(20);
    expect(within(column).getByText('Showing 20 of 45')).toBeTruthy();
    // nothing more is asked for before it is wanted
    const columnReads = () => requests.filter((r) => r.path === '/api/staff/projects/board/completed');
    expect(columnReads()).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(within(column).getByRole('button', { name: 'Show more of Completed' }));
    await within(column).findByText('Showing 39 of 45');
    expect(within(column).getAllByText('Completed ring 19')).toHaveLength(1);
    await user.click(within(column).getByRole('button', { name: 'Show more of Completed' }));
    await within(column).findByText('Completed ring 44');
    expect(within(column).getAllByTestId('ops-project')).toHaveLength(45);
    expect(columnReads().map((r) => r.query?.offset)).toEqual(['20', '40']);
    // the column is whole: no count, no button
    expect(within(column).queryByText(/^Showing/)).toBeNull();
    expect(within(column).queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  test('a page that fails says why and keeps the button, which asks again', async () => {
    let fail = true;
    completedBoard({ total: 1000, totalExact: false }, (offset) => {
      if (!fail) return completedPage(1020, rings(offset, offset + 20));
      fail = false;
      return {
        status: 503,
        body: { error: { code: 'unavailable', message: 'The database is not answering. Try again.' } },
      };
    });
    renderAt('/ops/projects', <OpsProjectsPage />, '/ops/projects');
    const column = await screen.findByRole('region', { name: /^Completed/ });
    // counted to 1,000 and stopped: at least that many
    expect(within(column).getByText('Showing 20 of 1,000+')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(column).getByRole('button', { name: 'Show more of Completed' }));
    expect((await within(column).findByRole('alert')).textContent).toBe(
      'The database is not answering. Try again.',
    );
    await user.click(within(column).getByRole('button', { name: 'Show more of Completed' }));
    await within(column).findByText('Showing 40 of 1,020');
    expect(within(column).queryByRole('alert')).toBeNull();
  });
});
