import { and, count, desc, eq, isNull, lt, lte } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import {
  mailAlwaysSent,
  NOTIFICATION_PAGE_SIZE,
  notificationType,
  notificationTypesFor,
  type NotificationCategory,
  type NotificationEventPayload,
  type NotificationsReadPayload,
} from '@facet/domain/notifications';
import type { Db } from '../../db/client';
import type { Jobs } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail/mail';
import { AppError, notFound } from '../../platform/errors';
import { personByEmail } from '../accounts/accounts.reads';
import { notificationPreferences, notifications } from './notifications.tables';
import { renderMail, type RenderedMail } from './templates';
import type { QueuedMail } from '../../platform/mail/mail-job';
import { keysetPage } from '../../platform/paging';

/** Who the centre serves: a signed-in person (their id and role). */
export interface Reader {
  id: string;
  role: 'customer' | 'designer' | 'service' | 'staff';
}

export type NotificationRow = typeof notifications.$inferSelect;

/** Where live news of a person's notifications goes (the realtime server sets it; absent in a bare process). */
export interface NotificationEmitter {
  created(userId: string, payload: NotificationEventPayload): void;
  read(userId: string, payload: NotificationsReadPayload): void;
}

export interface NotificationPreference {
  type: string;
  category: NotificationCategory;
  label: string;
  mail: boolean;
  required: boolean;
}

const GREETING = /^(Hello|Congratulations) [^,:]*[,:]\s*/;

/** The in-app text of a mail: its subject, its first paragraph without the greeting, its button's path. */
export function notificationOf(rendered: RenderedMail, publicUrl: string) {
  const first = (rendered.paragraphs[0] ?? '').replace(GREETING, '');
  const body = first ? first[0]!.toUpperCase() + first.slice(1) : '';
  const base = publicUrl.replace(/\/$/, '');
  const url = rendered.action?.url ?? '';
  // only a path of the app: an outside address or a token-bearing link never reaches the list
  const link = url.startsWith(`${base}/`) ? url.slice(base.length) : null;
  return { title: rendered.subject.slice(0, 300), body: body.slice(0, 600), link };
}

const mailRequired = (type: string) =>
  new AppError(
    'mail_required',
    `"${notificationType(type)?.label ?? type}" mail cannot be turned off: it is about your account, security or money.`,
    409,
  );

/**
 * The notification centre (issue 15, decision 036). The mail job calls `deliver` for every mail: the person
 * the mail is for gets a notification (once per job, whatever the retries), hears it on their own socket
 * channel, and gets the mail unless they turned that type off and it is not transactional.
 */
export function notificationsService(deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  const { db } = deps;
  let emitter: NotificationEmitter | null = null;

  async function unreadCount(userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  }

  async function mailOn(userId: string, type: string): Promise<boolean> {
    const [row] = await db
      .select({ mail: notificationPreferences.mail })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
    return row?.mail ?? true;
  }

  async function toldRead(userId: string) {
    emitter?.read(userId, { unreadCount: await unreadCount(userId) });
  }

  /** The person's mail choice for each event type of their role. */
  async function preferences(reader: Reader): Promise<NotificationPreference[]> {
    const types = notificationTypesFor(reader.role);
    const rows = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, reader.id));
    const chosen = new Map(rows.map((r) => [r.type, r.mail]));
    return types.map((t) => ({
      type: t.type,
      category: t.category,
      label: t.label,
      required: t.required,
      mail: t.required ? true : (chosen.get(t.type) ?? true),
    }));
  }

  return {
    setEmitter(next: NotificationEmitter | null) {
      emitter = next;
    },

    /** One mail job: the notification (once per job id), the live event, then the mail as chosen. */
    async deliver(job: QueuedMail, jobId: string) {
      const rendered = renderMail(job.event, job.data, { publicUrl: deps.publicUrl });
      const person = await personByEmail(db, job.to);
      if (person) {
        const shown = notificationOf(rendered, deps.publicUrl);
        const [made] = await db
          .insert(notifications)
          .values({ userId: person.id, type: job.event, ...shown, jobId })
          .onConflictDoNothing({ target: notifications.jobId })
          .returning({ id: notifications.id });
        if (made) {
          emitter?.created(person.id, {
            id: made.id,
            title: shown.title,
            link: shown.link,
            unreadCount: await unreadCount(person.id),
          });
        }
        if (!mailAlwaysSent(job.event, job.data) && !(await mailOn(person.id, job.event))) return;
      }
      await deps.mailer.send({
        event: job.event,
        to: job.to,
        data: job.data,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
      });
    },

    /** A page of the person's notifications, newest first; `before` is the `seq` the last page ended at. */
    async list(reader: Reader, page: { before?: number; limit?: number } = {}) {
      const limit = page.limit ?? NOTIFICATION_PAGE_SIZE;
      const rows = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, reader.id),
            page.before === undefined ? undefined : lt(notifications.seq, page.before),
          ),
        )
        .orderBy(desc(notifications.seq))
        .limit(limit + 1);
      const { shown, next } = keysetPage(rows, limit, (row) => row.seq);
      return {
        notifications: shown,
        nextBefore: next,
        unreadCount: await unreadCount(reader.id),
      };
    },

    unreadCount: (reader: Reader) => unreadCount(reader.id),

    /** Marks one of the person's own notifications read; anyone else's is not found (404). */
    async markRead(reader: Reader, id: string) {
      if (!isUuid(id)) throw notFound('That notification');
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, reader.id)));
      if (!row) throw notFound('That notification');
      if (!row.readAt) {
        await db
          .update(notifications)
          .set({ readAt: new Date() })
          .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
        await toldRead(reader.id);
      }
      return { unreadCount: await unreadCount(reader.id) };
    },

    /**
     * Marks every unread notification of the person read; with `upTo` only those up to that `seq` (the ones
     * the person saw), so a notification arriving meanwhile stays unread.
     */
    async markAllRead(reader: Reader, upTo?: number) {
      const marked = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, reader.id),
            isNull(notifications.readAt),
            upTo === undefined ? undefined : lte(notifications.seq, upTo),
          ),
        )
        .returning({ id: notifications.id });
      if (marked.length > 0) await toldRead(reader.id);
      return { marked: marked.length, unreadCount: await unreadCount(reader.id) };
    },

    preferences,

    /**
     * Sets mail on or off per type, all or nothing: an unknown type, another role's type, or turning off a
     * transactional one is refused with nothing changed.
     */
    async setPreferences(reader: Reader, changes: { type: string; mail: boolean }[]) {
      const own = new Set<string>(notificationTypesFor(reader.role).map((t) => t.type));
      for (const change of changes) {
        if (!own.has(change.type)) {
          throw new AppError(
            'unknown_notification_type',
            `There is no notification "${change.type}" for your account.`,
            400,
          );
        }
        if (!change.mail && notificationType(change.type)!.required) throw mailRequired(change.type);
      }
      const optional = changes.filter((c) => !notificationType(c.type)!.required);
      if (optional.length > 0) {
        await db.transaction(async (tx) => {
          for (const change of optional) {
            await tx
              .insert(notificationPreferences)
              .values({ userId: reader.id, type: change.type, mail: change.mail })
              .onConflictDoUpdate({
                target: [notificationPreferences.userId, notificationPreferences.type],
                set: { mail: change.mail, updatedAt: new Date() },
              });
          }
        });
      }
      return preferences(reader);
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;

/** Mail goes through a job so a slow or failing mail server never fails the request that caused it. */
export async function registerMailJob(deps: { jobs: Jobs; notifications: NotificationsService }) {
  await deps.jobs.register<QueuedMail>('mail', async (job, { id }) => {
    await deps.notifications.deliver(job, id);
  });
}
