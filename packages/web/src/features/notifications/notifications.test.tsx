import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fakeSocket, me, renderAt, type Handler } from '../../testing';
import { NotificationBell } from './components/notification-bell';
import { NotificationPreferencesSection } from './components/notification-preferences-section';
import { NotificationsPage } from './pages/notifications-page';

vi.mock('../../lib/socket', async () => (await import('../../testing/fake-socket')).socketModule);
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fakeSocket.reset();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function note(seq: number, extra: Partial<{ read: boolean; link: string | null; title: string }> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    seq,
    type: 'designer-invite-accept',
    title: `New offer on "Ring ${seq}"`,
    body: `Dana sent an offer for "Ring ${seq}".`,
    link: `/projects/p${seq}`,
    read: false,
    createdAt: minutesAgo(seq === 3 ? 5 : 120),
    ...extra,
  };
}

/** A signed-in customer whose notifications are `list`; reads change it as the server would. */
function world(list: ReturnType<typeof note>[], extra?: Handler) {
  const unread = () => list.filter((n) => !n.read).length;
  return fakeApi((request) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
    if (method === 'GET' && path === '/api/me/notifications/unread-count')
      return { status: 200, body: { unreadCount: unread() } };
    if (method === 'GET' && path === '/api/me/notifications')
      return { status: 200, body: { notifications: list, nextBefore: null, unreadCount: unread() } };
    const one = /^\/api\/me\/notifications\/([^/]+)\/read$/.exec(path);
    if (method === 'POST' && one) {
      for (const n of list) if (n.id === one[1]) n.read = true;
      return { status: 200, body: { unreadCount: unread() } };
    }
    if (method === 'POST' && path === '/api/me/notifications/read-all') {
      const marked = unread();
      for (const n of list) n.read = true;
      return { status: 200, body: { marked, unreadCount: 0 } };
    }
    return extra?.(request) ?? undefined!;
  });
}

describe('the bell', () => {
  test('its name carries the count; it opens a list with relative times linking to the thing; Mark all read', async () => {
    const list = [note(3), note(2), note(1, { read: true })];
    const api = world(list);
    const u = userEvent.setup();
    renderAt('/dashboard-x', <NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await u.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('link', { name: /New offer on/ });
    expect(items).toHaveLength(3);
    expect(items[0]!.getAttribute('href')).toBe('/projects/p3');
    expect(within(panel).getByText('5 minutes ago')).toBeTruthy();
    expect(within(panel).getAllByText('2 hours ago')).toHaveLength(2);
    // unread ones say so to a screen reader
    expect(items[0]!.textContent).toContain('Unread: ');
    expect(items[2]!.textContent).not.toContain('Unread: ');

    await u.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    expect(api.requests.find((r) => r.path === '/api/me/notifications/read-all')?.body).toEqual({ upTo: 3 });
  });

  test('a live notification raises the count; opening one marks it read and goes to its thing', async () => {
    const list = [note(2)];
    const api = world(list);
    const u = userEvent.setup();
    const { router } = renderAt('/dashboard-x', <NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    list.unshift(note(3));
    fakeSocket.fire('notification', {
      id: list[0]!.id,
      title: list[0]!.title,
      link: list[0]!.link,
      unreadCount: 2,
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByRole('status').textContent).toBe('New notification: New offer on "Ring 3"');

    // keyboard: the bell opens with Enter, Tab reaches the first link
    bell.focus();
    await u.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const first = await within(panel).findByRole('link', { name: /Ring 3/ });
    await u.click(first);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/projects/p3'));
    await vi.waitFor(() =>
      expect(
        api.requests.some(
          (r) => r.method === 'POST' && r.path === `/api/me/notifications/${list[0]!.id}/read`,
        ),
      ).toBe(true),
    );
    expect(list[0]!.read).toBe(true);
  });

  test('empty: a clear empty state', async () => {
    world([]);
    const u = userEvent.setup();
    renderAt('/dashboard-x', <NotificationBell />);
    await u.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('/notifications', () => {
  test('pages older notifications in with "Show older notifications"', async () => {
    const first = Array.from({ length: 20 }, (_, i) => note(40 - i));
    const older = [note(5), note(4)];
    fakeApi((request) => {
      const { method, path } = request;
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (path === '/api/me/notifications/unread-count') return { status: 200, body: { unreadCount: 22 } };
      // the second page is asked with ?before=21
      if (method === 'GET' && path === '/api/me/notifications') {
        return request.query?.before === '21'
          ? { status: 200, body: { notifications: older, nextBefore: null, unreadCount: 22 } }
          : { status: 200, body: { notifications: first, nextBefore: 21, unreadCount: 22 } };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/notifications', <NotificationsPage />);
    expect(await screen.findByText('22 unread')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await u.click(screen.getByRole('button', { name: 'Show older notifications' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(22));
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
  });
});

describe('mail preferences', () => {
  const prefs = [
    { type: 'payment-receipt', category: 'payments', label: 'Payment receipts', mail: true, required: true },
    {
      type: 'designer-invite-accept',
      category: 'projects',
      label: 'New offers',
      mail: true,
      required: false,
    },
  ];

  test('an optional type toggles through PUT; a transactional one is checked and cannot be unchecked', async () => {
    const api = fakeApi((request) => {
      const { method, path, body } = request;
      if (method === 'GET' && path === '/api/me') return { status: 200, body: { user: me() } };
      if (method === 'GET' && path === '/api/me/notification-preferences')
        return { status: 200, body: { preferences: prefs } };
      if (method === 'PUT' && path === '/api/me/notification-preferences') {
        const [change] = (body as { preferences: { type: string; mail: boolean }[] }).preferences;
        return {
          status: 200,
          body: {
            preferences: prefs.map((p) => (p.type === change!.type ? { ...p, mail: change!.mail } : p)),
          },
        };
      }
      return undefined!;
    });
    const u = userEvent.setup();
    renderAt('/account-settings', <NotificationPreferencesSection />);
    const receipts = (await screen.findByRole('checkbox', { name: /Payment receipts/ })) as HTMLInputElement;
    expect(receipts.checked).toBe(true);
    expect(receipts.disabled).toBe(true);
    const offers = screen.getByRole('checkbox', { name: /New offers/ }) as HTMLInputElement;
    await u.click(offers);
    await vi.waitFor(() =>
      expect((screen.getByRole('checkbox', { name: /New offers/ }) as HTMLInputElement).checked).toBe(false),
    );
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      preferences: [{ type: 'designer-invite-accept', mail: false }],
    });
    expect(await screen.findByText('Mail off: New offers')).toBeTruthy();
  });
});
