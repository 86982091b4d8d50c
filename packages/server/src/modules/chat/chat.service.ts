import { chatAttachmentsPart } from './chat-attachments';
import { chatMessagesPart } from './chat-messages';
import { chatRoomsPart } from './chat-rooms';
import type { ChatContext, ChatDeps, ChatEmitter } from './chat-shared';
import { chatSystemMessagesPart } from './chat-system-messages';
import { quoteCardsPart } from './quote-cards';

export { READ_ONLY_MESSAGE, type ChatDeps, type ChatEmitter, type RoomAccess } from './chat-shared';
// the projects module reads the first bytes of its uploads the same way

/**
 * The chat service (`app.ctx.chat`), composed of its parts: rooms (chat-rooms.ts), members' messages
 * (chat-messages.ts), files (chat-attachments.ts), quote cards (quote-cards.ts) and project news such
 * as status moves (chat-system-messages.ts). They share the dependencies and the emitter of the moment.
 */
export function chatService(deps: ChatDeps) {
  const ctx: ChatContext = { ...deps, emitter: { current: null } };
  const rooms = chatRoomsPart(ctx);
  return {
    setEmitter(next: ChatEmitter | null) {
      ctx.emitter.current = next;
    },
    ...rooms,
    ...chatMessagesPart(ctx, rooms),
    ...chatAttachmentsPart(ctx, rooms),
    ...quoteCardsPart(ctx),
    ...chatSystemMessagesPart(ctx),
  };
}

export type ChatService = ReturnType<typeof chatService>;
