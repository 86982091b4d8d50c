import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { WebhookRefused } from '../../platform/payments/gateway';
import { replies } from '../../platform/openapi';

/** The gateway's events: the signature is checked on the raw body, then each event is applied once. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments, gateway, metrics } = app.ctx;
  // the signature covers the bytes as sent: keep the body as text here
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/webhooks/payments',
    {
      schema: {
        tags: ['payments'],
        summary: "The gateway's signed events (Stripe-style `t=…,v1=…` signature), each applied once",
        body: z.string().max(1024 * 1024),
        response: replies({ 200: z.object({ received: z.boolean(), applied: z.boolean() }) }),
      },
    },
    async (request) => {
      const signature = request.headers[gateway.signatureHeader];
      let event;
      try {
        event = await gateway.parseWebhook(
          request.body,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof WebhookRefused) {
          metrics.payments.webhookRefused();
          throw new AppError('invalid_signature', 'The webhook signature is missing or wrong.', 400);
        }
        throw error;
      }
      const { applied } = await payments.applyEvent(event);
      return { received: true, applied };
    },
  );
};
