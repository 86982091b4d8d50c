import type { FastifyBaseLogger } from 'fastify';
import {
  isTypingPayloadSchema,
  joinPayloadSchema,
  leavePayloadSchema,
  messageReadPayloadSchema,
  participantFullName,
  sendMessagePayloadSchema,
  TYPING_CLEAR_MS,
} from '@facet/domain/chat';
import type { ChatMessage, GetIsTypingPayload, SendMessagePayload, TypingUser } from '@facet/domain/chat';
import type { ChatService } from './chat.service';
import type { UserRow } from '../accounts/accounts.reads';
import { AppError } from '../../platform/errors';
import { isNewsChannel } from '../../platform/project-news';
import { guardedEvents, type GuardedOn } from './realtime-guard';
import type { RoomPresence } from './realtime-presence';
import type { ChatServer, ChatSocket } from './realtime-types';

interface ChatEventDeps {
  io: ChatServer;
  chat: ChatService;
  presence: RoomPresence;
  inRoomOrder: RoomOrder;
  /** Sends a new message to its room on every node, in the order of the calls (see realtime.ts). */
  broadcast: (message: ChatMessage) => Promise<void>;
  log: FastifyBaseLogger;
}

type RoomOrder = (room: string, work: () => Promise<void>) => Promise<void>;

/** Runs each room's work one after the other on this node (work of different rooms runs side by side). */
export function roomOrder(): RoomOrder {
  const roomTails = new Map<string, Promise<void>>();
  return (room, work) => {
    const previous = roomTails.get(room) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => {});
    roomTails.set(room, tail);
    void tail.then(() => {
      if (roomTails.get(room) === tail) roomTails.delete(room);
    });
    return next;
  };
}

function typingNews(chatRoom: string, user: UserRow, typing: boolean): GetIsTypingPayload {
  const users: TypingUser[] = typing ? [{ id: user.id, fullName: participantFullName(user) }] : [];
  return { chatRoom, from: user.id, users, expiresInMs: TYPING_CLEAR_MS };
}

/** The chat's client events on one connected socket. */
export function handleChatEvents(socket: ChatSocket, deps: ChatEventDeps) {
  const on = guardedEvents(socket, deps.log);
  roomEvents(socket, on, deps);
  typingEvents(socket, on);
  messageEvents(socket, on, deps);
  onDeparture(socket, deps);
}

/** Joining (members only) and leaving a room; the room hears who is online. */
function roomEvents(socket: ChatSocket, on: GuardedOn, { chat, presence }: ChatEventDeps) {
  const user = socket.data.user;
  on('join', joinPayloadSchema, async (payload, reply) => {
    if (payload.id !== undefined && payload.id !== user.id) {
      throw new AppError('not_member', 'You are not a member of this chat.', 403);
    }
    const access = await chat.accessOf(user, payload.chatRoom);
    if (!access) throw new AppError('not_member', 'You are not a member of this chat.', 403);
    await socket.join(access.room.id);
    reply({ chatRoom: access.room.id, lastSeq: access.room.lastSeq });
    void presence.announce(access.room.id, socket, 'filteredUsers');
  });

  on('leave', leavePayloadSchema, async (payload, reply) => {
    const room = payload.chatRoom;
    if (socket.rooms.has(room)) {
      await socket.leave(room);
      void presence.announce(room, null, 'filteredUsers');
    }
    reply({});
  });
}

function typingEvents(socket: ChatSocket, on: GuardedOn) {
  const user = socket.data.user;
  on('isTyping', isTypingPayloadSchema, (payload) => {
    if (!socket.rooms.has(payload.chatRoom)) return;
    // only the sender's own entry is relayed, under their name as the server knows it
    const typing = payload.users.some((u) => u.id === user.id);
    socket.to(payload.chatRoom).emit('getIsTyping', typingNews(payload.chatRoom, user, typing));
  });
}

/** Sending (stored before it is acknowledged and broadcast) and marking messages read. */
function messageEvents(
  socket: ChatSocket,
  on: GuardedOn,
  { io, chat, inRoomOrder, broadcast }: ChatEventDeps,
) {
  const user = socket.data.user;
  on('sendMessage', sendMessagePayloadSchema, async (payload, reply) => {
    // one send per room at a time on this node (the room's row lock orders them across nodes)
    await inRoomOrder(payload.chatRoom, async () => {
      // the room (on every node) is sent the message under the room's lock, so in seq order; the
      // sender hears back once it is stored
      const { message } = await chat.send(user, payload as SendMessagePayload, (stored) => broadcast(stored));
      reply({ message });
    });
  });

  on('messageRead', messageReadPayloadSchema, async (payload, reply) => {
    const { messages } = await chat.markRead(user, payload.chatRoom, payload.messages, payload.allMessages);
    reply({});
    if (messages.length > 0) {
      io.to(payload.chatRoom).emit('getMessageRead', {
        chatRoom: payload.chatRoom,
        readerId: user.id,
        messages,
        allMessages: payload.allMessages,
      });
    }
  });
}

/** A socket going away stops typing now and its rooms hear who is still there. */
function onDeparture(socket: ChatSocket, { presence }: ChatEventDeps) {
  const user = socket.data.user;
  socket.on('disconnecting', () => {
    // chat rooms only: the socket's own id and its news channels are no chats
    const rooms = [...socket.rooms].filter((r) => r !== socket.id && !isNewsChannel(r));
    // a typist who goes away stops typing now (when the whole node dies, the receivers' expiry clears it)
    for (const room of rooms) socket.to(room).emit('getIsTyping', typingNews(room, user, false));
    // after the socket has left its rooms, tell each room who is still there
    setImmediate(() => {
      for (const room of rooms) void presence.announce(room, null, 'forceDisconnectedFiltredUsers');
    });
  });
}
