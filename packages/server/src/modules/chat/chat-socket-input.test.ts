import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NUL_MESSAGE, TOO_DEEP_MESSAGE } from '../../platform/input-guard';
import { chatWorld, collect, drained, type ClientSocket } from './chat-test-kit';

/** What the app logged, one parsed pino line each. */
const logged: Record<string, unknown>[] = [];
const world = chatWorld(
  { logLevel: 'warn' },
  { logStream: { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) } },
);
beforeAll(world.start, 60_000);
afterAll(world.stop);
const { ids, client, join, send, invitedRoom, history } = world;

const errorsLogged = () => logged.filter((l) => l.level === 50);
const deep = (levels: number, inner: unknown = 'x'): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
/** Emits any payload (the typed client would not let a test send bad shapes) and waits for the ack. */
const raw = (s: ClientSocket, event: string, payload: unknown) =>
  (s.timeout(5000) as unknown as { emitWithAck(e: string, p: unknown): Promise<unknown> }).emitWithAck(
    event,
    payload,
  );

describe('socket payloads follow the HTTP input rules', () => {
  test('a NUL character gets validation_failed with the HTTP message, in every event; nothing is stored', async () => {
    const { projectId, room } = await invitedRoom('designer', 'NUL ring');
    const customer = await client('customer');
    await join(customer, room, 'customer');
    const before = await history('customer', room);
    const nul = { code: 'validation_failed', error: NUL_MESSAGE };

    expect(await raw(customer, 'join', { chatRoom: `${room}\u0000` })).toEqual({
      ...nul,
      fields: { chatRoom: NUL_MESSAGE },
    });
    expect(
      await raw(customer, 'sendMessage', {
        clientId: 'nul-1',
        chatRoom: room,
        projectId,
        message: 'a\u0000b',
      }),
    ).toEqual({ ...nul, fields: { message: NUL_MESSAGE } });
    expect(
      await raw(customer, 'sendMessage', {
        clientId: 'nul-2',
        chatRoom: room,
        projectId,
        message: 'with a file',
        attachment: { name: 'ring\u0000.png' },
      }),
    ).toEqual({ ...nul, fields: { 'attachment.name': NUL_MESSAGE } });
    expect(
      await raw(customer, 'messageRead', { chatRoom: room, messages: ['\u0000'], allMessages: false }),
    ).toEqual({ ...nul, fields: { 'messages.0': NUL_MESSAGE } });
    expect(await raw(customer, 'leave', { chatRoom: `\u0000${room}` })).toMatchObject(nul);

    expect(await history('customer', room)).toEqual(before);
    expect(errorsLogged()).toEqual([]);
    // the socket is still good
    expect(await send(customer, room, projectId, 'No NUL here.')).toMatchObject({
      message: { seq: expect.any(Number) },
    });
  });

  test('a payload nested 3,000 levels deep gets nesting_too_deep, as over HTTP', async () => {
    const { projectId, room } = await invitedRoom('designer', 'Deep ring');
    const customer = await client('customer');
    await join(customer, room, 'customer');
    const before = await history('customer', room);
    const tooDeep = { code: 'nesting_too_deep', error: TOO_DEEP_MESSAGE };
    expect(await raw(customer, 'join', { chatRoom: room, id: deep(3000) })).toEqual(tooDeep);
    expect(
      await raw(customer, 'sendMessage', {
        clientId: 'deep-1',
        chatRoom: room,
        projectId,
        message: deep(3000),
      }),
    ).toEqual(tooDeep);
    expect(await raw(customer, 'messageRead', deep(3000))).toEqual(tooDeep);
    expect(await history('customer', room)).toEqual(before);
    expect(errorsLogged()).toEqual([]);
  });

  test('wrong shapes are refused with validation_failed and a message; typing news with bad input is dropped', async () => {
    const { projectId, room } = await invitedRoom('designer', 'Shape ring');
    const customer = await client('customer');
    const designer = await client('designer');
    await join(customer, room, 'customer');
    await join(designer, room, 'designer');
    const before = await history('customer', room);
    const typing = collect(designer, 'getIsTyping');

    expect(await raw(customer, 'join', { chatRoom: 42 })).toMatchObject({
      code: 'validation_failed',
      error: 'Which chat?',
    });
    expect(await raw(customer, 'join', { chatRoom: room, type: 'ai' })).toMatchObject({
      code: 'validation_failed',
    });
    expect(await raw(customer, 'join', null)).toMatchObject({
      code: 'validation_failed',
      error: 'Which chat?',
    });
    expect(
      await raw(customer, 'sendMessage', {
        clientId: 's-1',
        chatRoom: room,
        projectId,
        message: 'hi',
        general: 'yes',
      }),
    ).toMatchObject({ code: 'validation_failed', fields: { general: expect.any(String) } });
    expect(
      await raw(customer, 'sendMessage', { clientId: 'bad id!', chatRoom: room, projectId, message: 'hi' }),
    ).toEqual({
      code: 'validation_failed',
      error: 'A message needs a client id.',
      fields: { clientId: 'A message needs a client id.' },
    });
    expect(
      await raw(customer, 'messageRead', { chatRoom: room, messages: 'all', allMessages: true }),
    ).toMatchObject({ code: 'validation_failed', error: 'Say which messages were read.' });

    customer.emit('isTyping', { chatRoom: room, users: [{ id: ids.customer!, fullName: 'x\u0000' }] });
    customer.emit('isTyping', { chatRoom: room, users: deep(3000) as never });
    customer.emit('isTyping', { chatRoom: room, users: [{ id: ids.customer!, fullName: 'Maya' }] });
    // the server has handled the three (one connection, in order), then what it relayed has arrived
    await drained(customer);
    await drained(designer);
    // only the good one is relayed
    expect(typing).toHaveLength(1);
    expect(typing[0]).toMatchObject({ chatRoom: room, from: ids.customer });
    expect(await history('customer', room)).toEqual(before);
    expect(errorsLogged()).toEqual([]);
  });

  test('an unexpected failure is logged with a request id, the socket and the user; the ack carries the id', async () => {
    const { room } = await invitedRoom('designer', 'Broken store ring');
    const customer = await client('customer');
    const before = logged.length;
    // a real fault of the store: the rooms table is briefly not there
    await world.ctx.db.execute(sql`alter table chat_rooms rename to chat_rooms_away`);
    let ack: unknown;
    try {
      ack = await raw(customer, 'join', { chatRoom: room });
    } finally {
      await world.ctx.db.execute(sql`alter table chat_rooms_away rename to chat_rooms`);
    }
    expect(ack).toEqual({
      code: 'internal_error',
      error: expect.stringMatching(/^Something went wrong\. Please try again\. \(reference [\w-]{36}\)$/),
      requestId: expect.stringMatching(/^[\w-]{36}$/),
    });
    const { requestId } = ack as { requestId: string };
    expect((ack as { error: string }).error).toContain(requestId);
    const entry = logged.slice(before).find((l) => l.reqId === requestId);
    expect(entry).toMatchObject({
      level: 50,
      msg: 'chat: socket event failed',
      event: 'join',
      socketId: customer.id,
      userId: ids.customer,
      err: { message: expect.stringContaining('chat_rooms') },
    });
    // and the chat works again
    expect(await join(customer, room, 'customer')).toMatchObject({ chatRoom: room });
  });
});
