import type { ChatServer, ChatSocket } from './realtime-types';

/** Who is online in each room, told to the room when someone joins, leaves or goes away. */
export function roomPresence(io: ChatServer, cluster: { cutOff: () => boolean } | null) {
  let closing = false;

  async function onlineIn(room: string): Promise<string[]> {
    try {
      // while Redis is away only this node can answer
      const sockets = cluster?.cutOff()
        ? await io.local.in(room).fetchSockets()
        : await io.in(room).fetchSockets();
      return [...new Set(sockets.map((s) => s.data.user.id))];
    } catch {
      return [];
    }
  }

  return {
    async announce(
      room: string,
      joiner: ChatSocket | null,
      event: 'filteredUsers' | 'forceDisconnectedFiltredUsers',
    ) {
      if (closing) return;
      const users = await onlineIn(room);
      if (closing) return;
      joiner?.emit('usersOnline', { chatRoom: room, users });
      io.to(room).emit(event, { chatRoom: room, users });
    },
    /** The server is closing: no more announcements. */
    close() {
      closing = true;
    },
  };
}

export type RoomPresence = ReturnType<typeof roomPresence>;
