import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatMessage, MoveStatusPayload, ProjectUpdatedPayload } from '@facet/domain/chat';
import { chatWorld, collect, until, type ClientSocket } from '../chat/chat-test-kit';
import { signUpCustomer } from '../models/models.test-helper';
import { givenDesigner } from '../../test/world';

/**
 * Who sees what of a project: role × invitation state × resource (issue 16, item 1). Every state is built
 * through the API; each cell asserts the status code and, where the viewer may not know something, that
 * the reply does not carry it.
 *
 * Roles: the customer (owner), another customer, an invited pro (pending, quoted, accepted = the winner,
 * refused), a pro never invited, the production team (staff). Two stages: while the customer is still
 * inviting (pending and quoted pros), and after the customer chose, paid, received a delivery, asked for
 * changes, approved and rated (the winner and two refused pros: one who had quoted, one who had not).
 */

const w = chatWorld();
const WINNER_PRICE = 48_000;
const WINNER_LEAD = 7;
const LOSER_PRICE = 52_000;
const LOSER_LEAD = 5;
const REVIEW = 'Beautiful ring, on time.';
const LEAD_REASON = 'Waiting for the customer stone to arrive.';
const CLOSED = 'This conversation is closed.';

type Role =
  | 'customer'
  | 'other'
  | 'pending'
  | 'quoted'
  | 'winner'
  | 'refused'
  | 'refusedPending'
  | 'uninvited'
  | 'staff';
/** Which demo account plays each role (`other` is a customer signed up for this test). */
const as: Record<Role, string> = {
  customer: 'customer',
  other: 'other',
  // stage 1 names: designer3 is still pending, designer2 has quoted
  pending: 'designer3',
  quoted: 'designer2',
  // stage 2 names: designer won; designer2 (had quoted) and designer3 (had not) were refused
  winner: 'designer',
  refused: 'designer2',
  refusedPending: 'designer3',
  uninvited: 'designer4',
  staff: 'staff',
};

let projectId = '';
const offerOf: Record<string, string> = {};
const roomOf: Record<string, string> = {};
let deliveryId = '';
let lateAttachmentId = '';
let briefAttachmentId = '';
let changeId = '';
type Heard = { moves: MoveStatusPayload[]; messages: ChatMessage[]; news: ProjectUpdatedPayload[] };
const sockets: Record<string, Heard & { socket: ClientSocket }> = {};

const get = (role: Role, path: string) => w.call(as[role], 'GET', path);
const post = (role: Role, path: string, body?: object) => w.call(as[role], 'POST', path, body ?? {});
async function ok<R extends { statusCode: number; body: string }>(r: R, status = 200): Promise<R> {
  expect(r.statusCode, r.body).toBe(status);
  return r;
}

beforeAll(async () => {
  await w.start();
  w.cookies.designer4 = (await givenDesigner(w)).cookie;
  w.ids.designer4 = (await w.call('designer4', 'GET', '/api/me')).json().user.id;
  w.cookies.other = await signUpCustomer(w.app, 'someone-else@example.com');

  // stage 1: the customer invites three designers; designer and designer2 quote, designer3 does not
  projectId = await w.newProject('Privacy ring');
  const brief = await w.postFile(
    'customer',
    `/api/projects/${projectId}/attachments`,
    'brief.pdf',
    pdf(),
    'files',
  );
  await ok(brief, 201);
  briefAttachmentId = brief.json().attachments[0].id;
  for (const who of ['designer', 'designer2', 'designer3']) offerOf[who] = await w.invite(projectId, who);
  for (const who of ['designer', 'designer2', 'designer3']) roomOf[who] = await w.roomFor(projectId, who);
  await ok(
    await w.call('designer', 'POST', `/api/invitations/${offerOf.designer}/offer`, {
      priceCents: WINNER_PRICE,
      leadTimeDays: WINNER_LEAD,
    }),
  );
  await ok(
    await w.call('designer2', 'POST', `/api/invitations/${offerOf.designer2}/offer`, {
      priceCents: LOSER_PRICE,
      leadTimeDays: LOSER_LEAD,
    }),
  );
}, 120_000);
afterAll(async () => w.stop());

function pdf() {
  return new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
}

describe('stage 1: the customer is still inviting', () => {
  test.each([
    ['customer', 200, 3],
    ['staff', 200, 3],
    ['pending', 200, 1],
    ['quoted', 200, 1],
    ['winner', 200, 1],
    ['other', 404, 0],
    ['uninvited', 404, 0],
  ] as const)('%s: project detail %i, sees %i offer(s)', async (role, status, offers) => {
    const r = await get(role, `/api/projects/${projectId}`);
    expect(r.statusCode).toBe(status);
    if (status !== 200) return expect(r.body).not.toContain('Privacy ring');
    const project = r.json().project;
    expect(project.offers).toHaveLength(offers);
    expect(project.activeStatus.position).toBe(1);
    if (role === 'pending' || role === 'quoted') {
      // a pro sees their own offer only: never a competitor's price
      expect(project.offers[0].pro.id).toBe(w.ids[as[role]]);
      expect(r.body).not.toContain(String(role === 'pending' ? LOSER_PRICE : WINNER_PRICE));
    }
  });

  test.each([
    ['customer', 200, 3, null],
    ['staff', 200, 3, null],
    ['pending', 200, 1, null],
    ['quoted', 200, 1, 'Chat is now read-only. Quote has been submitted.'],
    ['other', 404, 0, null],
    ['uninvited', 404, 0, null],
  ] as const)('%s: rooms %i, %i room(s), own room says %s', async (role, status, count, reason) => {
    const { status: code, rooms } = await w.roomsOf(as[role], projectId);
    expect(code).toBe(status);
    expect(rooms).toHaveLength(count);
    if (role === 'pending' || role === 'quoted') {
      expect(rooms[0]!.proId).toBe(w.ids[as[role]]);
      expect(rooms[0]!.sendDisabledReason).toBe(reason);
    }
  });
});

describe('stage 2: the customer chose, paid, got a delivery, asked for changes, approved and rated', () => {
  beforeAll(async () => {
    // every party listens in their own room before the choice
    for (const who of ['designer', 'designer2', 'designer3']) {
      const socket = await w.clientIn(who, roomOf[who]!);
      sockets[who] = {
        socket,
        moves: collect(socket, 'getMoveStatus'),
        messages: collect(socket, 'getMessage'),
        news: collect(socket, 'projectUpdated'),
      };
    }
    await ok(await post('customer', `/api/invitations/${offerOf.designer}/accept`));
    await ok(await post('staff', `/api/staff/projects/${projectId}/mark-paid`));
    // the chosen designer asks for a longer lead time; the customer declines it
    await ok(
      await w.call('designer', 'PUT', `/api/projects/${projectId}/lead-time`, {
        leadTimeDays: WINNER_LEAD + 4,
        reason: LEAD_REASON,
      }),
    );
    await ok(await post('customer', `/api/projects/${projectId}/lead-time/answer`, { decision: 'decline' }));
    // the chosen designer adds a file of their own and delivers
    const late = await w.postFile(
      'designer',
      `/api/projects/${projectId}/attachments`,
      'sketch.pdf',
      pdf(),
      'files',
    );
    lateAttachmentId = (await ok(late, 201)).json().attachments[0].id;
    const delivered = await w.postFile(
      'designer',
      `/api/projects/${projectId}/deliveries`,
      'ring.pdf',
      pdf(),
      'files',
    );
    const files = (await ok(delivered, 201)).json().project.attachments as { id: string; kind: string }[];
    deliveryId = files.find((f) => f.kind === 'delivery')!.id;
    const cr = await ok(
      await post('customer', `/api/projects/${projectId}/change-requests`, { changes: ['Thicker band'] }),
      201,
    );
    changeId = cr.json().changeRequest.id;
    await ok(await post('winner', `/api/change-requests/${changeId}/reject`));
    await ok(await post('customer', `/api/projects/${projectId}/approve`));
    await ok(await post('customer', `/api/projects/${projectId}/rating`, { stars: 5, review: REVIEW }), 201);
    await w.ctx.chat.syncProjectEvents();
  }, 120_000);

  /** What each role may know of the outcome: the winner, the price, the moves, the delivery, the review. */
  const seesOutcome: Role[] = ['customer', 'winner', 'staff'];
  const refused: Role[] = ['refused', 'refusedPending'];
  const strangers: Role[] = ['other', 'uninvited'];

  describe('project detail', () => {
    test.each(seesOutcome)(
      '%s: 200 with the winner, price, lead time, status, delivery, changes and review',
      async (role) => {
        const project = (await ok(await get(role, `/api/projects/${projectId}`))).json().project;
        expect(project.team.pro.id).toBe(w.ids.designer);
        expect(project).toMatchObject({
          totalPriceCents: WINNER_PRICE,
          leadTimeDays: WINNER_LEAD,
          completed: true,
        });
        expect(project.activeStatus.position).toBe(4);
        expect(project.attachments.map((a: { id: string }) => a.id)).toContain(deliveryId);
        expect(project.changeRequest.id).toBe(changeId);
        expect(project.rating.review).toBe(REVIEW);
        // the due date and lateness, and the lead time change with its reason
        expect(project.dueAt).toEqual(expect.any(String));
        expect(project.lateness).toMatch(/On Track|early|Late/);
        expect(project.leadTimeChange).toMatchObject({ status: 'declined', reason: LEAD_REASON });
      },
    );

    test.each(refused)(
      '%s: 200 with only their invitation and offer, frozen at the refusal',
      async (role) => {
        const r = await ok(await get(role, `/api/projects/${projectId}`));
        const project = r.json().project;
        expect(project.myInvitation).toMatchObject({ status: 'refused', refusedBy: 'customer' });
        expect(project.offers).toHaveLength(1);
        expect(project.offers[0].pro.id).toBe(w.ids[as[role]]);
        expect(project).toMatchObject({
          pro: null,
          totalPriceCents: null,
          leadTimeDays: null,
          completed: false,
          filesDelivered: false,
          deliveredAt: null,
          completedAt: null,
          changeRequest: null,
          rating: null,
          allowedActions: [],
          dueAt: null,
          lateness: null,
          leadTimeChange: null,
        });
        expect(project.team.pro).toBeNull();
        expect(project.activeStatus.position).toBe(1);
        // the brief they were invited on stays; the winner's files and the delivery do not
        expect(project.attachments.map((a: { id: string }) => a.id)).toEqual([briefAttachmentId]);
        // nothing names the winner or carries the winning price, lead time or review
        expect(r.body).not.toContain(w.ids.designer!);
        expect(r.body).not.toContain(String(WINNER_PRICE));
        expect(r.body).not.toContain(REVIEW);
        expect(r.body).not.toContain(LEAD_REASON);
      },
    );

    test.each(strangers)('%s: 404', async (role) => {
      const r = await get(role, `/api/projects/${projectId}`);
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('Privacy ring');
    });
  });

  describe('project lists and the pro’s invitations', () => {
    test.each(refused)(
      '%s: the list entry and the invitation are frozen at the refusal too',
      async (role) => {
        const list = (await ok(await get(role, '/api/projects?pageSize=100'))).json().projects;
        const entry = list.find((p: { id: string }) => p.id === projectId);
        expect(entry).toMatchObject({
          pro: null,
          totalPriceCents: null,
          leadTimeDays: null,
          dueAt: null,
          lateness: null,
          completed: false,
        });
        expect(entry.activeStatus.position).toBe(1);
        // the filters agree: the project is neither completed nor in progress for them, still invited
        const ids = async (filter: string) =>
          (await ok(await get(role, `/api/projects?filter=${filter}&pageSize=100`)))
            .json()
            .projects.map((p: { id: string }) => p.id);
        expect(await ids('completed')).not.toContain(projectId);
        expect(await ids('in-progress')).not.toContain(projectId);
        expect(await ids('invited')).toContain(projectId);
        const invitations = (await ok(await get(role, '/api/invitations'))).json().invitations;
        const mine = invitations.find((i: { projectId: string }) => i.projectId === projectId);
        expect(mine).toMatchObject({ status: 'refused', project: { pro: null, totalPriceCents: null } });
        expect(JSON.stringify([entry, mine])).not.toContain(w.ids.designer!);
      },
    );

    test('the winner sees the outcome in the list; strangers do not see the project', async () => {
      const list = (await ok(await get('winner', '/api/projects?pageSize=100'))).json().projects;
      expect(list.find((p: { id: string }) => p.id === projectId)).toMatchObject({
        totalPriceCents: WINNER_PRICE,
        completed: true,
        dueAt: expect.any(String),
        lateness: expect.any(String),
      });
      for (const role of strangers) {
        const theirs = (await ok(await get(role, '/api/projects?pageSize=100'))).json().projects;
        expect(theirs.map((p: { id: string }) => p.id)).not.toContain(projectId);
      }
    });
  });

  describe('status history (events)', () => {
    test.each(seesOutcome)('%s: 200 with every move and the rating', async (role) => {
      const messages = (await ok(await get(role, `/api/projects/${projectId}/events`)))
        .json()
        .events.map((e: { message: string }) => e.message);
      expect(messages).toEqual(
        expect.arrayContaining([
          'Project has been moved to Make Payment',
          'An offer was accepted',
          'Rated 5 out of 5',
        ]),
      );
    });

    test.each(refused)(
      '%s: 200 without any move after the refusal, the acceptance or the rating',
      async (role) => {
        const events = (await ok(await get(role, `/api/projects/${projectId}/events`))).json().events as {
          message: string;
        }[];
        const text = events.map((e) => e.message).join('\n');
        expect(text).toContain('Project has been moved to Invite Designers');
        for (const later of [
          'Make Payment',
          'In Design',
          'Review',
          'accepted',
          'Rated',
          'delivered',
          'changes',
        ])
          expect(text).not.toContain(later);
      },
    );

    test.each(strangers)('%s: 404', async (role) => {
      expect((await get(role, `/api/projects/${projectId}/events`)).statusCode).toBe(404);
    });
  });

  describe('offers', () => {
    test('the customer and staff see every offer: one accepted, two refused', async () => {
      for (const role of ['customer', 'staff'] as const) {
        const offers = (await ok(await get(role, `/api/projects/${projectId}`))).json().project.offers as {
          status: string;
        }[];
        expect(offers.map((o) => o.status).sort()).toEqual(['accepted', 'refused', 'refused']);
      }
    });

    test.each(refused)("%s: their own offer is closed (409), another's is unknown (404)", async (role) => {
      const mine = offerOf[as[role]]!;
      const quoteAgain = await post(role, `/api/invitations/${mine}/offer`, {
        priceCents: 1_000,
        leadTimeDays: 1,
      });
      expect(quoteAgain.statusCode).toBe(409);
      expect(
        (
          await post(role, `/api/invitations/${offerOf.designer}/offer`, {
            priceCents: 1_000,
            leadTimeDays: 1,
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('chat rooms and messages', () => {
    test('customer and staff: 200, all three rooms', async () => {
      for (const role of ['customer', 'staff'] as const)
        expect((await w.roomsOf(as[role], projectId)).rooms).toHaveLength(3);
    });

    test.each(refused)('%s: only their own room, closed', async (role) => {
      const { status, rooms } = await w.roomsOf(as[role], projectId);
      expect(status).toBe(200);
      expect(rooms).toHaveLength(1);
      expect(rooms[0]).toMatchObject({ id: roomOf[as[role]], sendDisabledReason: CLOSED });
    });

    test.each(refused)(
      "%s: their conversation holds nothing posted after the refusal; others' rooms are refused",
      async (role) => {
        const messages = await w.history(as[role], roomOf[as[role]]!);
        const system = messages.filter((m) => m.type === 'ai').map((m) => m.message);
        expect(system.join('\n')).not.toMatch(/Make Payment|In Design|Review/);
        const winners = await w.call(
          as[role],
          'GET',
          `/api/rooms/${encodeURIComponent(roomOf.designer!)}/messages`,
        );
        expect(winners.statusCode).toBe(404);
      },
    );

    test.each(refused)('%s: sending in the closed conversation is refused with its text', async (role) => {
      const socket = sockets[as[role]]!.socket;
      const ack = await w.send(socket, roomOf[as[role]]!, projectId, 'Still there?');
      expect(ack).toMatchObject({ error: CLOSED, code: 'chat_closed' });
    });

    test("the winner's room and the customer's view of it carry every move", async () => {
      for (const who of ['designer', 'customer']) {
        const text = (await w.history(who, roomOf.designer!)).map((m) => m.message).join('\n');
        expect(text).toContain('Project has been moved to Make Payment');
        expect(text).toContain('Project has been moved to In Design');
      }
    });

    test.each(strangers)('%s: rooms 404', async (role) => {
      expect((await w.roomsOf(as[role], projectId)).status).toBe(404);
    });
  });

  describe('deliveries and attachments', () => {
    test.each([
      ['customer', 200, 200],
      ['winner', 200, 200],
      ['staff', 200, 200],
      ['refused', 404, 404],
      ['refusedPending', 404, 404],
      ['other', 404, 404],
      ['uninvited', 404, 404],
    ] as const)("%s: the delivery %i, the winner's later attachment %i", async (role, delivery, late) => {
      expect((await get(role, `/api/projects/${projectId}/attachments/${deliveryId}`)).statusCode).toBe(
        delivery,
      );
      expect((await get(role, `/api/projects/${projectId}/attachments/${lateAttachmentId}`)).statusCode).toBe(
        late,
      );
    });

    test.each(refused)('%s: the brief they were invited on still opens (200)', async (role) => {
      expect(
        (await get(role, `/api/projects/${projectId}/attachments/${briefAttachmentId}`)).statusCode,
      ).toBe(200);
    });
  });

  describe('change requests, lead time changes and the rating', () => {
    test.each([
      ['refused', 404],
      ['refusedPending', 404],
      ['other', 404],
      ['uninvited', 404],
      ['staff', 403],
    ] as const)('%s: asking or answering a lead time change is refused (%i)', async (role, status) => {
      const ask = await w.call(as[role], 'PUT', `/api/projects/${projectId}/lead-time`, {
        leadTimeDays: 20,
        reason: LEAD_REASON,
      });
      expect(ask.statusCode).toBe(status);
      const answer = await post(role, `/api/projects/${projectId}/lead-time/answer`, { decision: 'accept' });
      expect(answer.statusCode).toBe(status);
    });

    test.each([
      ['refused', 404],
      ['refusedPending', 404],
      ['other', 404],
      ['uninvited', 404],
    ] as const)('%s: pricing the changes is refused (%i)', async (role, status) => {
      expect(
        (await post(role, `/api/change-requests/${changeId}/quote`, { priceCents: 1_000 })).statusCode,
      ).toBe(status);
    });

    test.each([
      ['refused', 403],
      ['winner', 403],
      ['other', 404],
      ['staff', 403],
    ] as const)('%s: rating the project is refused (%i)', async (role, status) => {
      expect((await post(role, `/api/projects/${projectId}/rating`, { stars: 1 })).statusCode).toBe(status);
    });
  });

  describe('socket events', () => {
    test('the winner heard every move; the refused pros heard no move and no project news after the refusal', async () => {
      await until(() => sockets.designer!.moves.length >= 3, 5000, "the winner's moves");
      await until(() => sockets.designer!.news.filter((n) => n.kind === 'status').length >= 3, 5000, 'news');
      for (const who of ['designer2', 'designer3']) {
        expect(sockets[who]!.moves).toEqual([]);
        // only their own quote card may change (it now reads refused); no system message reaches them
        expect(sockets[who]!.messages.filter((m) => m.type === 'ai')).toEqual([]);
        expect(JSON.stringify(sockets[who]!.messages)).not.toContain(String(WINNER_PRICE));
        // project news: only the refusal of their own invitation, then nothing (no status move)
        expect(sockets[who]!.news).toEqual([{ projectId, kind: 'offer', offerId: offerOf[who] }]);
      }
    });
  });
});
