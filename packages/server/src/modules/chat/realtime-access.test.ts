import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountsService } from '../accounts/accounts.service';
import { authThrottleStore } from '../accounts/auth-throttle';
import { sessionStore } from '../accounts/sessions.service';
import { customerSignup, designerSignup } from '../accounts/test-payloads';
import { chatClient, chatWorld, connected, type ClientSocket } from './chat-test-kit';
import { createTestApp, sessionCookie } from '../../test/test-app';

/**
 * Issue 28: an account blocked by a decision loses its live socket.io connections, not only its HTTP
 * sessions. Real socket.io clients against the listening app.
 */

/** Resolves with the reason when the socket is disconnected. */
const disconnection = (socket: ClientSocket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

/** A new connection with the cookie is refused (the connection check reads the account again). */
async function refused(url: string, cookie: string) {
  const again = chatClient(url, cookie);
  try {
    await expect(connected(again)).rejects.toThrow('unauthenticated');
  } finally {
    again.disconnect();
  }
}

describe('a decision made in the app closes the sockets at once', () => {
  // the periodic session check is an hour away here: only the decision's own path can close them
  const w = chatWorld({}, { socketSessionCheckMs: 3_600_000 });
  beforeAll(() => w.start(), 120_000);
  afterAll(() => w.stop());

  async function signUp(body: object) {
    const r = await w.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return { cookie: sessionCookie(r), id: r.json().user.id as string };
  }
  const decide = async (id: string, body: object) => {
    const r = await w.app.inject({
      method: 'PATCH',
      url: `/api/staff/accounts/${id}`,
      headers: { cookie: w.cookies.staff! },
      payload: body,
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  test('staff deactivate a customer: both of their open sockets are disconnected, another person’s stays', async () => {
    const customer = await signUp(customerSignup('socket.gone@example.com'));
    const first = w.socket(customer.cookie);
    const second = w.socket(customer.cookie);
    await Promise.all([connected(first), connected(second)]);
    const bystander = await w.client('customer');
    const closed = Promise.all([disconnection(first), disconnection(second)]);

    await decide(customer.id, { status: 'deactivated', reason: 'Closed at their request.' });
    const reasons = await closed;
    // the server's own disconnect: socket.io's client does not reconnect by itself after it
    expect(reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bystander.connected).toBe(true);
    // signed out too: the cookie opens no new socket
    await refused(w.url, customer.cookie);
  });

  test('a designer put on hold is disconnected (the connection check refuses a blocked account too)', async () => {
    const pro = await signUp(designerSignup('socket.held@example.com'));
    await decide(pro.id, { status: 'active' });
    const live = w.socket(pro.cookie);
    await connected(live);
    const closed = disconnection(live);
    await decide(pro.id, { status: 'hold', reason: 'Portfolio links are broken.' });
    expect(await closed).toBe('io server disconnect');
    // still signed in (a held pro sees /no-access), but no socket is taken from a blocked account
    expect(
      (await w.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: pro.cookie } })).statusCode,
    ).toBe(200);
    await refused(w.url, pro.cookie);
  });

  test('approving an account leaves its sockets open', async () => {
    const pro = await signUp(designerSignup('socket.approved@example.com'));
    await decide(pro.id, { status: 'active' });
    const live = w.socket(pro.cookie);
    await connected(live);
    await decide(pro.id, { status: 'active' });
    // a round trip through the server after the decision: the socket still answers
    expect(live.connected).toBe(true);
    await expect(
      live.timeout(5000).emitWithAck('join', { chatRoom: 'none', id: pro.id, type: 'user' }),
    ).resolves.toBeDefined();
    expect(live.connected).toBe(true);
  });
});

describe('a decision made elsewhere (the operator’s command) is caught by the session check', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp({}, { socketSessionCheckMs: 200 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => t.close());

  test('deactivated through another accounts service (as `facet account set-status` makes it): disconnected', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: customerSignup('socket.cli@example.com'),
    });
    expect(r.statusCode, r.body).toBe(201);
    const cookie = sessionCookie(r);
    const id = r.json().user.id as string;
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: customerSignup('socket.stays@example.com'),
    });
    const socket = chatClient(url, cookie);
    const bystander = chatClient(url, sessionCookie(other));
    try {
      await Promise.all([connected(socket), connected(bystander)]);
      const closed = disconnection(socket);
      // the operator's command builds its own service on the database: it cannot reach this app's sockets
      const { db } = t.ctx;
      const operator = accountsService({
        db,
        sessions: sessionStore(db, t.ctx.config.sessionTtlDays),
        files: t.ctx.files,
        jobs: t.ctx.jobs,
        throttle: authThrottleStore(db),
      });
      await operator.setStatus(null, id, { status: 'deactivated', reason: 'Closed by the operator.' });
      expect(await closed).toBe('io server disconnect');
      await refused(url, cookie);
      // the check that closed it read the other session too and left it: the server still answers it
      await expect(
        bystander.timeout(5000).emitWithAck('join', { chatRoom: 'none', id: 'x', type: 'user' }),
      ).resolves.toBeDefined();
      expect(bystander.connected).toBe(true);
    } finally {
      socket.disconnect();
      bystander.disconnect();
    }
  });
});
