import { and, eq, inArray } from 'drizzle-orm';
import type { ChatMessage } from '@facet/domain/chat';
import type { Db, Tx } from '../../db/client';
import { chatAttachments, chatMessages, chatReads, chatRooms } from './chat.tables';
import { notFound } from '../../platform/errors';
import type { AttachmentRow, MessageRow, StoredPayload } from './chat-shared';
import { withFiles } from './chat-attachments';
import { holdProject } from '../projects/projects.reads';

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
