import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@facet/domain/chat';
import type { UserRow } from '../modules/accounts/accounts.queries';

/** What a socket carries once the session cookie has been checked. */
export interface SocketData {
  user: UserRow;
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
