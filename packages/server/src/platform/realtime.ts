import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import {
  isTypingPayloadSchema,
  joinPayloadSchema,
  leavePayloadSchema,
  messageReadPayloadSchema,
  participantFullName,
  sendMessagePayloadSchema,
  TYPING_CLEAR_MS,
} from '@facet/domain/chat';
import type {
  ChatAckError,
  ClientToServerEvents,
  GetIsTypingPayload,
  SendMessagePayload,
  ServerToClientEvents,
  TypingUser,
} from '@facet/domain/chat';
import type { ChatService } from '../modules/chat/chat.service';
import type { UserRow } from '../modules/accounts/accounts.queries';
import { SESSION_COOKIE, type SessionStore } from '../modules/accounts/sessions';
import { isBlocked } from './auth';
import { AppError, validationError } from './errors';
import { assertSafeInput } from './input-guard';
import { attachRedisAdapter } from './realtime-redis';

interface SocketData {
  user: UserRow;
}
type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const SWEEP_INTERVAL_MS = 5000;

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function typingNews(chatRoom: string, user: UserRow, typing: boolean): GetIsTypingPayload {
  const users: TypingUser[] = typing ? [{ id: user.id, fullName: participantFullName(user) }] : [];
  return { chatRoom, from: user.id, users, expiresInMs: TYPING_CLEAR_MS };
}

/** Our own refusals as the client should see them: the message, the code and any refused fields. */
const refusal = (error: AppError): ChatAckError => ({
  error: error.message,
  code: error.code,
  ...(error.fields ? { fields: error.fields } : {}),
});

type Reply = (ack: object) => void;

/**
 * The chat's socket.io server on Fastify's own HTTP server (same port, path /socket.io). The socket is
 * authenticated by the session cookie; with REDIS_URL the Redis adapter carries events between nodes.
 * It also posts the projects' status moves into the rooms (after each change request, and on a timer).
 */
export async function installRealtime(
  app: FastifyInstance,
  deps: { chat: ChatService; sessions: SessionStore; redisUrl?: string; publicUrl: string },
): Promise<ChatServer> {
  const { chat, sessions } = deps;
  const publicOrigin = new URL(deps.publicUrl).origin;
  const io: ChatServer = new Server(app.server, {
    serveClient: false,
    maxHttpBufferSize: 1e6,
    // a page of another site may not open a socket with our cookie
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin) return callback(null, true);
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return callback(null, false);
      }
      callback(null, host === req.headers.host || origin === publicOrigin);
    },
  });

  // with REDIS_URL the adapter carries events between nodes, and outlives Redis going away
  const cluster = deps.redisUrl
    ? await attachRedisAdapter(io, { redisUrl: deps.redisUrl, chat, log: app.log, links: app.ctx.redis })
    : null;

  chat.setEmitter({
    message: (room, message) => io.to(room).emit('getMessage', message),
    moveStatus: (room, payload) => io.to(room).emit('getMoveStatus', payload),
    model: (room, payload) => io.to(room).emit('receive-3d-model', payload),
  });
  // 3D model files added to a project (attachments, deliveries) are announced in its rooms
  const stopModelFiles = app.ctx.projects.onModelFiles((projectId, files) => {
    void chat
      .modelFilesAdded(projectId, files)
      .catch((err: unknown) => app.log.error({ err }, 'chat: announcing 3D models failed'));
  });

  io.use(async (socket, next) => {
    try {
      const token = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
      const user = token ? await sessions.lookup(token) : undefined;
      if (!user || isBlocked(user)) return next(new Error('unauthenticated'));
      socket.data.user = user;
      next();
    } catch {
      next(new Error('unauthenticated'));
    }
  });

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

  let closing = false;
  async function announcePresence(
    room: string,
    joiner: ChatSocket | null,
    event: 'filteredUsers' | 'forceDisconnectedFiltredUsers',
  ) {
    if (closing) return;
    const users = await onlineIn(room);
    if (closing) return;
    joiner?.emit('usersOnline', { chatRoom: room, users });
    io.to(room).emit(event, { chatRoom: room, users });
  }

  const roomTails = new Map<string, Promise<void>>();
  function inRoomOrder(room: string, work: () => Promise<void>): Promise<void> {
    const previous = roomTails.get(room) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => {});
    roomTails.set(room, tail);
    void tail.then(() => {
      if (roomTails.get(room) === tail) roomTails.delete(room);
    });
    return next;
  }

  io.on('connection', (socket: ChatSocket) => {
    const user = socket.data.user;

    /**
     * Every client event goes through here, as an HTTP request goes through the input guard and the
     * error handler: the payload is refused when nested too deeply or holding a NUL character (the same
     * codes and messages as HTTP), then its shape is checked; a refusal is acknowledged with its code.
     * Anything unexpected is logged with a request id made for this event, which the acknowledgement
     * carries so a user's report can be matched to the log.
     */
    function on<S extends z.ZodType>(
      event: keyof ClientToServerEvents,
      schema: S,
      run: (payload: z.output<S>, reply: Reply) => Promise<void> | void,
    ) {
      (socket.on as (event: string, listener: (...args: unknown[]) => void) => void)(
        event,
        async (...args: unknown[]) => {
          const reqId = randomUUID();
          const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as Reply) : null;
          const reply: Reply = ack ?? (() => {});
          try {
            const raw = args[0];
            assertSafeInput(raw);
            const parsed = schema.safeParse(raw ?? {});
            if (!parsed.success) throw validationError(parsed.error.issues);
            await run(parsed.data, reply);
          } catch (error) {
            if (error instanceof AppError && error.status < 500) return reply(refusal(error));
            app.log.error(
              { err: error, reqId, event, socketId: socket.id, userId: user.id },
              'chat: socket event failed',
            );
            reply({
              error: `Something went wrong. Please try again. (reference ${reqId})`,
              code: 'internal_error',
              requestId: reqId,
            } satisfies ChatAckError);
          }
        },
      );
    }

    on('join', joinPayloadSchema, async (payload, reply) => {
      if (payload.id !== undefined && payload.id !== user.id) {
        throw new AppError('not_member', 'You are not a member of this chat.', 403);
      }
      const access = await chat.accessOf(user, payload.chatRoom);
      if (!access) throw new AppError('not_member', 'You are not a member of this chat.', 403);
      await socket.join(access.room.id);
      reply({ chatRoom: access.room.id, lastSeq: access.room.lastSeq });
      void announcePresence(access.room.id, socket, 'filteredUsers');
    });

    on('leave', leavePayloadSchema, async (payload, reply) => {
      const room = payload.chatRoom;
      if (socket.rooms.has(room)) {
        await socket.leave(room);
        void announcePresence(room, null, 'filteredUsers');
      }
      reply({});
    });

    on('isTyping', isTypingPayloadSchema, (payload) => {
      if (!socket.rooms.has(payload.chatRoom)) return;
      // only the sender's own entry is relayed, under their name as the server knows it
      const typing = payload.users.some((u) => u.id === user.id);
      socket.to(payload.chatRoom).emit('getIsTyping', typingNews(payload.chatRoom, user, typing));
    });

    on('sendMessage', sendMessagePayloadSchema, async (payload, reply) => {
      // one send per room at a time on this node, so the room hears its messages in seq order
      await inRoomOrder(payload.chatRoom, async () => {
        const { message, created } = await chat.send(user, payload as SendMessagePayload);
        // stored first; then the sender hears back and the room (on every node) gets it
        reply({ message });
        if (created) io.to(message.chatRoom).emit('getMessage', message);
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

    socket.on('disconnecting', () => {
      const rooms = [...socket.rooms].filter((r) => r !== socket.id);
      // a typist who goes away stops typing now (when the whole node dies, the receivers' expiry clears it)
      for (const room of rooms) socket.to(room).emit('getIsTyping', typingNews(room, user, false));
      // after the socket has left its rooms, tell each room who is still there
      setImmediate(() => {
        for (const room of rooms) void announcePresence(room, null, 'forceDisconnectedFiltredUsers');
      });
    });
  });

  // status moves recorded by the projects module become system messages in the rooms
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    if (sweeping) return;
    sweeping = chat
      .syncProjectEvents()
      .catch((err: unknown) => app.log.error({ err }, 'chat: posting status moves failed'))
      .finally(() => {
        sweeping = null;
      });
  };
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400 && request.url.startsWith('/api/')) sweep();
  });
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();

  // before Fastify closes its server: stop the timer, drop the sockets, leave Redis
  app.addHook('preClose', async () => {
    closing = true;
    stopModelFiles();
    clearInterval(timer);
    chat.setEmitter(null);
    await sweeping;
    io.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
    await cluster?.close();
  });

  return io;
}
