import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { ProjectUpdatedPayload } from '@facet/domain/chat';
import type { ProjectDetail } from '../api/types';
import { chatRoom, claire, marco, member, offer, project } from '../testing/fixtures';
import { ProjectPage } from './project-page';
import { fakeApi, fakeSocket, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../../lib/socket', async () => (await import('../../../testing/fake-socket')).socketModule);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fakeSocket.reset();
});

/** The customer's project as the server has it now; a test changes `state.project` and fires the news. */
function serve(first: ProjectDetail, rooms: object[] = []) {
  const state = { project: first };
  const api = fakeApi(({ method, path }) => {
    if (path === '/api/me') return { status: 200, body: { user: me({ firstTimeLogin: false }) } };
    if (method === 'GET' && path === '/api/projects/p1')
      return { status: 200, body: { project: state.project } };
    if (method === 'GET' && path === '/api/designers')
      return { status: 200, body: { designers: [], total: 0, skills: [] } };
    if (method === 'GET' && path === '/api/projects/p1/rooms') return { status: 200, body: { rooms } };
    if (method === 'GET' && path.startsWith('/api/rooms/'))
      return { status: 200, body: { messages: [], lastSeq: 0, hasMore: false } };
    return undefined!;
  });
  const detailCalls = () =>
    api.requests.filter((r) => r.method === 'GET' && r.path === '/api/projects/p1').length;
  return { state, api, detailCalls };
}

const news = (over: Partial<ProjectUpdatedPayload> = {}): ProjectUpdatedPayload => ({
  projectId: 'p1',
  kind: 'offer',
  offerId: 'o1',
  ...over,
});

function room(id: string, proId: string, invitationStatus: string, sendDisabledReason: string | null = null) {
  return chatRoom({
    id,
    proId,
    preQuote: invitationStatus !== 'accepted',
    invitationStatus,
    sendDisabledReason,
  });
}

describe('project page, live over the socket (projectUpdated)', () => {
  test("the Offers tab shows a quote the moment the server says so, without a reload; another project's news fetches nothing", async () => {
    const { state, detailCalls } = serve(project({ offers: [offer('o1', claire)], offerCount: 1 }));
    renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    const card = await screen.findByRole('article', { name: 'Offer from Claire D.' });
    expect(within(card).getByTestId('offer-price').textContent).toBe('No answer');
    const before = detailCalls();

    // another project's news, heard first, fetches nothing: the one fetch at the end is this project's
    act(() => fakeSocket.fire('projectUpdated', news({ projectId: 'elsewhere' })));
    expect(detailCalls()).toBe(before);

    state.project = project({
      offers: [offer('o1', claire, { status: 'quoted', priceCents: 120_000, leadTimeDays: 10 })],
      offerCount: 1,
      quotedCount: 1,
    });
    act(() => fakeSocket.fire('projectUpdated', news()));
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Offer from Claire D.' })).getByTestId('offer-price')
          .textContent,
      ).toBe('$1,200'),
    );
    expect(detailCalls()).toBe(before + 1);
  });

  test('in the payment stage the page follows the status move; the chat then opens on the chosen designer', async () => {
    const paymentStage = {
      activeStatus: { id: 'design-payment', name: 'Make Payment', position: 2 },
      activeStatusId: 'design-payment',
      phase: 'in-progress' as const,
      canInvite: false,
      pro: claire,
      totalPriceCents: 120_000,
      leadTimeDays: 10,
      team: { creator: project().team.creator, pro: member(claire, 'CAD Designer'), productionTeam: [] },
      offers: [
        offer('o2', marco, { status: 'refused', refusedBy: 'customer', priceCents: 90_000, leadTimeDays: 4 }),
        offer('o1', claire, { status: 'accepted', priceCents: 120_000, leadTimeDays: 10 }),
      ],
      allowedActions: ['edit' as const, 'pay' as const],
    };
    // the refused designer's room was opened first: it must not be the one shown
    const { state } = serve(project(paymentStage), [
      room('r-marco', 'd2', 'refused', 'This conversation is closed.'),
      room('r-claire', 'd1', 'accepted'),
    ]);
    renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    await vi.waitFor(() => expect(screen.getByTestId('project-status').textContent).toBe('Make Payment'));
    expect(screen.queryByRole('region', { name: /^Chat with/ })).toBeNull();

    state.project = project({
      ...paymentStage,
      activeStatus: { id: 'design-in-design', name: 'In Design', position: 3 },
      activeStatusId: 'design-in-design',
      allowedActions: ['edit'],
    });
    act(() => fakeSocket.fire('projectUpdated', news({ kind: 'status', offerId: null })));
    await vi.waitFor(() => expect(screen.getByTestId('project-status').textContent).toBe('In Design'));
    const pane = await screen.findByRole('region', { name: 'Chat with Claire Dubois' });
    const box = within(pane).getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(box.disabled).toBe(false);
    expect(screen.getByRole('button', { name: /Claire Dubois/ }).getAttribute('aria-current')).toBe('true');
  });

  test("staff cancel the project: the page follows the move, says it is cancelled, and the chat is closed with the server's reason", async () => {
    const inDesign = {
      activeStatus: { id: 'design-in-progress', name: 'In Design', position: 3 },
      activeStatusId: 'design-in-progress',
      phase: 'in-progress' as const,
      canInvite: false,
      pro: claire,
      totalPriceCents: 120_000,
      leadTimeDays: 10,
      dueAt: '2030-01-10T10:00:00.000Z',
      lateness: 'On Track',
      team: { creator: project().team.creator, pro: member(claire, 'CAD Designer'), productionTeam: [] },
      offers: [offer('o1', claire, { status: 'accepted', priceCents: 120_000, leadTimeDays: 10 })],
      allowedActions: ['edit' as const],
    };
    const rooms = [room('r-claire', 'd1', 'accepted')];
    const { state } = serve(project(inDesign), rooms);
    renderAt('/projects/p1', <ProjectPage />, '/projects/:id');
    const pane = await screen.findByRole('region', { name: 'Chat with Claire Dubois' });
    expect((within(pane).getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(
      false,
    );
    expect(screen.queryByTestId('project-cancelled')).toBeNull();

    const reason = 'This project was cancelled, so its chat is closed.';
    state.project = project({
      ...inDesign,
      activeStatus: { id: 'design-cancelled', name: 'Cancelled', position: 5 },
      activeStatusId: 'design-cancelled',
      phase: 'cancelled',
      dueAt: null,
      lateness: null,
      allowedActions: [],
    });
    rooms[0] = room('r-claire', 'd1', 'accepted', reason);
    act(() => fakeSocket.fire('projectUpdated', news({ kind: 'status', offerId: null })));
    await vi.waitFor(() => expect(screen.getByTestId('project-status').textContent).toBe('Cancelled'));
    expect(screen.getByTestId('project-status').className).toContain('status-badge--danger');
    expect(screen.getByTestId('project-cancelled').textContent).toContain(
      'Any payment you made for it through Facet is refunded to you.',
    );
    await vi.waitFor(() => {
      const box = within(screen.getByRole('region', { name: 'Chat with Claire Dubois' })).getByRole(
        'combobox',
        { name: 'Message' },
      ) as HTMLTextAreaElement;
      expect(box.disabled).toBe(true);
    });
    expect(screen.getAllByText(reason).length).toBeGreaterThan(0);
    // nothing is left to do: no edit, no deletion (an offer was accepted), no workflow block
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Make Payment' })).toBeNull();
  });
});
