import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  loginInputSchema,
  PORTFOLIO_MAX_FILE_BYTES,
  PORTFOLIO_MAX_FILES,
} from '@facet/domain/rules';
import { replies } from '../../platform/openapi';
import { AppError } from '../../platform/errors';
import { errorReply, meSchema, userReply } from './accounts.schemas';
import { SESSION_COOKIE } from './sessions';
import type { UploadedFile } from './signup.service';
import { assertSafeInput } from '../../platform/input-guard';
import { bytesOf, readUpload } from '../../platform/files/upload';

const tooLarge = () => {
  const message = accountMessages.portfolioFileTooLarge;
  return new AppError('file_too_large', message, 413, { portfolioImages: message });
};

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.ctx.config.cookieSecure,
    expires: session.expiresAt,
  });
}

/** The sign-up wizard's payload: JSON, or multipart with `data` and `portfolioImages` files. */
export async function readSignupBody(request: FastifyRequest) {
  let body: unknown = request.body;
  const portfolio: UploadedFile[] = [];
  if (request.isMultipart()) {
    const names = new Set<string>();
    // a file whose name came already is skipped unread (room is left for such duplicates); the first
    // file over the limit is refused before it is read
    const { files, fields } = await readUpload(request, {
      field: 'portfolioImages',
      max: PORTFOLIO_MAX_FILES * 2,
      maxBytes: PORTFOLIO_MAX_FILE_BYTES,
      tooMany: () => new AppError('too_many_files', 'Too many files in one request.', 413),
      receive: async (file): Promise<UploadedFile | null> => {
        if (names.has(file.name)) {
          file.stream.resume();
          return null;
        }
        names.add(file.name);
        if (names.size > PORTFOLIO_MAX_FILES) {
          file.stream.resume();
          const message = accountMessages.portfolioTooManyFiles;
          throw new AppError('validation_failed', message, 400, { portfolioImages: message });
        }
        return { name: file.name, bytes: await bytesOf(file.stream, PORTFOLIO_MAX_FILE_BYTES, tooLarge) };
      },
    });
    portfolio.push(...files.filter((f): f is UploadedFile => f !== null));
    body = undefined;
    if (fields.data !== undefined) {
      try {
        body = JSON.parse(fields.data);
      } catch {
        throw new AppError('invalid_json', 'The sign-up data is not valid JSON.', 400);
      }
      assertSafeInput(body);
    }
  }
  return { body, portfolio };
}

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
