import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import {
  chatRoomId,
  checkChatFile,
  checkChatFileContent,
  FILE_TOO_LARGE_MESSAGE,
  findContactDetails,
  findMentions,
  MAX_CHAT_FILE_BYTES,
  mayPinMessages,
  parseChatRoomId,
  participantFullName,
  quoteCardStatus,
  quoteCardText,
  SNIFF_BYTES,
  type ChatMessage,
  type ChatMessagePayload,
  type ChatMessageType,
  type ChatParticipant,
  type MoveStatusPayload,
  type Receive3dModelPayload,
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
  projectItems,
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
  model(room: string, payload: Receive3dModelPayload): void;
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

/** What a message row keeps in `payload`: the spec's payload fields, and the quote of a quote card. */
type StoredPayload = ChatMessagePayload & {
  quote?: { offerId: string; priceCents: number; leadTimeDays: number };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const typeOf = (user: UserRow): RoomAccess['type'] =>
  user.role === 'staff' ? 'product' : user.role === 'customer' ? 'user' : user.role;

export function chatService(deps: ChatDeps) {
  const { db } = deps;
  let emitter: ChatEmitter | null = null;

  function toMessage(row: MessageRow, attachment: AttachmentRow | null, read: boolean): ChatMessage {
    const { quote, ...payload } = (row.payload ?? {}) as StoredPayload;
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
      isQuote: quote !== undefined,
      priceCents: quote?.priceCents ?? null,
      leadTimeDays: quote?.leadTimeDays ?? null,
      offerId: quote?.offerId ?? null,
      status: row.status,
      pinned: row.pinned,
      preChat: row.preChat,
      ...(payload && Object.keys(payload).length > 0 ? { payload } : {}),
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

  /** Sends stored messages (new or changed) to their rooms, with the read flags as members see them. */
  async function broadcast(rows: MessageRow[]) {
    if (rows.length === 0 || !emitter) return;
    const fresh = await db
      .select()
      .from(chatMessages)
      .where(
        inArray(
          chatMessages.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(chatMessages.seq));
    for (const message of await toMessages(db, fresh)) emitter?.message(message.chatRoom, message);
  }

  /**
   * Quote cards of a project, brought in line with its offers: one card per offer sent (a changed offer
   * gets a new card, the earlier one becomes `replaced`), its status following the offer. Runs inside
   * the offer's transaction; returns the cards added or changed.
   */
  async function syncQuoteCards(tx: Tx, projectId: string): Promise<MessageRow[]> {
    const rooms = await ensureRooms(tx, projectId);
    const offers = await tx
      .select({ offer: invitations, role: users.role })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.proId))
      .where(and(eq(invitations.projectId, projectId), isNotNull(invitations.quotedAt)));
    const changed: MessageRow[] = [];
    for (const { offer, role } of offers) {
      const room = rooms.find((r) => r.proId === offer.proId);
      if (!room || offer.priceCents === null || offer.leadTimeDays === null || !offer.quotedAt) continue;
      const prefix = `quote:${offer.id}:`;
      const clientId = `${prefix}${offer.quotedAt.getTime()}`;
      const status = quoteCardStatus(offer.status);
      const { row, created } = await insertMessage(tx, {
        roomId: room.id,
        projectId,
        clientId,
        fromId: offer.proId,
        type: role === 'service' ? 'service' : 'designer',
        message: quoteCardText(offer.priceCents, offer.leadTimeDays),
        status,
        preChat: room.preQuote,
        payload: {
          quote: { offerId: offer.id, priceCents: offer.priceCents, leadTimeDays: offer.leadTimeDays },
        } satisfies StoredPayload,
      });
      if (created) changed.push(row);
      const stale = await tx
        .update(chatMessages)
        .set({
          status: sql`case when ${chatMessages.clientId} = ${clientId} then ${status} else 'replaced' end`,
        })
        .where(
          and(
            eq(chatMessages.roomId, room.id),
            like(chatMessages.clientId, `${prefix}%`),
            sql`${chatMessages.status} is distinct from (case when ${chatMessages.clientId} = ${clientId} then ${status} else 'replaced' end)`,
          ),
        )
        .returning();
      for (const r of stale) if (!changed.some((c) => c.id === r.id)) changed.push(r);
    }
    return changed;
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

    /**
     * A room's messages stored since a moment, oldest first (at most 1,000): what a node sends again to the
     * members it holds after it was cut off from the other nodes.
     */
    async storedSince(roomId: string, since: Date): Promise<ChatMessage[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), gte(chatMessages.createdAt, since)))
        .orderBy(asc(chatMessages.seq))
        .limit(1000);
      return toMessages(db, rows);
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

    /** The production team pins (or unpins) a message of a room; members get the changed message. */
    async setPinned(user: UserRow, roomId: string, messageId: string, pinned: boolean) {
      const access = await requireAccess(user, roomId);
      if (!mayPinMessages(user.role)) {
        throw new AppError('forbidden', 'Only the production team can pin messages.', 403);
      }
      if (!UUID.test(messageId)) throw notFound('Message');
      const [row] = await db
        .update(chatMessages)
        .set({ pinned })
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.roomId, access.room.id)))
        .returning();
      if (!row) throw notFound('Message');
      const [message] = await toMessages(db, [row]);
      emitter?.message(access.room.id, message!);
      return message!;
    },

    /**
     * Stores a chat file as it arrives: the name is checked before any byte is read, the content by its
     * first bytes, and the size while streaming into storage (past 100 MB the upload is refused and
     * nothing is kept). Memory holds one chunk at a time, never the file.
     */
    async addAttachment(user: UserRow, roomId: string, file: { name: string; stream: Readable }) {
      let discard = (): void => {
        file.stream.resume();
      };
      try {
        const access = await requireAccess(user, roomId);
        checkMaySend(access, user);
        const byName = checkChatFile({ name: file.name, sizeBytes: 0 });
        if (!byName.ok) throw new AppError('unsupported_file', byName.message, 400);
        if (
          findContactDetails(file.name, { allowedEmailDomains: [deps.config.staffEmailDomain] }).length > 0
        ) {
          throw new AppError('contact_details_blocked', CONTACT_DETAILS_MESSAGE, 400);
        }
        const peeked = await peek(file.stream, SNIFF_BYTES);
        discard = peeked.discard;
        const { head } = peeked;
        const check = checkChatFileContent({ name: file.name, sizeBytes: head.byteLength, firstBytes: head });
        if (!check.ok) throw new AppError('unsupported_file', check.message, 400);
        if (head.byteLength === 0) throw new AppError('file_empty', 'The file is empty.', 400);

        const key = `chat/${roomId.slice(-40)}/${randomUUID()}.${check.extension}`;
        let sizeBytes: number;
        try {
          ({ sizeBytes } = await deps.storage.putStream(key, peeked.rest, { maxBytes: MAX_CHAT_FILE_BYTES }));
        } catch (error) {
          if (error instanceof AppError && error.code === 'upload_too_large') {
            throw new AppError('file_too_large', FILE_TOO_LARGE_MESSAGE, 413);
          }
          throw error;
        }
        try {
          const [row] = await db
            .insert(chatAttachments)
            .values({
              roomId,
              storageKey: key,
              name: file.name.slice(0, 255),
              contentType: CONTENT_TYPES[check.extension] ?? 'application/octet-stream',
              sizeBytes,
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
        } catch (error) {
          await deps.storage.remove(key).catch(() => undefined);
          throw error;
        }
      } catch (error) {
        // the rest of the refused file is read and dropped, so the request ends and the answer arrives
        discard();
        throw error;
      }
    },

    async openAttachment(user: UserRow, attachmentId: string) {
      if (!UUID.test(attachmentId)) throw notFound('Attachment');
      const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.id, attachmentId));
      if (!row || !(await accessOf(user, row.roomId))) throw notFound('Attachment');
      const stream = await deps.storage.get(row.storageKey);
      if (!stream) throw notFound('Attachment');
      return { row, stream };
    },

    /**
     * For the offers module, inside an offer's transaction: brings the project's quote cards in line
     * with its offers. Call the returned function after the commit to send the cards to the rooms.
     */
    async offerChanged(tx: Tx, projectId: string): Promise<() => Promise<void>> {
      const rows = await syncQuoteCards(tx, projectId);
      return () => broadcast(rows).catch(() => undefined);
    },

    /**
     * 3D model files just added to a project: each goes to the project's rooms as receive-3d-model
     * (a delivery to the chosen pro's room only, as only they and the customer may open it).
     */
    async modelFilesAdded(
      projectId: string,
      files: { id: string; name: string; kind: string; itemId: string | null }[],
    ): Promise<Receive3dModelPayload[]> {
      const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
      if (!project || files.length === 0) return [];
      const rooms = await ensureRooms(db, projectId);
      const [firstItem] = await db
        .select({ id: projectItems.id })
        .from(projectItems)
        .where(eq(projectItems.projectId, projectId))
        .orderBy(asc(projectItems.sort))
        .limit(1);
      const sent: Receive3dModelPayload[] = [];
      for (const file of files) {
        const payload: Receive3dModelPayload = {
          fileName: file.name,
          fileType: file.name.split('.').pop()?.toLowerCase() ?? '',
          fileUrl: `/api/projects/${projectId}/attachments/${file.id}`,
          itemId: file.itemId ?? firstItem?.id ?? '',
        };
        const to = rooms.filter((r) => file.kind !== 'delivery' || r.proId === project.proId);
        for (const room of to) emitter?.model(room.id, payload);
        sent.push(payload);
      }
      return sent;
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

/**
 * Reads the first `bytes` of a stream (fewer if it ends sooner) and gives back a stream of the whole:
 * those bytes, then the rest as it comes. Only the head is held in memory.
 */
export async function peek(
  source: Readable,
  bytes: number,
): Promise<{ head: Uint8Array; rest: Readable; discard: () => void }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let held = 0;
  let done = false;
  while (held < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    held += next.value.byteLength;
  }
  const first = Buffer.concat(chunks);
  const head = new Uint8Array(first.buffer, first.byteOffset, Math.min(first.byteLength, bytes));
  let reading: Promise<IteratorResult<Buffer>> | null = null;
  const pull = () => (reading = iterator.next().finally(() => (reading = null)));
  const rest = Readable.from(
    (async function* () {
      if (first.byteLength > 0) yield first;
      if (done) return;
      for (;;) {
        const next = await pull();
        if (next.done) return;
        yield next.value;
      }
    })(),
    { objectMode: false },
  );
  /** Reads what is left of the source and drops it (after a refusal). */
  const discard = () => {
    if (done) return;
    done = true;
    rest.destroy();
    void (async () => {
      if (reading) await reading.catch(() => undefined);
      for (;;) {
        const next = await iterator.next().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) return;
      }
    })();
  };
  return { head, rest, discard };
}

export type ChatService = ReturnType<typeof chatService>;
