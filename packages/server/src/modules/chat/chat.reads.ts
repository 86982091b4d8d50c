import { and, eq, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatRooms } from './chat.tables';

/** What other modules may read of the chat (decision 019); a leaf file, like every `*.reads.ts`. */

/** Each pro's first message in each project's conversation (an answer to the invitation, measured). */
export async function firstMessagesOfPros(db: Db, proIds: string[]) {
  if (proIds.length === 0) return [];
  const rows = await db
    .select({ projectId: chatRooms.projectId, proId: chatRooms.proId, at: min(chatMessages.createdAt) })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(and(inArray(chatRooms.proId, proIds), eq(chatMessages.fromId, chatRooms.proId)))
    .groupBy(chatRooms.projectId, chatRooms.proId);
  return rows.filter((r): r is typeof r & { at: Date } => r.at !== null);
}
