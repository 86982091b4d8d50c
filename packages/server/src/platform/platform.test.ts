import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  test('health names the ports in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      realtime: process.env.REDIS_URL ? 'redis' : 'in-process',
      mail: 'outbox',
    });
  });

  test('every response carries a request id, echoing a caller-supplied one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('security headers are set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('OpenAPI 3.1 lists every route and the docs page is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/health',
      '/api/auth/signup',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/me',
      '/api/me/password',
      '/api/me/avatar',
      '/api/countries',
      '/api/countries/{code}/states',
      '/api/onboarding/questions',
      '/api/staff/accounts',
      '/api/staff/accounts/{id}',
    ]) {
      expect(paths).toContain(path);
    }
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  test('unknown API routes get the error shape with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route GET /api/nothing-here.' } });
  });

  test('malformed JSON is a 400 with a clear message, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_json');
  });

  test('bodies over the JSON limit are refused with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024), password: 'x', portal: 'customer' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  test('a state-changing request from another site is refused', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('cross_origin');
    const fetchMeta = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchMeta.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(204);
  });
});

describe('configuration', () => {
  test('defaults give the embedded setup on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.seedDemo).toBe(true);
    expect(config.devMailbox).toBe(true);
  });

  test('a bad value stops start-up with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT: must be a number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 1 and 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ REDIS_URL: 'http://x', SEED_DEMO: 'maybe' })).toThrow(
      /REDIS_URL: must be a redis[\s\S]*SEED_DEMO: must be true or false/,
    );
  });

  test('demo seeding can be switched off for production', () => {
    expect(loadConfig({ SEED_DEMO: 'false', NODE_ENV: 'production' })).toMatchObject({
      seedDemo: false,
      cookieSecure: true,
      devMailbox: false,
    });
  });
});
