import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { htmlReply, replies } from '../openapi';
import { checkoutPage, confirmPage, connectPage, notFoundPage } from './sandbox-pages';
import type { PayOutcome, SandboxGateway } from './sandbox-gateway';

const tags = ['sandbox'];
const sessionParam = z.object({ sessionId: z.string().max(64) });
const field = z.coerce.string().max(32);
const payInput = z.object({ cardNumber: field, expMonth: field, expYear: field, cvc: field });
const accountParam = z.object({ accountId: z.string().max(64) });
const returnQuery = z.object({ return: z.string().max(2048).optional() });
const redirectReply = z.null().meta({ description: 'Redirect to the return URL (or the confirmation step)' });

interface SandboxPagesOptions {
  sandbox: SandboxGateway;
  publicUrl: string;
}

const isForm = (type: string | undefined) => Boolean(type?.startsWith('application/x-www-form-urlencoded'));

/** Only our own pages are return targets (no open redirect). */
function sameSite(origin: string, url: string | undefined) {
  try {
    return url && new URL(url, origin).origin === origin ? new URL(url, origin).toString() : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** Paid or sent on: a redirect; refused: 402 with the reason (the pay page again, for a form). */
function answer(outcome: PayOutcome, form: boolean, reply: FastifyReply) {
  if (outcome.kind !== 'refused') return reply.redirect(outcome.redirectTo, 303);
  if (!form) return reply.status(402).send({ error: { code: outcome.code, message: outcome.message } });
  return reply
    .status(402)
    .type('text/html; charset=utf-8')
    .send(checkoutPage(outcome.session, outcome.message));
}

/** The hosted pay page, paying on it, and the confirmation step some cards ask for. */
const checkoutPagesRoutes: FastifyPluginAsyncZod<SandboxPagesOptions> = async (app, { sandbox }) => {
  app.get(
    '/sandbox/checkout/:sessionId',
    {
      schema: {
        hide: true,
        tags,
        summary: 'The hosted pay page',
        params: sessionParam,
        response: { 200: htmlReply('Pay page'), 404: htmlReply('Unknown checkout') },
      },
    },
    async (request, reply) => {
      const session = await sandbox.session(request.params.sessionId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!session) return reply.status(404).send(notFoundPage('This checkout does not exist.'));
      return reply.send(checkoutPage(session));
    },
  );

  app.post(
    '/sandbox/checkout/:sessionId/pay',
    {
      schema: {
        hide: true,
        tags,
        summary:
          'Pay on the hosted page (JSON or a form): a redirect to the return URL once paid, 402 with the reason when the card is refused',
        params: sessionParam,
        body: payInput,
        response: { 303: redirectReply, ...replies({ 402: htmlReply('The pay page with the reason') }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const outcome = await sandbox.pay(request.params.sessionId, {
        cardNumber: body.cardNumber,
        expMonth: Number.parseInt(body.expMonth, 10),
        expYear: Number.parseInt(body.expYear, 10),
        cvc: body.cvc,
      });
      if (!outcome) {
        return reply
          .status(404)
          .send({ error: { code: 'not_found', message: 'This checkout does not exist.' } });
      }
      return answer(outcome, isForm(request.headers['content-type']), reply as unknown as FastifyReply);
    },
  );

  app.get(
    '/sandbox/checkout/:sessionId/confirm',
    {
      schema: {
        hide: true,
        tags,
        summary: 'The confirmation step some cards ask for',
        params: sessionParam,
        response: { 200: htmlReply('Confirmation page'), 404: htmlReply('Unknown checkout') },
      },
    },
    async (request, reply) => {
      const session = await sandbox.session(request.params.sessionId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!session) return reply.status(404).send(notFoundPage('This checkout does not exist.'));
      if (session.status !== 'awaiting_confirmation') return reply.send(checkoutPage(session));
      return reply.send(confirmPage(session));
    },
  );

  app.post(
    '/sandbox/checkout/:sessionId/confirm',
    {
      schema: {
        hide: true,
        tags,
        summary: 'Complete or fail the confirmation step',
        params: sessionParam,
        body: z.object({ outcome: z.enum(['complete', 'fail']) }),
        response: { 303: redirectReply, ...replies({ 402: htmlReply('The pay page with the reason') }) },
      },
    },
    async (request, reply) => {
      const outcome = await sandbox.confirm(request.params.sessionId, request.body.outcome);
      if (!outcome) {
        return reply
          .status(404)
          .send({ error: { code: 'not_found', message: 'This checkout does not exist.' } });
      }
      return answer(outcome, isForm(request.headers['content-type']), reply as unknown as FastifyReply);
    },
  );
};

/** Payout account onboarding. */
const connectPagesRoutes: FastifyPluginAsyncZod<SandboxPagesOptions> = async (
  app,
  { sandbox, publicUrl },
) => {
  const origin = new URL(publicUrl).origin;
  app.get(
    '/sandbox/connect/:accountId',
    {
      schema: {
        hide: true,
        tags,
        summary: 'Payout account onboarding',
        params: accountParam,
        querystring: returnQuery,
        response: { 200: htmlReply('Onboarding page'), 404: htmlReply('Unknown account') },
      },
    },
    async (request, reply) => {
      const account = await sandbox.account(request.params.accountId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!account) return reply.status(404).send(notFoundPage('This payout account does not exist.'));
      return reply.send(connectPage(account, sameSite(origin, request.query.return)));
    },
  );

  app.post(
    '/sandbox/connect/:accountId',
    {
      schema: {
        hide: true,
        tags,
        summary: 'Finish payout account onboarding (payouts on), back to the return URL',
        params: accountParam,
        querystring: returnQuery,
        body: z.record(z.string(), z.string().max(200)).optional(),
        response: { 303: redirectReply, ...replies({}) },
      },
    },
    async (request, reply) => {
      const account = await sandbox.completeOnboarding(request.params.accountId);
      if (!account) {
        return reply
          .status(404)
          .send({ error: { code: 'not_found', message: 'This payout account does not exist.' } });
      }
      return reply.redirect(sameSite(origin, request.query.return), 303);
    },
  );
};

/**
 * The sandbox gateway's hosted pages (embedded default only): anyone with the link may open them. They
 * are the gateway's pages, not our API (in Stripe mode they are stripe.com's), so the OpenAPI document
 * leaves them out; docs/api-map.md lists them.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxPagesOptions> = async (app, options) => {
  // the hosted pages post plain HTML forms
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // the pages post forms to themselves: with the app's no-referrer policy the browser would send
  // `Origin: null`, which the same-origin check refuses; on their own pages the origin may be told
  app.addHook('onSend', async (_request, reply) => {
    reply.header('referrer-policy', 'same-origin');
  });
  await app.register(checkoutPagesRoutes, options);
  await app.register(connectPagesRoutes, options);
};
