import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from './mail.tables';

export interface MailMessage {
  event: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  data?: Record<string, unknown>;
}

/** The mail port: the embedded default keeps mail in an outbox (read at /dev/mailbox); SMTP sends it. */
export interface Mailer {
  transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { db: Db; smtpUrl?: string; from: string }): Mailer {
  const record = (message: MailMessage, transport: string) =>
    options.db.insert(mailOutbox).values({ ...message, data: message.data ?? {}, transport });

  if (!options.smtpUrl) {
    return { transport: 'outbox', send: async (message) => void (await record(message, 'outbox')) };
  }
  const smtp = nodemailer.createTransport(options.smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      await smtp.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
      await record(message, 'smtp');
    },
  };
}

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** The outbox as the mailbox pages read it: newest first, at most 200, optionally to one address. */
export function readOutbox(db: Db) {
  return {
    list: (to?: string): Promise<OutboxMail[]> =>
      db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(200),
    find: async (id: string): Promise<OutboxMail | undefined> =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1))[0],
  };
}
