import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../platform/auth';
import { replies } from '../../platform/openapi';
import { BOARD_COLUMNS, BOARD_PAGE } from './ops.service';
import {
  auditEntryReply,
  boardColumnReply,
  payoutReply,
  peopleReply,
  projectsBoardReply,
  staffPaymentReply,
  webhookFailureReply,
} from './ops.replies';
import { routeId } from '../../platform/route-ids';

/** The operations console's own routes (staff only; the guard refuses anyone else before validation). */

const tags = ['staff'];
const page = z.coerce.number('Page must be a number.').int().min(1, 'Page starts at 1.').default(1);
const pageSize = (max: number, fallback: number) =>
  z.coerce
    .number('Page size must be a number.')
    .int()
    .min(1, 'Page size is at least 1.')
    .max(max, `Page size is at most ${max}.`)
    .default(fallback);
const flag = z.enum(['true', 'false'], 'Use true or false.').transform((v) => v === 'true');

export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ops, payments } = app.ctx;

  app.get(
    '/api/staff/people',
    {
      schema: {
        tags,
        summary: 'People to review and manage: search by name or email, filter by role, status, inactivity',
        querystring: z.object({
          q: z.string().trim().max(100, 'Keep the search under 100 characters.').optional(),
          role: z
            .enum(['customer', 'designer', 'service'], 'Choose customer, designer or service.')
            .optional(),
          status: z
            .enum(
              ['active', 'pending', 'hold', 'deactivated'],
              'Choose active, pending, hold or deactivated.',
            )
            .optional(),
          inactive: flag.optional(),
          page,
          pageSize: pageSize(100, 25),
        }),
        response: replies({ 200: peopleReply }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      const { q, ...rest } = request.query;
      return ops.people({ ...rest, ...(q ? { q } : {}) });
    },
  );

  app.get(
    '/api/staff/audit',
    {
      schema: {
        tags,
        summary: 'The audit log of staff actions (who, what, on what, why), newest first',
        querystring: z.object({
          subjectId: z.string().max(128).optional(),
          page,
          pageSize: pageSize(200, 50),
        }),
        response: replies({ 200: z.object({ entries: z.array(auditEntryReply), total: z.number().int() }) }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return ops.audit(request.query);
    },
  );

  app.get(
    '/api/staff/projects/board',
    {
      schema: {
        tags,
        summary: 'Every project on a board by status, late ones first; what staff may do with each',
        response: replies({ 200: projectsBoardReply }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return ops.projectsBoard();
    },
  );

  app.get(
    '/api/staff/projects/board/:column',
    {
      schema: {
        tags,
        summary: `The next ${BOARD_PAGE} projects of one board column, from offset (the column's "Show more")`,
        params: z.object({
          column: z.enum(
            BOARD_COLUMNS.map((c) => c.key),
            `Choose a column: ${BOARD_COLUMNS.map((c) => c.key).join(', ')}.`,
          ),
        }),
        querystring: z.object({
          offset: z.coerce
            .number('Offset must be a number.')
            .int('Offset must be a whole number.')
            .min(0, 'Offset starts at 0.')
            .max(10_000, 'Offset is at most 10000.')
            .default(0),
        }),
        response: replies({ 200: boardColumnReply }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return ops.projectsBoardColumn(request.params.column, request.query.offset);
    },
  );

  app.get(
    '/api/staff/money/payments',
    {
      schema: {
        tags,
        summary: 'Payments, newest first (refunded: the refunds, newest refund first)',
        querystring: z.object({
          status: z
            .enum(
              ['pending', 'succeeded', 'failed', 'refunded'],
              'Choose pending, succeeded, failed or refunded.',
            )
            .optional(),
        }),
        response: replies({ 200: z.object({ payments: z.array(staffPaymentReply) }) }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return { payments: await payments.staff.payments(request.query) };
    },
  );

  app.get(
    '/api/staff/money/payouts',
    {
      schema: {
        tags,
        summary: 'Payouts to pros, failed ones first',
        querystring: z.object({
          status: z.enum(['pending', 'paid', 'failed'], 'Choose pending, paid or failed.').optional(),
        }),
        response: replies({ 200: z.object({ payouts: z.array(payoutReply) }) }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return { payouts: await payments.staff.payouts(request.query) };
    },
  );

  app.get(
    '/api/staff/money/webhook-events',
    {
      schema: {
        tags,
        summary: 'Gateway events that failed to apply (open ones unless `resolved` is given)',
        querystring: z.object({ resolved: flag.optional() }),
        response: replies({ 200: z.object({ events: z.array(webhookFailureReply) }) }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return {
        events: await payments.staff.webhookFailures({ resolved: request.query.resolved ?? false }),
      };
    },
  );

  app.get(
    '/api/staff/money/alerts',
    {
      schema: {
        tags,
        summary: 'How many payouts failed and how many webhook events wait for a retry',
        response: replies({
          200: z.object({ failedPayouts: z.number().int(), failedWebhooks: z.number().int() }),
        }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return payments.staff.alerts();
    },
  );

  app.post(
    '/api/staff/payouts/:id/retry',
    {
      schema: {
        tags,
        summary:
          'Retry a failed payout (409 when it did not fail, another is under way, or it was paid since)',
        params: z.object({ id: routeId('That payout') }),
        response: replies({ 200: z.object({ payout: payoutReply }) }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      const payout = await payments.retryPayout(request.params.id);
      return { payout: (await payments.staff.payoutsByIds([payout.id]))[0]! };
    },
  );

  app.post(
    '/api/staff/webhook-events/:id/retry',
    {
      schema: {
        tags,
        summary: 'Apply a failed gateway event again (409 when it is resolved or fails again)',
        params: z.object({ id: z.string().min(1).max(128) }),
        response: replies({ 200: z.object({ applied: z.boolean(), event: webhookFailureReply }) }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      const { applied, failure } = await payments.retryEvent(request.params.id);
      return { applied, event: failure };
    },
  );
};
