import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config';
import { DEMO_PASSWORD } from '../demo/seed-demo';
import { freshDatabase } from './fresh-database';
import { migratedCopy } from './migrated-copy';

export { DEMO_PASSWORD };

/**
 * The configuration of a test app: PGlite in memory unless `overrides` name a database, Redis when REDIS_URL
 * is set, the mail kept in the dev mailbox, no demo data: a test makes the people and projects it needs
 * with the factories of `test/world.ts` (decision 066). Only the tests of the demo itself ask for it.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
  return {
    ...base,
    dataDir: null,
    databaseUrl: undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    devMailbox: true,
    // a test file signs in many times from one address; the limits have tests of their own
    signupRateLimit: 1000,
    loginRateLimit: 1000,
    // with Redis the counters are shared by every app: each test app counts on its own
    rateLimitNamespace: `facet-rate-test-${randomBytes(4).toString('hex')}:`,
    // the demo is a product feature with tests of its own; other tests build their own world
    seedDemo: false,
    seedDemoMoney: false,
    ...overrides,
  };
}

/**
 * The real app for a test file: in-memory PGlite by default; a fresh PostgreSQL database (dropped
 * afterwards) when DATABASE_URL is set, and Redis when REDIS_URL is set — CI runs the suite both ways.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<BuiltApp & { close(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  const fresh = serverUrl ? await freshDatabase(serverUrl) : null;
  const config = testConfig({ databaseUrl: fresh?.url, ...overrides });
  // in memory, the app starts from the migrated copy rather than a new cluster (test/migrated-copy.ts)
  const embedded = !config.databaseUrl && !config.dataDir;
  const built = await buildApp(config, {
    ...(embedded ? { embeddedStart: await migratedCopy() } : {}),
    ...options,
  });
  return {
    ...built,
    async close() {
      await built.app.close();
      await fresh?.drop();
    },
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'facet_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `facet_session=${cookie.value}`;
}

export async function loginAs(app: BuiltApp['app'], email: string, portal: string, password = DEMO_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, portal },
  });
  if (response.statusCode !== 200) throw new Error(`login failed ${response.statusCode}: ${response.body}`);
  return sessionCookie(response);
}

/**
 * Requests as one of several signed-in people: `call('customer', 'POST', url, body, headers)` sends the
 * cookie kept under that name (none for a name without one). The cookies are read at each call, so a
 * session added later is used.
 */
export function callerFor(app: BuiltApp['app'], cookies: Record<string, string>) {
  return (
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...(cookies[who] ? { cookie: cookies[who] } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
