import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { authThrottle } from './accounts.tables';
import { createTestApp, DEMO_PASSWORD } from '../../test/test-app';
import { holdAfter, THROTTLE_WINDOW_MS } from './auth-throttle';
import { customerSignup } from './test-payloads';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A fresh address each run: with Redis the counters outlive the test app. */
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

const login = (
  t: TestApp,
  options: { email: string; password?: string; from?: string; forwardedFor?: string },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: options.from ?? randomAddress(),
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    payload: { email: options.email, password: options.password ?? 'wrong-password', portal: 'customer' },
  });

describe('the per-address login limit (10 a minute)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true, loginRateLimit: 10 });
  });
  afterAll(() => t.close());

  test('counts every attempt from one address, whichever email it names', async () => {
    const from = randomAddress();
    for (let i = 0; i < 10; i++) {
      expect((await login(t, { email: `nobody-${i}@example.com`, from })).statusCode).toBe(401);
    }
    const blocked = await login(t, { email: 'customer@demo.facet', password: DEMO_PASSWORD, from });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('too_many_attempts');
    // another address is not held by it
    const other = await login(t, { email: 'customer@demo.facet', password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(200);
  });

  test('a rotating X-Forwarded-For does not get round it while TRUST_PROXY is off (the default)', async () => {
    expect(t.ctx.config.trustProxy).toBe(false);
    const from = randomAddress();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await login(t, { email: `guess-${i}@example.com`, from, forwardedFor: randomAddress() });
      answers.push(r.statusCode);
    }
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
  });
});

describe('TRUST_PROXY set to the proxy address', () => {
  let t: TestApp;
  const proxy = '10.200.0.1';
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true, loginRateLimit: 3, trustProxy: [proxy] });
  });
  afterAll(() => t.close());

  test('the address the proxy forwards is the one counted; the header from anyone else is ignored', async () => {
    const client = randomAddress();
    for (let i = 0; i < 3; i++) {
      const r = await login(t, { email: `p-${i}@example.com`, from: proxy, forwardedFor: client });
      expect(r.statusCode).toBe(401);
    }
    expect((await login(t, { email: 'p@example.com', from: proxy, forwardedFor: client })).statusCode).toBe(
      429,
    );
    // another client behind the same proxy is counted on its own
    const next = await login(t, { email: 'p@example.com', from: proxy, forwardedFor: randomAddress() });
    expect(next.statusCode).toBe(401);
    // a client that is not the proxy cannot pose as someone else by sending the header itself
    const direct = randomAddress();
    for (let i = 0; i < 3; i++) {
      await login(t, { email: `d-${i}@example.com`, from: direct, forwardedFor: randomAddress() });
    }
    expect(
      (await login(t, { email: 'd@example.com', from: direct, forwardedFor: randomAddress() })).statusCode,
    ).toBe(429);
  });
});

describe('the per-account limit (5 failures in 15 minutes, then a growing hold)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  test('guessing one password from many addresses is held after 5 failures, even the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await login(t, { email: 'customer@demo.facet' });
      expect(r.statusCode).toBe(401);
      expect(r.json().error.code).toBe('invalid_credentials');
    }
    const held = await login(t, { email: 'Customer@Demo.Facet', password: DEMO_PASSWORD });
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toEqual({
      code: 'too_many_attempts',
      message: 'Too many failed sign-ins for this account. Try again in 1 minute.',
    });
    const retryAfter = Number(held.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // other accounts are not held
    const other = await login(t, { email: 'service@demo.facet', password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(403); // the right password on the wrong portal, not a 429
  });

  test('an unknown email is held the same way (no hint which emails have accounts)', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t, { email: 'ghost@example.com' })).statusCode).toBe(401);
    expect((await login(t, { email: 'ghost@example.com' })).statusCode).toBe(429);
  });

  test('the hold grows 1, 2, 4, 8 and stays at 15 minutes; a failure older than 15 minutes is forgotten', async () => {
    expect([4, 5, 6, 7, 8, 9, 20].map((n) => holdAfter(n) / 60_000)).toEqual([0, 1, 2, 4, 8, 15, 15]);
    const email = 'slow@example.com';
    const start = new Date('2026-11-24T10:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    for (let i = 0; i < 5; i++) await t.ctx.throttle.fail('login', email, at(i * 1000));
    await expect(t.ctx.throttle.check('login', email, at(5000))).rejects.toMatchObject({ status: 429 });
    await expect(t.ctx.throttle.check('login', email, at(5000 + 60_000))).resolves.toBeUndefined();
    // the sixth failure right after the first hold holds for two minutes
    await t.ctx.throttle.fail('login', email, at(70_000));
    await expect(t.ctx.throttle.check('login', email, at(70_000 + 119_000))).rejects.toMatchObject({
      retryAfterSeconds: 1,
    });
    await expect(t.ctx.throttle.check('login', email, at(70_000 + 120_000))).resolves.toBeUndefined();
    // long after, a failure starts counting from one again
    const later = 70_000 + THROTTLE_WINDOW_MS + 1000;
    await t.ctx.throttle.fail('login', email, at(later));
    await expect(t.ctx.throttle.check('login', email, at(later + 1000))).resolves.toBeUndefined();
    // the scheduled purge forgets it once its window has passed, and keeps what is still counting
    const rows = async () =>
      (await t.ctx.db.select().from(authThrottle).where(eq(authThrottle.email, email))).length;
    await t.ctx.throttle.purge(at(later + 60_000));
    expect(await rows()).toBe(1);
    await t.ctx.throttle.purge(at(later + THROTTLE_WINDOW_MS + 1000));
    expect(await rows()).toBe(0);
  });

  test('a successful sign-in forgets the failures', async () => {
    for (let i = 0; i < 4; i++) await login(t, { email: 'designer2@demo.facet' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'designer2@demo.facet', password: DEMO_PASSWORD, portal: 'designer' },
    });
    expect(ok.statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(t, { email: 'designer2@demo.facet' })).statusCode).toBe(401);
  });

  test('sign-up: probing an email that has an account is held after 5 tries from any addresses', async () => {
    const probe = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: randomAddress(),
        payload: customerSignup('staff@demo.facet'),
      });
    for (let i = 0; i < 5; i++) expect((await probe()).statusCode).toBe(409);
    const held = await probe();
    expect(held.statusCode).toBe(429);
    expect(held.json().error.message).toBe(
      'Too many sign-up attempts with this email. Try again in 1 minute.',
    );
    // a new email signs up as usual
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: customerSignup('new-after-probe@example.com'),
    });
    expect(fresh.statusCode).toBe(201);
  });
});

describe('Redis configured but not reachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // nothing listens on port 1: every connection attempt is refused at once
    t = await createTestApp({ seedDemo: true, redisUrl: 'redis://127.0.0.1:1', loginRateLimit: 3 });
  });
  afterAll(() => t.close());

  test('login answers within a second, never a 500, and the limit is kept in memory', async () => {
    const from = randomAddress();
    // the first sign-in of a process also loads the password hasher: time the next ones
    await login(t, { email: 'warm-up@example.com' });
    const started = performance.now();
    const ok = await login(t, { email: 'customer@demo.facet', password: DEMO_PASSWORD, from });
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(1000);
    expect(ok.statusCode).toBe(200);
    await login(t, { email: 'a@example.com', from });
    await login(t, { email: 'b@example.com', from });
    expect((await login(t, { email: 'c@example.com', from })).statusCode).toBe(429);
  });

  test('health says degraded with Redis down, and stays ready', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'degraded',
      ready: true,
      checks: { database: 'up', redis: 'down', storage: 'up' },
    });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});
