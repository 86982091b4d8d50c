import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_CHAT_FILE_BYTES,
  TYPING_CLEAR_MS,
  type ChatMessage,
} from '@facet/domain/chat';
import { chatAttachments } from './chat.tables';
import { streamUpload } from '../../test/stream-upload';
import { chatWorld, collect, drained, sent, until } from './chat-test-kit';
import { READ_ONLY_MESSAGE } from './chat.service';

const world = chatWorld();
beforeAll(world.start, 60_000);
afterAll(world.stop);
const { cookies, ids, call, clientIn, send, newProject, invite, roomFor, invitedRoom, history } = world;

async function quote(who: string, offerId: string, priceCents: number, leadTimeDays: number) {
  const r = await call(who, 'POST', `/api/invitations/${offerId}/offer`, { priceCents, leadTimeDays });
  expect(r.statusCode, r.body).toBe(200);
}
const latest = (seen: ChatMessage[], id: string) => seen.filter((m) => m.id === id).at(-1);

describe('quote cards', () => {
  test('an offer becomes a quote card in the pro’s room; a changed offer replaces it; the card follows accept, decline and not-chosen', async () => {
    const projectId = await newProject('Quote card ring');
    const offer1 = await invite(projectId, 'designer');
    const offer2 = await invite(projectId, 'designer2');
    const offer3 = await invite(projectId, 'designer3');
    const room1 = await roomFor(projectId, 'designer');
    const room2 = await roomFor(projectId, 'designer2');
    const room3 = await roomFor(projectId, 'designer3');
    const customer = await clientIn('customer', room1);
    const designer2 = await clientIn('designer2', room2);
    const onCustomer = collect(customer, 'getMessage');
    const onDesigner2 = collect(designer2, 'getMessage');
    sent(await send(customer, room1, projectId, 'Could you do it in rose gold?'));

    await quote('designer', offer1, 40_000, 5);
    await until(() => onCustomer.some((m) => m.isQuote), 5000, 'the quote card');
    const first = onCustomer.find((m) => m.isQuote)!;
    expect(first).toMatchObject({
      chatRoom: room1,
      projectId,
      from: ids.designer,
      type: 'designer',
      isQuote: true,
      priceCents: 40_000,
      leadTimeDays: 5,
      offerId: offer1,
      status: 'pending',
      preChat: true,
      message: 'Offer: $400, lead time 5 days',
    });
    expect(first.payload).toBeUndefined();
    expect((await history('designer', room1)).find((m) => m.id === first.id)).toMatchObject({
      isQuote: true,
      priceCents: 40_000,
      status: 'pending',
    });
    // the pre-quote chat is read-only once the quote card is there
    expect(await send(customer, room1, projectId, 'and a smaller stone?')).toEqual({
      error: READ_ONLY_MESSAGE,
      code: 'chat_read_only',
    });

    // a changed offer: a new card, the earlier one replaced (the same message, changed)
    await quote('designer', offer1, 45_050, 7);
    await until(() => onCustomer.filter((m) => m.isQuote).length >= 3, 5000, 'the changed quote');
    expect(latest(onCustomer, first.id)).toMatchObject({ status: 'replaced', seq: first.seq });
    const second = onCustomer.find((m) => m.isQuote && m.id !== first.id)!;
    expect(second).toMatchObject({ priceCents: 45_050, leadTimeDays: 7, status: 'pending' });
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(second.message).toBe('Offer: $450.50, lead time 7 days');

    await quote('designer2', offer2, 50_000, 10);
    await quote('designer3', offer3, 60_000, 12);
    await until(() => onDesigner2.some((m) => m.isQuote), 5000, 'designer 2 card');
    const card2 = onDesigner2.find((m) => m.isQuote)!;
    expect(card2).toMatchObject({ chatRoom: room2, status: 'pending', offerId: offer2 });
    // one room's card is not broadcast to another room
    expect(onCustomer.some((m) => m.chatRoom !== room1)).toBe(false);

    expect((await call('customer', 'POST', `/api/invitations/${offer2}/decline`)).statusCode).toBe(200);
    await until(() => latest(onDesigner2, card2.id)?.status === 'refused', 5000, 'declined card');

    expect((await call('customer', 'POST', `/api/invitations/${offer1}/accept`)).statusCode).toBe(200);
    await until(() => latest(onCustomer, second.id)?.status === 'accepted', 5000, 'accepted card');
    expect(latest(onCustomer, first.id)?.status).toBe('replaced');
    const cards3 = (await history('designer3', room3)).filter((m) => m.isQuote);
    expect(cards3.map((m) => [m.priceCents, m.status])).toEqual([[60_000, 'refused']]);
    const cards1 = (await history('customer', room1)).filter((m) => m.isQuote);
    expect(cards1.map((m) => [m.priceCents, m.status])).toEqual([
      [40_000, 'replaced'],
      [45_050, 'accepted'],
    ]);
    // a card is stored once however often the offers are looked at again
    expect((await history('customer', room2)).filter((m) => m.isQuote)).toHaveLength(1);
  }, 30_000);
});

describe('pinned messages', () => {
  test('the production team pins and unpins; the room hears it; nobody else may; bad input is refused', async () => {
    const { projectId, room } = await invitedRoom('designer', 'Pinned ring');
    const { projectId: otherProject, room: otherRoom } = await invitedRoom('designer', 'Other pinned ring');
    const customer = await clientIn('customer', room);
    const designer = await clientIn('designer', room, otherRoom);
    const seen = collect(customer, 'getMessage');
    const message = sent(await send(designer, room, projectId, 'Final sizes: 52 and 54'));
    const elsewhere = sent(await send(designer, otherRoom, otherProject, 'Another room'));
    expect(message.pinned).toBe(false);

    const pin = (who: string, r: string, id: string, body: object) =>
      call(who, 'PUT', `/api/rooms/${encodeURIComponent(r)}/messages/${id}/pinned`, body);

    const pinned = await pin('staff', room, message.id, { pinned: true });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json().message).toMatchObject({ id: message.id, seq: message.seq, pinned: true });
    await until(() => latest(seen, message.id)?.pinned === true, 5000, 'pinned broadcast');
    expect((await history('customer', room)).find((m) => m.id === message.id)?.pinned).toBe(true);

    for (const who of ['customer', 'designer']) {
      const r = await pin(who, room, message.id, { pinned: false });
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toMatchObject({
        code: 'forbidden',
        message: 'Only the production team can pin messages.',
      });
    }
    expect((await pin('staff', room, elsewhere.id, { pinned: true })).statusCode).toBe(404);
    expect((await pin('staff', room, 'not-an-id', { pinned: true })).statusCode).toBe(404);
    const bad = await pin('staff', room, message.id, { pinned: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await pin('designer2', room, message.id, { pinned: true })).statusCode).toBe(404);

    expect((await pin('staff', room, message.id, { pinned: false })).json().message.pinned).toBe(false);
    await until(() => latest(seen, message.id)?.pinned === false, 5000, 'unpinned broadcast');
  }, 20_000);
});

describe('3D models announced in the rooms', () => {
  test('a model file added to the project or delivered reaches the rooms as receive-3d-model', async () => {
    const projectId = await newProject('Model ring');
    const offer1 = await invite(projectId, 'designer');
    await invite(projectId, 'designer2');
    const room1 = await roomFor(projectId, 'designer');
    const room2 = await roomFor(projectId, 'designer2');
    const customer = await clientIn('customer', room1);
    const designer2 = await clientIn('designer2', room2);
    const onCustomer = collect(customer, 'receive-3d-model');
    const onDesigner2 = collect(designer2, 'receive-3d-model');

    const stl = new TextEncoder().encode('solid ring\nendsolid ring\n');
    const add = (who: string, path: string, name: string, bytes = stl) =>
      world.postFile(who, path, name, bytes, 'files');
    // a file that is not a model reaches no one
    const pdfBytes = new TextEncoder().encode('%PDF-1.7\n');
    const pdf = await add('customer', `/api/projects/${projectId}/attachments`, 'notes.pdf', pdfBytes);
    expect(pdf.statusCode, pdf.body).toBe(201);
    const r = await add('customer', `/api/projects/${projectId}/attachments`, 'Ring v1.STL');
    expect(r.statusCode, r.body).toBe(201);
    const file = (r.json() as { attachments: { id: string }[] }).attachments[0]!;
    await until(() => onCustomer.length > 0 && onDesigner2.length > 0, 5000, 'receive-3d-model');
    expect(onCustomer).toEqual([
      {
        fileName: 'Ring v1.STL',
        fileType: 'stl',
        fileUrl: `/api/projects/${projectId}/attachments/${file.id}`,
        itemId: expect.any(String),
      },
    ]);
    // the url is one the members can open
    const download = await call('customer', 'GET', onCustomer[0]!.fileUrl);
    expect(download.statusCode).toBe(200);

    // a delivery goes to the chosen pro's room only
    await quote('designer', offer1, 30_000, 3);
    expect((await call('customer', 'POST', `/api/invitations/${offer1}/accept`)).statusCode).toBe(200);
    expect((await call('staff', 'POST', `/api/staff/projects/${projectId}/mark-paid`)).statusCode).toBe(200);
    const delivered = await add('designer', `/api/projects/${projectId}/deliveries`, 'final.stl');
    expect(delivered.statusCode, delivered.body).toBe(201);
    await until(() => onCustomer.length === 2, 5000, 'the delivered model');
    expect(onCustomer[1]).toMatchObject({ fileName: 'final.stl', fileType: 'stl' });
    await drained(designer2);
    expect(onDesigner2).toHaveLength(1);
  }, 30_000);
});

describe('typing', () => {
  test('the server relays only the sender’s own entry, with its expiry, and clears a typist who leaves', async () => {
    const { room } = await invitedRoom('designer', 'Typing ring');
    const customer = await clientIn('customer', room);
    const designer = await clientIn('designer', room);
    const typing = collect(customer, 'getIsTyping');

    // a forged entry for someone else is not relayed as theirs
    designer.emit('isTyping', { chatRoom: room, users: [{ id: ids.customer!, fullName: 'Someone Else' }] });
    designer.emit('isTyping', { chatRoom: room, users: [{ id: ids.designer!, fullName: 'Any Name' }] });
    await until(() => typing.length === 2, 5000, 'typing news');
    expect(typing[0]).toEqual({
      chatRoom: room,
      from: ids.designer,
      users: [],
      expiresInMs: TYPING_CLEAR_MS,
    });
    expect(typing[1]).toMatchObject({ from: ids.designer, users: [{ id: ids.designer }] });
    expect(typing[1]!.users[0]!.fullName).not.toBe('Any Name');

    designer.disconnect();
    await until(() => typing.length === 3, 5000, 'cleared on leaving');
    expect(typing[2]).toMatchObject({ from: ids.designer, users: [] });
  });
});

describe('streamed attachments', () => {
  let room = '';
  beforeAll(async () => {
    ({ room } = await invitedRoom('designer', 'Stream ring'));
  });

  const upload = (name: string, head: Uint8Array, totalBytes: number) =>
    streamUpload({
      url: `${world.url}/api/rooms/${encodeURIComponent(room)}/attachments`,
      cookie: cookies.customer!,
      field: 'file',
      name,
      head,
      totalBytes,
    });
  // held in memory at once, client and server together (chunks in flight, not yet collected garbage);
  // a buffered upload would hold the whole file, 100 MB and more
  const BUFFER_BUDGET = 64 * 1024 * 1024;
  const REFUSAL_BUDGET = 96 * 1024 * 1024;
  const storedFiles = async () => {
    const source = await world.ctx.storage.sourceOf(`chat/${room.slice(-40)}/probe`);
    if (source.kind !== 'file') throw new Error('these tests look at the disk storage');
    const dir = dirname(source.path);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  test('a 40 MB file is streamed to storage, not held in memory, and downloads whole', async () => {
    const pdfHead = new TextEncoder().encode('%PDF-1.7\n');
    const size = 40 * 1024 * 1024;
    const r = await upload('drawings.pdf', pdfHead, size);
    expect(r.status, r.body).toBe(201);
    const attachment = JSON.parse(r.body).attachment as { id: string; sizeBytes: number };
    expect(attachment.sizeBytes).toBe(size);
    expect(r.peakBytes).toBeLessThan(BUFFER_BUDGET);
    const download = await call('customer', 'GET', `/api/attachments/${attachment.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.byteLength).toBe(size);
  }, 60_000);

  test('past 100 MB the upload is refused while streaming with the spec message, and nothing is kept', async () => {
    const before = await storedFiles();
    const rows = async () =>
      (await world.ctx.db.select().from(chatAttachments).where(eq(chatAttachments.roomId, room))).length;
    const rowsBefore = await rows();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const r = await upload('huge.png', png, MAX_CHAT_FILE_BYTES + 5 * 1024 * 1024);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error).toMatchObject({
      code: 'file_too_large',
      message: FILE_TOO_LARGE_MESSAGE,
    });
    // a buffered upload would hold the 100 MB it refuses at; a streamed one holds chunks not yet collected,
    // which V8 (Node 24) lets grow a little past 64 MB before it collects them
    expect(r.peakBytes).toBeLessThan(REFUSAL_BUDGET);
    expect(await storedFiles()).toEqual(before);
    expect(await rows()).toBe(rowsBefore);
  }, 90_000);

  test('content that does not match the name is refused from the first bytes', async () => {
    const r = await upload('photo.png', new TextEncoder().encode('<html>'), 2 * 1024 * 1024);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error.code).toBe('unsupported_file');
  }, 30_000);
});
