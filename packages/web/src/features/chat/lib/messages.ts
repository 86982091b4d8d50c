import type { ChatMessage } from '../api/chat-api';

/**
 * Merges messages into a room's list: one entry per id (a message seen twice, by REST and by the socket,
 * is kept once, the later copy winning), a pending message of ours replaced by the stored one with the
 * same client id, and the whole list ordered by the room's sequence number.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byKey = new Map<string, ChatMessage>();
  for (const message of [...current, ...incoming]) {
    byKey.set(message.clientId || message.id, message);
  }
  const seenIds = new Set<string>();
  const out: ChatMessage[] = [];
  for (const message of byKey.values()) {
    if (seenIds.has(message.id)) continue;
    seenIds.add(message.id);
    out.push(message);
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/**
 * The highest sequence number up to which the list has no gap (seq counts 1, 2, 3, … per room). A
 * reconnecting client asks for everything after it, so a message missed while away is filled in.
 */
export function contiguousSeq(messages: readonly ChatMessage[], from = 0): number {
  let last = from;
  for (const message of messages) {
    if (message.seq <= last) continue;
    if (message.seq !== last + 1) break;
    last = message.seq;
  }
  return last;
}

/** Whether the list misses any message between the first one held and `lastSeq`. */
export function hasGap(messages: readonly ChatMessage[], lastSeq: number): boolean {
  const first = messages[0]?.seq ?? 1;
  return contiguousSeq(messages, first - 1) < lastSeq;
}

/** Index of the first unread message from someone else, where the New Messages divider goes; -1 if none. */
export function newMessagesIndex(
  messages: readonly ChatMessage[],
  viewerId: string,
  unreadCount: number,
): number {
  if (unreadCount <= 0) return -1;
  let left = unreadCount;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.from === viewerId) continue;
    left -= 1;
    if (left === 0) return i;
  }
  return messages.findIndex((m) => m.from !== viewerId);
}

/** A message id made by this client, so a retried send is recognised by the server and never stored twice. */
export function newClientId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `web-${random}`;
}

/** Messages said in the pre-quote chat (the Pre-Quote Messages tab). */
export function preChatMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.filter((m) => m.preChat);
}
