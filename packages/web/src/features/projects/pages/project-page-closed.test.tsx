import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { chatRoom, claire, customer, member, offer, project } from '../testing/fixtures';
import { ProjectPage } from './project-page';
import { fakeApi, fakeSocket, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../../lib/socket', async () => (await import('../../../testing/fake-socket')).socketModule);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fakeSocket.reset();
});

const CLOSED = 'This conversation is closed.';

/** What the server sends a refused designer (issue 16): their invitation and offer, frozen at the refusal. */
function serveRefused() {
  const mine = offer('o1', claire, {
    status: 'refused',
    refusedBy: 'customer',
    priceCents: 52_000,
    leadTimeDays: 5,
    quotedAt: '2026-03-02T10:00:00.000Z',
    answeredAt: '2026-03-03T10:00:00.000Z',
  });
  return fakeApi(({ method, path }) => {
    if (path === '/api/me')
      return {
        status: 200,
        body: {
          user: me({
            id: 'd1',
            role: 'designer',
            firstName: 'Claire',
            lastName: 'Dubois',
            firstTimeLogin: false,
          }),
        },
      };
    if (method === 'GET' && path === '/api/projects/p1')
      return {
        status: 200,
        body: {
          project: project({
            viewerRole: 'pro',
            canInvite: false,
            myInvitation: mine,
            offers: [mine],
            allowedActions: [],
            team: { creator: member(customer, 'Creator'), pro: null, productionTeam: [] },
          }),
        },
      };
    if (method === 'GET' && path === '/api/projects/p1/rooms')
      return {
        status: 200,
        body: {
          rooms: [chatRoom({ preQuote: true, invitationStatus: 'refused', sendDisabledReason: CLOSED })],
        },
      };
    if (method === 'GET' && path === '/api/rooms/r1/messages')
      return { status: 200, body: { messages: [], lastSeq: 0, hasMore: false } };
    return undefined!;
  });
}

describe('project page, refused designer', () => {
  test('shows only their invitation, their offer and their closed conversation', async () => {
    serveRefused();
    renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    expect(await screen.findByRole('heading', { level: 2, name: 'REFUSED' })).toBeTruthy();
    expect(screen.getByText(/Your offer: \$520 with a lead time of 5 days\./)).toBeTruthy();
    expect(screen.getByTestId('project-status').textContent).toBe('Closed');
    const box = await screen.findByRole('combobox', { name: 'Message' });
    expect((box as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByText(CLOSED)).toBeTruthy();
    // nothing else of the project: no team, no workflow, no details, no offer form
    expect(screen.queryByRole('region', { name: 'Project Team' })).toBeNull();
    expect(screen.queryByLabelText('Total price (USD)')).toBeNull();
    expect(screen.queryByText('Invite Designers')).toBeNull();
    expect(screen.queryByRole('link', { name: /3D models/ })).toBeNull();
  });
});
