import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChatMessage, GetMessageReadPayload, RoomUsersPayload } from '@facet/domain/chat';
import type { Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';
import { getSocket } from '../../../lib/socket';

/** The fields of GET /api/projects/:id/rooms the Project Team card reads. */
export type ProjectRoom = Pick<Schemas['ChatRoom'], 'id' | 'customerId' | 'proId' | 'unreadCount'>;

/** The same cache entry as the chat's conversation list, so both read one answer. */
export const projectRoomsKey = (projectId: string) =>
  ['projects', 'detail', projectId, 'rooms', 'list'] as const;

export function useProjectRooms(projectId: string) {
  return useQuery({
    queryKey: projectRoomsKey(projectId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/projects/{id}/rooms', { params: { path: { id: projectId } }, signal })),
    select: (body) => body.rooms,
    retry: false,
  });
}

/**
 * Who of the project team is online and who has written messages the viewer has not read (spec section 2,
 * Project Team card: an online dot and an unread pulse). Starts from the rooms' unread counts, then follows
 * the chat's socket events for this project's rooms: presence (usersOnline, filteredUsers,
 * forceDisconnectedFiltredUsers), new messages and the viewer's own read receipts.
 */
export function useTeamPresence(projectId: string, viewerId: string | undefined) {
  const rooms = useProjectRooms(projectId);
  const list = useMemo(() => rooms.data ?? [], [rooms.data]);
  const roomIds = list.map((r) => r.id).join(',');
  const [onlineByRoom, setOnlineByRoom] = useState<Record<string, string[]>>({});
  const [unreadByRoom, setUnreadByRoom] = useState<Record<string, boolean>>({});

  useEffect(() => {
    if (!roomIds) return;
    const ids = new Set(roomIds.split(','));
    const socket = getSocket();
    const onUsers = (payload: RoomUsersPayload) => {
      if (ids.has(payload.chatRoom)) setOnlineByRoom((o) => ({ ...o, [payload.chatRoom]: payload.users }));
    };
    const onMessage = (message: ChatMessage) => {
      if (!ids.has(message.chatRoom) || message.type === 'ai' || !message.from || message.from === viewerId)
        return;
      setUnreadByRoom((u) => ({ ...u, [message.chatRoom]: true }));
    };
    const onRead = (payload: GetMessageReadPayload) => {
      if (ids.has(payload.chatRoom) && payload.readerId === viewerId)
        setUnreadByRoom((u) => ({ ...u, [payload.chatRoom]: false }));
    };
    socket.on('usersOnline', onUsers);
    socket.on('filteredUsers', onUsers);
    socket.on('forceDisconnectedFiltredUsers', onUsers);
    socket.on('getMessage', onMessage);
    socket.on('getMessageRead', onRead);
    return () => {
      socket.off('usersOnline', onUsers);
      socket.off('filteredUsers', onUsers);
      socket.off('forceDisconnectedFiltredUsers', onUsers);
      socket.off('getMessage', onMessage);
      socket.off('getMessageRead', onRead);
    };
  }, [roomIds, viewerId]);

  return useMemo(() => {
    const online = new Set(Object.values(onlineByRoom).flat());
    if (viewerId) online.add(viewerId);
    const unreadFrom = new Set<string>();
    for (const room of list) {
      if (!(unreadByRoom[room.id] ?? room.unreadCount > 0)) continue;
      // the other side of the conversation: the customer for its pro, the pro for everyone else
      const other = room.proId === viewerId ? room.customerId : room.proId;
      if (other) unreadFrom.add(other);
    }
    return {
      isOnline: (userId: string) => online.has(userId),
      hasUnread: (userId: string) => unreadFrom.has(userId),
    };
  }, [list, onlineByRoom, unreadByRoom, viewerId]);
}
