import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_DIST, ensureServerBundle } from '../../../../../scripts/build-server.mjs';
import { freshDatabase as freshDatabaseOn } from '../../test/fresh-database';

/**
 * Real server processes (`packages/server/src/main.ts`, or the compiled bundle) on one fresh PostgreSQL
 * database and one Redis, for the two-node tests, the fault suite and the benchmarks. All traffic stays on 127.0.0.1.
 */
const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

export interface ServerNode {
  url: string;
  port: number;
  process: ChildProcess;
  output: string[];
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A new empty database on the server of `serverUrl`; `drop` removes it. */
export const freshDatabase = (serverUrl: string) => freshDatabaseOn(serverUrl, 'facet_chat');

export async function startNode(options: {
  databaseUrl: string;
  /** Without it the node runs on its own (rate limits in memory, chat in-process). */
  redisUrl?: string;
  seedDemo: boolean;
  /** Run the compiled server (`packages/server/dist/main.mjs`, built first when stale) under plain node. */
  bundle?: boolean;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerNode> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'facet-node-'));
  // NODE_FLAGS_FOR_NODES='--cpu-prof --cpu-prof-dir=DIR' profiles the server processes of a bench
  const extraFlags = (process.env.NODE_FLAGS_FOR_NODES ?? '').split(' ').filter(Boolean);
  if (options.bundle) await ensureServerBundle();
  const entry = options.bundle ? [join(SERVER_DIST, 'main.mjs')] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, [...extraFlags, ...entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl ?? '',
      SEED_DEMO: String(options.seedDemo),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const node: ServerNode = {
    url,
    port,
    process: child,
    output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return node;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await node.kill();
  throw new Error(`server did not start in time:\n${output.join('')}`);
}

/** Signs in over HTTP and gives the session cookie header value. */
export async function login(
  baseUrl: string,
  email: string,
  portal: string,
  password = 'Facet-demo-1',
): Promise<string> {
  const r = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, portal }),
  });
  if (!r.ok) throw new Error(`login ${email} failed: ${r.status} ${await r.text()}`);
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith('facet_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** A signed-in demo account on one node: the node's url, the session cookie and the user id. */
export interface NodeSession {
  url: string;
  cookie: string;
  id: string;
}

/** Signs in over HTTP on the node at `baseUrl` and looks up who that is. */
export async function signIn(baseUrl: string, email: string, portal: string): Promise<NodeSession> {
  const cookie = await login(baseUrl, email, portal);
  const { user } = await api<{ user: { id: string } }>(baseUrl, cookie, 'GET', '/api/me');
  return { url: baseUrl, cookie, id: user.id };
}

/** JSON call with a session cookie; throws on an error status. */
export async function api<T>(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  body?: object,
): Promise<T> {
  const r = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return (r.status === 204 ? undefined : await r.json()) as T;
}

/** A new project of the customer with the pro invited, and the pro's room as the pro's node lists it. */
export async function invitedRoom(customer: NodeSession, pro: NodeSession, title: string) {
  const { project } = await api<{ project: { id: string } }>(
    customer.url,
    customer.cookie,
    'POST',
    '/api/projects',
    { title },
  );
  const { offer } = await api<{ offer: { id: string } }>(
    customer.url,
    customer.cookie,
    'POST',
    `/api/projects/${project.id}/invitations`,
    { proId: pro.id },
  );
  const { rooms } = await api<{ rooms: { id: string }[] }>(
    pro.url,
    pro.cookie,
    'GET',
    `/api/projects/${project.id}/rooms`,
  );
  return { projectId: project.id, offerId: offer.id, room: rooms[0]!.id };
}
