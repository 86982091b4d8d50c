import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInputSchema } from '@facet/domain/rules';
import { replies } from '../../platform/openapi';
import { errorReply, meSchema, userReply } from './accounts.contract';
import { readSignupBody, SESSION_COOKIE, setSessionCookie } from './auth.contract';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  // The web asks this at start: being signed out is an answer (200, user null), not an error in the console.
  app.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account, or null when signed out',
        response: replies({ 200: z.object({ user: meSchema.nullable() }) }),
      },
    },
    async (request) => ({ user: request.account ? await app.ctx.accounts.toMe(request.account) : null }),
  );

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign up (the wizard payload with role); JSON, or multipart with `data` and `portfolioImages` files',
        response: replies({ 201: userReply, 400: errorReply, 409: errorReply, 429: errorReply }),
      },
      config: { rateLimit: { max: config.signupRateLimit, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { body, portfolio } = await readSignupBody(request);
      const { session, me } = await app.ctx.signup.signup(body, portfolio, request.headers['user-agent']);
      // as at login: a session the browser already had ends, the new account gets its own
      const oldToken = request.sessionToken ?? request.cookies[SESSION_COOKIE];
      if (oldToken) await app.ctx.sessions.revoke(oldToken);
      setSessionCookie(request, reply, session);
      return reply.status(201).send({ user: me });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in on a portal: a customer, designer, service or staff account only on its own',
        // the login form's own rules (required email in a valid format, a password), plus the portal
        body: loginInputSchema,
        response: replies({ 200: userReply, 401: errorReply, 403: errorReply, 429: errorReply }),
      },
      // per address here (the address TRUST_PROXY lets us believe); per account in the accounts service
      config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { session, me } = await app.ctx.accounts.login({
        ...request.body,
        userAgent: request.headers['user-agent'],
        oldToken: request.sessionToken ?? request.cookies[SESSION_COOKIE] ?? null,
      });
      setSessionCookie(request, reply, session);
      return { user: me };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session on the server',
        response: replies({ 204: z.null() }),
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await app.ctx.sessions.revoke(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
};
