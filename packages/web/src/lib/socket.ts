import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents as ChatEvents } from '@facet/domain/chat';
import type { OrderUpdatedPayload } from '@facet/domain/format';
import type { NotificationEventPayload, NotificationsReadPayload } from '@facet/domain/notifications';

/**
 * The server's events: the chat's, and the user's own (`order-updated`: an order of theirs moved;
 * `notification`: a notification of theirs was made; `notifications-read`: they read some in another tab).
 */
type ServerToClientEvents = ChatEvents & {
  'order-updated': (payload: OrderUpdatedPayload) => void;
  notification: (payload: NotificationEventPayload) => void;
  'notifications-read': (payload: NotificationsReadPayload) => void;
};

/** The chat's typed socket (spec section 7): listened events first, emitted events second. */
export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: ChatSocket | null = null;

/**
 * The one realtime connection of the app: same origin (the dev proxy forwards /socket.io), the session
 * cookie authenticates it, and socket.io reconnects on its own after a drop.
 */
export function getSocket(): ChatSocket {
  if (!socket) {
    socket = io({ withCredentials: true, reconnection: true, autoConnect: true });
  }
  return socket;
}

/** Closes the connection (on sign-out); the next getSocket() opens a fresh one. */
export function closeSocket() {
  socket?.disconnect();
  socket = null;
}
