import type { ServerToClientEvents } from '@facet/domain/chat';
import type { ChatSocket } from '../../../lib/socket';

/** The room's listeners on the shared socket; `connect` rejoins after a reconnect. */
export type RoomListeners = {
  message: ServerToClientEvents['getMessage'];
  online: ServerToClientEvents['usersOnline'];
  typing: ServerToClientEvents['getIsTyping'];
  read: ServerToClientEvents['getMessageRead'];
  model: ServerToClientEvents['receive-3d-model'];
  moveStatus: ServerToClientEvents['getMoveStatus'];
  connect: () => void;
};

/** Listens on the socket for one room's events; the result stops listening. */
export function listenToRoom(socket: ChatSocket, l: RoomListeners): () => void {
  socket.on('getMessage', l.message);
  socket.on('usersOnline', l.online);
  socket.on('filteredUsers', l.online);
  socket.on('forceDisconnectedFiltredUsers', l.online);
  socket.on('getIsTyping', l.typing);
  socket.on('getMessageRead', l.read);
  socket.on('receive-3d-model', l.model);
  socket.on('getMoveStatus', l.moveStatus);
  socket.on('connect', l.connect);
  return () => {
    socket.off('getMessage', l.message);
    socket.off('usersOnline', l.online);
    socket.off('filteredUsers', l.online);
    socket.off('forceDisconnectedFiltredUsers', l.online);
    socket.off('getIsTyping', l.typing);
    socket.off('getMessageRead', l.read);
    socket.off('receive-3d-model', l.model);
    socket.off('getMoveStatus', l.moveStatus);
    socket.off('connect', l.connect);
  };
}
