import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, DEMO_PASSWORD, sessionCookie } from '../../test/test-app';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test/test-oidc-provider';
import { customerSignup, designerSignup } from '../accounts/test-payloads';
import { identityLinks } from './identity.tables';
import type { IdentityConfig } from '../../config';

const PUBLIC_URL = 'http://localhost:3000';
const CUSTOMER_CLIENT = { clientId: 'facet-customers', clientSecret: 'customer-secret-0123456789abcdef' };
const PRO_CLIENT = { clientId: 'facet-pros', clientSecret: 'pro-secret-0123456789abcdef0123' };
const ORG = 'org_facet';

let provider: TestProvider;
let app: Awaited<ReturnType<typeof createTestApp>>;

const cookieOf = (response: LightMyRequestResponse, name: string) => {
  const c = response.cookies.find((k) => k.name === name);
  return c ? `${name}=${c.value}` : undefined;
};

beforeAll(async () => {
  provider = await startTestProvider({
    clients: [
      {
        ...CUSTOMER_CLIENT,
        redirectUris: [`${PUBLIC_URL}/api/identity/callback/customer`],
        postLogoutRedirectUris: [`${PUBLIC_URL}/`],
      },
      {
        ...PRO_CLIENT,
        redirectUris: [`${PUBLIC_URL}/api/identity/callback/professional`],
        postLogoutRedirectUris: [`${PUBLIC_URL}/`],
      },
    ],
    // every call for the provider's token needs a refresh (the token lives less than the 60 s margin)
    accessTokenTtl: 30,
  });
  const identity: IdentityConfig = {
    customer: { issuer: provider.issuer, ...CUSTOMER_CLIENT, name: 'Acme ID', organization: ORG },
    professional: {
      issuer: provider.issuer,
      ...PRO_CLIENT,
      name: 'Acme Pro ID',
      audience: 'https://api.facet.test/pros',
      // spec section 5's auth_time rule: sent as max_age, checked at the callback
      maxAge: 3600,
    },
    timeoutMs: 10_000,
    retries: 3,
    leewaySeconds: 60,
    tokenKey: 'a-test-key-for-provider-tokens-0123456789',
  };
  app = await createTestApp({ publicUrl: PUBLIC_URL, identity });
  // building an app and its database takes a while on a busy machine
}, 180_000);

afterAll(async () => {
  await app?.close();
  await provider?.close();
});

/** Starts at our login route, signs in at the provider's pages, and brings the answer back to our callback. */
async function signIn(
  portal: 'customer' | 'designer' | 'service',
  login: string,
  options: { session?: string } = {},
) {
  const start = await app.app.inject({ method: 'GET', url: `/api/identity/login/${portal}` });
  expect(start.statusCode).toBe(302);
  const flow = cookieOf(start, 'facet_identity')!;
  expect(flow).toBeDefined();
  const authorize = new URL(start.headers.location as string);
  const tenant = portal === 'customer' ? 'customer' : 'professional';
  const back = await signInAtProvider(
    authorize.toString(),
    login,
    `${PUBLIC_URL}/api/identity/callback/${tenant}`,
  );
  const callback = await app.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie: [flow, options.session].filter(Boolean).join('; ') },
  });
  return { authorize, flow, back, callback };
}

/** An account made through the password sign-up (POST /api/auth/signup); gives the reply. */
const passwordSignup = (payload: object) =>
  app.app.inject({ method: 'POST', url: '/api/auth/signup', payload });

async function pendingOf(flow: string) {
  const response = await app.app.inject({
    method: 'GET',
    url: '/api/identity/pending',
    headers: { cookie: flow },
  });
  expect(response.statusCode).toBe(200);
  return response.json().pending;
}

describe('OIDC sign-in: the authorize request', () => {
  it('asks for code with PKCE S256, state, nonce, the scope with offline_access, audience and organization', async () => {
    const start = await app.app.inject({ method: 'GET', url: '/api/identity/login/customer' });
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(provider.issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CUSTOMER_CLIENT.clientId);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid profile email offline_access');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('organization')).toBe(ORG);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/identity/callback/customer`);
    const pro = await app.app.inject({ method: 'GET', url: '/api/identity/login/designer' });
    const proUrl = new URL(pro.headers.location as string);
    expect(proUrl.searchParams.get('client_id')).toBe(PRO_CLIENT.clientId);
    expect(proUrl.searchParams.get('audience')).toBe('https://api.facet.test/pros');
    expect(proUrl.searchParams.get('organization')).toBeNull();
  });

  it('lists the configured providers by name', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/identity/providers' });
    expect(response.json()).toEqual({ customer: { name: 'Acme ID' }, professional: { name: 'Acme Pro ID' } });
  });
});

describe('OIDC sign-in: first sign-in, sign-up and later sign-ins', () => {
  it('a new customer signs up through the wizard, then signs in straight away; logout ends both sessions', async () => {
    provider.identities.set('new-customer', {
      sub: 'new-customer',
      email: 'Maya.Federated@Example.test',
      name: 'Maya Federated',
      orgId: ORG,
    });
    const { flow, callback } = await signIn('customer', 'new-customer');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/onboarding?identity=1&role=customer');
    expect(callback.cookies.find((c) => c.name === 'facet_session')).toBeUndefined();
    const pending = await pendingOf(flow);
    expect(pending).toMatchObject({
      stage: 'signup',
      portal: 'customer',
      provider: 'Acme ID',
      email: 'maya.federated@example.test',
      name: 'Maya Federated',
      error: null,
    });

    // the wizard's remaining answers; the e-mail, role and password come from the flow, not the body
    const { email: _e, password: _p, role: _r, ...rest } = customerSignup('ignored@example.test');
    const signup = await app.app.inject({
      method: 'POST',
      url: '/api/identity/signup',
      headers: { cookie: flow },
      payload: { ...rest, role: 'designer', email: 'someone-else@example.test' },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user).toMatchObject({ role: 'customer', email: 'maya.federated@example.test' });
    const session = sessionCookie(signup);
    const me = await app.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: session },
    });
    expect(me.json().user.email).toBe('maya.federated@example.test');
    // the flow is used up
    expect(await pendingOf(flow)).toBeNull();

    // a call that needs the provider's token: refreshed (the token is short-lived), twice in a row, so the
    // rotated refresh token was kept (the provider refuses a used one)
    for (let i = 0; i < 2; i++) {
      const profile = await app.app.inject({
        method: 'GET',
        url: '/api/identity/profile',
        headers: { cookie: session },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ subject: 'new-customer', refreshed: true, provider: 'Acme ID' });
    }

    const logout = await app.app.inject({
      method: 'POST',
      url: '/api/identity/logout',
      headers: { cookie: session },
    });
    expect(logout.statusCode).toBe(200);
    const end = new URL(logout.json().redirectTo);
    expect(end.origin).toBe(provider.issuer);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    const after = await app.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: session },
    });
    expect(after.json().user).toBeNull();
    // the provider accepts our end-session request (its own confirmation page)
    const providerPage = await fetch(end, { redirect: 'manual' });
    expect(providerPage.status).toBe(200);

    const again = await signIn('customer', 'new-customer');
    expect(again.callback.statusCode).toBe(302);
    expect(again.callback.headers.location).toBe('/dashboard');
    expect(sessionCookie(again.callback)).toMatch(/^facet_session=/);
  });

  it('a new designer signs up on the professional tenant and waits for review; the service page refuses them', async () => {
    const { flow, callback } = await signIn('designer', 'new.designer@example.test');
    expect(callback.headers.location).toBe('/onboarding?identity=1&role=designer');
    const { email: _e, password: _p, ...rest } = designerSignup('x@example.test');
    const signup = await app.app.inject({
      method: 'POST',
      url: '/api/identity/signup',
      headers: { cookie: flow },
      payload: rest,
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user).toMatchObject({ role: 'designer', status: 'pending' });

    const again = await signIn('designer', 'new.designer@example.test');
    expect(again.callback.headers.location).toBe('/pending');

    const wrong = await signIn('service', 'new.designer@example.test');
    expect(wrong.callback.headers.location).toBe('/identity/error?code=wrong_portal');
    expect((await pendingOf(wrong.flow)).error.message).toBe(
      'This login is for service providers. CAD designers sign in at /login-designer.',
    );
  });

  it('an unverified e-mail is neither linked nor signed up', async () => {
    provider.identities.set('unverified', {
      sub: 'unverified',
      email: 'nobody@example.test',
      emailVerified: false,
      orgId: ORG,
    });
    const { flow, callback } = await signIn('customer', 'unverified');
    expect(callback.headers.location).toBe('/identity/error?code=email_not_verified');
    expect((await pendingOf(flow)).stage).toBe('error');
  });
});

describe('OIDC sign-in: linking to an existing account', () => {
  it('asks for the password of the account with the same verified e-mail, then links it', async () => {
    const created = await passwordSignup(customerSignup('linda.link@example.test'));
    expect(created.statusCode).toBe(201);
    provider.identities.set('linda', { sub: 'linda', email: 'LINDA.link@example.test', orgId: ORG });

    const { flow, callback } = await signIn('customer', 'linda');
    expect(callback.headers.location).toBe('/identity/link');
    expect(await pendingOf(flow)).toMatchObject({ stage: 'link', email: 'linda.link@example.test' });

    const wrong = await app.app.inject({
      method: 'POST',
      url: '/api/identity/link',
      headers: { cookie: flow },
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('That password is not right for this account.');
    const [none] = await app.ctx.db.select().from(identityLinks).where(eq(identityLinks.subject, 'linda'));
    expect(none).toBeUndefined();

    const empty = await app.app.inject({
      method: 'POST',
      url: '/api/identity/link',
      headers: { cookie: flow },
      payload: { password: '' },
    });
    expect(empty.statusCode).toBe(400);

    const linked = await app.app.inject({
      method: 'POST',
      url: '/api/identity/link',
      headers: { cookie: flow },
      payload: { password: 'Sparkle-2026!' },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({
      user: { email: 'linda.link@example.test' },
      redirectTo: '/dashboard',
    });
    const [link] = await app.ctx.db.select().from(identityLinks).where(eq(identityLinks.subject, 'linda'));
    expect(link).toMatchObject({ tenant: 'customer', issuer: provider.issuer });

    const again = await signIn('customer', 'linda');
    expect(again.callback.headers.location).toBe('/dashboard');
  });

  it('links without a flow are refused', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/identity/link',
      payload: { password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalid_state', message: 'Invalid state' });
  });
});

describe('OIDC sign-in: state and provider errors', () => {
  it('a state that does not match is "Invalid state"; so is a callback without a transaction', async () => {
    const start = await app.app.inject({ method: 'GET', url: '/api/identity/login/customer' });
    const flow = cookieOf(start, 'facet_identity')!;
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/identity/callback/customer?code=abc&state=not-the-state',
      headers: { cookie: flow },
    });
    expect(response.headers.location).toBe('/identity/error?code=invalid_state');
    expect((await pendingOf(flow)).error).toEqual({ code: 'invalid_state', message: 'Invalid state' });

    const noFlow = await app.app.inject({
      method: 'GET',
      url: '/api/identity/callback/customer?code=abc&state=x',
    });
    expect(noFlow.headers.location).toBe('/identity/error?code=invalid_state');
  });

  it('login_required from the provider ends our session too, and lands on the error page (no loop)', async () => {
    const customer = await passwordSignup(customerSignup('lr@example.test'));
    const session = sessionCookie(customer);
    const start = await app.app.inject({ method: 'GET', url: '/api/identity/login/customer' });
    const flow = cookieOf(start, 'facet_identity')!;
    const state = new URL(start.headers.location as string).searchParams.get('state');
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/identity/callback/customer?error=login_required&error_description=Login%20required&state=${state}`,
      headers: { cookie: `${flow}; ${session}` },
    });
    expect(response.headers.location).toBe('/identity/error?code=login_required');
    expect((await pendingOf(flow)).error).toEqual({ code: 'login_required', message: 'Login required' });
    const me = await app.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: session },
    });
    expect(me.json().user).toBeNull();
  });

  it('an unknown portal is a 400 and an unreachable provider ends on the time-out page', async () => {
    const bad = await app.app.inject({ method: 'GET', url: '/api/identity/login/staff' });
    expect(bad.statusCode).toBe(400);

    const closed = await startTestProvider({ clients: [] });
    const issuer = closed.issuer;
    await closed.close();
    const other = await createTestApp({
      publicUrl: PUBLIC_URL,
      identity: {
        customer: { issuer, clientId: 'x', clientSecret: 'y', name: 'Gone' },
        professional: null,
        timeoutMs: 1000,
        retries: 3,
        leewaySeconds: 60,
      },
    });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api/identity/login/customer' });
      expect(response.headers.location).toBe('/identity/error?code=timeout');
      const off = await other.app.inject({ method: 'GET', url: '/api/identity/login/designer' });
      expect(off.statusCode).toBe(404);
      expect((await other.app.inject({ method: 'GET', url: '/api/identity/providers' })).json()).toEqual({
        customer: { name: 'Gone' },
        professional: null,
      });
    } finally {
      await other.close();
    }
    // a second app is built for this one
  }, 120_000);
});

describe('OIDC sign-in: every ID-token rule, with its text (both tenants)', () => {
  const nowText = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/.source;
  const cases: {
    name: string;
    portal: 'customer' | 'designer';
    change: (c: Record<string, unknown>) => Record<string, unknown>;
    alg?: 'HS256';
    message: RegExp | string;
  }[] = [
    {
      name: 'HS256 refused',
      portal: 'customer',
      alg: 'HS256',
      change: (c) => c,
      message:
        'Signature algorithm of "HS256" is not supported. Expected the ID token to be signed with "RS256".',
    },
    {
      name: 'HS256 refused (professional tenant)',
      portal: 'designer',
      alg: 'HS256',
      change: (c) => c,
      message:
        'Signature algorithm of "HS256" is not supported. Expected the ID token to be signed with "RS256".',
    },
    {
      name: 'wrong issuer',
      portal: 'designer',
      change: (c) => ({ ...c, iss: 'https://evil.example/' }),
      message:
        'Issuer (iss) claim mismatch in the ID token; expected "ISSUER", found "https://evil.example/"',
    },
    {
      name: 'no subject',
      portal: 'customer',
      change: ({ sub: _s, ...c }) => c,
      message: 'Subject (sub) claim must be a string present in the ID token',
    },
    {
      name: 'wrong aud',
      portal: 'customer',
      change: (c) => ({ ...c, aud: 'someone-else' }),
      message: `Audience (aud) claim mismatch in the ID token; expected "${CUSTOMER_CLIENT.clientId}" but found "someone-else"`,
    },
    {
      name: 'wrong aud (professional tenant)',
      portal: 'designer',
      change: (c) => ({ ...c, aud: ['a', 'b'] }),
      message: `Audience (aud) claim mismatch in the ID token; expected "${PRO_CLIENT.clientId}" but was not one of "a, b"`,
    },
    {
      name: 'several audiences without azp',
      portal: 'designer',
      change: ({ azp: _a, ...c }) => ({ ...c, aud: [PRO_CLIENT.clientId, 'https://api.facet.test/pros'] }),
      message:
        'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values',
    },
    {
      name: 'several audiences, azp another client',
      portal: 'designer',
      change: (c) => ({ ...c, aud: [PRO_CLIENT.clientId, 'other'], azp: 'other' }),
      message: `Authorized Party (azp) claim mismatch in the ID token; expected "${PRO_CLIENT.clientId}", found "other"`,
    },
    {
      name: 'bad nonce',
      portal: 'customer',
      change: (c) => ({ ...c, nonce: 'replayed-nonce' }),
      message: /^Nonce \(nonce\) claim mismatch in the ID token; expected "[\w-]+", found "replayed-nonce"$/,
    },
    {
      name: 'bad nonce (professional tenant)',
      portal: 'designer',
      change: ({ nonce: _n, ...c }) => c,
      message: 'Nonce (nonce) claim must be a string present in the ID token',
    },
    {
      name: 'expired (past the 60 s leeway)',
      portal: 'customer',
      change: (c) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 120 }),
      message: new RegExp(
        `^Expiration Time \\(exp\\) claim error in the ID token; current time \\(${nowText}\\) is after expiration time \\(${nowText}\\)$`,
      ),
    },
    {
      name: 'expired (professional tenant)',
      portal: 'designer',
      change: (c) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 61 - 5 }),
      message: /^Expiration Time \(exp\) claim error in the ID token/,
    },
    {
      name: 'no iat',
      portal: 'customer',
      change: ({ iat: _i, ...c }) => c,
      message: 'Issued At (iat) claim must be a number present in the ID token',
    },
    {
      name: 'future nbf',
      portal: 'customer',
      change: (c) => ({ ...c, nbf: Math.floor(Date.now() / 1000) + 300 }),
      message: new RegExp(
        `^Not Before time \\(nbf\\) claim in the ID token indicates that this token can't be used just yet. Current time \\(${nowText}\\) is before ${nowText}$`,
      ),
    },
    {
      name: 'future nbf (professional tenant)',
      portal: 'designer',
      change: (c) => ({ ...c, nbf: Math.floor(Date.now() / 1000) + 300 }),
      message: /^Not Before time \(nbf\) claim in the ID token indicates/,
    },
    {
      name: 'wrong org',
      portal: 'customer',
      change: (c) => ({ ...c, org_id: 'org_other' }),
      message: `Organization ID (org_id) claim mismatch in the ID token; expected "${ORG}", found "org_other"`,
    },
    {
      name: 'no org',
      portal: 'customer',
      change: ({ org_id: _o, ...c }) => c,
      message: 'Organization ID (org_id) claim must be a string present in the ID token',
    },
  ];

  for (const rule of cases) {
    it(`${rule.name}: refused with the spec's text, no session, no account`, async () => {
      const login = `rule-${rule.name.replace(/\W+/g, '-')}@example.test`;
      provider.identities.set(login, { sub: login, email: login, orgId: ORG });
      const secret = rule.portal === 'customer' ? CUSTOMER_CLIENT.clientSecret : PRO_CLIENT.clientSecret;
      provider.tamper = async (body) => ({
        ...body,
        id_token: await provider.resign(body.id_token as string, rule.change, { alg: rule.alg, secret }),
      });
      try {
        const { flow, callback } = await signIn(rule.portal, login);
        expect(callback.headers.location).toBe('/identity/error?code=invalid_id_token');
        expect(callback.cookies.find((c) => c.name === 'facet_session')).toBeUndefined();
        const pending = await pendingOf(flow);
        expect(pending.stage).toBe('error');
        expect(pending.error.code).toBe('invalid_id_token');
        if (typeof rule.message === 'string') {
          expect(pending.error.message).toBe(rule.message.replace('ISSUER', provider.issuer));
        } else {
          expect(pending.error.message).toMatch(rule.message);
        }
      } finally {
        provider.tamper = null;
      }
      const [link] = await app.ctx.db.select().from(identityLinks).where(eq(identityLinks.subject, login));
      expect(link).toBeUndefined();
    });
  }

  it("a token signed RS256 by a key that is not the provider's is refused", async () => {
    const login = 'forged@example.test';
    provider.identities.set(login, { sub: login, email: login, orgId: ORG });
    const { generateKeyPair, SignJWT, decodeJwt } = await import('jose');
    const { privateKey } = await generateKeyPair('RS256');
    provider.tamper = async (body) => ({
      ...body,
      id_token: await new SignJWT(decodeJwt(body.id_token as string))
        .setProtectedHeader({ alg: 'RS256', kid: 'test-rs256' })
        .sign(privateKey),
    });
    try {
      const { flow, callback } = await signIn('customer', login);
      expect(callback.headers.location).toBe('/identity/error?code=invalid_id_token');
      expect((await pendingOf(flow)).error.message).toBe(
        "ID token signature could not be verified with the provider's keys",
      );
    } finally {
      provider.tamper = null;
    }
  });

  it('a token answer without a refresh token: the call that needs one says "Missing Refresh Token"', async () => {
    const login = 'no-refresh@example.test';
    provider.identities.set(login, { sub: login, email: login, orgId: ORG });
    provider.tamper = ({ refresh_token: _r, ...body }) => body;
    let session: string;
    try {
      const { flow } = await signIn('customer', login);
      const { email: _e, password: _p, role: _r, ...rest } = customerSignup('x@example.test');
      const signup = await app.app.inject({
        method: 'POST',
        url: '/api/identity/signup',
        headers: { cookie: flow },
        payload: rest,
      });
      expect(signup.statusCode).toBe(201);
      session = sessionCookie(signup);
    } finally {
      provider.tamper = null;
    }
    const profile = await app.app.inject({
      method: 'GET',
      url: '/api/identity/profile',
      headers: { cookie: session },
    });
    expect(profile.statusCode).toBe(401);
    expect(profile.json().error).toEqual({
      code: 'missing_refresh_token',
      message: "Missing Refresh Token (audience: 'default', scope: 'openid profile email offline_access')",
    });
  });

  it('the provider profile needs a session that came from a provider', async () => {
    const anon = await app.app.inject({ method: 'GET', url: '/api/identity/profile' });
    expect(anon.statusCode).toBe(401);
    const own = await passwordSignup(customerSignup('own@example.test'));
    const profile = await app.app.inject({
      method: 'GET',
      url: '/api/identity/profile',
      headers: { cookie: sessionCookie(own) },
    });
    expect(profile.statusCode).toBe(404);
  });
});

/** A new customer signed up through the provider; gives our session and the refresh token the provider issued. */
async function signedUpCustomer(login: string) {
  provider.identities.set(login, { sub: login, email: login, orgId: ORG });
  let refreshToken: string | undefined;
  provider.tamper = (body) => {
    refreshToken = body.refresh_token as string;
    return body;
  };
  try {
    const { flow } = await signIn('customer', login);
    const { email: _e, password: _p, role: _r, ...rest } = customerSignup('x@example.test');
    const signup = await app.app.inject({
      method: 'POST',
      url: '/api/identity/signup',
      headers: { cookie: flow },
      payload: rest,
    });
    expect(signup.statusCode).toBe(201);
    expect(refreshToken).toBeTruthy();
    return { session: sessionCookie(signup), refreshToken: refreshToken! };
  } finally {
    provider.tamper = null;
  }
}

const meStatus = async (session: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session } })).statusCode;

describe('OIDC sign-in: refreshes the provider refuses end our session (issue 28)', () => {
  it('login_required at a refresh ends the Facet session and clears its cookie', async () => {
    const { session, refreshToken } = await signedUpCustomer('spent-refresh@example.test');
    expect(await meStatus(session)).toBe(200);
    // someone else spends the refresh token first: the provider (rotating) refuses ours afterwards
    const spent = await fetch(new URL('/token', provider.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: CUSTOMER_CLIENT.clientId,
        client_secret: CUSTOMER_CLIENT.clientSecret,
      }),
    });
    expect(spent.status).toBe(200);
    const profile = await app.app.inject({
      method: 'GET',
      url: '/api/identity/profile',
      headers: { cookie: session },
    });
    expect(profile.statusCode).toBe(401);
    expect(profile.json().error.code).toBe('login_required');
    const cleared = profile.cookies.find((c) => c.name === 'facet_session');
    expect(cleared?.value).toBe('');
    expect(await meStatus(session)).toBe(401);
  });

  it('a refresh answer whose ID token is refused ends the session at once, with a clear message', async () => {
    const { session } = await signedUpCustomer('refused-refresh@example.test');
    provider.tamper = async (body) => ({
      ...body,
      id_token: await provider.resign(body.id_token as string, (c) => ({ ...c, aud: 'someone-else' })),
    });
    let profile: LightMyRequestResponse;
    try {
      profile = await app.app.inject({
        method: 'GET',
        url: '/api/identity/profile',
        headers: { cookie: session },
      });
    } finally {
      provider.tamper = null;
    }
    expect(profile.statusCode).toBe(401);
    expect(profile.json().error).toEqual({
      code: 'invalid_id_token',
      message: `Your sign-in could not be renewed: Audience (aud) claim mismatch in the ID token; expected "${CUSTOMER_CLIENT.clientId}" but found "someone-else". Please sign in again.`,
    });
    // not a session left that can only ever answer login_required
    expect(await meStatus(session)).toBe(401);
  });
});

describe('OIDC sign-in: e-mail served only at userinfo (a conformant provider)', () => {
  const withoutEmail = async (body: Record<string, unknown>) => ({
    ...body,
    id_token: await provider.resign(body.id_token as string, ({ email: _e, email_verified: _v, ...c }) => c),
  });

  it('reads email and email_verified from userinfo when the ID token lacks them, and signs up', async () => {
    const login = 'userinfo-only@example.test';
    provider.identities.set(login, { sub: login, email: 'UserInfo.Only@example.test', orgId: ORG });
    provider.tamper = withoutEmail;
    try {
      const { flow, callback } = await signIn('customer', login);
      expect(callback.headers.location).toBe('/onboarding?identity=1&role=customer');
      expect(await pendingOf(flow)).toMatchObject({ stage: 'signup', email: 'userinfo.only@example.test' });
    } finally {
      provider.tamper = null;
    }
  });

  it('an e-mail userinfo says is unverified is still refused', async () => {
    const login = 'userinfo-unverified';
    provider.identities.set(login, {
      sub: login,
      email: 'userinfo.unverified@example.test',
      emailVerified: false,
      orgId: ORG,
    });
    provider.tamper = withoutEmail;
    try {
      const { callback } = await signIn('customer', login);
      expect(callback.headers.location).toBe('/identity/error?code=email_not_verified');
    } finally {
      provider.tamper = null;
    }
  });
});

describe('OIDC sign-in: max_age (IDENTITY_PRO_MAX_AGE)', () => {
  it('is sent in the authorization request of the tenant that sets it, only there', async () => {
    const pro = await app.app.inject({ method: 'GET', url: '/api/identity/login/designer' });
    expect(new URL(pro.headers.location as string).searchParams.get('max_age')).toBe('3600');
    const customer = await app.app.inject({ method: 'GET', url: '/api/identity/login/customer' });
    expect(new URL(customer.headers.location as string).searchParams.get('max_age')).toBeNull();
  });

  const cases = [
    {
      name: 'an authentication older than max_age',
      change: (c: Record<string, unknown>) => ({ ...c, auth_time: Math.floor(Date.now() / 1000) - 7200 }),
      message:
        /^Authentication Time \(auth_time\) claim in the ID token indicates that too much time has passed since the last end-user authentication. Current time \(.+Z\) is after last auth at .+Z$/,
    },
    {
      name: 'no auth_time',
      change: ({ auth_time: _a, ...c }: Record<string, unknown>) => c,
      message:
        /^Authentication Time \(auth_time\) claim must be a number present in the ID token when Max Age \(max_age\) is specified$/,
    },
  ];
  for (const rule of cases) {
    it(`${rule.name} is refused with the spec's text`, async () => {
      const login = `max-age-${rule.name.replace(/\W+/g, '-')}@example.test`;
      provider.tamper = async (body) => ({
        ...body,
        id_token: await provider.resign(body.id_token as string, rule.change),
      });
      try {
        const { flow, callback } = await signIn('designer', login);
        expect(callback.headers.location).toBe('/identity/error?code=invalid_id_token');
        expect((await pendingOf(flow)).error.message).toMatch(rule.message);
      } finally {
        provider.tamper = null;
      }
    });
  }

  it('a recent authentication passes', async () => {
    const { callback } = await signIn('designer', 'max-age-fresh@example.test');
    expect(callback.headers.location).toBe('/onboarding?identity=1&role=designer');
  });
});

describe('OIDC sign-in: the link step checks the portal before the password', () => {
  it('a designer account met on the customer page is told where to sign in, before any password', async () => {
    const created = await passwordSignup(designerSignup('dora.designer@example.test'));
    expect(created.statusCode).toBe(201);
    provider.identities.set('dora', { sub: 'dora', email: 'dora.designer@example.test', orgId: ORG });
    const { flow, callback } = await signIn('customer', 'dora');
    expect(callback.headers.location).toBe('/identity/link');
    const wrong = await app.app.inject({
      method: 'POST',
      url: '/api/identity/link',
      headers: { cookie: flow },
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('wrong_portal');
    const [none] = await app.ctx.db.select().from(identityLinks).where(eq(identityLinks.subject, 'dora'));
    expect(none).toBeUndefined();
  });
});
