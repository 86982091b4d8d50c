import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { ProjectDetail } from '../api/types';
import { claire, customer, member, project } from '../testing/fixtures';
import { ProjectTeamCard } from './project-team-card';
import { fakeApi, fakeSocket, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../../lib/socket', async () => (await import('../../../testing/fake-socket')).socketModule);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const staff = { ...customer, id: 's1', role: 'staff' as const, firstName: 'Pat', name: 'Pat Lovelace' };

/** After an accepted offer: the customer, the chosen designer and the production team. */
const inDesign = (o: Partial<ProjectDetail> = {}) =>
  project({
    activeStatus: { id: 'design-in-progress', name: 'In Design', position: 3 },
    activeStatusId: 'design-in-progress',
    phase: 'in-progress',
    pro: claire,
    canInvite: false,
    team: {
      creator: member(customer, 'Creator'),
      pro: member(claire, 'CAD Designer', '/profile/designer/d1'),
      productionTeam: [member(staff, 'Production Team')],
    },
    allowedActions: ['edit'],
    ...o,
  });

function serve(unreadCount: number) {
  return fakeApi(({ method, path }) => {
    if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
    if (method === 'GET' && path === '/api/projects/p1/rooms')
      return {
        status: 200,
        body: { rooms: [{ id: 'r1', projectId: 'p1', customerId: 'u1', proId: 'd1', unreadCount }] },
      };
    return undefined!;
  });
}

describe('Project Team card', () => {
  test('online dots follow the chat presence; the unread pulse shows until the viewer reads', async () => {
    serve(2);
    renderAt('/projects/p1', <ProjectTeamCard project={inDesign()} />, '/projects/:id');
    const card = await screen.findByRole('region', { name: 'Project Team' });
    const rows = () => within(card).getAllByRole('listitem');
    const row = (name: string) => rows().find((li) => li.textContent?.includes(name))!;
    await vi.waitFor(() =>
      expect(within(row('Claire Dubois')).getByLabelText('Unread messages')).toBeTruthy(),
    );
    // the viewer is here; the others are offline until the chat says otherwise
    expect(within(row('Ada Lovelace')).getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(within(row('Claire Dubois')).getByRole('img', { name: 'Offline' })).toBeTruthy();
    expect(within(row('Pat Lovelace')).getByRole('img', { name: 'Offline' })).toBeTruthy();

    act(() => fakeSocket.fire('usersOnline', { chatRoom: 'r1', users: ['u1', 'd1'] }));
    expect(within(row('Claire Dubois')).getByRole('img', { name: 'Online' })).toBeTruthy();
    // another project's room says nothing about this team
    act(() => fakeSocket.fire('filteredUsers', { chatRoom: 'elsewhere', users: ['s1'] }));
    expect(within(row('Pat Lovelace')).getByRole('img', { name: 'Offline' })).toBeTruthy();
    act(() => fakeSocket.fire('forceDisconnectedFiltredUsers', { chatRoom: 'r1', users: ['u1'] }));
    expect(within(row('Claire Dubois')).getByRole('img', { name: 'Offline' })).toBeTruthy();

    act(() =>
      fakeSocket.fire('getMessageRead', { chatRoom: 'r1', readerId: 'u1', messages: [], allMessages: true }),
    );
    expect(within(row('Claire Dubois')).queryByLabelText('Unread messages')).toBeNull();
    act(() =>
      fakeSocket.fire('getMessage', {
        chatRoom: 'r1',
        from: 'd1',
        type: 'designer',
        message: 'New draft is up',
      }),
    );
    expect(within(row('Claire Dubois')).getByLabelText('Unread messages')).toBeTruthy();
    expect(within(row('Ada Lovelace')).queryByLabelText('Unread messages')).toBeNull();
  });

  test('no pulse when everything is read', async () => {
    const api = serve(0);
    renderAt('/projects/p1', <ProjectTeamCard project={inDesign()} />, '/projects/:id');
    await screen.findByRole('region', { name: 'Project Team' });
    await vi.waitFor(() => expect(api.requests.some((r) => r.path === '/api/projects/p1/rooms')).toBe(true));
    expect(screen.queryByLabelText('Unread messages')).toBeNull();
  });

  test('Invite Designer shows only while the project has no active status', async () => {
    serve(0);
    renderAt(
      '/projects/p1',
      <ProjectTeamCard
        project={project({
          activeStatus: { id: 'design-not-started', name: 'Not Started', position: -1 },
          phase: 'not-started',
          sentInvite: false,
        })}
      />,
      '/projects/:id',
    );
    expect(await screen.findByRole('button', { name: /Invite Designer/ })).toBeTruthy();
    cleanup();
    serve(0);
    // invitations went out: the project is in its invite status, the Invite page's tabs take over
    renderAt('/projects/p1', <ProjectTeamCard project={project()} />, '/projects/:id');
    await screen.findByRole('region', { name: 'Project Team' });
    expect(screen.queryByRole('button', { name: /Invite Designer/ })).toBeNull();
  });
});
