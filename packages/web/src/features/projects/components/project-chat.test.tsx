import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { MoveStatusPayload } from '@facet/domain/chat';
import { useAuth } from '../../../app/auth';
import { chatRoom, claire, member, offer, project } from '../testing/fixtures';
import { ChatPanel } from './project-chat';
import { chatMessage, fakeApi, fakeSocket, me, renderAt } from '../../../testing';

vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../../lib/socket', async () => (await import('../../../testing/fake-socket')).socketModule);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fakeSocket.reset();
});

function SignedInAs() {
  const { user } = useAuth();
  return user ? <h1>Signed in as {user.fullName}</h1> : null;
}

const PAYMENT_REASON = 'Chat is paused while the customer makes the payment.';

function move(over: Partial<MoveStatusPayload> = {}): MoveStatusPayload {
  return {
    projectId: 'p1',
    completed: false,
    error: null,
    modelFiles: [],
    service: false,
    serviceCompleted: false,
    savedMessage: chatMessage(1, {
      chatRoom: 'r1',
      type: 'ai',
      from: null,
      message: 'Project has been moved to In Design',
    }),
    approved: false,
    lastEmailSent: null,
    ...over,
  };
}

/** The chosen designer's view of a project in Make Payment; the server says when sending is open again. */
function serveDesigner(
  user = me({
    id: 'd1',
    role: 'designer',
    firstName: 'Claire',
    lastName: 'Dubois',
    fullName: 'Claire Dubois',
    firstTimeLogin: false,
  }),
) {
  const state = { paid: false };
  const api = fakeApi(({ method, path }) => {
    if (path === '/api/me') return { status: 200, body: { user } };
    if (method === 'GET' && path === '/api/projects/p1/rooms')
      return {
        status: 200,
        body: {
          rooms: [chatRoom({ sendDisabledReason: state.paid ? null : PAYMENT_REASON })],
        },
      };
    if (method === 'GET' && path === '/api/rooms/r1/messages')
      return { status: 200, body: { messages: [], lastSeq: 0, hasMore: false } };
    return undefined!;
  });
  return { state, api };
}

const paymentProject = project({
  activeStatus: { id: 'design-payment', name: 'Make Payment', position: 2 },
  activeStatusId: 'design-payment',
  phase: 'in-progress',
  pro: claire,
  viewerRole: 'pro',
  team: {
    creator: project().team.creator,
    pro: member(claire, 'CAD Designer'),
    productionTeam: [],
  },
  offers: [offer('o1', claire, { status: 'accepted', priceCents: 90_000, leadTimeDays: 7 })],
  allowedActions: [],
});

describe('chat pane and the project status (getMoveStatus)', () => {
  test("a live move of this project refreshes what the conversation allows; another project's move changes nothing", async () => {
    const { state, api } = serveDesigner();
    renderAt('/projects/p1', <ChatPanel project={paymentProject} />, '/projects/:id');
    const box = await screen.findByRole('combobox', { name: 'Message' });
    await screen.findByText(PAYMENT_REASON);
    expect((box as HTMLTextAreaElement).disabled).toBe(true);
    const roomCalls = () =>
      api.requests.filter((r) => r.method === 'GET' && r.path === '/api/projects/p1/rooms').length;
    const before = roomCalls();

    // the customer paid: the server moved the project and the room heard getMoveStatus
    state.paid = true;
    act(() => fakeSocket.fire('getMoveStatus', move({ projectId: 'p2' })));
    expect(roomCalls()).toBe(before);
    act(() => fakeSocket.fire('getMoveStatus', move()));
    await vi.waitFor(() => expect(roomCalls()).toBeGreaterThan(before));
    await vi.waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(false),
    );
    expect(screen.queryByText(PAYMENT_REASON)).toBeNull();
    // the other project's move, heard first, asked for nothing: one fetch, this project's
    expect(roomCalls()).toBe(before + 1);
  });

  test("a failed move is shown to the designer as 'Error!' with the server's text", async () => {
    serveDesigner();
    renderAt('/projects/p1', <ChatPanel project={paymentProject} />, '/projects/:id');
    await screen.findByRole('combobox', { name: 'Message' });
    act(() =>
      fakeSocket.fire(
        'getMoveStatus',
        move({ error: 'The project could not be moved.', savedMessage: null }),
      ),
    );
    expect((await screen.findAllByText('Error!')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('The project could not be moved.').length).toBeGreaterThan(0);
  });

  test("a refused join is a toast titled 'Error' with the server's text", async () => {
    serveDesigner();
    fakeSocket.joinRefusal = 'You are not a member of this chat.';
    renderAt('/projects/p1', <ChatPanel project={paymentProject} />, '/projects/:id');
    await screen.findByRole('combobox', { name: 'Message' });
    // the toast's title (the notice above the list says the text too)
    expect((await screen.findAllByText('Error')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('You are not a member of this chat.').length).toBeGreaterThan(1);
  });

  test('in the payment stage the customer sees no chat pane; the pro sees it dimmed and cannot send', async () => {
    serveDesigner();
    renderAt('/projects/p1', <ChatPanel project={paymentProject} />, '/projects/:id');
    const box = await screen.findByRole('combobox', { name: 'Message' });
    expect((box as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByRole('region', { name: /^Chat with/ }).className).toContain('chat-pane--dimmed');
    cleanup();

    // the same room, seen by the customer (the server lets them send)
    const customer = serveDesigner(me({ firstTimeLogin: false }));
    customer.state.paid = true;
    renderAt(
      '/projects/p1',
      <>
        <SignedInAs />
        <ChatPanel project={{ ...paymentProject, viewerRole: 'customer' }} />
      </>,
      '/projects/:id',
    );
    // the pane has the viewer by now: it hides because of the stage, not for want of a user
    await screen.findByRole('heading', { name: 'Signed in as Ada Lovelace' });
    // and its rooms were asked for: the pane decides by the viewer and the stage before it looks at them
    await vi.waitFor(() =>
      expect(customer.api.requests.some((r) => r.path === '/api/projects/p1/rooms')).toBe(true),
    );
    expect(screen.queryByRole('combobox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('region', { name: /^Chat/ })).toBeNull();
  });
});

describe('pinning from the chat pane', () => {
  test("staff pin a message: the server's answer shows it pinned, even before the room's socket says so", async () => {
    const staff = me({
      id: 's1',
      role: 'staff',
      firstName: 'Noor',
      lastName: 'Haddad',
      fullName: 'Noor Haddad',
    });
    const said = chatMessage(1, { id: 'm1', chatRoom: 'r1', message: 'Sure, 1.2 mm', from: 'd1' });
    const api = fakeApi(({ method, path, body }) => {
      if (path === '/api/me') return { status: 200, body: { user: staff } };
      if (method === 'GET' && path === '/api/projects/p1/rooms')
        return {
          status: 200,
          body: {
            rooms: [chatRoom({ lastSeq: 1 })],
          },
        };
      if (method === 'GET' && path === '/api/rooms/r1/messages')
        return { status: 200, body: { messages: [said], lastSeq: 1, hasMore: false } };
      if (method === 'PUT' && path === '/api/rooms/r1/messages/m1/pinned')
        return { status: 200, body: { message: { ...said, pinned: (body as { pinned: boolean }).pinned } } };
      return undefined!;
    });
    const inDesign = project({
      activeStatus: { id: 'design-in-progress', name: 'In Design', position: 3 },
      activeStatusId: 'design-in-progress',
      phase: 'in-progress',
      pro: claire,
      viewerRole: 'staff',
      team: { creator: project().team.creator, pro: member(claire, 'CAD Designer'), productionTeam: [] },
      allowedActions: [],
    });
    renderAt('/projects/p1', <ChatPanel project={inDesign} />, '/projects/:id');
    (await screen.findByRole('button', { name: 'Pin message' })).click();
    await screen.findByRole('button', { name: 'Unpin message' });
    expect(api.requests.some((r) => r.method === 'PUT' && r.path.endsWith('/m1/pinned'))).toBe(true);
  });
});
