import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  participantFullName,
  type ChatMessage,
} from '@facet/domain/chat';
import { chatMessages } from './chat.tables';
import { mailOutbox } from '../../platform/mail/mail.tables';
import { projects, projectStatuses } from '../projects/projects.tables';
import { users } from '../accounts/accounts.tables';
import { chatWorld, collect, connected, drained, sent, until } from './chat-test-kit';
import { READ_ONLY_MESSAGE } from './chat.service';
import { givenDesigner } from '../../test/world';

const world = chatWorld();
beforeAll(world.start, 60_000);
afterAll(world.stop);
const { ids, call, client, join, clientIn, send, invite, roomsOf, invitedRoom } = world;

const corpus = JSON.parse(
  readFileSync(new URL('../../../../domain/src/chat/fixtures/contact-details.json', import.meta.url), 'utf8'),
) as { mustBlock: (string | string[])[]; mustPass: string[] };

const upload = (who: string, roomId: string, name: string, bytes: Uint8Array) =>
  world.postFile(who, `/api/rooms/${encodeURIComponent(roomId)}/attachments`, name, bytes);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

describe('socket authentication and membership', () => {
  test('a socket without a valid session is refused', async () => {
    await expect(client(null)).rejects.toThrow('unauthenticated');
    const forged = world.socket('facet_session=not-a-session');
    await expect(connected(forged)).rejects.toThrow('unauthenticated');
  });

  test('rooms per invitation: ids per spec, customer and staff see all, a pro only their own, others none', async () => {
    const projectId = await world.newProject('Membership ring');
    await invite(projectId, 'designer');
    await invite(projectId, 'designer2');
    const [project] = await world.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    const room = await world.roomFor(projectId, 'designer');
    expect(room).toBe(
      `${ids.customer}_${ids.designer}_${projectId}_${String(project!.createdAt.getTime() % 10000).padStart(4, '0')}`,
    );
    expect((await roomsOf('customer', projectId)).rooms).toHaveLength(2);
    expect((await roomsOf('staff', projectId)).rooms).toHaveLength(2);
    expect((await roomsOf('designer', projectId)).rooms.map((r) => r.proId)).toEqual([ids.designer]);
    expect((await roomsOf('designer3', projectId)).status).toBe(404);

    const outsider = await client('designer3');
    const otherPro = await client('designer2');
    const staff = await client('staff');
    const customer = await client('customer');
    const outsiderGot = collect(outsider, 'getMessage');
    const otherGot = collect(otherPro, 'getMessage');
    for (const [s, who] of [
      [outsider, 'designer3'],
      [otherPro, 'designer2'],
    ] as const) {
      const ack = await world.joinAck(s, room, who);
      expect(ack).toMatchObject({ error: 'You are not a member of this chat.', code: 'not_member' });
    }
    // joining as somebody else is refused too
    expect(
      await customer
        .timeout(5000)
        .emitWithAck('join', { chatRoom: room, id: ids.designer!, type: 'designer' }),
    ).toMatchObject({ code: 'not_member' });
    expect(await join(staff, room, 'staff')).toEqual({ chatRoom: room, lastSeq: expect.any(Number) });
    expect(await join(customer, room, 'customer')).toMatchObject({ chatRoom: room });
    const staffGot = collect(staff, 'getMessage');
    const message = sent(await send(customer, room, projectId, 'Hello, can you make it in rose gold?'));
    expect(message).toMatchObject({
      type: 'user',
      seq: expect.any(Number),
      preChat: true,
      from: ids.customer,
    });
    await until(() => staffGot.length === 1, 5000, 'staff receives');
    // the outsider's send is refused and the history is closed to them
    expect(await send(outsider, room, projectId, 'let me in')).toMatchObject({ code: 'not_member' });
    const closed = await call('designer3', 'GET', `/api/rooms/${encodeURIComponent(room)}/messages`);
    expect(closed.statusCode).toBe(404);
    await drained(outsider, otherPro);
    expect(outsiderGot).toEqual([]);
    expect(otherGot).toEqual([]);
  });
});

describe('messages: stored before ack, idempotent, ordered, resynced', () => {
  let projectId = '';
  let room = '';
  beforeAll(async () => {
    ({ projectId, room } = await invitedRoom('designer', 'Ordering pendant'));
  });

  test('a retried send with the same client id returns the stored message and is broadcast once', async () => {
    const customer = await clientIn('customer', room);
    const designer = await clientIn('designer', room);
    const got = collect(designer, 'getMessage');
    const payload = { clientId: 'retry-1', chatRoom: room, projectId, message: 'Same message twice' };
    const first = sent(await customer.timeout(5000).emitWithAck('sendMessage', payload));
    const again = sent(await customer.timeout(5000).emitWithAck('sendMessage', payload));
    expect(again.id).toBe(first.id);
    expect(again.seq).toBe(first.seq);
    const rows = await world.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, room), eq(chatMessages.clientId, 'retry-1')));
    expect(rows).toHaveLength(1);
    await until(() => got.length >= 1);
    // both sends were broadcast before their acks: a second copy would be here by the round trip
    await drained(designer);
    expect(got.filter((m) => m.clientId === 'retry-1')).toHaveLength(1);
    expect(got[0]).toEqual(first);
  });

  test('tries of one client id racing each other store it once and spend one seq', async () => {
    const [customer] = await world.ctx.db.select().from(users).where(eq(users.id, ids.customer!));
    const before = (await roomsOf('customer', projectId)).rooms.find((r) => r.id === room)!.lastSeq;
    // straight to the service, past the socket's one-send-per-room queue: the tries run side by side
    const tries = await Promise.all(
      Array.from({ length: 4 }, () =>
        world.ctx.chat.send(customer!, { clientId: 'race-1', chatRoom: room, projectId, message: 'Once' }),
      ),
    );
    expect(tries.filter((t) => t.created)).toHaveLength(1);
    for (const t of tries) expect(t.message).toMatchObject({ id: tries[0]!.message.id, seq: before + 1 });
    const rows = await world.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, room), eq(chatMessages.clientId, 'race-1')));
    expect(rows).toHaveLength(1);
    // the next message takes the next seq: no try spent one
    const next = await world.ctx.chat.send(customer!, {
      clientId: 'race-2',
      chatRoom: room,
      projectId,
      message: 'Next',
    });
    expect(next.message.seq).toBe(before + 2);
  });

  test('concurrent senders get gapless sequence numbers and receivers see them in order', async () => {
    const customer = await client('customer');
    const designer = await client('designer');
    const watcher = await client('staff');
    for (const [s, who] of [
      [customer, 'customer'],
      [designer, 'designer'],
      [watcher, 'staff'],
    ] as const)
      await join(s, room, who);
    const got = collect(watcher, 'getMessage');
    const before = (await roomsOf('customer', projectId)).rooms[0]!.lastSeq;
    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send(i % 2 ? customer : designer, room, projectId, `message ${i}`),
      ),
    );
    const seqs = acks.map((a) => sent(a).seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 30 }, (_, i) => before + i + 1));
    await until(() => got.length === 30, 5000, '30 messages');
    expect(got.map((m) => m.seq)).toEqual(seqs);
  });

  test('a client that was away fetches exactly what it missed by sequence', async () => {
    const designer = await client('designer');
    const { lastSeq } = await join(designer, room, 'designer');
    designer.disconnect();
    const customer = await clientIn('customer', room);
    for (const text of ['while you were away 1', 'while you were away 2', 'while you were away 3'])
      sent(await send(customer, room, projectId, text));
    const back = await client('designer');
    const rejoined = await join(back, room, 'designer');
    expect(rejoined).toMatchObject({ lastSeq: lastSeq + 3 });
    const missed = await call(
      'designer',
      'GET',
      `/api/rooms/${encodeURIComponent(room)}/messages?after=${lastSeq}`,
    );
    expect(missed.statusCode).toBe(200);
    expect(missed.json().messages.map((m: ChatMessage) => [m.seq, m.message])).toEqual([
      [lastSeq + 1, 'while you were away 1'],
      [lastSeq + 2, 'while you were away 2'],
      [lastSeq + 3, 'while you were away 3'],
    ]);
    const page = await call(
      'designer',
      'GET',
      `/api/rooms/${encodeURIComponent(room)}/messages?after=0&limit=5`,
    );
    expect(page.json().messages.map((m: ChatMessage) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(page.json().hasMore).toBe(true);
  });

  test('typing, read receipts and presence', async () => {
    world.disconnectAll(); // only these two are online
    const customer = await client('customer');
    const designer = await client('designer');
    const online = collect(customer, 'filteredUsers');
    await join(customer, room, 'customer');
    await join(designer, room, 'designer');
    await until(
      () => online.some((p) => p.users.includes(ids.designer!) && p.users.includes(ids.customer!)),
      5000,
      'presence',
    );
    const typing = collect(customer, 'getIsTyping');
    designer.emit('isTyping', { chatRoom: room, users: [{ id: ids.designer!, fullName: 'Ava Designer' }] });
    await until(() => typing.length === 1, 5000, 'typing');
    expect(typing[0]).toMatchObject({
      chatRoom: room,
      from: ids.designer,
      users: [{ id: ids.designer, fullName: expect.any(String) }],
    });

    const message = sent(await send(customer, room, projectId, 'Please read this'));
    const receipts = collect(customer, 'getMessageRead');
    expect(
      await designer.timeout(5000).emitWithAck('messageRead', {
        chatRoom: room,
        messages: [message.id],
        allMessages: false,
        projectId,
      }),
    ).toEqual({});
    await until(() => receipts.length === 1, 5000, 'read receipt');
    expect(receipts[0]).toMatchObject({ chatRoom: room, readerId: ids.designer, messages: [message.id] });
    const after = await call(
      'customer',
      'GET',
      `/api/rooms/${encodeURIComponent(room)}/messages?after=${message.seq - 1}`,
    );
    expect(after.json().messages[0]).toMatchObject({ id: message.id, read: true });
    const left = collect(customer, 'forceDisconnectedFiltredUsers');
    designer.disconnect();
    await until(() => left.some((p) => !p.users.includes(ids.designer!)), 5000, 'designer gone');
  });

  test('empty text is refused; contact details are blocked and neither stored nor broadcast', async () => {
    const customer = await clientIn('customer', room);
    const designer = await clientIn('designer', room);
    const got = collect(designer, 'getMessage');
    expect(await send(customer, room, projectId, '   ')).toMatchObject({ code: 'empty_message' });
    const blocked = corpus.mustBlock.filter((e): e is string => typeof e === 'string').slice(0, 8);
    expect(blocked.length).toBeGreaterThan(3);
    const lastSeq = (await roomsOf('customer', projectId)).rooms[0]!.lastSeq;
    for (const text of blocked) {
      expect(await send(customer, room, projectId, text), text).toMatchObject({
        code: 'contact_details_blocked',
        error: expect.any(String),
      });
    }
    expect((await roomsOf('customer', projectId)).rooms[0]!.lastSeq).toBe(lastSeq);
    for (const text of corpus.mustPass.slice(0, 8)) sent(await send(customer, room, projectId, text));
    sent(await send(customer, room, projectId, 'Our team is at hello@facet.studio'));
    await until(() => got.length === 9, 5000, 'clean messages');
    expect(got.map((m) => m.message)).not.toContain(blocked[0]);
  });

  test("a number split over a sender's consecutive messages is blocked; other senders and old messages do not count", async () => {
    const customer = await clientIn('customer', room);
    const designer = await clientIn('designer', room);
    const refused = { code: 'contact_details_blocked', error: expect.any(String) };
    // each half alone passes; the second half, read with the first, is refused and not stored
    sent(await send(customer, room, projectId, 'my cell is five five five'));
    const lastSeq = (await roomsOf('customer', projectId)).rooms[0]!.lastSeq;
    expect(await send(customer, room, projectId, 'oh one three two')).toMatchObject(refused);
    expect(await send(customer, room, projectId, '0132')).toMatchObject(refused);
    expect((await roomsOf('customer', projectId)).rooms[0]!.lastSeq).toBe(lastSeq);
    sent(await send(customer, room, projectId, '555'));
    expect(await send(customer, room, projectId, '0132')).toMatchObject(refused);
    // the same halves from two people are two people talking
    sent(await send(designer, room, projectId, '0132'));
    // numbers of ordinary jewelry talk in a row still pass
    sent(await send(customer, room, projectId, 'Budget 850'));
    sent(await send(customer, room, projectId, '1200 if the sapphire is better'));
    sent(await send(customer, room, projectId, 'size 7'));
    sent(await send(customer, room, projectId, '5 5 5 stones'));
    // a first half sent long ago (outside the window) is not read with the new message
    const first = sent(await send(customer, room, projectId, 'call me on 555'));
    await world.ctx.db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(chatMessages.id, first.id));
    sent(await send(customer, room, projectId, '0132'));
    // an earlier message that holds a detail by itself (stored under older rules) does not block new ones
    const older = sent(await send(customer, room, projectId, 'size 7'));
    await world.ctx.db.update(chatMessages).set({ message: '555 0132' }).where(eq(chatMessages.id, older.id));
    sent(await send(customer, room, projectId, 'thanks, talk soon'));
    expect(await send(customer, room, projectId, 'my cell is 555 0199')).toMatchObject(refused);
  });

  test('a mention e-mails the person mentioned', async () => {
    const customer = await clientIn('customer', room);
    const [designer] = await world.ctx.db.select().from(users).where(eq(users.id, ids.designer!));
    sent(
      await send(customer, room, projectId, `@${participantFullName(designer!)} could you check the clasp?`),
    );
    await world.ctx.jobs.drain();
    const mails = await world.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.event, 'chat-mention'));
    expect(mails.map((m) => m.to)).toContain(world.people.designer!.email);
  });
});

describe('attachments', () => {
  let projectId = '';
  let room = '';
  beforeAll(async () => {
    ({ projectId, room } = await invitedRoom('designer', 'Attachment earrings'));
  });

  test('allowed files by name and content are stored, sent and downloaded as attachments by members only', async () => {
    const r = await upload('designer', room, 'sketch.png', PNG);
    expect(r.statusCode, r.body).toBe(201);
    const attachment = r.json().attachment;
    expect(attachment).toMatchObject({
      name: 'sketch.png',
      sizeBytes: PNG.byteLength,
      contentType: 'image/png',
    });
    for (const [name, bytes] of [
      ['brief.pdf', PDF],
      ['notes.txt', new TextEncoder().encode('ring size 7')],
      ['sizes.csv', new TextEncoder().encode('size,width\n7,2\n')],
    ] as const) {
      expect((await upload('customer', room, name, bytes)).statusCode, name).toBe(201);
    }
    const designer = await clientIn('designer', room);
    const message = sent(
      await send(designer, room, projectId, '', {
        isFile: true,
        attachment: { id: attachment.id, name: 'x', sizeBytes: 1 },
      }),
    );
    expect(message).toMatchObject({
      isFile: true,
      fileName: 'sketch.png',
      attachment: { id: attachment.id, name: 'sketch.png', sizeBytes: PNG.byteLength },
    });

    const download = await call('customer', 'GET', `/api/attachments/${attachment.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=sketch.png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain("default-src 'none'");
    expect(new Uint8Array(download.rawPayload)).toEqual(PNG);
    expect((await call('designer2', 'GET', `/api/attachments/${attachment.id}`)).statusCode).toBe(404);
    expect((await upload('designer3', room, 'sketch.png', PNG)).statusCode).toBe(404);
  });

  test('wrong names, content that does not match its name, and contact details in names are refused', async () => {
    for (const [name, bytes] of [
      ['model.exe', PNG],
      ['photo.svg', new TextEncoder().encode('<svg/>')],
      ['photo.png', PDF],
      ['brief.pdf', PNG],
      ['page.html', new TextEncoder().encode('<script>')],
      ['no-extension', PNG],
    ] as const) {
      const r = await upload('customer', room, name, bytes);
      expect(r.statusCode, name).toBe(400);
      expect(r.json().error).toMatchObject({
        code: 'unsupported_file',
        message: FILE_FORMAT_NOT_SUPPORTED_MESSAGE,
      });
    }
    const r = await upload('customer', room, 'call me 415 555 0132.png', PNG);
    expect(r.json().error.code).toBe('contact_details_blocked');
  });

  test('a file over 100 MB is refused with the spec message', async () => {
    const big = new Uint8Array(100 * 1024 * 1024 + 1);
    big.set(PNG);
    const r = await upload('customer', room, 'huge.png', big);
    expect(r.statusCode).toBe(413);
    expect(r.json().error).toMatchObject({ code: 'file_too_large', message: FILE_TOO_LARGE_MESSAGE });
  }, 60_000);
});

describe('workflow rules: read-only after the quote, payment stage, hold, cancelled; status moves in the room', () => {
  const quote = async (projectId: string, offer: string, pro = 'designer') => {
    const r = await call(pro, 'POST', `/api/invitations/${offer}/offer`, {
      priceCents: 40_000,
      leadTimeDays: 5,
    });
    expect(r.statusCode, r.body).toBe(200);
  };
  const accept = async (offer: string) =>
    expect((await call('customer', 'POST', `/api/invitations/${offer}/accept`)).statusCode).toBe(200);
  const markPaid = async (projectId: string) =>
    expect((await call('staff', 'POST', `/api/staff/projects/${projectId}/mark-paid`)).statusCode).toBe(200);
  /** A room whose pro quoted and whose offer the customer accepted: the project waits at Make Payment. */
  async function atPayment(title: string, pro = 'designer') {
    const invited = await invitedRoom(pro, title);
    await quote(invited.projectId, invited.offerId, pro);
    await accept(invited.offerId);
    return invited;
  }
  /** A paid project's room (In Design): everyone writes again. */
  async function paid(title: string, pro = 'designer') {
    const room = await atPayment(title, pro);
    await markPaid(room.projectId);
    return room;
  }

  test("after the pro's quote the room is read-only for both, and the rooms list says why", async () => {
    const { projectId, offerId, room } = await invitedRoom('designer', 'Read-only signet');
    const customer = await clientIn('customer', room);
    const designer = await clientIn('designer', room);
    sent(await send(designer, room, projectId, 'Happy to help, a question first'));
    await quote(projectId, offerId);
    for (const s of [designer, customer]) {
      expect(await send(s, room, projectId, 'one more thing')).toEqual({
        error: READ_ONLY_MESSAGE,
        code: 'chat_read_only',
      });
    }
    expect((await roomsOf('customer', projectId)).rooms[0]!.sendDisabledReason).toBe(READ_ONLY_MESSAGE);
  });

  test('accepting the offer posts the move to Make Payment in the room, live', async () => {
    const { projectId, offerId, room } = await invitedRoom('designer', 'Moved signet');
    const customer = await clientIn('customer', room);
    const moves = collect(customer, 'getMoveStatus');
    await quote(projectId, offerId);
    await accept(offerId);
    await until(
      () => moves.some((m) => m.savedMessage?.message === 'Project has been moved to Make Payment'),
      8000,
      'move status',
    );
    const move = moves.find((m) => m.savedMessage?.message === 'Project has been moved to Make Payment')!;
    expect(move).toMatchObject({
      projectId,
      completed: false,
      error: null,
      savedMessage: { type: 'ai', chatRoom: room },
    });
  });

  test('at Make Payment only the customer writes, and no longer before the quote (not pre-chat)', async () => {
    const { projectId, room } = await atPayment('Payment signet');
    const customer = await clientIn('customer', room);
    const designer = await clientIn('designer', room);
    const staff = await client('staff');
    expect(await send(designer, room, projectId, 'when will you pay?')).toMatchObject({
      code: 'payment_stage',
    });
    expect(await send(staff, room, projectId, 'team here')).toMatchObject({ code: 'payment_stage' });
    const fromCustomer = sent(await send(customer, room, projectId, 'Paying today'));
    expect(fromCustomer.preChat).toBe(false);
  });

  test('once paid the pro writes again; the history keeps the status moves and the pre-quote messages', async () => {
    const { projectId, offerId, room } = await invitedRoom('designer', 'Paid signet');
    const designer = await clientIn('designer', room);
    sent(await send(designer, room, projectId, 'Happy to help, a question first'));
    await quote(projectId, offerId);
    await accept(offerId);
    await markPaid(projectId);
    sent(await send(designer, room, projectId, 'Starting the design now'));
    const stored = await world.history('designer', room);
    expect(stored.filter((m) => m.type === 'ai').map((m) => m.message)).toEqual(
      expect.arrayContaining([
        'Project has been moved to Invite Designers',
        'Project has been moved to Make Payment',
      ]),
    );
    expect(stored.find((m) => m.message === 'Happy to help, a question first')).toMatchObject({
      preChat: true,
      type: 'designer',
    });
  });

  test('the customer cannot write to a pro on hold', async () => {
    const held = await givenDesigner(world);
    world.cookies.held = held.cookie;
    ids.held = held.id;
    const { projectId, room } = await paid('Hold signet', 'held');
    const customer = await clientIn('customer', room);
    await world.ctx.db.update(users).set({ status: 'hold' }).where(eq(users.id, held.id));
    expect(await send(customer, room, projectId, 'are you there?')).toMatchObject({
      code: 'designer_on_hold',
    });
  });

  test('nobody writes in the room of a cancelled project', async () => {
    const { projectId, room } = await paid('Cancelled signet');
    const customer = await clientIn('customer', room);
    await world.ctx.db
      .insert(projectStatuses)
      .values({ id: 'design-cancelled-test', workflow: 'design', name: 'Cancelled', position: 5 })
      .onConflictDoNothing();
    await world.ctx.db
      .update(projects)
      .set({ statusId: 'design-cancelled-test' })
      .where(eq(projects.id, projectId));
    expect(await send(customer, room, projectId, 'hello?')).toMatchObject({ code: 'project_cancelled' });
  });
});

describe('system messages from other modules', () => {
  test('postSystemMessage posts to every room of the project', async () => {
    const projectId = await world.newProject('System ring');
    await invite(projectId, 'designer');
    await invite(projectId, 'designer2');
    const posted = await world.ctx.chat.postSystemMessage(projectId, 'Project has been moved to In Design');
    expect(posted).toHaveLength(2);
    expect(posted.every((m) => m.type === 'ai' && m.message === 'Project has been moved to In Design')).toBe(
      true,
    );
  });
});

describe('the rooms list', () => {
  test('each room counts the messages from others the viewer has not read, per room and per viewer', async () => {
    const projectId = await world.newProject('Unread counts');
    await invite(projectId, 'designer');
    await invite(projectId, 'designer2');
    const person = async (who: string) =>
      (await world.ctx.db.select().from(users).where(eq(users.id, ids[who]!)))[0]!;
    const [customer, designer, designer2] = await Promise.all(
      ['customer', 'designer', 'designer2'].map(person),
    );
    const roomA = await world.roomFor(projectId, 'designer');
    const roomB = await world.roomFor(projectId, 'designer2');
    const say = (who: typeof customer, chatRoom: string, message: string) =>
      world.ctx.chat.send(who!, { chatRoom, projectId, clientId: `u-${message}`, message } as never);
    const unread = async (who: string) =>
      Object.fromEntries((await roomsOf(who, projectId)).rooms.map((r) => [r.id, r.unreadCount]));
    // what the invitations themselves said, before anyone wrote
    const before = { customer: await unread('customer'), designer: await unread('designer') };
    const fromDesigner = [];
    for (const n of [1, 2, 3]) fromDesigner.push((await say(designer, roomA, `a${n}`)).message.id);
    await say(designer2, roomB, 'b1');
    await say(customer, roomA, 'c1');
    expect(await unread('customer')).toEqual({
      [roomA]: before.customer[roomA]! + 3,
      [roomB]: before.customer[roomB]! + 1,
    });
    expect(await unread('designer')).toEqual({ [roomA]: before.designer[roomA]! + 1 });
    expect(Object.keys(await unread('designer2'))).toEqual([roomB]);
    await world.ctx.chat.markRead(customer!, roomA, fromDesigner.slice(0, 2), false);
    expect(await unread('customer')).toEqual({
      [roomA]: before.customer[roomA]! + 1,
      [roomB]: before.customer[roomB]! + 1,
    });
    await world.ctx.chat.markRead(customer!, roomB, [], true);
    expect(await unread('customer')).toEqual({ [roomA]: before.customer[roomA]! + 1, [roomB]: 0 });
    await world.ctx.chat.markRead(designer!, roomA, [], true);
    expect(await unread('designer')).toEqual({ [roomA]: 0 });
    expect((await unread('customer'))[roomA]).toBe(before.customer[roomA]! + 1);
  });
});
