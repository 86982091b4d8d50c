import { and, asc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import { isUuid } from '@facet/domain/rules';
import {
  findMentions,
  mayPinMessages,
  participantFullName,
  type ChatMessage,
  type ChatParticipant,
  type SendMessagePayload,
} from '@facet/domain/chat';
import type { Db, Tx } from '../../db/client';
import { chatAttachments, chatMessages, chatReads } from './chat.tables';
import { personById } from '../accounts/accounts.reads';
import { projectForPro } from '../projects/projects.reads';
import { AppError, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { activeProductionTeam, type UserRow } from '../accounts/accounts.reads';
import { mailJob, sendMails } from '../../platform/mail/mail-job';
import { contactDetailsChecks } from './chat-contact-details';
import { appendMessage, sendFacts, toMessage, toMessages } from './chat-message-store';
import { accessFrom, checkMaySend, openChosenRoom, type ChatRoomsPart } from './chat-rooms';
import {
  MAX_MESSAGE_LENGTH,
  refuse,
  typeOf,
  type AttachmentRow,
  type ChatContext,
  type RoomAccess,
} from './chat-shared';
import { withFiles } from './chat-attachments';

type Participant = ChatParticipant & { email: string; firstName: string };

/** A retry's first try stored the message while this one was checking it (the transaction rolls back). */
class StoredMeanwhile extends Error {}

async function findByClientId(db: Db, roomId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.clientId, clientId)));
  return row ?? null;
}

/** The uploaded file a message refers to (of this room), or null when it has none. */
async function attachmentOf(db: Db | Tx, access: RoomAccess, payload: SendMessagePayload) {
  if (!payload.attachment?.id) return null;
  if (!isUuid(payload.attachment.id)) throw notFound('Attachment');
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

async function participantsOf(db: Db | Tx, access: RoomAccess): Promise<Participant[]> {
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
    await sendMails(jobs, [
      mailJob('chatMention', person.email, {
        firstName: person.firstName,
        fromName: sender,
        projectId: access.project.id,
        projectTitle: access.project.title,
        service: access.project.service,
        message: text.slice(0, 500),
      }),
    ]);
  }
}

/** Receipts of the given messages (or all of the room) for the reader: the ids newly marked read. */
async function recordReads(db: Db, user: UserRow, roomId: string, messageIds: string[], all: boolean) {
  const ids = messageIds.filter((id) => typeof id === 'string' && isUuid(id)).slice(0, 500);
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
  function checkNewMessage(
    user: UserRow,
    access: RoomAccess,
    text: string,
    attachment: AttachmentRow | null,
    earlier: string[],
  ) {
    if (text === '' && !attachment) throw refuse('empty_message', 'Type a message first.', 400);
    if (text.length > MAX_MESSAGE_LENGTH) {
      throw refuse('message_too_long', `A message can be at most ${MAX_MESSAGE_LENGTH} characters.`, 400);
    }
    checkMaySend(access, user);
    contact.checkMessage(earlier, text, attachment);
  }

  /** A retried client id: the stored message, to a member of its room only. */
  async function storedAgain(user: UserRow, roomId: string, clientId: string) {
    const access = await memberAccess(user, roomId);
    const previous = await findByClientId(db, access.room.id, clientId);
    if (!previous) throw notFound('Message');
    return { message: (await toMessages(db, [previous]))[0]!, created: false };
  }

  /**
   * sendMessage: checks, stores (seq) and returns the message; a retried clientId returns the stored one.
   * `announce` is called for a new message while the room's row lock is still held: the next message of
   * the room waits for it, so the room's broadcasts leave in seq order from every node.
   *
   * A plain message costs four statements: the room with the retry and contact-detail facts (before the
   * transaction), then in it the project with its status and the pro's invitation (holding the project),
   * the pro, and the seq with the insert (locking the room). Who may send is read in the same transaction
   * that stores the message, so a member removed a moment ago is refused at once, on every node.
   */
  async function send(
    user: UserRow,
    payload: SendMessagePayload,
    announce?: (message: ChatMessage) => Promise<void>,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    if (typeof payload.clientId !== 'string' || !/^[\w:.-]{1,100}$/.test(payload.clientId)) {
      throw refuse('validation_failed', 'A message needs a client id.', 400);
    }
    let facts = await sendFacts(db, payload.chatRoom, user.id, payload.clientId);
    if (!facts) {
      // a room of a real project that was not needed yet is created on the way (or the sender refused)
      await memberAccess(user, payload.chatRoom);
      facts = await sendFacts(db, payload.chatRoom, user.id, payload.clientId);
      if (!facts) throw refuse('not_member', 'You are not a member of this chat.', 403);
    }
    const { room, earlier } = facts;
    if (facts.retryOf) return storedAgain(user, room.id, payload.clientId);

    const text = typeof payload.message === 'string' ? payload.message.trim() : '';
    // the recipients and mentions need the room's people; a plain message does not read them
    const named = text.includes('@') || Boolean(payload.to) || (payload.mentions?.length ?? 0) > 0;
    let stored: { message: ChatMessage; access: RoomAccess; participants: Participant[] } | null;
    try {
      stored = await db.transaction(async (tx) => {
        // the project first, then the room: the order the project's own transactions lock them in
        const found = await projectForPro(tx, room.projectId, room.proId, true);
        const access = accessFrom(user, room, found, await personById(tx, room.proId));
        if (!access) throw refuse('not_member', 'You are not a member of this chat.', 403);
        const attachment = await attachmentOf(tx, access, payload);
        checkNewMessage(user, access, text, attachment, earlier);
        await openChosenRoom(tx, room, access);
        const participants = named ? await participantsOf(tx, access) : [];
        const to = payload.to && participants.some((p) => p.id === payload.to) ? payload.to : null;
        const row = await appendMessage(tx, {
          roomId: room.id,
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
        if (!row) throw new StoredMeanwhile();
        // new: nobody else has read it, and its attachment is the one checked above (no reads under the lock)
        const message = toMessage(row, attachment, false);
        if (announce) await announce(message);
        return { message, access, participants };
      });
    } catch (error) {
      if (!(error instanceof StoredMeanwhile)) throw error;
      stored = null;
    }
    // the same client id was stored by another try while this one checked: that one is the answer
    if (!stored) return storedAgain(user, room.id, payload.clientId);
    const { message, access, participants } = stored;
    await mailMentions(ctx.jobs, user, access, text, participants, payload.mentions ?? []);
    return { message, created: true };
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
      if (!isUuid(messageId)) throw notFound('Message');
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
