import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { connectRedis, type RedisLink } from './redis';

const CHANNEL = 'facet-cache#invalidate';

/**
 * Tells every node that something it may keep in memory has changed (the pricing catalog, decision 042).
 * In-process on the embedded database (one node); over Redis pub/sub between nodes. A cache may trust its
 * copy only while `live()`: while the subscription is down a change on another node could be missed, so
 * callers read through to the database until it is back (and drop what they kept when it comes back).
 */
export interface InvalidationBus {
  /** Tells this node now, and the other nodes through Redis (a failed publish is logged, never thrown). */
  publish(topic: string): void;
  /** Heard for every topic published on any node, this one included; also after a subscription outage. */
  on(topic: string, listener: () => void): () => void;
  /** True while a change on any node is sure to be heard here. */
  live(): boolean;
  close(): Promise<void>;
}

function listeners() {
  const byTopic = new Map<string, Set<() => void>>();
  return {
    add(topic: string, listener: () => void) {
      const set = byTopic.get(topic) ?? new Set();
      set.add(listener);
      byTopic.set(topic, set);
      return () => void set.delete(listener);
    },
    emit(topic: string) {
      for (const listener of byTopic.get(topic) ?? []) listener();
    },
    emitAll() {
      for (const set of byTopic.values()) for (const listener of set) listener();
    },
  };
}

/** One node: a change is heard at once, always. */
export function localInvalidationBus(): InvalidationBus {
  const heard = listeners();
  return {
    publish: (topic) => heard.emit(topic),
    on: (topic, listener) => heard.add(topic, listener),
    live: () => true,
    close: async () => {},
  };
}

/** Between nodes over Redis; the two connections are listed in `links` for the health answer. */
export function redisInvalidationBus(
  redisUrl: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  links: RedisLink[],
): InvalidationBus {
  const heard = listeners();
  // this node hears its own changes at once; its own message back from Redis is not heard twice
  const self = randomUUID();
  const pub = connectRedis(redisUrl, 'invalidate-publish', log);
  const sub = connectRedis(redisUrl, 'invalidate-subscribe', log, {
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  links.push(pub, sub);
  let subscribed = false;
  const subscribe = () => {
    sub.client
      .subscribe(CHANNEL)
      .then(() => {
        subscribed = true;
        // whatever changed while we were not listening is not known: every cache starts again
        heard.emitAll();
      })
      .catch((err: unknown) => log.warn({ err }, 'invalidation: subscribing failed; renewed on reconnect'));
  };
  subscribe();
  sub.onLost(() => {
    subscribed = false;
  });
  sub.onRecovered(() => subscribe());
  sub.client.on('message', (channel: string, message: string) => {
    if (channel !== CHANNEL) return;
    const [from, topic] = JSON.parse(message) as [string, string];
    if (from !== self) heard.emit(topic);
  });
  return {
    publish(topic) {
      heard.emit(topic);
      if (!pub.up()) return;
      pub.client.publish(CHANNEL, JSON.stringify([self, topic])).catch((err: unknown) => {
        log.warn(
          { err, topic },
          'invalidation: publishing failed; other nodes read through until Redis is back',
        );
      });
    },
    on: (topic, listener) => heard.add(topic, listener),
    live: () => subscribed && sub.up(),
    close: async () => {
      await Promise.all([pub.close(), sub.close()]);
    },
  };
}
