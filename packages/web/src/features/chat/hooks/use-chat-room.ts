import { useCallback, useEffect, useRef, useState } from 'react';
import { isAckError } from '@facet/domain/chat';
import type { ChatMemberType, MoveStatusPayload, Receive3dModelPayload } from '@facet/domain/chat';
import { getSocket } from '../../../lib/socket';
import { fetchMessagesAfter } from '../api/chat-api';
import { contiguousSeq, mergeMessages, newMessagesIndex } from '../lib/messages';
import { listenToRoom } from '../lib/room-listeners';
import { useOthersTyping } from './use-others-typing';
import { useRoomActions, type PendingMessage } from './use-room-actions';
import type { ChatMessage } from '../api/chat-api';

export type { PendingMessage, SendResult } from './use-room-actions';

export type ChatViewer = { id: string; fullName: string; type: ChatMemberType };

/**
 * One chat room (mount one instance per room) over the shared socket: history by REST, live messages, resync by sequence after a
 * reconnect, online members, others typing and read receipts.
 */
export function useChatRoom(
  roomId: string,
  projectId: string,
  viewer: ChatViewer,
  unreadCount = 0,
  events: {
    onModel?: (model: Receive3dModelPayload) => void;
    onQuote?: (message: ChatMessage) => void;
    /** getMoveStatus of this room: the project moved (or the move failed). */
    onMoveStatus?: (payload: MoveStatusPayload) => void;
  } = {},
) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [online, setOnline] = useState<string[]>([]);
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [joinError, setJoinError] = useState<string | null>(null);
  const messagesRef = useRef<ChatMessage[]>([]);
  const [dividerId, setDividerId] = useState<string | null>(null);
  useEffect(() => {
    messagesRef.current = messages;
  }, [messages]);
  const others = useOthersTyping(viewer.id);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  const add = useCallback((incoming: ChatMessage[]) => {
    setMessages((current) => mergeMessages(current, incoming));
    const ids = new Set(incoming.map((m) => m.clientId));
    setPending((list) =>
      list.some((p) => ids.has(p.clientId)) ? list.filter((p) => !ids.has(p.clientId)) : list,
    );
  }, []);

  useEffect(() => {
    const socket = getSocket();
    let alive = true;
    const controller = new AbortController();

    /** Joins (again after a reconnect) and fetches whatever came after the last message held without gap. */
    const join = () => {
      socket.emit('join', { chatRoom: roomId, id: viewer.id, type: viewer.type }, (ack) => {
        if (!alive) return;
        if (isAckError(ack)) {
          setJoinError(ack.error);
          return;
        }
        setJoinError(null);
        const held = contiguousSeq(messagesRef.current);
        if (ack.lastSeq > held) {
          void fetchMessagesAfter(roomId, held, controller.signal)
            .then((page) => alive && add(page.messages))
            .catch(() => undefined);
        }
      });
    };

    void fetchMessagesAfter(roomId, 0, controller.signal)
      .then((page) => {
        if (!alive) return;
        add(page.messages);
        const index = newMessagesIndex(page.messages, viewer.id, unreadCount);
        setDividerId(page.messages[index]?.id ?? null);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (!alive) return;
        setLoading(false);
        setJoinError(error instanceof Error ? error.message : 'The messages could not be loaded.');
      });

    const stopListening = listenToRoom(socket, {
      message: (message) => {
        if (message.chatRoom !== roomId) return;
        add([message]);
        if (message.isQuote) eventsRef.current.onQuote?.(message);
        if (message.from) others.clear(message.from);
      },
      model: (model) => eventsRef.current.onModel?.(model),
      moveStatus: (payload) => {
        // one per room of the project: a socket in several rooms hears only this room's
        const room = payload.savedMessage?.chatRoom;
        if (payload.projectId !== projectId || (room !== undefined && room !== roomId)) return;
        eventsRef.current.onMoveStatus?.(payload);
      },
      online: (payload) => {
        if (payload.chatRoom === roomId) setOnline(payload.users);
      },
      typing: (payload) => {
        if (payload.chatRoom !== roomId) return;
        // the news holds 2.5 s unless repeated; a typist whose node died is cleared by this expiry
        others.receive(payload.from, payload.users);
      },
      read: (payload) => {
        if (payload.chatRoom !== roomId || payload.readerId === viewer.id) return;
        setReadIds((current) => {
          const next = new Set(current);
          const ids = payload.allMessages ? messagesRef.current.map((m) => m.id) : payload.messages;
          for (const id of ids) next.add(id);
          return next;
        });
      },
      connect: join,
    });
    if (socket.connected) join();

    return () => {
      alive = false;
      controller.abort();
      others.stop();
      stopListening();
      socket.emit('leave', { chatRoom: roomId, id: viewer.id });
    };
    // The pane is keyed by room, so one hook instance serves one room; unreadCount is read once on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roomId, projectId, viewer.id, viewer.type, add]);

  const { send, setTyping, markRead } = useRoomActions({ roomId, projectId, viewer, add, setPending });

  return {
    messages,
    dividerId,
    loading,
    online,
    typing: others.typing,
    readIds,
    pending,
    joinError,
    send,
    setTyping,
    markRead,
    /** A message as the server answered it (a pin set over HTTP): shown at once, not only when the room's
     * socket tells it, which a socket still joining would miss. */
    received: (message: ChatMessage) => add([message]),
  };
}
