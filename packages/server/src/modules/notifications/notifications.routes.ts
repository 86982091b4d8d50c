import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from '@facet/domain/notifications';
import { requireUser } from '../../platform/auth';
import { replies } from '../../platform/openapi';
import { routeId } from '../../platform/route-ids';

const tags = ['notifications'];

const notificationReply = z
  .object({
    id: z.string(),
    seq: z.number().int().meta({ description: 'Orders the list; pass as `before` for the next page' }),
    type: z.string().meta({ description: 'The mail event it came with' }),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable().meta({ description: 'A path in the app to the thing, if any' }),
    read: z.boolean(),
    createdAt: z.string().meta({ description: 'UTC time, ISO 8601' }),
  })
  .meta({ id: 'Notification' });

const preferenceReply = z
  .object({
    type: z.string(),
    category: z.enum(['account', 'payments', 'orders', 'projects', 'work', 'production']),
    label: z.string(),
    mail: z.boolean(),
    required: z.boolean().meta({ description: 'Transactional: the mail always goes out' }),
  })
  .meta({ id: 'NotificationPreference' });

const countReply = z.object({ unreadCount: z.number().int() });
const preferencesReply = z.object({ preferences: z.array(preferenceReply) });

const toReply = (row: {
  id: string;
  seq: number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
}) => ({
  id: row.id,
  seq: row.seq,
  type: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The signed-in person's own notifications and mail preferences (issue 15); nobody sees another's. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.ctx;

  app.get(
    '/api/me/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first, a page at a time',
        querystring: z.object({
          before: z.coerce
            .number('`before` is the `seq` where the last page ended.')
            .int('`before` is the `seq` where the last page ended.')
            .positive('`before` is the `seq` where the last page ended.')
            .optional(),
          limit: z.coerce
            .number()
            .int()
            .min(1, 'Ask for 1 to 50 notifications.')
            .max(50, 'Ask for 1 to 50 notifications.')
            .default(NOTIFICATION_PAGE_SIZE),
        }),
        response: replies({
          200: z.object({
            notifications: z.array(notificationReply),
            nextBefore: z.number().int().nullable(),
            unreadCount: z.number().int(),
          }),
        }),
      },
    },
    async (request) => {
      const page = await notifications.list(requireUser(request), request.query);
      return { ...page, notifications: page.notifications.map(toReply) };
    },
  );

  app.get(
    '/api/me/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        response: replies({ 200: countReply }),
      },
    },
    async (request) => ({ unreadCount: await notifications.unreadCount(requireUser(request)) }),
  );

  app.post(
    '/api/me/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Marks one of my notifications read (another person’s is not found)',
        params: z.object({ id: routeId('That notification') }),
        response: replies({ 200: countReply }),
      },
    },
    async (request) => notifications.markRead(requireUser(request), request.params.id),
  );

  app.post(
    '/api/me/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Marks all my notifications read (with `upTo`, those up to that `seq`)',
        body: z
          .object({ upTo: z.number().int().positive('`upTo` is the `seq` of a notification.').optional() })
          .nullish(),
        response: replies({ 200: countReply.extend({ marked: z.number().int() }) }),
      },
    },
    async (request) => notifications.markAllRead(requireUser(request), request.body?.upTo),
  );

  app.get(
    '/api/me/notification-preferences',
    {
      schema: {
        tags,
        summary: 'My mail choice per event type (transactional ones are always on)',
        response: replies({ 200: preferencesReply }),
      },
    },
    async (request) => ({ preferences: await notifications.preferences(requireUser(request)) }),
  );

  app.put(
    '/api/me/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Turns mail on or off per event type; refuses a transactional one (409) and changes nothing',
        body: z.object({
          preferences: z
            .array(z.object({ type: z.string().min(1).max(64), mail: z.boolean() }))
            .min(1, 'Send at least one preference.')
            .max(100, 'Send at most 100 preferences.'),
        }),
        response: replies({ 200: preferencesReply }),
      },
    },
    async (request) => ({
      preferences: await notifications.setPreferences(requireUser(request), request.body.preferences),
    }),
  );
};
