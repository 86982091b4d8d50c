import { io } from 'socket.io-client';
import { openSocket, type ChatSocket } from './socket-state';

export { type ChatSocket } from './socket-state';

/**
 * The one realtime connection of the app: same origin (the dev proxy forwards /socket.io), the session
 * cookie authenticates it, and socket.io reconnects on its own after a drop.
 */
export function getSocket(): ChatSocket {
  openSocket.current ??= io({ withCredentials: true, reconnection: true, autoConnect: true });
  return openSocket.current;
}
