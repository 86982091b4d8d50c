import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@facet/domain/chat';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client of the chat, authenticated by a session cookie (as the browser is). */
export function chatClient(
  url: string,
  cookie: string | null,
  options: { reconnection?: boolean } = {},
): ClientSocket {
  return connect(url, {
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
}

export function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Collects every event of one name a socket receives. */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  (socket.on as (e: string, l: (p: unknown) => void) => void)(event, (payload) =>
    seen.push(payload as never),
  );
  return seen;
}

export async function until(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
