import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, lt } from 'drizzle-orm';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { IdentityConfig, IdentityTenantConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isBlocked } from '../../platform/auth';
import { type AccountsService, normaliseEmail, wrongPortalMessage } from '../accounts/accounts.service';
import type { UserRow } from '../accounts/accounts.reads';
import type { AuthThrottle } from '../accounts/accounts.service';
import { sessionRowId } from '../accounts/auth.contract';
import type { SessionStore } from '../accounts/sessions.service';
import type { SignupService, UploadedFile } from '../accounts/signup.service';
import { IdTokenError, verifyIdToken } from './id-token';
import { tokenSeal } from './token-seal';
import { identityFlows, identityLinks, identitySessions } from './identity.tables';

export type IdentityTenant = 'customer' | 'professional';
export type IdentityPortal = 'customer' | 'designer' | 'service';

export const IDENTITY_PORTALS: readonly IdentityPortal[] = ['customer', 'designer', 'service'];
/** Spec section 7: scope 'openid profile email' plus offline_access. */
export const IDENTITY_SCOPE = 'openid profile email offline_access';
/** How long a sign-in may take from the redirect to the end of sign-up or linking. */
const FLOW_TTL_MS = 30 * 60_000;
/** A cached access token is renewed this long before it expires (spec section 9: 60 s). */
const EXPIRY_MARGIN_S = 60;

export const tenantOf = (portal: IdentityPortal): IdentityTenant =>
  portal === 'customer' ? 'customer' : 'professional';

/** An identity error of spec section 8: the web's error page shows the message; never retried by itself. */
export class IdentityError extends AppError {
  constructor(
    code: string,
    message: string,
    status = 400,
    /** Our session was ended because of it: the route clears the session cookie too. */
    readonly sessionEnded = false,
  ) {
    super(code, message, status);
  }
}

export const invalidState = () => new IdentityError('invalid_state', 'Invalid state');

interface StoredTokens {
  idToken?: string;
  accessToken?: string;
  /** Epoch seconds. */
  accessExpiresAt?: number;
  refreshToken?: string;
  scope?: string;
}

/** Where an account lands after sign-in (as the web's homePathFor): pending, blocked, pros, the rest. */
export function homePathOf(user: Pick<UserRow, 'role' | 'status' | 'isInactive'>): string {
  if (user.role !== 'customer' && user.role !== 'staff' && user.status === 'pending') return '/pending';
  if (isBlocked(user)) return '/no-access';
  if (user.role === 'designer' || user.role === 'service') return '/projects';
  return '/dashboard';
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

const isNetworkFailure = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const name = (e as { name?: string }).name;
    const code = (e as { code?: string }).code;
    if (name === 'TimeoutError' || name === 'AbortError') return true;
    if (code && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|UND_ERR_)/.test(code)) return true;
    if (e instanceof TypeError && /fetch failed/.test(e.message)) return true;
  }
  return false;
};

const findInChain = <T>(error: unknown, type: new (...args: never[]) => T): T | undefined => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if (e instanceof type) return e;
  return undefined;
};

/**
 * Federated sign-in (OpenID Connect, authorization code with PKCE) against a customer tenant and a
 * professional tenant. Our own session cookie follows; the provider's tokens stay on the server, encrypted.
 */
export function identityService(deps: {
  db: Db;
  config: IdentityConfig;
  publicUrl: string;
  sessions: SessionStore;
  accounts: AccountsService;
  signup: SignupService;
  throttle: AuthThrottle;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}) {
  const { config } = deps;
  const sealer = tokenSeal(config.tokenKey);
  const seal = (tokens: StoredTokens) => sealer.seal(tokens);
  const open = (sealed: string | null) => sealer.open<StoredTokens>(sealed);

  const tenantConfig = (tenant: IdentityTenant): IdentityTenantConfig | null => config[tenant];
  const requireTenant = (tenant: IdentityTenant) => {
    const t = tenantConfig(tenant);
    if (!t) throw new AppError('not_found', 'Sign-in with a provider is not set up here.', 404);
    return t;
  };
  const redirectUri = (tenant: IdentityTenant) =>
    new URL(`/api/identity/callback/${tenant}`, deps.publicUrl).toString();

  /** Up to `retries` more tries when the provider cannot be reached or does not answer in time. */
  async function withRetries<T>(what: string, run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        if (attempt >= config.retries) {
          deps.log.warn({ err: error, what }, 'identity provider unreachable');
          throw new IdentityError(
            'timeout',
            'The sign-in provider did not answer in time. Please try again in a moment.',
            504,
          );
        }
      }
    }
  }

  const insecure = (issuer: string) => {
    const u = new URL(issuer);
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  };

  const discovered = new Map<
    IdentityTenant,
    Promise<{ client: oidc.Configuration; keys: JWTVerifyGetKey }>
  >();
  function provider(tenant: IdentityTenant) {
    const t = requireTenant(tenant);
    let entry = discovered.get(tenant);
    if (!entry) {
      entry = withRetries('discovery', () =>
        oidc.discovery(
          new URL(t.issuer),
          t.clientId,
          { id_token_signed_response_alg: 'RS256', [oidc.clockTolerance]: config.leewaySeconds },
          oidc.ClientSecretPost(t.clientSecret),
          {
            timeout: Math.ceil(config.timeoutMs / 1000),
            execute: insecure(t.issuer) ? [oidc.allowInsecureRequests] : [],
          },
        ),
      ).then((client) => {
        client.timeout = Math.ceil(config.timeoutMs / 1000);
        const jwksUri = client.serverMetadata().jwks_uri;
        if (!jwksUri) throw new Error(`${t.issuer} publishes no jwks_uri`);
        const keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: config.timeoutMs });
        return { client, keys };
      });
      entry.catch(() => discovered.delete(tenant));
      discovered.set(tenant, entry);
    }
    return entry;
  }

  /** A copy of the tenant's client whose token responses pass our ID-token rules before anything else. */
  async function checkedClient(tenant: IdentityTenant, expect: { nonce?: string; maxAge?: number }) {
    const t = requireTenant(tenant);
    const { client, keys } = await provider(tenant);
    const metadata = client.serverMetadata();
    const copy = new oidc.Configuration(
      metadata,
      t.clientId,
      { id_token_signed_response_alg: 'RS256', [oidc.clockTolerance]: config.leewaySeconds },
      oidc.ClientSecretPost(t.clientSecret),
    );
    if (insecure(t.issuer)) oidc.allowInsecureRequests(copy);
    copy.timeout = Math.ceil(config.timeoutMs / 1000);
    copy[oidc.customFetch] = async (url, options) => {
      const response = await fetch(url, options as RequestInit);
      if (url === metadata.token_endpoint && response.ok) {
        const body = (await response.clone().json()) as { id_token?: string };
        if (body.id_token) {
          await verifyIdToken(
            body.id_token,
            {
              issuer: metadata.issuer,
              clientId: t.clientId,
              nonce: expect.nonce,
              maxAge: expect.maxAge,
              organization: t.organization,
              leeway: config.leewaySeconds,
            },
            keys,
          );
        }
      }
      return response;
    };
    return copy;
  }

  const toStored = (tokens: oidc.TokenEndpointResponse, previous: StoredTokens = {}): StoredTokens => ({
    idToken: tokens.id_token ?? previous.idToken,
    accessToken: tokens.access_token,
    accessExpiresAt:
      tokens.expires_in !== undefined ? Math.floor(Date.now() / 1000) + Number(tokens.expires_in) : undefined,
    // a provider that rotates sends a new one; one that does not keeps the old valid
    refreshToken: tokens.refresh_token ?? previous.refreshToken,
    scope: tokens.scope ?? previous.scope,
  });

  async function flowOf(flowToken: string | undefined) {
    if (!flowToken) return undefined;
    const [row] = await deps.db
      .select()
      .from(identityFlows)
      .where(eq(identityFlows.id, digest(flowToken)))
      .limit(1);
    if (!row || row.expiresAt < new Date()) return undefined;
    return row;
  }

  async function failFlow(flowId: string, code: string, message: string) {
    await deps.db
      .update(identityFlows)
      .set({ stage: 'error', errorCode: code, errorMessage: message, tokens: null })
      .where(eq(identityFlows.id, flowId));
  }

  /** Our session for a linked account, with the provider's tokens kept beside it. */
  async function openSession(user: UserRow, linkId: string, tokens: StoredTokens, userAgent?: string) {
    const session = await deps.sessions.create(user.id, userAgent);
    await deps.db
      .insert(identitySessions)
      .values({ sessionId: sessionRowId(session.token), linkId, tokens: await seal(tokens) });
    const current = user.firstTimeLogin
      ? ((await deps.accounts.queries.updateUser(user.id, { firstTimeLogin: false })) ?? user)
      : user;
    return { session, user: current, me: await deps.accounts.toMe(current) };
  }

  function checkPortal(user: UserRow, portal: IdentityPortal) {
    if (user.role !== portal) {
      throw new IdentityError('wrong_portal', wrongPortalMessage(portal, user.role), 403);
    }
  }

  async function linkAccount(user: UserRow, flow: typeof identityFlows.$inferSelect) {
    const [link] = await deps.db
      .insert(identityLinks)
      .values({
        userId: user.id,
        tenant: flow.tenant,
        issuer: flow.issuer!,
        subject: flow.subject!,
        email: flow.email!,
      })
      .returning();
    return link!;
  }

  return {
    IDENTITY_SCOPE,

    /** Which tenants are set up, with the name the login page shows. */
    providers() {
      return {
        customer: config.customer ? { name: config.customer.name } : null,
        professional: config.professional ? { name: config.professional.name } : null,
      };
    },

    /** Starts a sign-in: a flow row (state, nonce, PKCE verifier) and the provider's authorize URL. */
    async start(portal: IdentityPortal) {
      const tenant = tenantOf(portal);
      const t = requireTenant(tenant);
      const { client } = await provider(tenant);
      await deps.db.delete(identityFlows).where(lt(identityFlows.expiresAt, new Date()));
      const flowToken = randomBytes(32).toString('base64url');
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await deps.db.insert(identityFlows).values({
        id: digest(flowToken),
        tenant,
        portal,
        stage: 'authorize',
        state,
        nonce,
        codeVerifier,
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      });
      const params: Record<string, string> = {
        redirect_uri: redirectUri(tenant),
        scope: IDENTITY_SCOPE,
        response_type: 'code',
        response_mode: 'query',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        // OpenID Connect asks for consent when offline_access (a refresh token) is requested
        prompt: 'consent',
      };
      if (t.audience) params.audience = t.audience;
      if (t.organization) params.organization = t.organization;
      // spec section 5: the ID token's auth_time must be no older than this (checked at the callback)
      if (t.maxAge !== undefined) params.max_age = String(t.maxAge);
      return { flowToken, url: oidc.buildAuthorizationUrl(client, params).toString() };
    },

    /**
     * The provider's answer. A known person gets a session; a new one goes on to sign-up or linking. Any
     * failure is kept on the flow for the error page, and thrown.
     */
    async callback(
      tenant: IdentityTenant,
      flowToken: string | undefined,
      query: URLSearchParams,
      userAgent?: string,
    ) {
      const flow = await flowOf(flowToken);
      // no transaction, or one for another tenant or already used: spec's missing_transaction
      if (!flow || flow.stage !== 'authorize' || flow.tenant !== tenant) throw invalidState();
      const fail = async (error: IdentityError) => {
        await failFlow(flow.id, error.code, error.message);
        return error;
      };
      const providerError = query.get('error');
      if (providerError) {
        const description = query.get('error_description');
        throw await fail(new IdentityError(providerError, description || providerError));
      }
      if (query.get('state') !== flow.state) throw await fail(invalidState());
      const t = requireTenant(tenant);

      let tokens: oidc.TokenEndpointResponse;
      let claims: Record<string, unknown>;
      try {
        const client = await checkedClient(tenant, { nonce: flow.nonce, maxAge: t.maxAge });
        const current = new URL(redirectUri(tenant));
        current.search = query.toString();
        const result = await withRetries('token', () =>
          oidc.authorizationCodeGrant(
            client,
            current,
            {
              pkceCodeVerifier: flow.codeVerifier,
              expectedState: flow.state,
              expectedNonce: flow.nonce,
              maxAge: t.maxAge,
              idTokenExpected: true,
            },
            t.audience ? { audience: t.audience } : undefined,
          ),
        );
        tokens = result;
        claims = (result.claims() ?? {}) as Record<string, unknown>;
        // a conformant provider puts the e-mail in the ID token only when asked by name: read it at userinfo
        if (
          (typeof claims.email !== 'string' || typeof claims.email_verified !== 'boolean') &&
          result.access_token
        ) {
          const info = await withRetries('userinfo', () =>
            oidc.fetchUserInfo(client, result.access_token, String(claims.sub)),
          );
          claims = {
            ...claims,
            email: typeof claims.email === 'string' ? claims.email : info.email,
            email_verified:
              typeof claims.email_verified === 'boolean' ? claims.email_verified : info.email_verified,
          };
          if (claims.name === undefined && typeof info.name === 'string') claims.name = info.name;
        }
      } catch (error) {
        const rule = findInChain(error, IdTokenError);
        if (rule) throw await fail(new IdentityError('invalid_id_token', rule.message));
        if (error instanceof IdentityError) throw await fail(error);
        if (error instanceof oidc.ResponseBodyError) {
          throw await fail(new IdentityError(error.error, error.error_description || error.error));
        }
        if (error instanceof oidc.AuthorizationResponseError) {
          throw await fail(new IdentityError(error.error, error.error_description || error.error));
        }
        deps.log.warn({ err: error }, 'identity callback failed');
        throw await fail(
          new IdentityError('provider_error', 'The sign-in provider sent an answer we could not use.', 502),
        );
      }

      const issuer = String(claims.iss);
      const subject = String(claims.sub);
      const stored = toStored(tokens);
      const [linked] = await deps.db
        .select()
        .from(identityLinks)
        .where(and(eq(identityLinks.issuer, issuer), eq(identityLinks.subject, subject)))
        .limit(1);
      if (linked) {
        const user = await deps.accounts.queries.findById(linked.userId);
        if (!user) throw await fail(new IdentityError('not_found', 'That account was not found.', 404));
        try {
          checkPortal(user, flow.portal);
        } catch (error) {
          throw await fail(error as IdentityError);
        }
        await deps.db.delete(identityFlows).where(eq(identityFlows.id, flow.id));
        const opened = await openSession(user, linked.id, stored, userAgent);
        return { kind: 'session' as const, ...opened, redirectTo: homePathOf(opened.user) };
      }

      const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : null;
      if (!email || claims.email_verified !== true) {
        throw await fail(
          new IdentityError(
            'email_not_verified',
            'Your provider did not confirm an e-mail address for you. Verify your e-mail there, then sign in again.',
          ),
        );
      }
      const existing = await deps.accounts.queries.findByEmail(email);
      const stage = existing ? ('link' as const) : ('signup' as const);
      await deps.db
        .update(identityFlows)
        .set({
          stage,
          issuer,
          subject,
          email,
          emailVerified: true,
          name: typeof claims.name === 'string' ? claims.name.slice(0, 200) : null,
          tokens: await seal(stored),
        })
        .where(eq(identityFlows.id, flow.id));
      return {
        kind: stage,
        redirectTo:
          stage === 'link'
            ? '/identity/link'
            : `/onboarding?identity=1&role=${encodeURIComponent(flow.portal)}`,
      };
    },

    /** What the web shows between the callback and a session: sign-up, linking, or the error. */
    async pending(flowToken: string | undefined) {
      const flow = await flowOf(flowToken);
      if (!flow || flow.stage === 'authorize') return null;
      return {
        stage: flow.stage,
        portal: flow.portal,
        provider: tenantConfig(flow.tenant)?.name ?? '',
        email: flow.email,
        name: flow.name,
        error: flow.stage === 'error' ? { code: flow.errorCode!, message: flow.errorMessage! } : null,
      };
    },

    /** First sign-in of a new person: the wizard's answers, with the provider's verified e-mail and the tenant's role. */
    async signup(
      flowToken: string | undefined,
      body: unknown,
      portfolio: UploadedFile[],
      userAgent?: string,
    ) {
      const flow = await flowOf(flowToken);
      if (!flow || flow.stage !== 'signup') throw invalidState();
      const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      // the account is signed into through the provider: its password is random and never told
      const password = `${randomBytes(24).toString('base64url')}aA1!`;
      const { session, me } = await deps.signup.signup(
        { ...input, role: flow.portal, email: flow.email, password },
        portfolio,
        userAgent,
      );
      const user = (await deps.accounts.queries.findById(me.id))!;
      const link = await linkAccount(user, flow);
      await deps.db.insert(identitySessions).values({
        sessionId: sessionRowId(session.token),
        linkId: link.id,
        tokens: await seal(await open(flow.tokens)),
      });
      await deps.db.delete(identityFlows).where(eq(identityFlows.id, flow.id));
      return { session, me };
    },

    /** First sign-in of a person who has an account with this e-mail: their password proves it is theirs. */
    async link(flowToken: string | undefined, password: string, userAgent?: string) {
      const flow = await flowOf(flowToken);
      if (!flow || flow.stage !== 'link') throw invalidState();
      const email = flow.email!;
      const user = await deps.accounts.queries.findByEmail(email);
      // the portal first: a password is never asked for (nor counted) on a page that would refuse the account
      if (user) checkPortal(user, flow.portal);
      await deps.throttle.check('login', email);
      const ok = user ? await argon2.verify(user.passwordHash, password).catch(() => false) : false;
      if (!user || !ok) {
        await deps.throttle.fail('login', email);
        throw new AppError('wrong_password', 'That password is not right for this account.', 401, {
          password: 'That password is not right for this account.',
        });
      }
      await deps.throttle.clear('login', email);
      const link = await linkAccount(user, flow);
      await deps.db.delete(identityFlows).where(eq(identityFlows.id, flow.id));
      const opened = await openSession(user, link.id, await open(flow.tokens), userAgent);
      return { session: opened.session, me: opened.me, redirectTo: homePathOf(opened.user) };
    },

    /** Ends our session; gives the provider's logout address when the session came from a provider. */
    async logout(sessionToken: string | undefined): Promise<string | null> {
      if (!sessionToken) return null;
      const [row] = await deps.db
        .select({ tokens: identitySessions.tokens, tenant: identityLinks.tenant })
        .from(identitySessions)
        .innerJoin(identityLinks, eq(identityLinks.id, identitySessions.linkId))
        .where(eq(identitySessions.sessionId, sessionRowId(sessionToken)))
        .limit(1);
      await deps.sessions.revoke(sessionToken);
      if (!row) return null;
      const t = tenantConfig(row.tenant);
      if (!t) return null;
      const returnTo = new URL('/', deps.publicUrl).toString();
      const tokens = await open(row.tokens);
      try {
        const { client } = await provider(row.tenant);
        if (client.serverMetadata().end_session_endpoint) {
          const params: Record<string, string> = {
            post_logout_redirect_uri: returnTo,
            client_id: t.clientId,
          };
          if (tokens.idToken) params.id_token_hint = tokens.idToken;
          return oidc.buildEndSessionUrl(client, params).toString();
        }
      } catch (error) {
        deps.log.warn({ err: error }, 'identity provider unreachable at logout');
      }
      // Auth0's own logout (spec section 7: GET v2/logout with client id and returnTo)
      const url = new URL('v2/logout', t.issuer.endsWith('/') ? t.issuer : `${t.issuer}/`);
      url.searchParams.set('client_id', t.clientId);
      url.searchParams.set('returnTo', returnTo);
      return url.toString();
    },

    /**
     * The provider's access token for a call made on the person's behalf: the cached one while it has more
     * than a minute left, else a new one from the refresh token (which the provider may rotate).
     */
    async accessToken(sessionToken: string) {
      const [row] = await deps.db
        .select({ tokens: identitySessions.tokens, tenant: identityLinks.tenant })
        .from(identitySessions)
        .innerJoin(identityLinks, eq(identityLinks.id, identitySessions.linkId))
        .where(eq(identitySessions.sessionId, sessionRowId(sessionToken)))
        .limit(1);
      if (!row) throw new AppError('not_found', 'This session did not come from a sign-in provider.', 404);
      const t = requireTenant(row.tenant);
      const tokens = await open(row.tokens);
      const now = Math.floor(Date.now() / 1000);
      if (tokens.accessToken && tokens.accessExpiresAt && tokens.accessExpiresAt - EXPIRY_MARGIN_S > now) {
        return { accessToken: tokens.accessToken, tenant: row.tenant, refreshed: false };
      }
      if (!tokens.refreshToken) {
        throw new IdentityError(
          'missing_refresh_token',
          `Missing Refresh Token (audience: '${t.audience ?? 'default'}', scope: '${IDENTITY_SCOPE}')`,
          401,
        );
      }
      const client = await checkedClient(row.tenant, {});
      let fresh: oidc.TokenEndpointResponse;
      try {
        fresh = await withRetries('refresh', () =>
          oidc.refreshTokenGrant(
            client,
            tokens.refreshToken!,
            t.audience ? { audience: t.audience } : undefined,
          ),
        );
      } catch (error) {
        // the provider could not be reached: nothing was used up, the session stays for a later try
        if (error instanceof IdentityError) throw error;
        // Any answer we refuse ends our session at once (decision 035, addendum): a provider that rotates has
        // already spent the refresh token we sent, and the answer's new one is not kept from a response we
        // did not trust, so no later refresh could succeed.
        await deps.sessions.revoke(sessionToken);
        const rule = findInChain(error, IdTokenError);
        if (rule) {
          throw new IdentityError(
            'invalid_id_token',
            `Your sign-in could not be renewed: ${rule.message}. Please sign in again.`,
            401,
            true,
          );
        }
        if (error instanceof oidc.ResponseBodyError) {
          // a refresh token the provider no longer honours: login_required ends our session (spec section 8)
          throw new IdentityError('login_required', error.error_description || error.error, 401, true);
        }
        deps.log.warn({ err: error }, 'identity refresh failed');
        throw new IdentityError(
          'login_required',
          'The sign-in provider sent an answer we could not use. Please sign in again.',
          401,
          true,
        );
      }
      const next = toStored(fresh, tokens);
      await deps.db
        .update(identitySessions)
        .set({ tokens: await seal(next), updatedAt: new Date() })
        .where(eq(identitySessions.sessionId, sessionRowId(sessionToken)));
      return { accessToken: next.accessToken!, tenant: row.tenant, refreshed: true };
    },

    /** The provider's own profile of the signed-in person (a call that needs the provider's token). */
    async providerProfile(sessionToken: string) {
      const { accessToken, tenant, refreshed } = await this.accessToken(sessionToken);
      const { client } = await provider(tenant);
      const info = await withRetries('userinfo', () =>
        oidc.fetchUserInfo(client, accessToken, oidc.skipSubjectCheck),
      );
      return {
        provider: requireTenant(tenant).name,
        subject: info.sub,
        email: typeof info.email === 'string' ? info.email : null,
        name: typeof info.name === 'string' ? info.name : null,
        refreshed,
      };
    },
  };
}

export type IdentityService = ReturnType<typeof identityService>;
