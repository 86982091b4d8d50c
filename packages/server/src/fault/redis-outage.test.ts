import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadavg } from 'node:os';
import type { ChatMessage } from '@facet/domain/chat';
import {
  freshDatabase,
  invitedRoom,
  login,
  signIn,
  startNode,
  type ServerNode,
} from '../modules/chat/cluster-kit';
import {
  chatClient,
  collect,
  connected,
  sent,
  until,
  type ClientSocket,
} from '../modules/chat/chat-test-kit';
import { redisProcess, type RedisProcess } from './redis-process';

const databaseServer = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const OUTAGE_MS = 10_000;

let redis: RedisProcess;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerNode;
let b: ServerNode;
const sockets: ClientSocket[] = [];

async function health(node: ServerNode) {
  const r = await fetch(`${node.url}/api/health`);
  return { code: r.status, body: (await r.json()) as { status: string; checks: { redis: string } } };
}

const alive = (node: ServerNode) => node.process.exitCode === null && node.process.signalCode === null;

beforeAll(async () => {
  redis = await redisProcess();
  db = await freshDatabase(databaseServer);
  a = await startNode({ databaseUrl: db.url, redisUrl: redis.url, seedDemo: true, bundle: true });
  b = await startNode({ databaseUrl: db.url, redisUrl: redis.url, seedDemo: false, bundle: true });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await a?.kill();
  await b?.kill();
  await db?.drop();
  await redis?.stop();
});

test('Redis stopped for 10 s mid-chat: both nodes stay up, each keeps its own sockets chatting, cross-node delivery resumes by itself and nothing acknowledged is lost', async () => {
  const customer = await signIn(a.url, 'customer@demo.facet', 'customer');
  const designer = await signIn(b.url, 'designer@demo.facet', 'designer');
  const { projectId, room } = await invitedRoom(customer, designer, 'Outage ring');

  // the customer on node A twice (phone and laptop), the designer on node B
  const open = (url: string, cookie: string) => {
    const socket = chatClient(url, cookie);
    sockets.push(socket);
    return socket;
  };
  const c1 = open(a.url, customer.cookie);
  const c2 = open(a.url, customer.cookie);
  const d = open(b.url, designer.cookie);
  await Promise.all([c1, c2, d].map(connected));
  for (const [socket, who] of [
    [c1, customer],
    [c2, customer],
    [d, designer],
  ] as const) {
    const ack = await socket.timeout(5000).emitWithAck('join', {
      chatRoom: room,
      id: who.id,
      type: who === designer ? 'designer' : 'user',
    });
    expect(ack).toMatchObject({ chatRoom: room });
  }
  const atC1 = collect(c1, 'getMessage');
  const atC2 = collect(c2, 'getMessage');
  const atD = collect(d, 'getMessage');
  const has = (list: ChatMessage[], id: string) => list.some((m) => m.id === id);
  const send = async (socket: ClientSocket, clientId: string, message: string) =>
    sent(
      await socket.timeout(5000).emitWithAck('sendMessage', { clientId, chatRoom: room, projectId, message }),
    );

  const before = await send(c1, 'before', 'Before the outage');
  await until(() => has(atD, before.id), 5000, 'cross-node delivery before the outage');

  // Redis goes away
  await redis.stop();
  const outageStarted = Date.now();
  const fromCustomer: ChatMessage[] = [];
  const fromDesigner: ChatMessage[] = [];
  let localMisses = 0;
  let loginMs = 0;
  let i = 0;
  let healthDuring: Awaited<ReturnType<typeof health>> | null = null;
  while (Date.now() - outageStarted < OUTAGE_MS) {
    i += 1;
    const mine = await send(c1, `c-out-${i}`, `customer while Redis is away ${i}`);
    fromCustomer.push(mine);
    fromDesigner.push(await send(d, `d-out-${i}`, `designer while Redis is away ${i}`));
    // the customer's other device on the same node hears it live
    await until(() => has(atC2, mine.id), 2000, 'delivery on the same node').catch(() => {
      localMisses += 1;
    });
    if (i === 3) {
      const started = performance.now();
      await login(a.url, 'service@demo.facet', 'service');
      loginMs = performance.now() - started;
      healthDuring = await health(a);
    }
    await new Promise((r) => setTimeout(r, 400));
  }
  expect(alive(a) && alive(b)).toBe(true);
  expect(localMisses).toBe(0);
  expect(healthDuring?.code).toBe(200);
  expect(healthDuring?.body).toMatchObject({ status: 'degraded', checks: { redis: 'down' } });
  expect(loginMs).toBeLessThan(1000);

  // Redis is back: cross-node delivery resumes without anyone reconnecting
  await redis.start();
  const restarted = Date.now();
  let resumedMs = -1;
  for (let k = 1; resumedMs < 0 && Date.now() - restarted < 30_000; k++) {
    const probe = await send(d, `d-after-${k}`, `designer after Redis is back ${k}`);
    try {
      await until(() => has(atC1, probe.id), 250, 'live cross-node delivery');
      resumedMs = Date.now() - restarted;
    } catch {
      // not yet
    }
  }
  expect(resumedMs).toBeGreaterThanOrEqual(0);

  // everything acknowledged while Redis was away reaches the members on the other node
  await until(
    () => fromDesigner.every((m) => has(atC1, m.id)) && fromCustomer.every((m) => has(atD, m.id)),
    15_000,
    'the messages stored during the outage',
  );
  const allCaughtUpMs = Date.now() - restarted;
  const lost =
    fromDesigner.filter((m) => !has(atC1, m.id)).length + fromCustomer.filter((m) => !has(atD, m.id)).length;
  expect(lost).toBe(0);
  const after = await health(a);
  expect(after.body.status).toBe('ok');
  expect(alive(a) && alive(b)).toBe(true);

  // the figures the operations guide quotes
  process.stdout.write(
    `redis outage: ${OUTAGE_MS / 1000} s, ${fromCustomer.length + fromDesigner.length} messages acknowledged while away, ` +
      `${lost} lost, login on a node while away ${loginMs.toFixed(0)} ms, cross-node delivery resumed ` +
      `${resumedMs} ms after Redis restarted, every member caught up after ${allCaughtUpMs} ms ` +
      `(load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})\n`,
  );
});
