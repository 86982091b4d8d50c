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

/**
 * The one realtime connection, if open. Kept apart from `socket.ts` so that what only closes it (signing
 * out, in the app's shell) does not bring the socket.io client into the first chunk of every page.
 */
export const openSocket: { current: ChatSocket | null } = { current: null };

/** Closes the connection (on sign-out); the next getSocket() opens a fresh one. */
export function closeSocket() {
  openSocket.current?.disconnect();
  openSocket.current = null;
}
