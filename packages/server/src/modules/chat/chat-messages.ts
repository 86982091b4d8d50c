import { and, asc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  findMentions,
  mayPinMessages,
  participantFullName,
  type ChatMessage,
  type ChatParticipant,
  type SendMessagePayload,
} from '@facet/domain/chat';
import type { Db } from '../../db/client';
import { chatAttachments, chatMessages, chatReads } from './chat.tables';
import { personById } from '../accounts/accounts.reads';
import { AppError, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { activeProductionTeam, type UserRow } from '../accounts/accounts.queries';
import type { MailJob } from '../notifications/notifications.service';
import { contactDetailsChecks } from './chat-contact-details';
import { insertMessage, toMessage, toMessages } from './chat-message-store';
import { checkMaySend, type ChatRoomsPart } from './chat-rooms';
import {
  MAX_MESSAGE_LENGTH,
  refuse,
  typeOf,
  UUID,
  type AttachmentRow,
  type ChatContext,
  type RoomAccess,
} from './chat-shared';
import { withFiles } from './chat-attachments';

type Participant = ChatParticipant & { email: string };

async function findByClientId(db: Db, roomId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.clientId, clientId)));
  return row ?? null;
}

/** The uploaded file a message refers to (of this room), or null when it has none. */
async function attachmentOf(db: Db, access: RoomAccess, payload: SendMessagePayload) {
  if (!payload.attachment?.id) return null;
  if (!UUID.test(payload.attachment.id)) throw notFound('Attachment');
  const [found] = await withFiles(
    db,
    await db
      .select()
      .from(chatAttachments)
      .where(and(eq(chatAttachments.id, payload.attachment.id), eq(chatAttachments.roomId, access.room.id))),
  );
  if (!found) throw notFound('Attachment');
  return found;
}

async function participantsOf(db: Db, access: RoomAccess): Promise<Participant[]> {
  const staff = await activeProductionTeam(db);
  const customer = await personById(db, access.room.customerId);
  const people = [...staff, ...(access.pro ? [access.pro] : []), ...(customer ? [customer] : [])];
  return people.map((u) => ({
    id: u.id,
    role: typeOf(u),
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
  }));
}

/** A mail to each participant the new message mentions (by name or by id), never to the sender. */
async function mailMentions(
  jobs: Jobs,
  user: UserRow,
  access: RoomAccess,
  text: string,
  participants: Participant[],
  mentions: string[],
) {
  const ids = new Set([...findMentions(text, participants), ...mentions]);
  const sender = participantFullName(user);
  for (const person of participants) {
    if (!ids.has(person.id) || person.id === user.id) continue;
    await jobs.send('mail', {
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

/** Receipts of the given messages (or all of the room) for the reader: the ids newly marked read. */
async function recordReads(db: Db, user: UserRow, roomId: string, messageIds: string[], all: boolean) {
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
      and(condition, sql`${chatMessages.fromId} is distinct from ${user.id}`, isNull(chatReads.messageId)),
    );
  if (rows.length) {
    await db
      .insert(chatReads)
      .values(rows.map((r) => ({ messageId: r.id, userId: user.id, roomId })))
      .onConflictDoNothing();
  }
  return { messages: rows.map((r) => r.id) };
}

/** Members' messages: send (checked, stored with a seq, mentions mailed), history, receipts, pins. */
export function chatMessagesPart(ctx: ChatContext, rooms: ChatRoomsPart) {
  const { db } = ctx;
  const contact = contactDetailsChecks(ctx);

  async function memberAccess(user: UserRow, roomId: string) {
    const access = await rooms.accessOf(user, roomId);
    if (!access) throw refuse('not_member', 'You are not a member of this chat.', 403);
    return access;
  }

  /** Spec checks of a new message, in the order their refusals take precedence. */
  async function checkNewMessage(
    user: UserRow,
    access: RoomAccess,
    text: string,
    attachment: AttachmentRow | null,
  ) {
    if (text === '' && !attachment) throw refuse('empty_message', 'Type a message first.', 400);
    if (text.length > MAX_MESSAGE_LENGTH) {
      throw refuse('message_too_long', `A message can be at most ${MAX_MESSAGE_LENGTH} characters.`, 400);
    }
    checkMaySend(access, user);
    await contact.checkMessage(access.room.id, user.id, text, attachment);
  }

  /**
   * sendMessage: checks, stores (seq) and returns the message; a retried clientId returns the stored one.
   * `announce` is called for a new message while the room's row lock is still held: the next message of
   * the room waits for it, so the room's broadcasts leave in seq order from every node.
   */
  async function send(
    user: UserRow,
    payload: SendMessagePayload,
    announce?: (message: ChatMessage) => Promise<void>,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    if (typeof payload.clientId !== 'string' || !/^[\w:.-]{1,100}$/.test(payload.clientId)) {
      throw refuse('validation_failed', 'A message needs a client id.', 400);
    }
    const access = await memberAccess(user, payload.chatRoom);
    const previous = await findByClientId(db, access.room.id, payload.clientId);
    if (previous) return { message: (await toMessages(db, [previous]))[0]!, created: false };

    const text = typeof payload.message === 'string' ? payload.message.trim() : '';
    const attachment = await attachmentOf(db, access, payload);
    await checkNewMessage(user, access, text, attachment);

    const participants = await participantsOf(db, access);
    const to = payload.to && participants.some((p) => p.id === payload.to) ? payload.to : null;
    const { message, created } = await db.transaction(async (tx) => {
      const stored = await insertMessage(tx, {
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
      });
      if (!stored.created) return { message: (await toMessages(tx, [stored.row]))[0]!, created: false };
      // new: nobody else has read it, and its attachment is the one checked above (no reads under the lock)
      const fresh = toMessage(stored.row, attachment, false);
      if (announce) await announce(fresh);
      return { message: fresh, created: true };
    });
    if (created) await mailMentions(ctx.jobs, user, access, text, participants, payload.mentions ?? []);
    return { message, created };
  }

  return {
    send,

    /** Messages after a sequence number, oldest first (reconnect resync is `after = last seq seen`). */
    async listMessages(viewer: UserRow, roomId: string, after: number, limit: number) {
      const access = await rooms.requireAccess(viewer, roomId);
      // the refused pro reads their conversation, not the project's news posted after the refusal
      const hideNews =
        access.refusedAt && viewer.id === access.room.proId
          ? sql`not (${chatMessages.type} = 'ai' and ${chatMessages.createdAt} > ${access.refusedAt.toISOString()})`
          : undefined;
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.seq, after), hideNews))
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

    /** messageRead: records receipts of the given messages (or all of the room) for the reader. */
    async markRead(user: UserRow, roomId: string, messageIds: string[], all: boolean) {
      await memberAccess(user, roomId);
      return recordReads(db, user, roomId, messageIds, all);
    },

    /** The production team pins (or unpins) a message of a room; members get the changed message. */
    async setPinned(user: UserRow, roomId: string, messageId: string, pinned: boolean) {
      const access = await rooms.requireAccess(user, roomId);
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
      ctx.emitter.current?.message(access.room.id, message!);
      return message!;
    },
  };
}
