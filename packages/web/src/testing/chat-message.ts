import type { ChatMessage } from '@facet/domain/chat';

/**
 * A stored chat message for tests: number `seq` in room r1 of project p1, sent by u1 one minute after
 * the previous one, plain text; `over` changes any field.
 */
export function chatMessage(seq: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `m${seq}`,
    clientId: `c${seq}`,
    seq,
    chatRoom: 'r1',
    projectId: 'p1',
    from: 'u1',
    to: null,
    type: 'user',
    message: `hello ${seq}`,
    read: false,
    createdAt: new Date(Date.UTC(2026, 0, 1, 10, seq)).toISOString(),
    isFile: false,
    fileName: null,
    attachment: null,
    general: false,
    isQuote: false,
    priceCents: null,
    leadTimeDays: null,
    offerId: null,
    status: null,
    pinned: false,
    preChat: false,
    ...over,
  };
}
