import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
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
      // the built-in sandbox gateway: in this process, so there whenever the app is
      payments: 'sandbox',
      checks: { payments: 'up', paymentsDownSince: null, paymentsError: null },
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

  test('PAYMENTS_CURRENCY: one of the known currencies, in any case; another code stops start-up', () => {
    expect(loadConfig({}).payments.currency).toBe('usd');
    expect(loadConfig({ PAYMENTS_CURRENCY: 'EUR' }).payments.currency).toBe('eur');
    expect(loadConfig({ PAYMENTS_CURRENCY: 'jpy' }).payments.currency).toBe('jpy');
    expect(() => loadConfig({ PAYMENTS_CURRENCY: 'xyz' })).toThrow(
      /PAYMENTS_CURRENCY: must be one of the known currencies: usd, eur, gbp, .*jpy/,
    );
    expect(() => loadConfig({ PAYMENTS_CURRENCY: 'dollars' })).toThrow(ConfigError);
  });

  test('IDENTITY_*_MAX_AGE: whole seconds for one tenant; anything else is named', () => {
    const pro = {
      IDENTITY_PRO_ISSUER: 'https://id.example',
      IDENTITY_PRO_CLIENT_ID: 'facet',
      IDENTITY_PRO_CLIENT_SECRET: 'secret',
    };
    const config = loadConfig({ ...pro, IDENTITY_PRO_MAX_AGE: '900' });
    expect(config.identity.professional).toMatchObject({ maxAge: 900 });
    expect(loadConfig(pro).identity.professional?.maxAge).toBeUndefined();
    expect(() => loadConfig({ ...pro, IDENTITY_PRO_MAX_AGE: 'an hour' })).toThrow(
      /IDENTITY_PRO_MAX_AGE: must be a number of seconds/,
    );
    expect(() => loadConfig({ IDENTITY_CUSTOMER_MAX_AGE: '-1' })).toThrow(
      /IDENTITY_CUSTOMER_MAX_AGE: must be 0 or more seconds/,
    );
  });

  /** A complete production environment: each test takes one key away or changes one. */
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://facet.example',
    UPLOAD_SECRET: 'u'.repeat(32),
    STRIPE_SECRET_KEY: 'sk_test_facet',
    STRIPE_WEBHOOK_SECRET: 'whsec_facet',
  };
  const refusalOf = (env: Record<string, string | undefined>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  test('production: safe defaults (no demo, secure cookies, no outbox page, no sandbox chaos)', () => {
    expect(loadConfig(production)).toMatchObject({
      seedDemo: false,
      cookieSecure: true,
      devMailbox: false,
      payments: { sandboxChaos: false, stripe: { secretKey: 'sk_test_facet' } },
    });
    // a public demo asks for its demo data and the sandbox gateway by name
    const demo = { ...production, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' };
    expect(loadConfig({ ...demo, PAYMENTS_SANDBOX: 'true', SEED_DEMO: 'true' })).toMatchObject({
      seedDemo: true,
      payments: { stripe: null, sandboxChaos: false },
    });
    // development and tests keep the demo
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).payments.sandboxChaos).toBe(true);
  });

  test('production: every missing item is named, one line each', () => {
    const lines = refusalOf({ NODE_ENV: 'production' }).split('\n');
    expect(lines[0]).toBe('Refusing to start in production:');
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'UPLOAD_SECRET',
      'PUBLIC_URL',
    ]);
    expect(lines[1]).toMatch(/PAYMENTS_SANDBOX=true for the sandbox gateway, which accepts test cards/);
  });

  test('production: the sandbox gateway only when PAYMENTS_SANDBOX=true, never beside Stripe', () => {
    const noStripe = { ...production, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    expect(refusalOf(noStripe)).toMatch(
      /STRIPE_SECRET_KEY: required in production[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(refusalOf({ ...noStripe, PAYMENTS_SANDBOX: 'false' })).toMatch(/STRIPE_SECRET_KEY: required/);
    expect(loadConfig({ ...noStripe, PAYMENTS_SANDBOX: 'true' }).payments.stripe).toBeNull();
    expect(refusalOf({ ...production, PAYMENTS_SANDBOX: 'true' })).toMatch(/PAYMENTS_SANDBOX: .*not both/);
    // outside production, PAYMENTS_SANDBOX=false asks for Stripe too
    expect(refusalOf({ NODE_ENV: 'development', PAYMENTS_SANDBOX: 'false' })).toMatch(
      /Invalid configuration:\n {2}STRIPE_SECRET_KEY: required when PAYMENTS_SANDBOX=false/,
    );
  });

  test('production: IDENTITY_TOKEN_KEY is required once an identity provider is configured', () => {
    const tenant = {
      IDENTITY_PRO_ISSUER: 'https://id.example',
      IDENTITY_PRO_CLIENT_ID: 'facet',
      IDENTITY_PRO_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig(production).identity.tokenKey).toBeUndefined();
    expect(refusalOf({ ...production, ...tenant })).toMatch(
      /^Refusing to start in production:\n {2}IDENTITY_TOKEN_KEY: required in production when an identity provider is configured/,
    );
    expect(
      loadConfig({ ...production, ...tenant, IDENTITY_TOKEN_KEY: 'k'.repeat(32) }).identity.professional,
    ).toMatchObject({ issuer: 'https://id.example' });
    // outside production a random per-process key still does
    expect(loadConfig({ NODE_ENV: 'test', ...tenant }).identity.tokenKey).toBeUndefined();
  });

  test('production: UPLOAD_SECRET is required for the disk storage (a bucket presigns its own)', () => {
    expect(refusalOf({ ...production, UPLOAD_SECRET: undefined })).toBe(
      'Refusing to start in production:\n  UPLOAD_SECRET: required in production (signs upload links; at least 32 characters, the same on every process)',
    );
    expect(
      loadConfig({ ...production, UPLOAD_SECRET: undefined, S3_BUCKET: 'facet-files' }).s3,
    ).toMatchObject({
      bucket: 'facet-files',
    });
  });

  test('production: PUBLIC_URL is set and https; COOKIE_SECURE and DEV_MAILBOX cannot be turned unsafe', () => {
    expect(refusalOf({ ...production, PUBLIC_URL: undefined })).toMatch(/PUBLIC_URL: required in production/);
    expect(refusalOf({ ...production, PUBLIC_URL: 'http://facet.example' })).toMatch(
      /PUBLIC_URL: must be an https:\/\/ address in production/,
    );
    expect(refusalOf({ ...production, COOKIE_SECURE: 'false' })).toMatch(/COOKIE_SECURE: must not be false/);
    expect(loadConfig({ ...production, COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(refusalOf({ ...production, DEV_MAILBOX: 'true' })).toMatch(/DEV_MAILBOX: must not be true/);
    // all of them at once: all named
    const all = refusalOf({
      ...production,
      PUBLIC_URL: 'http://x.example',
      COOKIE_SECURE: 'no',
      DEV_MAILBOX: 'yes',
    });
    expect(all.split('\n')).toHaveLength(4);
    // a bad value is still named as before
    expect(refusalOf({ ...production, PORT: 'abc' })).toMatch(/PORT: must be a number/);
    // development keeps its plain-http defaults
    expect(loadConfig({ NODE_ENV: 'development', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });
});
