import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents as ChatServerEvents } from '@facet/domain/chat';
import type { OrderUpdatedPayload } from '@facet/domain/format';
import type { NotificationEventPayload, NotificationsReadPayload } from '@facet/domain/notifications';
import type { UserRow } from '../accounts/accounts.reads';

/** The chat's events and the user's own: an order of theirs moved (`order-updated`). */
export type ServerToClientEvents = ChatServerEvents & {
  'order-updated': (payload: OrderUpdatedPayload) => void;
  /** A notification of theirs was made; they read some (their other tabs follow). */
  notification: (payload: NotificationEventPayload) => void;
  'notifications-read': (payload: NotificationsReadPayload) => void;
};

/** What a socket carries once the session cookie has been checked. */
export interface SocketData {
  user: UserRow;
  /** The session's row id (`sessionRowId` of the cookie): the periodic check asks whether it still holds. */
  sessionId: string;
}
export type ChatServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type ChatSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The acknowledgement callback of a client event (a no-op when the client sent none). */
export type Reply = (ack: object) => void;
