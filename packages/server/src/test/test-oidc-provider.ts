import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import Provider from 'oidc-provider';

/** A person known to the test provider (any other login name signs in as `{login}` with a verified e-mail). */
export interface TestIdentity {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  orgId?: string;
  orgName?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

/** Changes the token endpoint's JSON answer (a test re-signs or drops tokens with it); null: as issued. */
export type TokenTamper = (
  body: Record<string, unknown>,
) => Promise<Record<string, unknown>> | Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  identities: Map<string, TestIdentity>;
  /** Set to change the next token answers; reset to null after. */
  tamper: TokenTamper | null;
  /** An ID token's claims re-signed with the provider's own RS256 key, or with HS256 (the client secret). */
  resign(
    idToken: string,
    change: (claims: Record<string, unknown>) => Record<string, unknown>,
    options?: { alg?: 'RS256' | 'HS256'; secret?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (npm `oidc-provider`) on 127.0.0.1 for tests and the browser journeys: its own
 * login and consent pages (any login, any password), authorization code with PKCE, refresh tokens that
 * rotate, RP-initiated logout, and the `audience` and `organization` parameters accepted.
 */
export async function startTestProvider(options: {
  clients: TestClient[];
  identities?: TestIdentity[];
  /** Access-token lifetime in seconds (short ones make every call refresh). */
  accessTokenTtl?: number;
  port?: number;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-rs256', alg: 'RS256', use: 'sig' };
  const identities = new Map((options.identities ?? []).map((i) => [i.sub, i]));

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['facet-test-provider-cookie-key'] },
    claims: {
      openid: ['sub', 'org_id', 'org_name'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // every claim of the granted scopes goes into the ID token, as Auth0 does
    conformIdTokenClaims: false,
    extraParams: ['audience', 'organization'],
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    rotateRefreshToken: true,
    ttl: { AccessToken: options.accessTokenTtl ?? 3600 },
    async findAccount(_ctx, id) {
      const known = identities.get(id);
      const person: TestIdentity = known ?? { sub: id, email: id.includes('@') ? id : undefined };
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: person.email,
            email_verified: person.email ? (person.emailVerified ?? true) : undefined,
            name: person.name ?? (person.email ? person.email.split('@')[0] : id),
            ...(person.orgId ? { org_id: person.orgId } : {}),
            ...(person.orgName ? { org_name: person.orgName } : {}),
          };
        },
      };
    },
  });

  const handle: TestProvider = {
    issuer,
    identities,
    tamper: null,
    async resign(idToken, change, opts = {}) {
      const claims = change({ ...decodeJwt(idToken) });
      const alg = opts.alg ?? 'RS256';
      const header = alg === 'RS256' ? { alg, kid: decodeProtectedHeader(idToken).kid ?? jwk.kid } : { alg };
      const key: CryptoKey | Uint8Array =
        alg === 'RS256' ? privateKey : new TextEncoder().encode(opts.secret ?? '');
      return new SignJWT(claims).setProtectedHeader(header).sign(key);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  provider.use(async (ctx, next) => {
    await next();
    if (
      handle.tamper &&
      ctx.path === '/token' &&
      ctx.status === 200 &&
      ctx.body &&
      typeof ctx.body === 'object'
    ) {
      ctx.body = await handle.tamper(ctx.body as Record<string, unknown>);
    }
  });
  server.on('request', provider.callback());
  return handle;
}

/**
 * Drives the provider's own login and consent pages as a browser would (cookies kept), from the authorize
 * address to the redirect back to us; gives that redirect's URL.
 */
export async function signInAtProvider(authorizeUrl: string, login: string, until: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  };
  let url = new URL(authorizeUrl);
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    keep(response);
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url);
      if (next.toString().startsWith(until)) return next;
      url = next;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200)
      throw new Error(`provider answered ${response.status}: ${page.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    const action = /action="([^"]+)"/.exec(page)?.[1];
    if (!prompt || !action) throw new Error(`unexpected provider page: ${page.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any-password');
    }
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    keep(posted);
    if (posted.status < 300 || posted.status >= 400) {
      throw new Error(`provider form answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
    }
    url = new URL(posted.headers.get('location')!, url);
    if (url.toString().startsWith(until)) return url;
  }
  throw new Error('too many redirects at the provider');
}
