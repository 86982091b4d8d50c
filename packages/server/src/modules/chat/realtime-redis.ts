import { isNewsChannel } from '../../platform/project-news';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { ChatMessage, ClientToServerEvents, ServerToClientEvents } from '@facet/domain/chat';
import type { ChatService } from './chat.service';
import { connectRedis, type RedisLink } from '../../platform/redis';

/** After a Redis outage, messages stored from this long before it was noticed are sent again. */
const RESEND_MARGIN_MS = 30_000;

/**
 * New chat messages travel on one channel of their own, to every node including the sender's: Redis hands
 * a subscriber its messages in the order it took the publishes, and each is published under its room's
 * row lock (so in seq order), hence every member on every node hears a room in seq order.
 */
const MESSAGES_CHANNEL = 'facet-chat#messages';

/**
 * The socket.io Redis adapter, made to outlive Redis. While Redis is away each node keeps serving the
 * sockets it holds: a broadcast reaches this node's members, the copy for other nodes is dropped (never
 * queued, never thrown at the process). When the subscription is back, every member on this node is sent
 * what the rooms stored since a little before the outage began (clients drop what they hold, by id), so
 * nothing acknowledged is lost.
 */
export async function attachRedisAdapter(
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, unknown>,
  deps: {
    redisUrl: string;
    chat: Pick<ChatService, 'storedSince'>;
    log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
    /** Where the connections are listed for the health answer. */
    links: RedisLink[];
  },
) {
  const { chat, log } = deps;
  const pub = connectRedis(deps.redisUrl, 'chat-publish', log);
  // subscriptions wait for the connection (and are renewed after each outage) instead of failing
  const sub = connectRedis(deps.redisUrl, 'chat-subscribe', log, {
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  const publish = pub.client.publish.bind(pub.client) as (
    channel: string,
    message: string,
  ) => Promise<number>;
  // the adapter publishes without waiting: while Redis is away a publish fails here, not at the process
  (pub.client as unknown as { publish: typeof publish }).publish = (channel, message) =>
    publish(channel, message).catch(() => 0);
  deps.links.push(pub, sub);
  await waitUntilUp(pub, 5000);
  io.adapter(createAdapter(pub.client, sub.client, { requestsTimeout: 2000 }));

  let closing = false;
  let lostAt: Date | null = null;
  const markLost = () => {
    lostAt ??= new Date(Date.now() - RESEND_MARGIN_MS);
  };
  pub.onLost(markLost);
  sub.onLost(markLost);
  // not awaited: while Redis is away the command waits in the subscriber's queue (start-up must not), and
  // ioredis subscribes again after each reconnect
  sub.client.subscribe(MESSAGES_CHANNEL).catch((err: unknown) => {
    log.warn({ err }, 'chat: subscribing to the messages channel failed; it is renewed on reconnect');
  });
  sub.client.on('message', (channel: string, raw: string) => {
    if (channel !== MESSAGES_CHANNEL) return;
    const message = JSON.parse(raw) as ChatMessage;
    io.local.to(message.chatRoom).emit('getMessage', message);
  });

  const localRooms = () =>
    [...io.of('/').adapter.rooms.keys()].filter((r) => !io.of('/').sockets.has(r) && !isNewsChannel(r));
  const redeliver = async () => {
    const since = lostAt;
    lostAt = null;
    if (!since) return;
    let sent = 0;
    for (const room of localRooms()) {
      for (const message of await chat.storedSince(room, since)) {
        if (closing) return;
        io.local.to(room).emit('getMessage', message);
        sent += 1;
      }
    }
    log.info({ messages: sent }, 'chat: resent what the rooms stored while Redis was away');
  };
  sub.onRecovered(() => {
    void redeliver().catch((err: unknown) =>
      log.error({ err }, 'chat: resending after a Redis outage failed'),
    );
  });

  return {
    /**
     * A new message to its room on every node, in call order. While Redis is away this node's own members
     * get it directly (the others when Redis is back, from the store).
     */
    async broadcast(message: ChatMessage) {
      try {
        if (pub.up()) {
          await publish(MESSAGES_CHANNEL, JSON.stringify(message));
          return;
        }
      } catch {
        markLost();
      }
      io.local.to(message.chatRoom).emit('getMessage', message);
    },
    /** While Redis is away this node knows only its own sockets. */
    cutOff: () => !pub.up(),
    async close() {
      closing = true;
      await Promise.all([pub.close(), sub.close()]);
    },
  };
}

/** Waits (bounded) for the first connection, so the adapter starts subscribed; later outages are survived. */
async function waitUntilUp(link: RedisLink, timeoutMs: number) {
  if (link.up()) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    link.client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
