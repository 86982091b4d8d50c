import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ChatMessage } from '@facet/domain/chat';
import { generateTorus, writeStlAscii } from '@facet/domain/mesh';
import {
  api,
  freshDatabase,
  invitedRoom,
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

/**
 * The compiled server as production runs it: two processes of `packages/server/dist/main.mjs` under plain
 * node (no TypeScript loader) on one PostgreSQL database, one Redis and one file folder. Chat crosses the
 * nodes through the Redis adapter, and a model uploaded to one node is analysed by the bundled worker.
 */
const databaseServer = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let redis: RedisProcess;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerNode;
let b: ServerNode;
const sockets: ClientSocket[] = [];
const shared = mkdtempSync(join(tmpdir(), 'facet-compiled-'));

beforeAll(async () => {
  redis = await redisProcess();
  db = await freshDatabase(databaseServer);
  const env = { DATA_DIR: join(shared, 'data'), UPLOAD_SECRET: randomBytes(24).toString('hex') };
  a = await startNode({ databaseUrl: db.url, redisUrl: redis.url, seedDemo: true, bundle: true, env });
  b = await startNode({ databaseUrl: db.url, redisUrl: redis.url, seedDemo: false, bundle: true, env });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await a?.kill();
  await b?.kill();
  await db?.drop();
  await redis?.stop();
  rmSync(shared, { recursive: true, force: true });
});

/** What started the process and what Node was told to load before it. */
function launchOf(node: ServerNode) {
  const pid = node.process.pid!;
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  const nodeOptions = environ.find((e) => e.startsWith('NODE_OPTIONS='))?.slice('NODE_OPTIONS='.length) ?? '';
  return { argv, nodeOptions };
}

test('each node is plain node running the bundle: no TypeScript loader in its arguments or NODE_OPTIONS', async () => {
  for (const node of [a, b]) {
    const { argv, nodeOptions } = launchOf(node);
    expect(argv.slice(1)).toEqual([expect.stringMatching(/packages\/server\/dist\/main\.mjs$/)]);
    expect(argv.join(' ')).not.toMatch(/tsx|--import|--loader|--require/);
    expect(nodeOptions).not.toMatch(/tsx|--import|--loader|--require/);
    const health = (await (await fetch(`${node.url}/api/health`)).json()) as {
      status: string;
      database: string;
      realtime: string;
      checks: { redis: string };
    };
    expect(health).toMatchObject({ status: 'ok', database: 'postgres', checks: { redis: 'up' } });
  }
});

test('a chat message sent on one bundle node reaches the member on the other', async () => {
  const customer = await signIn(a.url, 'customer@demo.facet', 'customer');
  const designer = await signIn(b.url, 'designer@demo.facet', 'designer');
  const { projectId, room } = await invitedRoom(customer, designer, 'Compiled ring');
  const c = chatClient(a.url, customer.cookie);
  const d = chatClient(b.url, designer.cookie);
  sockets.push(c, d);
  await Promise.all([c, d].map(connected));
  await c.timeout(5000).emitWithAck('join', { chatRoom: room, id: customer.id, type: 'user' });
  await d.timeout(5000).emitWithAck('join', { chatRoom: room, id: designer.id, type: 'designer' });
  const atDesigner = collect(d, 'getMessage');
  const message = sent(
    await c.timeout(5000).emitWithAck('sendMessage', {
      clientId: 'compiled-1',
      chatRoom: room,
      projectId,
      message: 'Sent through the compiled server',
    }),
  );
  await until(
    () => atDesigner.some((m: ChatMessage) => m.id === message.id),
    5000,
    'cross-node delivery between bundle nodes',
  );
});

test('a model uploaded to one bundle node is analysed by the bundled worker', async () => {
  const customer = await signIn(b.url, 'customer@demo.facet', 'customer');
  // a ring of 20 mm outer diameter: a torus with major radius 9 mm and tube radius 1 mm
  let stl = '';
  for (const piece of writeStlAscii(generateTorus(9, 1, [0, 0, 0], 64, 32), 'ring')) stl += piece;
  const bytes = new TextEncoder().encode(stl);
  const { model, upload } = await api<{ model: { id: string }; upload: { url: string } }>(
    b.url,
    customer.cookie,
    'POST',
    '/api/models',
    { fileName: 'ring.stl', sizeBytes: bytes.byteLength },
  );
  const put = await fetch(`${b.url}${upload.url}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  expect(put.status).toBe(204);
  const { model: done } = await api<{
    model: { status: string; analysis: { volumeMm3: number; watertight: boolean } | null };
  }>(b.url, customer.cookie, 'POST', `/api/models/${model.id}/complete`);
  expect(done.status).toBe('ready');
  // the torus's volume is 2·π²·R·r² = 2π²·9·1 ≈ 177.65 mm³; the 64 × 32 facets cut a little off
  expect(done.analysis?.volumeMm3).toBeGreaterThan(170);
  expect(done.analysis?.volumeMm3).toBeLessThan(178);
  expect(done.analysis?.watertight).toBe(true);
  const { model: seenOnA } = await api<{ model: { status: string } }>(
    a.url,
    customer.cookie,
    'GET',
    `/api/models/${model.id}`,
  );
  expect(seenOnA.status).toBe('ready');
});
