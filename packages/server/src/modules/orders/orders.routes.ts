import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, requireUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { routeId } from '../../platform/route-ids';
import { sendDownload } from '../../platform/files/download';
import { fileReply, htmlReply, replies } from '../../platform/openapi';
import { ORDER_FILTERS, ORDERS_PAGE_MAX, ORDERS_PAGE_SIZE } from './orders.views';
import { stageByWire } from '@facet/domain/workflow';
import { orderReply, orderStatsReply, orderSummaryReply, stageNumber } from './orders.replies';

const tags = ['orders'];
const idParam = z.object({ id: routeId('Order') });
const itemParams = idParam.extend({ itemId: routeId('Order item') });
const listQuery = z.object({
  status: z.enum(ORDER_FILTERS, 'Choose all, active, delivered or cancelled.').default('all'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ORDERS_PAGE_MAX, `Ask for at most ${ORDERS_PAGE_MAX} orders at a time.`)
    .default(ORDERS_PAGE_SIZE),
  cursor: z.string().max(64).optional(),
});
const ordersReply = z.object({ orders: z.array(orderSummaryReply), nextCursor: z.string().nullable() });
const pageOf = (query: z.infer<typeof listQuery>) => ({ limit: query.limit, cursor: query.cursor });

/** The customer's orders, their item thumbnails, cancelling; the order stats of the spec's customer calls. */
const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, files } = app.ctx;

  app.get(
    '/api/orders',
    {
      schema: {
        tags,
        summary: `The signed-in customer's orders, newest first (filter by status): a page of \`limit\` (default ${ORDERS_PAGE_SIZE}); \`nextCursor\` asks for the next`,
        querystring: listQuery,
        response: replies({ 200: ordersReply }),
      },
    },
    async (request) => orders.list(requireUser(request), request.query.status, pageOf(request.query)),
  );

  app.get(
    '/api/orders/:id',
    {
      schema: {
        tags,
        summary:
          'An order with its items, stage timeline, promised date, lateness, shipments (its customer, staff)',
        params: idParam,
        response: replies({ 200: z.object({ order: orderReply }) }),
      },
    },
    async (request) => ({ order: await orders.detail(requireUser(request), request.params.id) }),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      schema: {
        tags,
        summary: 'The customer cancels an order while every item is RECEIVED; the payment is refunded',
        params: idParam,
        response: replies({ 200: z.object({ order: orderReply }) }),
      },
    },
    async (request) => {
      const user = requireRole(request, 'customer');
      await orders.cancel(user, request.params.id);
      return { order: await orders.detail(user, request.params.id) };
    },
  );

  app.get(
    '/api/orders/:id/items/:itemId/thumbnail',
    {
      schema: {
        tags,
        summary: "An ordered item's thumbnail (its customer, staff)",
        params: itemParams,
        response: replies({ 200: fileReply('The thumbnail, inline', 'image/png') }),
      },
    },
    async (request, reply) => {
      const { item } = await orders.item(requireUser(request), request.params.id, request.params.itemId);
      const row = item.thumbnailFileId ? await files.find(item.thumbnailFileId) : undefined;
      const stream = row ? await files.open(row) : null;
      if (!row || !stream) throw notFound('That thumbnail');
      return sendDownload(reply, { ...row, stream, inline: true, maxAgeSeconds: 86400 });
    },
  );

  app.get(
    '/api/me/order-stats',
    {
      schema: {
        tags,
        summary:
          "The signed-in customer's pieces ordered and item-type variety (spec products-total, item-type-variety)",
        response: replies({ 200: orderStatsReply }),
      },
    },
    async (request) => orders.stats(requireUser(request)),
  );
};

/** Staff: every order, stage moves, shipments, the workshop's job sheets and model files. */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, models } = app.ctx;

  app.get(
    '/api/staff/orders',
    {
      schema: {
        tags,
        summary: `Every order, newest first (staff; filter by status): a page of \`limit\` (default ${ORDERS_PAGE_SIZE}); \`nextCursor\` asks for the next`,
        querystring: listQuery,
        response: replies({ 200: ordersReply }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return orders.staffList(request.query.status, pageOf(request.query));
    },
  );

  app.post(
    '/api/staff/orders/:id/stage',
    {
      schema: {
        tags,
        summary:
          'Staff move the order (or one item) one stage on, or CANCELLED from RECEIVED; any other move is 409 stage_not_allowed',
        params: idParam,
        body: z.object({
          stage: stageNumber('Choose a stage.'),
          itemId: z.string().max(64).optional(),
        }),
        response: replies({ 200: z.object({ order: orderReply }) }),
      },
    },
    async (request) => {
      const staff = requireRole(request, 'staff');
      // the API's number, checked by the schema, to the stage's code (decision 062)
      const stage = stageByWire(request.body.stage)!.code;
      await orders.moveStage(staff, request.params.id, stage, request.body.itemId);
      return { order: await orders.detail(staff, request.params.id) };
    },
  );

  app.post(
    '/api/staff/orders/:id/shipment',
    {
      schema: {
        tags,
        summary: 'Staff add a shipment: carrier and tracking number (spec addShipment)',
        params: idParam,
        body: z.object({
          carrier: z
            .string()
            .trim()
            .min(1, 'Enter the carrier.')
            .max(80, 'Keep the carrier under 80 characters.'),
          trackingNumber: z
            .string()
            .trim()
            .min(1, 'Enter the tracking number.')
            .max(120, 'Keep the tracking number under 120 characters.'),
        }),
        response: replies({ 200: z.object({ order: orderReply }) }),
      },
    },
    async (request) => {
      const staff = requireRole(request, 'staff');
      await orders.addShipment(staff, request.params.id, request.body);
      return { order: await orders.detail(staff, request.params.id) };
    },
  );

  app.get(
    '/api/staff/orders/:id/items/:itemId/job-sheet',
    {
      schema: {
        tags,
        summary: "The workshop's printable job sheet of an ordered item (staff)",
        params: itemParams,
        response: { 200: htmlReply('Job sheet'), ...replies({}) },
      },
    },
    async (request, reply) => {
      const staff = requireRole(request, 'staff');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await orders.jobSheet(staff, request.params.id, request.params.itemId));
    },
  );

  app.get(
    '/api/staff/orders/:id/items/:itemId/model-file',
    {
      schema: {
        tags,
        summary: "The ordered item's model file, for the workshop (staff)",
        params: itemParams,
        response: replies({ 200: fileReply('The model file as uploaded, as an attachment') }),
      },
    },
    async (request, reply) => {
      const staff = requireRole(request, 'staff');
      const { order, item } = await orders.item(staff, request.params.id, request.params.itemId);
      if (!item.modelId) throw notFound('That model file');
      const { row, stream, sizeBytes } = await models.openFile({ id: order.customerId }, item.modelId);
      return sendDownload(reply, {
        stream,
        name: row.fileName,
        contentType: 'application/octet-stream',
        sizeBytes,
      });
    },
  );
};

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerRoutes);
  await app.register(staffRoutes);
};
