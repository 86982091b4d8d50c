import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { ChatService } from '../modules/chat/chat.service';
import type { SessionStore } from '../modules/accounts/sessions';
import { sameSiteOnly, sessionAuth } from './realtime-auth';
import { handleChatEvents, roomOrder } from './realtime-chat-events';
import { roomPresence } from './realtime-presence';
import { attachRedisAdapter } from './realtime-redis';
import { startStatusSweep } from './realtime-status-sweep';
import { userRoom, type ChatServer, type ChatSocket } from './realtime-types';
import { ORDER_UPDATED_EVENT } from '@facet/domain/format';

/**
 * The chat's socket.io server on Fastify's own HTTP server (same port, path /socket.io). The socket is
 * authenticated by the session cookie; with REDIS_URL the Redis adapter carries events between nodes.
 * It also posts the projects' status moves into the rooms (after each change request, and on a timer).
 *
 * The parts: `realtime-auth.ts` (who may connect), `realtime-guard.ts` (input rules and refusals of
 * every client event), `realtime-chat-events.ts` (rooms, typing, messages, departures),
 * `realtime-presence.ts` (who is online), `realtime-status-sweep.ts`, `realtime-redis.ts`.
 */
export async function installRealtime(
  app: FastifyInstance,
  deps: { chat: ChatService; sessions: SessionStore; redisUrl?: string; publicUrl: string },
): Promise<ChatServer> {
  const { chat, sessions } = deps;
  const io: ChatServer = new Server(app.server, {
    serveClient: false,
    maxHttpBufferSize: 1e6,
    allowRequest: sameSiteOnly(deps.publicUrl),
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

  io.use(sessionAuth(sessions));

  const presence = roomPresence(io, cluster);
  const inRoomOrder = roomOrder();
  // each user's own room: their orders' live updates (and anything else meant for them alone)
  app.ctx.orders.setEmitter({
    orderUpdated: (customerId, payload) => io.to(userRoom(customerId)).emit(ORDER_UPDATED_EVENT, payload),
  });

  io.on('connection', (socket: ChatSocket) => {
    void socket.join(userRoom(socket.data.user.id));
    handleChatEvents(socket, { io, chat, presence, inRoomOrder, log: app.log });
  });

  const statusSweep = startStatusSweep(app, chat);

  // before Fastify closes its server: stop the timer, drop the sockets, leave Redis
  app.addHook('preClose', async () => {
    presence.close();
    stopModelFiles();
    const sweeping = statusSweep.stop();
    chat.setEmitter(null);
    app.ctx.orders.setEmitter(null);
    await sweeping;
    io.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
    await cluster?.close();
  });

  return io;
}
