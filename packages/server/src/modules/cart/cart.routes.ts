import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth';
import { errorReply, noContent, replies } from '../../platform/openapi';
import { idempotencyHeaders } from '../payments/payments.contract';
import { checkoutBody } from './checkout.service';
import {
  addItemBody,
  cartCheckoutReply,
  cartLineReply,
  cartReply,
  itemParams,
  patchItemBody,
} from './cart.replies';

const tags = ['cart'];
const errors = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
  422: errorReply,
};

/** The customer's cart and its checkout (customers only; another customer's line is not found). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart, checkout } = app.ctx;

  app.get(
    '/api/cart',
    {
      schema: {
        tags,
        summary:
          'My cart: lines priced by the server (expired price locks re-quoted, changes flagged), subtotal, shipping estimate, total, shipping methods with their promised dates',
        response: replies({ 200: cartReply, 401: errorReply, 403: errorReply }),
      },
    },
    async (request) => cart.view(requireRole(request, 'customer')),
  );

  app.post(
    '/api/cart/items',
    {
      schema: {
        tags,
        summary:
          'Add a model of mine (or a library design) with my choices and a quantity; the server prices it and holds the price for 7 days',
        body: addItemBody,
        response: replies({ 201: cartLineReply, ...errors }),
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'customer');
      const { modelId, libraryProductId, choices, quantity } = request.body;
      const line = modelId
        ? await cart.add(user, { modelId, choices, quantity })
        : await cart.add(user, { libraryProductId: libraryProductId!, choices, quantity });
      return reply.status(201).send(line);
    },
  );

  app.patch(
    '/api/cart/items/:id',
    {
      schema: {
        tags,
        summary:
          'Change a line: new choices re-quote it, a new quantity re-prices it with the quantity breaks, acknowledgePriceChange clears a changed-price flag',
        params: itemParams,
        body: patchItemBody,
        response: replies({ 200: cartLineReply, ...errors }),
      },
    },
    async (request) => cart.update(requireRole(request, 'customer'), request.params.id, request.body),
  );

  app.delete(
    '/api/cart/items/:id',
    {
      schema: {
        tags,
        summary: 'Remove a line from my cart',
        params: itemParams,
        response: replies({ 204: noContent, 401: errorReply, 403: errorReply, 404: errorReply }),
      },
    },
    async (request, reply) => {
      await cart.remove(requireRole(request, 'customer'), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/checkout',
    {
      config: { movesMoney: true },
      schema: {
        tags,
        summary:
          "Check out my cart: a pending order and its payment on the gateway's hosted page (same Idempotency-Key, same answer and one order); 409 prices_changed when a re-quoted price is not yet acknowledged",
        headers: idempotencyHeaders,
        body: checkoutBody,
        response: replies({ 200: cartCheckoutReply, ...errors }),
      },
    },
    async (request) =>
      checkout.checkout(requireRole(request, 'customer'), request.body, request.headers['idempotency-key']),
  );
};
