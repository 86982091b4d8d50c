import { useCallback } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { isAckError } from '@facet/domain/chat';
import type { ChatAckError, SendMessagePayload } from '@facet/domain/chat';
import { getSocket } from '../../../lib/socket';
import { newClientId } from '../lib/messages';
import type { ChatMessage } from '../api/chat-api';

/** How long a send waits for its acknowledgement before it is retried with the same client id. */
const ACK_TIMEOUT_MS = 10_000;

export type PendingMessage = { clientId: string; message: string; failed: boolean };

export type SendResult = { ok: true; message: ChatMessage } | { ok: false; error: ChatAckError };

/** What the viewer tells the room: messages sent, typing, messages read. */
export function useRoomActions({
  roomId,
  projectId,
  viewer,
  add,
  setPending,
}: {
  roomId: string;
  projectId: string;
  viewer: { id: string; fullName: string };
  /** Takes stored messages into the room's list (and out of the pending ones). */
  add: (incoming: ChatMessage[]) => void;
  setPending: Dispatch<SetStateAction<PendingMessage[]>>;
}) {
  /** Sends one message; a lost acknowledgement is retried once with the same client id (never a duplicate). */
  const send = useCallback(
    async (message: string, extra: Partial<SendMessagePayload> = {}): Promise<SendResult> => {
      const clientId = newClientId();
      const payload: SendMessagePayload = { clientId, chatRoom: roomId, projectId, message, ...extra };
      setPending((list) => [...list, { clientId, message, failed: false }]);
      const socket = getSocket();
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const ack = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('sendMessage', payload);
          if (isAckError(ack)) {
            setPending((list) => list.filter((p) => p.clientId !== clientId));
            return { ok: false, error: ack };
          }
          add([ack.message]);
          return { ok: true, message: ack.message };
        } catch {
          // no acknowledgement in time: try again with the same client id
        }
      }
      setPending((list) => list.map((p) => (p.clientId === clientId ? { ...p, failed: true } : p)));
      return { ok: false, error: { error: 'The message could not be sent. Check your connection.' } };
    },
    [roomId, projectId, add, setPending],
  );

  const setTyping = useCallback(
    (isTyping: boolean) => {
      getSocket().emit('isTyping', {
        chatRoom: roomId,
        users: isTyping ? [{ id: viewer.id, fullName: viewer.fullName }] : [],
      });
    },
    [roomId, viewer.id, viewer.fullName],
  );

  const markRead = useCallback(
    (ids: string[]) => {
      if (ids.length === 0) return;
      getSocket().emit('messageRead', { chatRoom: roomId, messages: ids, allMessages: true, projectId });
    },
    [roomId, projectId],
  );

  return { send, setTyping, markRead };
}
