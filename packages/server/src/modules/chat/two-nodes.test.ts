import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isAckError, TYPING_CLEAR_MS, TypingTracker, type ChatMessage } from '@facet/domain/chat';
import { api, freshDatabase, invitedRoom, signIn, startNode, type ServerNode } from './cluster-kit';
import { chatClient, collect, connected, drained, sent, until, type ClientSocket } from './chat-test-kit';

const databaseServer = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const enabled = Boolean(databaseServer && redisUrl);
if (!enabled) {
  console.warn(
    'two-node chat test skipped: it needs DATABASE_URL and REDIS_URL (CI sets them in its second pass)',
  );
}

describe.skipIf(!enabled)('two server processes on one PostgreSQL and Redis', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: ServerNode;
  let b: ServerNode;
  const sockets: ClientSocket[] = [];
  /** Connected sockets, one per [node url, session cookie]; closed after the tests. */
  async function open<const T extends [url: string, cookie: string][]>(...at: T) {
    const opened = at.map(([url, cookie]) => chatClient(url, cookie));
    sockets.push(...opened);
    await Promise.all(opened.map(connected));
    return opened as { [K in keyof T]: ClientSocket };
  }

  beforeAll(async () => {
    db = await freshDatabase(databaseServer!);
    a = await startNode({ databaseUrl: db.url, redisUrl: redisUrl!, seedDemo: true });
    b = await startNode({ databaseUrl: db.url, redisUrl: redisUrl!, seedDemo: false });
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await a?.kill();
    await b?.kill();
    await db?.drop();
  }, 30_000);

  test('a room sent to from both nodes at once: every member on either node hears it in seq order', async () => {
    const customer = await signIn(a.url, 'customer@demo.facet', 'customer');
    const designer = await signIn(b.url, 'designer@demo.facet', 'designer');
    const { projectId, room } = await invitedRoom(customer, designer, 'Two-node order');
    const members = await open(
      [a.url, customer.cookie],
      [b.url, customer.cookie],
      [a.url, designer.cookie],
      [b.url, designer.cookie],
    );
    const who = [customer, customer, designer, designer];
    await Promise.all(
      members.map((s, i) =>
        s.timeout(5000).emitWithAck('join', {
          chatRoom: room,
          id: who[i]!.id,
          type: who[i] === customer ? 'user' : 'designer',
        }),
      ),
    );
    const heard = members.map((s) => collect(s, 'getMessage'));

    // 30 sends from each socket, all at once: the two nodes race for the room
    const perSocket = 30;
    const acks = await Promise.all(
      members.flatMap((s, i) =>
        Array.from({ length: perSocket }, (_, n) =>
          s
            .timeout(20_000)
            .emitWithAck('sendMessage', {
              clientId: `order-${i}-${n}`,
              chatRoom: room,
              projectId,
              message: `m ${i}.${n}`,
            })
            .then(sent),
        ),
      ),
    );
    const sentIds = new Set(acks.map((m) => m.id));
    for (const [i, got] of heard.entries()) {
      await until(
        () => got.filter((m) => sentIds.has(m.id)).length === sentIds.size,
        20_000,
        `member ${i} hears all`,
      );
      const seqs = got.filter((m) => sentIds.has(m.id)).map((m) => m.seq);
      expect(seqs, `member ${i} hears the room in seq order`).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
    }
  }, 120_000);

  test('one client id sent through both nodes at once is stored once, spends one seq and is heard once', async () => {
    const customer = await signIn(a.url, 'customer@demo.facet', 'customer');
    const designer = await signIn(b.url, 'designer@demo.facet', 'designer');
    const { projectId, room } = await invitedRoom(customer, designer, 'Two-node retries');
    const [onA, onB, listener] = await open(
      [a.url, customer.cookie],
      [b.url, customer.cookie],
      [a.url, designer.cookie],
    );
    const joined = await Promise.all(
      [onA, onB, listener].map((s, i) =>
        s.timeout(5000).emitWithAck('join', {
          chatRoom: room,
          id: i < 2 ? customer.id : designer.id,
          type: i < 2 ? 'user' : 'designer',
        }),
      ),
    );
    const before = (joined[0] as { lastSeq: number }).lastSeq;
    const heard = collect(listener, 'getMessage');
    const tries = 12;
    // each message is sent twice at the same moment, once through each node (a retry racing its first try)
    const once = (s: ClientSocket, n: number) =>
      s
        .timeout(20_000)
        .emitWithAck('sendMessage', { clientId: `twice-${n}`, chatRoom: room, projectId, message: `t ${n}` })
        .then(sent);
    const pairs = await Promise.all(
      Array.from({ length: tries }, (_, n) => Promise.all([once(onA, n), once(onB, n)])),
    );
    for (const [first, second] of pairs) {
      expect(second.id).toBe(first.id);
      expect(second.seq).toBe(first.seq);
    }
    // no seq was spent on a try that found its message stored: the room counts exactly one per message
    const seqs = pairs.map(([m]) => m.seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: tries }, (_, i) => before + i + 1));
    await until(
      () => heard.filter((m) => m.clientId.startsWith('twice-')).length >= tries,
      10_000,
      'all heard',
    );
    // a second broadcast would have come first: node B's over Redis before a later message of node B's,
    // node A's own before a round trip on the listener
    const after = sent(
      await onB
        .timeout(20_000)
        .emitWithAck('sendMessage', { clientId: 'after-twice', chatRoom: room, projectId, message: 'after' }),
    );
    await until(() => heard.some((m) => m.id === after.id), 10_000, 'the message after');
    await drained(listener);
    const heardIds = heard.filter((m) => m.clientId.startsWith('twice-')).map((m) => m.clientId);
    expect(heardIds).toHaveLength(tries);
    expect(new Set(heardIds).size).toBe(tries);
  }, 60_000);

  test('staff on node B put a pro on hold: the pro’s sockets on both nodes are closed at once, through Redis', async () => {
    const pro = await signIn(a.url, 'designer3@demo.facet', 'designer');
    const staff = await signIn(b.url, 'staff@demo.facet', 'staff');
    const [onA, onB] = await open([a.url, pro.cookie], [b.url, pro.cookie]);
    const closed = Promise.all(
      [onA, onB].map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve))),
    );
    const started = Date.now();
    await api(b.url, staff.cookie, 'PATCH', `/api/staff/accounts/${pro.id}`, {
      status: 'hold',
      reason: 'The two-node test.',
    });
    // the server's own disconnect (the client does not reconnect by itself), on node A as on node B
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
    // well inside the 30 s session check: the decision's own path, carried to node A by the adapter
    expect(Date.now() - started).toBeLessThan(5_000);
    await api(b.url, staff.cookie, 'PATCH', `/api/staff/accounts/${pro.id}`, { status: 'active' });
  });

  test('a message sent on node A reaches node B; killing A, its client moves to B and loses nothing', async () => {
    const customer = await signIn(a.url, 'customer@demo.facet', 'customer');
    const designer = await signIn(b.url, 'designer@demo.facet', 'designer');
    const { projectId, room } = await invitedRoom(customer, designer, 'Two-node ring');

    const [onA, onB] = await open([a.url, designer.cookie], [b.url, customer.cookie]);
    expect(
      await onA.timeout(5000).emitWithAck('join', { chatRoom: room, id: designer.id, type: 'designer' }),
    ).toMatchObject({ chatRoom: room });
    expect(
      await onB.timeout(5000).emitWithAck('join', { chatRoom: room, id: customer.id, type: 'user' }),
    ).toMatchObject({ chatRoom: room });
    const gotOnA = collect(onA, 'getMessage');
    const gotOnB = collect(onB, 'getMessage');

    const fromA = sent(
      await onA.timeout(5000).emitWithAck('sendMessage', {
        clientId: 'a-1',
        chatRoom: room,
        projectId,
        message: 'Sent on node A',
      }),
    );
    await until(() => gotOnB.some((m) => m.id === fromA.id), 5000, 'node B receives');
    const fromB = sent(
      await onB.timeout(5000).emitWithAck('sendMessage', {
        clientId: 'b-1',
        chatRoom: room,
        projectId,
        message: 'Sent on node B',
      }),
    );
    await until(() => gotOnA.some((m) => m.id === fromB.id), 5000, 'node A receives');
    const lastSeenOnA = Math.max(...gotOnA.map((m) => m.seq));

    // node A dies while its client is sending; the client never hears back
    onA.emit(
      'sendMessage',
      { clientId: 'a-2', chatRoom: room, projectId, message: 'In flight when A died' },
      () => {},
    );
    await a.kill('SIGKILL');
    await until(() => !onA.connected, 10_000, 'client A notices');
    const whileAway: ChatMessage[] = [];
    for (let i = 1; i <= 5; i++) {
      whileAway.push(
        sent(
          await onB.timeout(5000).emitWithAck('sendMessage', {
            clientId: `b-away-${i}`,
            chatRoom: room,
            projectId,
            message: `while A was down ${i}`,
          }),
        ),
      );
    }

    // the client reconnects to the other node, rejoins, retries its unacknowledged send, fetches the gap
    const [moved] = await open([b.url, designer.cookie]);
    const rejoined = await moved
      .timeout(5000)
      .emitWithAck('join', { chatRoom: room, id: designer.id, type: 'designer' });
    if (isAckError(rejoined)) throw new Error(rejoined.error);
    const retried = sent(
      await moved.timeout(5000).emitWithAck('sendMessage', {
        clientId: 'a-2',
        chatRoom: room,
        projectId,
        message: 'In flight when A died',
      }),
    );
    const missed = await api<{ messages: ChatMessage[] }>(
      b.url,
      designer.cookie,
      'GET',
      `/api/rooms/${encodeURIComponent(room)}/messages?after=${lastSeenOnA}&limit=200`,
    );
    const all = await api<{ messages: ChatMessage[] }>(
      b.url,
      designer.cookie,
      'GET',
      `/api/rooms/${encodeURIComponent(room)}/messages?limit=200`,
    );

    for (const m of whileAway) expect(missed.messages.map((x) => x.id)).toContain(m.id);
    expect(all.messages.filter((m) => m.clientId === 'a-2')).toHaveLength(1);
    expect(all.messages.find((m) => m.clientId === 'a-2')!.id).toBe(retried.id);
    const seqs = all.messages.map((m) => m.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const texts = all.messages.filter((m) => m.type !== 'ai').map((m) => m.message);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Sent on node A',
        'Sent on node B',
        'In flight when A died',
        ...whileAway.map((m) => m.message),
      ]),
    );
    expect(new Set(all.messages.map((m) => m.id)).size).toBe(all.messages.length);
  }, 120_000);

  test('a quote card made on node C reaches node B; when C dies mid-typing, B’s typing indicator clears in 2.5 s', async () => {
    const c = await startNode({ databaseUrl: db.url, redisUrl: redisUrl!, seedDemo: false });
    try {
      const customer = await signIn(b.url, 'customer@demo.facet', 'customer');
      const designer = await signIn(c.url, 'designer2@demo.facet', 'designer');
      const { offerId, room } = await invitedRoom(customer, designer, 'Three-node ring');
      const [typist, reader] = await open([c.url, designer.cookie], [b.url, customer.cookie]);
      await typist.timeout(5000).emitWithAck('join', { chatRoom: room, id: designer.id, type: 'designer' });
      await reader.timeout(5000).emitWithAck('join', { chatRoom: room, id: customer.id, type: 'user' });
      const messages = collect(reader, 'getMessage');
      const news = collect(reader, 'getIsTyping');
      const tracker = new TypingTracker();
      reader.on('getIsTyping', (p) => tracker.receive(p.from, p.users, Date.now()));

      await api(c.url, designer.cookie, 'POST', `/api/invitations/${offerId}/offer`, {
        priceCents: 88_000,
        leadTimeDays: 9,
      });
      await until(() => messages.some((m) => m.isQuote), 5000, 'the quote card on node B');
      expect(messages.find((m) => m.isQuote)).toMatchObject({
        priceCents: 88_000,
        leadTimeDays: 9,
        status: 'pending',
      });

      typist.emit('isTyping', { chatRoom: room, users: [{ id: designer.id, fullName: 'x' }] });
      await until(() => news.length === 1, 5000, 'typing news on node B');
      expect(tracker.typing(Date.now()).map((u) => u.id)).toEqual([designer.id]);
      const killedAt = Date.now();
      await c.kill('SIGKILL');
      await until(
        () => tracker.typing(Date.now()).length === 0,
        TYPING_CLEAR_MS + 2000,
        'the indicator clears',
      );
      expect(Date.now() - killedAt).toBeLessThan(TYPING_CLEAR_MS + 1000);
      // nobody said "stopped": the expiry cleared it
      expect(news).toHaveLength(1);
    } finally {
      await c.kill();
    }
  }, 120_000);
});
