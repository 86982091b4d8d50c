import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { ChatService } from './chat.service';
import type { SessionStore } from '../accounts/sessions.service';
import { sameSiteOnly, sessionAuth } from './realtime-auth';
import { handleChatEvents, roomOrder } from './realtime-chat-events';
import { roomPresence } from './realtime-presence';
import { attachRedisAdapter } from './realtime-redis';
import { startSessionCheck } from './realtime-session-check';
import { startStatusSweep } from './realtime-status-sweep';
import type { ChatServer, ChatSocket } from './realtime-types';
import { ORDER_UPDATED_EVENT } from '@facet/domain/format';
import type { ChatMessage } from '@facet/domain/chat';
import { NOTIFICATION_EVENT, NOTIFICATIONS_READ_EVENT } from '@facet/domain/notifications';
import { STAFF_CHANNEL, userChannel, type ProjectNews } from '../../platform/project-news';

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
  deps: {
    chat: ChatService;
    news: ProjectNews;
    sessions: SessionStore;
    redisUrl?: string;
    publicUrl: string;
    /** How often the sessions of open sockets are checked (`SESSION_CHECK_MS`; tests shorten it). */
    sessionCheckMs?: number;
  },
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

  // a new message to its room: through Redis to every node (this one too) when clustered, so in call order
  const broadcast = async (message: ChatMessage) => {
    if (cluster) await cluster.broadcast(message);
    else io.to(message.chatRoom).emit('getMessage', message);
  };
  chat.setEmitter({
    // system messages, quote cards and pins go the same way as members' messages
    message: (_room, message) => void broadcast(message),
    moveStatus: (room, payload) => io.to(room).emit('getMoveStatus', payload),
    model: (room, payload) => io.to(room).emit('receive-3d-model', payload),
  });
  // project news goes to each party's own channel (every socket of theirs, on any node)
  deps.news.setSink((to, payload) => {
    const channels = to.users.map(userChannel);
    if (to.staff) channels.push(STAFF_CHANNEL);
    io.to(channels).emit('projectUpdated', payload);
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
  // each user's own channel: their orders' live updates (project news goes the same way, below); the
  // production team's boards hear every order's
  app.ctx.orders.setEmitter({
    orderUpdated: (customerId, payload) =>
      io.to([userChannel(customerId), STAFF_CHANNEL]).emit(ORDER_UPDATED_EVENT, payload),
  });
  // and their notifications: a new one, and reads made in another tab
  app.ctx.notifications.setEmitter({
    created: (userId, payload) => io.to(userChannel(userId)).emit(NOTIFICATION_EVENT, payload),
    read: (userId, payload) => io.to(userChannel(userId)).emit(NOTIFICATIONS_READ_EVENT, payload),
  });

  io.on('connection', (socket: ChatSocket) => {
    const user = socket.data.user;
    void socket.join(user.role === 'staff' ? [userChannel(user.id), STAFF_CHANNEL] : userChannel(user.id));
    handleChatEvents(socket, { io, chat, presence, inRoomOrder, broadcast, log: app.log });
  });

  const statusSweep = startStatusSweep(app, chat);

  // an account a decision here blocks (deactivated, held, inactive) loses its live connections now: this
  // node's at once (also while Redis is away), every other node's through the adapter; decisions made
  // elsewhere (the operator's command) and sessions ended any other way are caught by the session check
  app.ctx.accounts.onAccessEnded((userId) => {
    io.local.in(userChannel(userId)).disconnectSockets(true);
    if (cluster) io.in(userChannel(userId)).disconnectSockets(true);
  });
  const sessionCheck = startSessionCheck(io, sessions, app.log, deps.sessionCheckMs);

  // before Fastify closes its server: stop the timer, drop the sockets, leave Redis
  app.addHook('preClose', async () => {
    presence.close();
    stopModelFiles();
    const sweeping = statusSweep.stop();
    const checking = sessionCheck.stop();
    app.ctx.accounts.onAccessEnded(null);
    chat.setEmitter(null);
    app.ctx.orders.setEmitter(null);
    app.ctx.notifications.setEmitter(null);
    deps.news.setSink(null);
    await sweeping;
    await checking;
    io.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
    await cluster?.close();
  });

  return io;
}
