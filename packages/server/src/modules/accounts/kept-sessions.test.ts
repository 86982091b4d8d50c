import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/test-app';
import { givenCustomer } from '../../test/world';
import { sessions, users } from './accounts.tables';
import { sessionRowId } from './sessions.service';

/**
 * On the embedded database a looked-up session is kept in memory for a few seconds; any change to the
 * sessions or the accounts must still apply to the very next request. On PostgreSQL every request reads
 * its session; the same answers hold there.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const projects = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
const tokenOf = (cookie: string) => cookie.split('=')[1]!;

describe('sessions looked up again after any change', () => {
  test('logout ends the session for the very next request', async () => {
    const cookie = (await givenCustomer(t)).cookie;
    for (let i = 0; i < 3; i++) expect((await projects(cookie)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await projects(cookie)).statusCode).toBe(401);
  });

  test('a session deleted or an account changed straight in the database applies at once', async () => {
    const cookie = (await givenCustomer(t)).cookie;
    const user = await t.ctx.sessions.lookup(tokenOf(cookie));
    expect(user).toBeDefined();
    expect((await projects(cookie)).statusCode).toBe(200);

    await t.ctx.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user!.id));
    expect((await me(cookie)).json().user.firstName).toBe('Renamed');

    await t.ctx.db.update(users).set({ isInactive: true }).where(eq(users.id, user!.id));
    expect((await projects(cookie)).statusCode).toBe(403);
    await t.ctx.db.update(users).set({ isInactive: false }).where(eq(users.id, user!.id));
    expect((await projects(cookie)).statusCode).toBe(200);

    await t.ctx.db.delete(sessions).where(eq(sessions.id, sessionRowId(tokenOf(cookie))));
    expect((await projects(cookie)).statusCode).toBe(401);
  });

  test('a lookup under way while the account changes is not kept', async () => {
    const cookie = (await givenCustomer(t)).cookie;
    const token = tokenOf(cookie);
    const before = await t.ctx.sessions.lookup(token);
    const meanwhile = t.ctx.sessions.lookup(token);
    await t.ctx.db.update(users).set({ lastName: 'Changed' }).where(eq(users.id, before!.id));
    await meanwhile;
    expect((await t.ctx.sessions.lookup(token))?.lastName).toBe('Changed');
    await t.ctx.db.update(users).set({ lastName: before!.lastName }).where(eq(users.id, before!.id));
  });

  test('a request that changes what it was given does not change what the next one gets', async () => {
    const cookie = (await givenCustomer(t)).cookie;
    const first = await t.ctx.sessions.lookup(tokenOf(cookie));
    first!.role = 'staff';
    expect((await t.ctx.sessions.lookup(tokenOf(cookie)))?.role).toBe('customer');
  });

  test('an expired session is refused even while kept', async () => {
    const cookie = (await givenCustomer(t)).cookie;
    expect((await projects(cookie)).statusCode).toBe(200);
    // the session's expiry passes (31 days on) while the kept lookup is only moments old
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31 * 86_400_000);
      expect(await t.ctx.sessions.lookup(tokenOf(cookie))).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
