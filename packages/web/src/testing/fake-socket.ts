/**
 * Stands in for the socket.io connection (the network edge) in component tests: records what is emitted,
 * lets a test push server events, and answers `join` with the room or a refusal. Browser journeys use the
 * real server. Use it with
 * `vi.mock('<path>/lib/socket', async () => (await import('<path>/testing/fake-socket')).socketModule)`.
 */
type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>();

export const fakeSocket = {
  emitted: [] as { event: string; payload: unknown }[],
  /** The answer to the next joins: a refusal text, or null for the room and its last seq. */
  joinRefusal: null as string | null,
  socket: {
    connected: true,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return fakeSocket.socket;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return fakeSocket.socket;
    },
    emit(event: string, payload: { chatRoom: string }, ack?: (answer: unknown) => void) {
      fakeSocket.emitted.push({ event, payload });
      if (event === 'join')
        ack?.(
          fakeSocket.joinRefusal
            ? { error: fakeSocket.joinRefusal, code: 'not_member' }
            : { chatRoom: payload.chatRoom, lastSeq: 0 },
        );
      return fakeSocket.socket;
    },
    timeout() {
      return { emitWithAck: () => Promise.resolve({ error: 'Not in this test.' }) };
    },
  },
  /** Delivers a server event to every listener. */
  fire(event: string, payload: unknown) {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  },
  /** Forgets the emits and the join refusal (listeners belong to mounted components and leave with them). */
  reset() {
    fakeSocket.emitted.length = 0;
    fakeSocket.joinRefusal = null;
  },
};

/** What `lib/socket` exports, backed by the fake. */
export const socketModule = { getSocket: () => fakeSocket.socket, closeSocket: () => undefined };
