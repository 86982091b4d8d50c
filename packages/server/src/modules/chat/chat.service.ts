import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  chatRoomId,
  checkChatFileContent,
  findContactDetails,
  findMentions,
  parseChatRoomId,
  participantFullName,
  type ChatMessage,
  type ChatMessageType,
  type ChatParticipant,
  type MoveStatusPayload,
  type SendMessagePayload,
} from '@facet/domain/chat';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import {
  chatAttachments,
  chatMessages,
  chatPostedEvents,
  chatReads,
  chatRooms,
  invitations,
  projectEvents,
  projects,
  projectStatuses,
  users,
} from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { UserRow } from '../accounts/accounts.queries';
import type { MailJob } from '../notifications/notifications.service';

type RoomRow = typeof chatRooms.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;
type AttachmentRow = typeof chatAttachments.$inferSelect;

export const READ_ONLY_MESSAGE = 'Chat is now read-only. Quote has been submitted.';
export const CONTACT_DETAILS_MESSAGE =
  'Messages with e-mail addresses or phone numbers cannot be sent. Please keep the conversation on Facet.';
export const MAX_MESSAGE_LENGTH = 5000;
/** Earlier messages of the same sender read together with a new one (a number split over messages). */
const CONTACT_WINDOW_MS = 10 * 60 * 1000;

/** A refusal carried by a socket acknowledgement (`{ error, code }`) or an HTTP error. */
export class ChatRefusal extends AppError {}
const refuse = (code: string, message: string, status = 409) => new ChatRefusal(code, message, status);

/** Where real-time events go; set by the socket.io server once it exists. */
export interface ChatEmitter {
  message(room: string, message: ChatMessage): void;
  moveStatus(room: string, payload: MoveStatusPayload): void;
}

export interface ChatDeps {
  db: Db;
  jobs: Jobs;
  storage: Storage;
  config: Pick<Config, 'staffEmailDomain'>;
}

/** Who a member is to a room: the message type they write with. */
export interface RoomAccess {
  room: RoomRow;
  project: typeof projects.$inferSelect;
  status: typeof projectStatuses.$inferSelect;
  invitationStatus: string | null;
  pro: UserRow | null;
  type: Exclude<ChatMessageType, 'ai'>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const typeOf = (user: UserRow): RoomAccess['type'] =>
  user.role === 'staff' ? 'product' : user.role === 'customer' ? 'user' : user.role;

export function chatService(deps: ChatDeps) {
  const { db } = deps;
  let emitter: ChatEmitter | null = null;

  function toMessage(row: MessageRow, attachment: AttachmentRow | null, read: boolean): ChatMessage {
    return {
      id: row.id,
      clientId: row.clientId,
      seq: row.seq,
      chatRoom: row.roomId,
      projectId: row.projectId,
      from: row.fromId,
      to: row.toId,
      type: row.type,
      message: row.message,
      read,
      createdAt: row.createdAt.toISOString(),
      isFile: attachment !== null,
      fileName: attachment?.name ?? null,
      attachment: attachment
        ? {
            id: attachment.id,
            name: attachment.name,
            sizeBytes: attachment.sizeBytes,
            url: `/api/attachments/${attachment.id}`,
          }
        : null,
      general: row.general,
      isQuote: false,
      priceCents: null,
      leadTimeDays: null,
      status: row.status,
      pinned: row.pinned,
      preChat: row.preChat,
      ...(row.payload ? { payload: row.payload } : {}),
    };
  }

  async function toMessages(tx: Db | Tx, rows: MessageRow[]): Promise<ChatMessage[]> {
    if (rows.length === 0) return [];
    const attachmentIds = rows.map((r) => r.attachmentId).filter((v): v is string => v !== null);
    const attachments = attachmentIds.length
      ? await tx.select().from(chatAttachments).where(inArray(chatAttachments.id, attachmentIds))
      : [];
    const byId = new Map(attachments.map((a) => [a.id, a]));
    const reads = await tx
      .select({ messageId: chatReads.messageId, userId: chatReads.userId })
      .from(chatReads)
      .where(
        inArray(
          chatReads.messageId,
          rows.map((r) => r.id),
        ),
      );
    const readByOthers = new Set(
      reads
        .filter((r) => rows.find((m) => m.id === r.messageId)?.fromId !== r.userId)
        .map((r) => r.messageId),
    );
    return rows.map((r) =>
      toMessage(r, r.attachmentId ? (byId.get(r.attachmentId) ?? null) : null, readByOthers.has(r.id)),
    );
  }

  /** One room per invitation of the project (created on first need); a chosen pro's room leaves pre-quote. */
  async function ensureRooms(tx: Db | Tx, projectId: string) {
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
    if (!project) return [];
    const invited = await tx
      .select({ proId: invitations.proId, status: invitations.status })
      .from(invitations)
      .where(eq(invitations.projectId, projectId));
    if (invited.length > 0) {
      await tx
        .insert(chatRooms)
        .values(
          invited.map((i) => ({
            id: chatRoomId({
              creatorId: project.customerId,
              designerId: i.proId,
              projectId: project.id,
              projectCreatedAt: project.createdAt,
            }),
            projectId: project.id,
            customerId: project.customerId,
            proId: i.proId,
            preQuote: i.status !== 'accepted',
          })),
        )
        .onConflictDoNothing();
      const accepted = invited.find((i) => i.status === 'accepted');
      if (accepted) {
        await tx
          .update(chatRooms)
          .set({ preQuote: false })
          .where(
            and(
              eq(chatRooms.projectId, projectId),
              eq(chatRooms.proId, accepted.proId),
              eq(chatRooms.preQuote, true),
            ),
          );
      }
    }
    return tx
      .select()
      .from(chatRooms)
      .where(eq(chatRooms.projectId, projectId))
      .orderBy(asc(chatRooms.createdAt), asc(chatRooms.id));
  }

  /** The member's view of a room, or null when the user is not a member (nothing is revealed). */
  async function accessOf(user: UserRow, roomId: string): Promise<RoomAccess | null> {
    let [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
    if (!room) {
      const parts = parseChatRoomId(roomId);
      if (!parts || !UUID.test(parts.projectId)) return null;
      await ensureRooms(db, parts.projectId);
      [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
      if (!room) return null;
    }
    const isMember =
      user.role === 'staff' ||
      (user.role === 'customer' && user.id === room.customerId) ||
      ((user.role === 'designer' || user.role === 'service') && user.id === room.proId);
    if (!isMember) return null;
    const [row] = await db
      .select({
        project: projects,
        status: projectStatuses,
        invitationStatus: invitations.status,
        pro: users,
      })
      .from(projects)
      .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
      .leftJoin(invitations, and(eq(invitations.projectId, projects.id), eq(invitations.proId, room.proId)))
      .leftJoin(users, eq(users.id, room.proId))
      .where(eq(projects.id, room.projectId));
    if (!row) return null;
    // a pro may chat only on their own projects: invited (or chosen)
    if (user.role !== 'staff' && user.role !== 'customer' && row.invitationStatus === null) return null;
    if (row.invitationStatus === 'accepted' && room.preQuote) {
      await db.update(chatRooms).set({ preQuote: false }).where(eq(chatRooms.id, room.id));
      room = { ...room, preQuote: false };
    }
    return {
      room,
      project: row.project,
      status: row.status,
      invitationStatus: row.invitationStatus,
      pro: row.pro,
      type: typeOf(user),
    };
  }

  async function requireAccess(user: UserRow, roomId: string) {
    const access = await accessOf(user, roomId);
    if (!access) throw notFound('Chat room');
    return access;
  }

  /** Spec sections 4-6: may this member send in this room now? Throws the refusal. */
  function checkMaySend(access: RoomAccess, user: UserRow) {
    const { status, project } = access;
    if (`${status.id} ${status.name}`.toLowerCase().includes('cancel')) {
      throw refuse('project_cancelled', 'This project was cancelled, so its chat is closed.');
    }
    if (access.pro?.status === 'hold')
      throw refuse('designer_on_hold', 'Chat is closed while the designer is on hold.');
    if (status.position === 2 && user.id !== project.customerId) {
      throw refuse('payment_stage', 'Chat is paused while the customer makes the payment.');
    }
    if (access.room.preQuote) {
      if (access.invitationStatus === 'quoted') throw refuse('chat_read_only', READ_ONLY_MESSAGE);
      if (access.invitationStatus !== 'pending') throw refuse('chat_closed', 'This conversation is closed.');
    }
  }

  async function participantsOf(access: RoomAccess): Promise<(ChatParticipant & { email: string })[]> {
    const staff = await db
      .select()
      .from(users)
      .where(and(eq(users.role, 'staff'), eq(users.status, 'active')))
      .orderBy(asc(users.createdAt))
      .limit(3);
    const [customer] = await db.select().from(users).where(eq(users.id, access.room.customerId));
    const people = [...staff, ...(access.pro ? [access.pro] : []), ...(customer ? [customer] : [])];
    return people.map((u) => ({
      id: u.id,
      role: u.role === 'staff' ? 'product' : u.role === 'customer' ? 'user' : u.role,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
    }));
  }

  async function findByClientId(roomId: string, clientId: string) {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.clientId, clientId)));
    return row ?? null;
  }

  /**
   * Stores one message under the room's row lock: the next seq, or the stored one when this clientId
   * was already sent (a retry). Returns whether it was new.
   */
  async function insertMessage(
    tx: Tx,
    values: Omit<typeof chatMessages.$inferInsert, 'seq' | 'id'>,
  ): Promise<{ row: MessageRow; created: boolean }> {
    const [room] = await tx
      .select({ lastSeq: chatRooms.lastSeq })
      .from(chatRooms)
      .where(eq(chatRooms.id, values.roomId))
      .for('update');
    if (!room) throw notFound('Chat room');
    const [existing] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, values.roomId), eq(chatMessages.clientId, values.clientId)));
    if (existing) return { row: existing, created: false };
    const seq = room.lastSeq + 1;
    await tx.update(chatRooms).set({ lastSeq: seq }).where(eq(chatRooms.id, values.roomId));
    const [row] = await tx
      .insert(chatMessages)
      .values({ ...values, seq })
      .returning();
    return { row: row!, created: true };
  }

  async function postToProject(
    tx: Tx,
    projectId: string,
    text: string,
    options: { key: string; actorId: string | null; statusId: string | null; createdAt?: Date },
  ) {
    const rooms = await ensureRooms(tx, projectId);
    const posted: { room: string; message: MessageRow }[] = [];
    for (const room of rooms) {
      const { row, created } = await insertMessage(tx, {
        roomId: room.id,
        projectId,
        clientId: options.key,
        fromId: options.actorId,
        type: 'ai',
        message: text,
        general: true,
        status: options.statusId,
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      });
      if (created) posted.push({ room: room.id, message: row });
    }
    return posted;
  }

  async function announceMoves(posted: { room: string; message: MessageRow }[], projectId: string) {
    if (posted.length === 0 || !emitter) return;
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    for (const { room, message } of posted) {
      const saved = toMessage(message, null, false);
      emitter.message(room, saved);
      emitter.moveStatus(room, {
        projectId,
        completed: project?.completed ?? false,
        error: null,
        modelFiles: [],
        service: project?.service ?? false,
        serviceCompleted: Boolean(project?.service && project.completed),
        savedMessage: saved,
        approved: project?.completed ?? false,
        lastEmailSent: null,
      });
    }
  }

  return {
    setEmitter(next: ChatEmitter | null) {
      emitter = next;
    },

    accessOf,
    requireAccess,

    /** Rooms of a project the viewer may see: all of them for the customer and staff, their own for a pro. */
    async listRooms(viewer: UserRow, projectId: string) {
      if (!UUID.test(projectId)) throw notFound('Project');
      const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
      if (!project) throw notFound('Project');
      const rooms = await ensureRooms(db, projectId);
      const visible = rooms.filter(
        (r) =>
          viewer.role === 'staff' ||
          (viewer.role === 'customer' && viewer.id === project.customerId) ||
          r.proId === viewer.id,
      );
      if (visible.length === 0 && viewer.role !== 'staff' && viewer.id !== project.customerId)
        throw notFound('Project');
      const out = [];
      for (const room of visible) {
        const access = await accessOf(viewer, room.id);
        if (!access) continue;
        let readOnly: string | null = null;
        try {
          checkMaySend(access, viewer);
        } catch (error) {
          readOnly = (error as Error).message;
        }
        const [unread] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(chatMessages)
          .where(
            and(
              eq(chatMessages.roomId, room.id),
              sql`${chatMessages.fromId} is distinct from ${viewer.id}`,
              sql`not exists (select 1 from chat_reads r where r.message_id = ${chatMessages.id} and r.user_id = ${viewer.id})`,
            ),
          );
        const [pre] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(chatMessages)
          .where(and(eq(chatMessages.roomId, room.id), eq(chatMessages.preChat, true)));
        out.push({
          id: room.id,
          projectId: room.projectId,
          customerId: room.customerId,
          proId: room.proId,
          preQuote: room.preQuote,
          invitationStatus: access.invitationStatus,
          lastSeq: room.lastSeq,
          unreadCount: unread?.n ?? 0,
          hasPreChat: (pre?.n ?? 0) > 0,
          /** Why the viewer cannot send now (null: they can). */
          sendDisabledReason: readOnly,
        });
      }
      return out;
    },

    /** Messages after a sequence number, oldest first (reconnect resync is `after = last seq seen`). */
    async listMessages(viewer: UserRow, roomId: string, after: number, limit: number) {
      const access = await requireAccess(viewer, roomId);
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.seq, after)))
        .orderBy(asc(chatMessages.seq))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        messages: await toMessages(db, page),
        lastSeq: access.room.lastSeq,
        hasMore: rows.length > limit,
      };
    },

    /** sendMessage: checks, stores (seq) and returns the message; a retried clientId returns the stored one. */
    async send(
      user: UserRow,
      payload: SendMessagePayload,
    ): Promise<{ message: ChatMessage; created: boolean }> {
      if (typeof payload.clientId !== 'string' || !/^[\w:.-]{1,100}$/.test(payload.clientId)) {
        throw refuse('validation_failed', 'A message needs a client id.', 400);
      }
      const access = await accessOf(user, payload.chatRoom);
      if (!access) throw refuse('not_member', 'You are not a member of this chat.', 403);
      const previous = await findByClientId(access.room.id, payload.clientId);
      if (previous) return { message: (await toMessages(db, [previous]))[0]!, created: false };

      const text = typeof payload.message === 'string' ? payload.message.trim() : '';
      let attachment: AttachmentRow | null = null;
      if (payload.attachment?.id) {
        if (!UUID.test(payload.attachment.id)) throw notFound('Attachment');
        const [found] = await db
          .select()
          .from(chatAttachments)
          .where(
            and(eq(chatAttachments.id, payload.attachment.id), eq(chatAttachments.roomId, access.room.id)),
          );
        if (!found) throw notFound('Attachment');
        attachment = found;
      }
      if (text === '' && !attachment) throw refuse('empty_message', 'Type a message first.', 400);
      if (text.length > MAX_MESSAGE_LENGTH) {
        throw refuse('message_too_long', `A message can be at most ${MAX_MESSAGE_LENGTH} characters.`, 400);
      }
      checkMaySend(access, user);

      const earlier = await db
        .select({ message: chatMessages.message })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.roomId, access.room.id),
            eq(chatMessages.fromId, user.id),
            gt(chatMessages.createdAt, new Date(Date.now() - CONTACT_WINDOW_MS)),
          ),
        )
        .orderBy(sql`${chatMessages.seq} desc`)
        .limit(2);
      const texts = [...earlier.map((e) => e.message).reverse(), text];
      const contact = [
        ...findContactDetails(texts, { allowedEmailDomains: [deps.config.staffEmailDomain] }),
        ...(attachment
          ? findContactDetails(attachment.name, { allowedEmailDomains: [deps.config.staffEmailDomain] })
          : []),
      ];
      if (contact.length > 0) throw refuse('contact_details_blocked', CONTACT_DETAILS_MESSAGE, 400);

      const participants = await participantsOf(access);
      const to = payload.to && participants.some((p) => p.id === payload.to) ? payload.to : null;
      const { row, created } = await db.transaction((tx) =>
        insertMessage(tx, {
          roomId: access.room.id,
          projectId: access.project.id,
          clientId: payload.clientId,
          fromId: user.id,
          toId: to,
          type: access.type,
          message: text,
          attachmentId: attachment?.id ?? null,
          general: Boolean(payload.general),
          preChat: access.room.preQuote,
        }),
      );
      const message = (await toMessages(db, [row]))[0]!;
      if (created) {
        const ids = new Set([...findMentions(text, participants), ...(payload.mentions ?? [])]);
        const sender = participantFullName(user);
        for (const person of participants) {
          if (!ids.has(person.id) || person.id === user.id) continue;
          await deps.jobs.send('mail', {
            event: 'chat-mention',
            to: person.email,
            data: {
              firstName: person.firstName,
              fromName: sender,
              projectId: access.project.id,
              projectTitle: access.project.title,
              service: access.project.service,
              message: text.slice(0, 500),
            },
          } satisfies MailJob);
        }
      }
      return { message, created };
    },

    /** messageRead: records receipts of the given messages (or all of the room) for the reader. */
    async markRead(user: UserRow, roomId: string, messageIds: string[], all: boolean) {
      const access = await accessOf(user, roomId);
      if (!access) throw refuse('not_member', 'You are not a member of this chat.', 403);
      const ids = messageIds.filter((id) => typeof id === 'string' && UUID.test(id)).slice(0, 500);
      const condition = all
        ? eq(chatMessages.roomId, roomId)
        : ids.length
          ? and(eq(chatMessages.roomId, roomId), inArray(chatMessages.id, ids))
          : null;
      if (!condition) return { messages: [] as string[] };
      const rows = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .leftJoin(chatReads, and(eq(chatReads.messageId, chatMessages.id), eq(chatReads.userId, user.id)))
        .where(
          and(
            condition,
            sql`${chatMessages.fromId} is distinct from ${user.id}`,
            isNull(chatReads.messageId),
          ),
        );
      if (rows.length) {
        await db
          .insert(chatReads)
          .values(rows.map((r) => ({ messageId: r.id, userId: user.id })))
          .onConflictDoNothing();
      }
      return { messages: rows.map((r) => r.id) };
    },

    /** Stores a chat file after the domain's name, size and content checks. */
    async addAttachment(user: UserRow, roomId: string, file: { name: string; bytes: Uint8Array }) {
      const access = await requireAccess(user, roomId);
      checkMaySend(access, user);
      const check = checkChatFileContent({
        name: file.name,
        sizeBytes: file.bytes.byteLength,
        firstBytes: file.bytes.subarray(0, 1024),
      });
      if (!check.ok) {
        throw check.reason === 'too_large'
          ? new AppError('file_too_large', check.message, 413)
          : new AppError('unsupported_file', check.message, 400);
      }
      if (findContactDetails(file.name, { allowedEmailDomains: [deps.config.staffEmailDomain] }).length > 0) {
        throw new AppError('contact_details_blocked', CONTACT_DETAILS_MESSAGE, 400);
      }
      const key = `chat/${roomId.slice(-40)}/${randomUUID()}.${check.extension}`;
      await deps.storage.put(key, file.bytes);
      const [row] = await db
        .insert(chatAttachments)
        .values({
          roomId,
          storageKey: key,
          name: file.name.slice(0, 255),
          contentType: CONTENT_TYPES[check.extension] ?? 'application/octet-stream',
          sizeBytes: file.bytes.byteLength,
          uploadedBy: user.id,
        })
        .returning();
      return {
        id: row!.id,
        name: row!.name,
        sizeBytes: row!.sizeBytes,
        contentType: row!.contentType,
        url: `/api/attachments/${row!.id}`,
      };
    },

    async openAttachment(user: UserRow, attachmentId: string) {
      if (!UUID.test(attachmentId)) throw notFound('Attachment');
      const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.id, attachmentId));
      if (!row || !(await accessOf(user, row.roomId))) throw notFound('Attachment');
      const stream = await deps.storage.get(row.storageKey);
      if (!stream) throw notFound('Attachment');
      return { row, stream };
    },

    /** A system message (type ai) in every room of the project, with getMessage and getMoveStatus. */
    async postSystemMessage(
      projectId: string,
      text: string,
      options: { actorId?: string | null; statusId?: string | null } = {},
    ) {
      const posted = await db.transaction((tx) =>
        postToProject(tx, projectId, text, {
          key: `system:${randomUUID()}`,
          actorId: options.actorId ?? null,
          statusId: options.statusId ?? null,
        }),
      );
      await announceMoves(posted, projectId);
      return posted.map((p) => toMessage(p.message, null, false));
    },

    /**
     * Posts the projects module's status moves (project_events 'status-moved') not yet in the rooms.
     * Any node may run it at any time: each event is claimed once in the same transaction that posts it.
     */
    async syncProjectEvents(limit = 50) {
      const pending = await db
        .select({ event: projectEvents })
        .from(projectEvents)
        .leftJoin(chatPostedEvents, eq(chatPostedEvents.eventId, projectEvents.id))
        .where(and(eq(projectEvents.kind, 'status-moved'), isNull(chatPostedEvents.eventId)))
        .orderBy(asc(projectEvents.createdAt), asc(projectEvents.id))
        .limit(limit);
      let count = 0;
      for (const { event } of pending) {
        const posted = await db.transaction(async (tx) => {
          const claimed = await tx
            .insert(chatPostedEvents)
            .values({ eventId: event.id })
            .onConflictDoNothing()
            .returning();
          if (claimed.length === 0) return [];
          return postToProject(tx, event.projectId, event.message, {
            key: `event:${event.id}`,
            actorId: event.actorId,
            statusId: event.statusId,
          });
        });
        count += posted.length;
        await announceMoves(posted, event.projectId);
      }
      return count;
    },
  };
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  docs: 'application/octet-stream',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

export type ChatService = ReturnType<typeof chatService>;
