import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { requireUser } from '../../platform/auth';
import { errorReply, userReply } from '../accounts/accounts.contract';
import { readSignupBody, SESSION_COOKIE, setSessionCookie } from '../accounts/auth.contract';
import { IDENTITY_PORTALS, IdentityError } from './identity.service';

/** The browser's handle on one sign-in through a provider (the row keeps the rest). */
export const IDENTITY_COOKIE = 'facet_identity';

const redirectReply = z.null().meta({ description: 'Redirect (Location header)' });
const providerSchema = z.object({ name: z.string() }).nullable();
const pendingSchema = z.object({
  pending: z
    .object({
      stage: z.enum(['signup', 'link', 'error']),
      portal: z.enum(['customer', 'designer', 'service']),
      provider: z.string(),
      email: z.string().nullable(),
      name: z.string().nullable(),
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    })
    .nullable(),
});

/** The web's page for an identity error; the flow keeps the message, the code says which when there is no flow. */
const errorPage = (code: string) => `/identity/error?code=${encodeURIComponent(code)}`;

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, config } = app.ctx;

  const setFlowCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(IDENTITY_COOKIE, token, {
      path: '/',
      httpOnly: true,
      // the provider sends the browser back with a top-level GET: lax cookies come along
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: 30 * 60,
    });
  const clearFlowCookie = (reply: FastifyReply) => reply.clearCookie(IDENTITY_COOKIE, { path: '/' });
  const flowToken = (request: FastifyRequest) => request.cookies[IDENTITY_COOKIE];

  app.get(
    '/api/identity/providers',
    {
      schema: {
        tags: ['identity'],
        summary: 'Which sign-in providers are set up (customers; designers and service providers)',
        response: replies({ 200: z.object({ customer: providerSchema, professional: providerSchema }) }),
      },
    },
    async () => identity.providers(),
  );

  app.get(
    '/api/identity/login/:portal',
    {
      schema: {
        tags: ['identity'],
        summary:
          "Start a sign-in at the portal's provider: redirect to its authorize page (PKCE, state, nonce)",
        params: z.object({ portal: z.enum(IDENTITY_PORTALS) }),
        response: { 302: redirectReply, ...replies({}) },
      },
    },
    async (request, reply) => {
      try {
        const { flowToken: token, url } = await identity.start(request.params.portal);
        setFlowCookie(reply, token);
        return reply.redirect(url, 302);
      } catch (error) {
        if (error instanceof IdentityError) return reply.redirect(errorPage(error.code), 302);
        throw error;
      }
    },
  );

  app.get(
    '/api/identity/callback/:tenant',
    {
      schema: {
        tags: ['identity'],
        summary:
          "The provider's answer: checks state and every ID-token rule, then a session, sign-up or linking",
        params: z.object({ tenant: z.enum(['customer', 'professional']) }),
        querystring: z
          .object({
            code: z.string().max(4096),
            state: z.string().max(4096),
            iss: z.string().max(2048),
            error: z.string().max(200),
            error_description: z.string().max(2048),
            session_state: z.string().max(2048),
          })
          .partial(),
        response: { 302: redirectReply, ...replies({}) },
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(
        Object.entries(request.query).filter((e): e is [string, string] => e[1] !== undefined),
      );
      try {
        const outcome = await identity.callback(
          request.params.tenant,
          flowToken(request),
          query,
          request.headers['user-agent'],
        );
        if (outcome.kind === 'session') {
          const old = request.cookies[SESSION_COOKIE];
          if (old) await app.ctx.sessions.revoke(old);
          setSessionCookie(request, reply, outcome.session);
          clearFlowCookie(reply);
        }
        return reply.redirect(outcome.redirectTo, 302);
      } catch (error) {
        if (!(error instanceof IdentityError)) throw error;
        request.log.info({ code: error.code, reason: error.message }, 'identity sign-in refused');
        // login_required: the provider's session is over, so is ours (spec section 8)
        if (error.code === 'login_required') {
          const old = request.cookies[SESSION_COOKIE];
          if (old) await app.ctx.sessions.revoke(old);
          reply.clearCookie(SESSION_COOKIE, { path: '/' });
        }
        return reply.redirect(errorPage(error.code), 302);
      }
    },
  );

  app.get(
    '/api/identity/pending',
    {
      schema: {
        tags: ['identity'],
        summary: 'The sign-in under way in this browser: sign-up or linking to do, or the error to show',
        response: replies({ 200: pendingSchema }),
      },
    },
    async (request) => {
      return { pending: await identity.pending(flowToken(request)) };
    },
  );

  app.post(
    '/api/identity/signup',
    {
      schema: {
        tags: ['identity'],
        summary:
          "Finish a provider's first sign-in with the sign-up wizard (its e-mail and the tenant's role); JSON or multipart",
        response: replies({ 201: userReply, 400: errorReply, 409: errorReply }),
      },
      config: { rateLimit: { max: config.signupRateLimit, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { body, portfolio } = await readSignupBody(request);
      const { session, me } = await identity.signup(
        flowToken(request),
        body,
        portfolio,
        request.headers['user-agent'],
      );
      const old = request.cookies[SESSION_COOKIE];
      if (old) await app.ctx.sessions.revoke(old);
      setSessionCookie(request, reply, session);
      clearFlowCookie(reply);
      return reply.status(201).send({ user: me });
    },
  );

  app.post(
    '/api/identity/link',
    {
      schema: {
        tags: ['identity'],
        summary:
          "Link a provider's first sign-in to the account with the same verified e-mail (password check)",
        body: z.object({ password: z.string().min(1, { message: 'Password is required' }).max(200) }),
        response: replies({
          200: userReply.extend({ redirectTo: z.string() }),
          401: errorReply,
          403: errorReply,
        }),
      },
      config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { session, me, redirectTo } = await identity.link(
        flowToken(request),
        request.body.password,
        request.headers['user-agent'],
      );
      const old = request.cookies[SESSION_COOKIE];
      if (old) await app.ctx.sessions.revoke(old);
      setSessionCookie(request, reply, session);
      clearFlowCookie(reply);
      return { user: me, redirectTo };
    },
  );

  app.post(
    '/api/identity/logout',
    {
      schema: {
        tags: ['identity'],
        summary: "End this session, and give the provider's logout address when it came from a provider",
        response: replies({ 200: z.object({ redirectTo: z.string().nullable() }) }),
      },
    },
    async (request, reply) => {
      const redirectTo = await identity.logout(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { redirectTo };
    },
  );

  app.get(
    '/api/identity/profile',
    {
      schema: {
        tags: ['identity'],
        summary: "The provider's profile of the signed-in person (its access token, refreshed when due)",
        response: replies({
          200: z.object({
            provider: z.string(),
            subject: z.string(),
            email: z.string().nullable(),
            name: z.string().nullable(),
            refreshed: z.boolean(),
          }),
        }),
      },
    },
    async (request, reply) => {
      requireUser(request);
      try {
        return await identity.providerProfile(request.sessionToken!);
      } catch (error) {
        // login_required (or a refused renewal) ended our session: the browser forgets its cookie too
        if (error instanceof IdentityError && error.sessionEnded) {
          reply.clearCookie(SESSION_COOKIE, { path: '/' });
        }
        throw error;
      }
    },
  );
};
