import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import {
  isAckError,
  type ChatAck,
  type ChatMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@facet/domain/chat';
import type { BuildOptions } from '../../app';
import type { Config } from '../../config';
import { createTestApp } from '../../test/test-app';
import { givenPerson, type Person } from '../../test/world';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client of the chat, authenticated by a session cookie (as the browser is). */
export function chatClient(
  url: string,
  cookie: string | null,
  options: { reconnection?: boolean } = {},
): ClientSocket {
  return connect(url, {
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
}

export function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Collects every event of one name a socket receives. */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  (socket.on as (e: string, l: (p: unknown) => void) => void)(event, (payload) =>
    seen.push(payload as never),
  );
  return seen;
}

export async function until(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Resolves once everything the server had sent these sockets has arrived: an acknowledged round trip on
 * each (one connection delivers in order). Wait on it before saying that an event did not come. A socket
 * the server closed meanwhile has heard all it will.
 */
export async function drained(...sockets: ClientSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(async (s) => {
      if (!s.connected) return;
      await s
        .timeout(5000)
        .emitWithAck('leave', { chatRoom: 'drained' })
        .catch((error: unknown) => {
          if (s.connected) throw error;
        });
    }),
  );
}

/** The stored message of a send acknowledgement; a refusal throws. */
export function sent(ack: ChatAck<{ message: ChatMessage }>): ChatMessage {
  if (isAckError(ack)) throw new Error(`send refused: ${ack.error}`);
  return ack.message;
}

/** The demo accounts the chat tests and the benchmark sign in as (`<who>@demo.facet`), with their portal. */
export const DEMO_ACCOUNTS = [
  ['customer', 'customer'],
  ['designer', 'designer'],
  ['designer2', 'designer'],
  ['designer3', 'designer'],
  ['service', 'service'],
  ['staff', 'staff'],
] as const;

/** A multipart/form-data body holding one file. */
export function multipart(name: string, bytes: Uint8Array, field = 'file') {
  const boundary = '----facetchat' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface RoomSummary {
  id: string;
  proId: string;
  preQuote: boolean;
  sendDisabledReason: string | null;
  lastSeq: number;
  unreadCount: number;
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The app listening on a local port with a customer, three designers, a service provider and the
 * production team made by the factories (decision 066) and signed in, and the calls the chat tests make.
 * They are named as the demo's accounts are (`DEMO_ACCOUNTS`: customer, designer, designer2 …). A test file starts it in `beforeAll` and stops it in `afterAll`; the sockets it
 * opened are closed on stop. `overrides` and `options` go to the test app (e.g. a log level and a stream
 * to read its log).
 */
export function chatWorld(overrides: Partial<Config> = {}, options: BuildOptions = {}) {
  let built: TestApp | undefined;
  let url = '';
  let counter = 0;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const people: Record<string, Person> = {};
  const sockets: ClientSocket[] = [];

  const app = () => {
    if (!built) throw new Error('the chat world is not started');
    return built;
  };
  const expectStatus = (r: { statusCode: number; body: string }, status: number, what: string) => {
    if (r.statusCode !== status)
      throw new Error(`${what}: expected ${status}, got ${r.statusCode}: ${r.body}`);
  };

  const call = (who: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    app().app.inject({
      method,
      url: path,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload } : {}),
    });

  /** A multipart upload of one file to `path`. */
  const postFile = (who: string, path: string, name: string, bytes: Uint8Array, field = 'file') => {
    const body = multipart(name, bytes, field);
    return app().app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: cookies[who]!, ...body.headers },
      payload: body.payload,
    });
  };

  /** A socket with this cookie, closed when the world stops; not yet connected. */
  const socket = (cookie: string | null) => {
    const s = chatClient(url, cookie);
    sockets.push(s);
    return s;
  };
  async function client(who: string | null) {
    const s = socket(who ? cookies[who]! : null);
    await connected(s);
    return s;
  }
  /** The raw acknowledgement of a join, a refusal included. */
  const joinAck = (s: ClientSocket, chatRoom: string, who: string) =>
    s.timeout(5000).emitWithAck('join', { chatRoom, id: ids[who]!, type: 'user' });
  /** Joins a room; a refusal throws. */
  async function join(s: ClientSocket, chatRoom: string, who: string) {
    const ack = await joinAck(s, chatRoom, who);
    if (isAckError(ack)) throw new Error(`join refused: ${ack.error}`);
    return ack;
  }
  /** A connected socket of `who` that has joined these rooms. */
  async function clientIn(who: string, ...rooms: string[]) {
    const s = await client(who);
    for (const room of rooms) await join(s, room, who);
    return s;
  }
  const send = (s: ClientSocket, chatRoom: string, projectId: string, message: string, extra: object = {}) =>
    s
      .timeout(5000)
      .emitWithAck('sendMessage', { clientId: `t-${++counter}`, chatRoom, projectId, message, ...extra });

  async function newProject(title: string) {
    const r = await call('customer', 'POST', '/api/projects', { title });
    expectStatus(r, 201, 'new project');
    return r.json().project.id as string;
  }
  async function invite(projectId: string, who: string) {
    const r = await call('customer', 'POST', `/api/projects/${projectId}/invitations`, { proId: ids[who] });
    expectStatus(r, 201, `inviting ${who}`);
    return r.json().offer.id as string;
  }
  async function roomsOf(who: string, projectId: string) {
    const r = await call(who, 'GET', `/api/projects/${projectId}/rooms`);
    return { status: r.statusCode, rooms: (r.statusCode === 200 ? r.json().rooms : []) as RoomSummary[] };
  }
  async function roomFor(projectId: string, pro: string) {
    const { rooms } = await roomsOf('customer', projectId);
    const room = rooms.find((r) => r.proId === ids[pro]);
    if (!room) throw new Error(`no room for ${pro}`);
    return room.id;
  }
  /**
   * A new project of the customer with one pro invited: the project, the invitation and their room.
   * The status move the invitation made is in the room before this returns (the app posts it after
   * the reply, so a history read right away could miss it and a later one would not).
   */
  async function invitedRoom(pro: string, title: string) {
    const projectId = await newProject(title);
    const offerId = await invite(projectId, pro);
    await app().ctx.chat.syncProjectEvents();
    return { projectId, offerId, room: await roomFor(projectId, pro) };
  }
  async function history(who: string, room: string) {
    const r = await call(who, 'GET', `/api/rooms/${encodeURIComponent(room)}/messages?limit=200`);
    expectStatus(r, 200, 'room history');
    return r.json().messages as ChatMessage[];
  }

  return {
    async start() {
      built = await createTestApp(overrides, options);
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
      for (const [who, role] of DEMO_ACCOUNTS) {
        people[who] = await givenPerson(built, role);
        cookies[who] = people[who].cookie;
        ids[who] = people[who].id;
      }
    },
    async stop() {
      for (const s of sockets) s.disconnect();
      await built?.close();
    },
    /** The Fastify app (for calls the kit has no helper for, e.g. signing in another account). */
    get app() {
      return app().app;
    },
    /** The app's services (db, storage, jobs, chat …). */
    get ctx() {
      return app().ctx;
    },
    get url() {
      return url;
    },
    cookies,
    ids,
    /** The signed-in people by name (their emails, account rows …). */
    people,
    /** Closes every socket opened so far. */
    disconnectAll() {
      for (const s of sockets.splice(0)) s.disconnect();
    },
    call,
    postFile,
    socket,
    client,
    joinAck,
    join,
    clientIn,
    send,
    newProject,
    invite,
    roomsOf,
    roomFor,
    invitedRoom,
    history,
  };
}
