import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** What each Redis connection of this process is for (named in logs and in the health answer). */
export type RedisPurpose =
  'rate-limit' | 'chat-publish' | 'chat-subscribe' | 'invalidate-publish' | 'invalidate-subscribe';

export interface RedisLink {
  purpose: RedisPurpose;
  client: Redis;
  /** Connected and answering now. */
  up(): boolean;
  /** When the current outage began (null while up). */
  downSince(): Date | null;
  /** Called each time the connection is back after an outage (not at the first connect). */
  onRecovered(listener: () => void): () => void;
  /** Called once when an outage begins. */
  onLost(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * One Redis connection that outlives Redis: it never throws at the process (every `error` is heard),
 * retries the connection with a capped backoff forever, never queues commands while Redis is away (a
 * command fails at once and the caller falls back), and logs one line when an outage begins and one when
 * it ends instead of one per retry.
 */
export function connectRedis(
  url: string,
  purpose: RedisPurpose,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  options: RedisOptions = {},
): RedisLink {
  const client = new Redis(url, {
    // a command while Redis is away fails now; the caller decides (memory counters, local delivery)
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    // 100 ms, 200 ms, … up to 2 s between attempts, for as long as it takes
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    ...options,
  });
  let downAt: Date | null = null;
  let everReady = false;
  // a connection that has never been up has been down since it was opened
  const openedAt = new Date();
  const recovered = new Set<() => void>();
  const lost = new Set<() => void>();
  const markDown = (reason: string) => {
    if (downAt || !everReady) return;
    downAt = new Date();
    log.warn({ redis: purpose, reason }, 'redis: connection lost; working without it until it is back');
    for (const listener of lost) listener();
  };
  client.on('error', (err: Error) => markDown(err.message));
  client.on('close', () => markDown('connection closed'));
  client.on('ready', () => {
    if (!everReady) {
      everReady = true;
      return;
    }
    if (!downAt) return;
    const ms = Date.now() - downAt.getTime();
    downAt = null;
    log.info({ redis: purpose, downMs: ms }, 'redis: connection back');
    for (const listener of recovered) listener();
  });
  let closing = false;
  return {
    purpose,
    client,
    up: () => client.status === 'ready',
    downSince: () => downAt ?? (client.status === 'ready' ? null : openedAt),
    onRecovered(listener) {
      recovered.add(listener);
      return () => recovered.delete(listener);
    },
    onLost(listener) {
      lost.add(listener);
      return () => lost.delete(listener);
    },
    async close() {
      if (closing) return;
      closing = true;
      recovered.clear();
      lost.clear();
      // quit lets commands in flight finish; when Redis is away there is nothing to wait for
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
