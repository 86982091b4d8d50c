import { useCallback, useEffect, useRef, useState } from 'react';
import { isAckError, TypingTracker } from '@facet/domain/chat';
import type {
  ChatAckError,
  ChatMemberType,
  ChatMessage,
  GetIsTypingPayload,
  MoveStatusPayload,
  Receive3dModelPayload,
  SendMessagePayload,
  TypingUser,
} from '@facet/domain/chat';
import { getSocket } from '../../../lib/socket';
import { fetchMessagesAfter } from '../api/chat-api';
import { contiguousSeq, mergeMessages, newClientId, newMessagesIndex } from '../lib/messages';

/** How long a send waits for its acknowledgement before it is retried with the same client id. */
const ACK_TIMEOUT_MS = 10_000;

export type ChatViewer = { id: string; fullName: string; type: ChatMemberType };

export type PendingMessage = { clientId: string; message: string; failed: boolean };

export type SendResult = { ok: true; message: ChatMessage } | { ok: false; error: ChatAckError };

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
  const [typing, setTyping] = useState<TypingUser[]>([]);
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [joinError, setJoinError] = useState<string | null>(null);
  const messagesRef = useRef<ChatMessage[]>([]);
  const [dividerId, setDividerId] = useState<string | null>(null);
  useEffect(() => {
    messagesRef.current = messages;
  }, [messages]);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tracker = useRef(new TypingTracker());
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

    /** Shows who is typing now and checks again when the next typist's news expires (spec: 2.5 s). */
    const showTyping = () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = null;
      const now = Date.now();
      setTyping(tracker.current.typing(now, viewer.id));
      const next = tracker.current.nextExpiry();
      if (next !== null) typingTimer.current = setTimeout(showTyping, Math.max(0, next - now) + 10);
    };
    const onMessage = (message: ChatMessage) => {
      if (message.chatRoom !== roomId) return;
      add([message]);
      if (message.isQuote) eventsRef.current.onQuote?.(message);
      if (message.from) {
        tracker.current.clear(message.from);
        showTyping();
      }
    };
    const onModel = (model: Receive3dModelPayload) => eventsRef.current.onModel?.(model);
    const onMove = (payload: MoveStatusPayload) => {
      // one per room of the project: a socket in several rooms hears only this room's
      const room = payload.savedMessage?.chatRoom;
      if (payload.projectId !== projectId || (room !== undefined && room !== roomId)) return;
      eventsRef.current.onMoveStatus?.(payload);
    };
    const onOnline = (payload: { chatRoom: string; users: string[] }) => {
      if (payload.chatRoom === roomId) setOnline(payload.users);
    };
    const onTyping = (payload: GetIsTypingPayload) => {
      if (payload.chatRoom !== roomId) return;
      // the news holds 2.5 s unless repeated; a typist whose node died is cleared by this expiry
      tracker.current.receive(payload.from, payload.users, Date.now());
      showTyping();
    };
    const onRead = (payload: {
      chatRoom: string;
      readerId: string;
      messages: string[];
      allMessages: boolean;
    }) => {
      if (payload.chatRoom !== roomId || payload.readerId === viewer.id) return;
      setReadIds((current) => {
        const next = new Set(current);
        const ids = payload.allMessages ? messagesRef.current.map((m) => m.id) : payload.messages;
        for (const id of ids) next.add(id);
        return next;
      });
    };

    socket.on('getMessage', onMessage);
    socket.on('usersOnline', onOnline);
    socket.on('filteredUsers', onOnline);
    socket.on('forceDisconnectedFiltredUsers', onOnline);
    socket.on('getIsTyping', onTyping);
    socket.on('getMessageRead', onRead);
    socket.on('receive-3d-model', onModel);
    socket.on('getMoveStatus', onMove);
    socket.on('connect', join);
    if (socket.connected) join();

    return () => {
      alive = false;
      controller.abort();
      if (typingTimer.current) clearTimeout(typingTimer.current);
      socket.off('getMessage', onMessage);
      socket.off('usersOnline', onOnline);
      socket.off('filteredUsers', onOnline);
      socket.off('forceDisconnectedFiltredUsers', onOnline);
      socket.off('getIsTyping', onTyping);
      socket.off('getMessageRead', onRead);
      socket.off('receive-3d-model', onModel);
      socket.off('getMoveStatus', onMove);
      socket.off('connect', join);
      socket.emit('leave', { chatRoom: roomId, id: viewer.id });
    };
    // The pane is keyed by room, so one hook instance serves one room; unreadCount is read once on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roomId, projectId, viewer.id, viewer.type, add]);

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
    [roomId, projectId, add],
  );

  const setTypingState = useCallback(
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

  return {
    messages,
    dividerId,
    loading,
    online,
    typing,
    readIds,
    pending,
    joinError,
    send,
    setTyping: setTypingState,
    markRead,
  };
}
