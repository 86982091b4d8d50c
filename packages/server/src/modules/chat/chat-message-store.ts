import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatMessage } from '@facet/domain/chat';
import type { Db, Tx } from '../../db/client';
import { chatAttachments, chatMessages, chatReads, chatRooms } from './chat.tables';
import { notFound } from '../../platform/errors';
import type { AttachmentRow, MessageRow, StoredPayload } from './chat-shared';
import { withFiles } from './chat-attachments';
import { holdProject } from '../projects/projects.reads';
import { CONTACT_EARLIER_MESSAGES, CONTACT_WINDOW_MS } from './chat-contact-details';

/** Message rows in and out: the message as members see it, and the one way a message is stored. */

export function toMessage(row: MessageRow, attachment: AttachmentRow | null, read: boolean): ChatMessage {
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

/** Rows as messages, with their attachments and whether someone other than the sender read them. */
export async function toMessages(tx: Db | Tx, rows: MessageRow[]): Promise<ChatMessage[]> {
  if (rows.length === 0) return [];
  const attachmentIds = rows.map((r) => r.attachmentId).filter((v): v is string => v !== null);
  const attachments = attachmentIds.length
    ? await withFiles(
        tx,
        await tx.select().from(chatAttachments).where(inArray(chatAttachments.id, attachmentIds)),
      )
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
    reads.filter((r) => rows.find((m) => m.id === r.messageId)?.fromId !== r.userId).map((r) => r.messageId),
  );
  return rows.map((r) =>
    toMessage(r, r.attachmentId ? (byId.get(r.attachmentId) ?? null) : null, readByOthers.has(r.id)),
  );
}

/**
 * Stores one message under the room's row lock: the next seq, or the stored one when this clientId
 * was already sent (a retry). Returns whether it was new.
 */
export async function insertMessage(
  tx: Tx,
  values: Omit<typeof chatMessages.$inferInsert, 'seq' | 'id'>,
): Promise<{ row: MessageRow; created: boolean }> {
  // the project first, then the room: the order the project's own transactions (offers, moves) lock them in
  await holdProject(tx, values.projectId);
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

/**
 * What a member's send reads of the room before its transaction, in one statement: the room, the id of a
 * message already stored under this client id (a retry), and the sender's earlier messages that the
 * contact-detail check reads together with the new one (oldest first). Null when the room has no row yet.
 */
export async function sendFacts(db: Db, roomId: string, fromId: string, clientId: string) {
  const since = new Date(Date.now() - CONTACT_WINDOW_MS).toISOString();
  // the room as `r`: the subqueries below refer to it by that name
  const room = alias(chatRooms, 'r');
  const [row] = await db
    .select({
      room,
      retryOf: sql<
        string | null
      >`(select m.id from ${chatMessages} m where m.room_id = r.id and m.client_id = ${clientId})`,
      earlier: sql<string[]>`array(select e.message from (
        select m.message, m.seq from ${chatMessages} m
        where m.room_id = r.id and m.from_id = ${fromId} and m.created_at > ${since}::timestamptz
        order by m.seq desc limit ${sql.raw(String(CONTACT_EARLIER_MESSAGES))}) e order by e.seq)`,
    })
    .from(room)
    .where(eq(room.id, roomId));
  return row ?? null;
}

/**
 * Stores a member's message with the room's next seq in one statement: the seq's update locks the room's
 * row until the transaction ends, so the room's messages are numbered (and announced) one at a time.
 * Null when the client id was stored meanwhile (a retry racing its first try): the caller rolls back, so
 * the seq is not spent, and answers with the stored message.
 */
export async function appendMessage(
  tx: Tx,
  values: Omit<typeof chatMessages.$inferInsert, 'seq' | 'id'>,
): Promise<MessageRow | null> {
  const next = tx.$with('next_seq').as(
    tx
      .update(chatRooms)
      .set({ lastSeq: sql`${chatRooms.lastSeq} + 1` })
      .where(eq(chatRooms.id, values.roomId))
      .returning({ seq: chatRooms.lastSeq }),
  );
  const [row] = await tx
    .with(next)
    .insert(chatMessages)
    .values({ ...values, seq: sql`(select ${next.seq} from ${next})` })
    .onConflictDoNothing({ target: [chatMessages.roomId, chatMessages.clientId] })
    .returning();
  return row ?? null;
}
