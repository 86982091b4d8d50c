import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import { requireRole } from '../../platform/auth';
import { errorReply, meSchema } from './accounts.contract';
import { routeId } from '../../platform/route-ids';

const role = z.enum(['customer', 'designer', 'service']);
const status = z.enum(['active', 'pending', 'hold', 'deactivated']);

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts } = app.ctx;

  app.get(
    '/api/staff/accounts',
    {
      schema: {
        tags: ['staff'],
        summary: 'Accounts by role and status (e.g. pending designers to review)',
        querystring: z.object({ role: role.optional(), status: status.optional() }),
        response: replies({
          200: z.object({ accounts: z.array(meSchema) }),
          401: errorReply,
          403: errorReply,
        }),
      },
    },
    async (request) => {
      requireRole(request, 'staff');
      return { accounts: await accounts.listAccounts(request.query) };
    },
  );

  app.patch(
    '/api/staff/accounts/:id',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Approve (active), hold or deactivate an account (a reason, mailed, required to hold or deactivate); mark a customer inactive',
        params: z.object({ id: routeId('That account') }),
        body: z
          .object({
            status: z.enum(['active', 'hold', 'deactivated']).optional(),
            isInactive: z.boolean().optional(),
            reason: z
              .string()
              .trim()
              .max(500, 'Keep the reason under 500 characters.')
              .optional()
              .meta({ description: 'Why (mailed to the person); required to hold or deactivate' }),
          })
          .refine(
            (b) => b.status !== undefined || b.isInactive !== undefined,
            'Give a status or isInactive.',
          ),
        response: replies({
          200: z.object({ account: meSchema }),
          400: errorReply,
          401: errorReply,
          403: errorReply,
          404: errorReply,
        }),
      },
    },
    async (request) => {
      const actor = requireRole(request, 'staff');
      return { account: await accounts.setStatus(actor, request.params.id, request.body) };
    },
  );
};
