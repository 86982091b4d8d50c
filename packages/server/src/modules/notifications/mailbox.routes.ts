import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { htmlReply, replies } from '../../platform/openapi';
import { readOutbox } from '../../platform/mail/mail';
import { notFound } from '../../platform/errors';
import { escapeHtml } from '../../platform/html';

const mailReply = z.object({
  id: z.string(),
  event: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  data: z.record(z.string(), z.unknown()),
  transport: z.string(),
  createdAt: z.string().meta({ description: 'UTC time, ISO 8601' }),
});

/** The embedded mail outbox, for trying every feature without a mail server. Off when SMTP is set. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = readOutbox(app.ctx.db);
  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail in the embedded outbox, newest first',
        querystring: z.object({ to: z.string().optional() }),
        response: replies({ 200: z.object({ messages: z.array(mailReply) }) }),
      },
    },
    async (request) => {
      const rows = await outbox.list(request.query.to);
      return { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
  app.get(
    '/dev/mailbox/:id',
    {
      schema: {
        tags: ['dev'],
        summary: 'One mail as HTML',
        params: z.object({ id: z.uuid() }),
        response: replies({ 200: htmlReply('The mail as HTML') }),
      },
    },
    async (request, reply) => {
      const row = await outbox.find(request.params.id);
      if (!row) throw notFound('That mail');
      return reply.type('text/html; charset=utf-8').send(row.html);
    },
  );
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'The outbox as a page',
        response: replies({ 200: htmlReply('The outbox as a page') }),
      },
    },
    async (_request, reply) => {
      const rows = await outbox.list();
      const items = rows
        .map(
          (m) =>
            `<tr><td>${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escapeHtml(m.to)}</td><td><code>${escapeHtml(m.event)}</code></td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
        )
        .join('');
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox · Facet</title>
<style>body{font-family:system-ui,sans-serif;margin:40px;color:#1c1a17;background:#faf7f2}table{border-collapse:collapse;width:100%}td,th{padding:8px 12px;border-bottom:1px solid #e6dfd3;text-align:left}a{color:#6d4f1d}</style></head>
<body><main><h1>Mailbox</h1><p>Mail the embedded server would have sent (UTC).</p>
${rows.length ? `<table><thead><tr><th>Sent</th><th>To</th><th>Event</th><th>Subject</th></tr></thead><tbody>${items}</tbody></table>` : '<p>No mail yet.</p>'}
</main></body></html>`);
    },
  );
};
