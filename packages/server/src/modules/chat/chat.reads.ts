import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatRooms } from './chat.tables';

/** What other modules may read of the chat (decision 019); a leaf file, like every `*.reads.ts`. */

/** Each pro's first message in each project's conversation (an answer to the invitation, measured). */
export async function firstMessagesOfPros(db: Db, proIds: string[]) {
  if (proIds.length === 0) return [];
  // per room the earliest of the pro's messages: one probe of chat_messages_room_from_idx, however long
  // the conversation (rooms by chat_rooms_pro_idx)
  const rows = await db
    .select({
      projectId: chatRooms.projectId,
      proId: chatRooms.proId,
      at: sql<Date | null>`(select min(m.created_at) from ${chatMessages} m where m.room_id = chat_rooms.id and m.from_id = chat_rooms.pro_id)`.mapWith(
        chatMessages.createdAt,
      ),
    })
    .from(chatRooms)
    .where(inArray(chatRooms.proId, proIds));
  return rows.filter((r): r is typeof r & { at: Date } => r.at !== null);
}
