import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from './redis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

interface StoreOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

// the plugin's own two stores (CommonJS, without type declarations of their own)
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreClass;

/**
 * Rate-limit counters in Redis, shared by every node, and in this node's memory while Redis is away: a
 * request never waits on a Redis that does not answer (the connection fails commands at once, and a slow
 * answer is given up after the connection's command time-out), and the limits keep holding per node.
 * Each switch is logged once by the connection.
 */
export function fallbackRateLimitStore(
  link: RedisLink,
  nameSpace: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  function make(redis: Store, local: Store): Store {
    const run =
      (method: 'incr' | 'read') => (key: string, callback: Callback, timeWindow: number, max: number) => {
        if (!link.up()) return local[method](key, callback, timeWindow, max);
        redis[method](
          key,
          (error, result) => {
            if (!error) return callback(null, result);
            log.warn({ err: error }, 'rate limit: Redis did not answer; counting in memory');
            local[method](key, callback, timeWindow, max);
          },
          timeWindow,
          max,
        );
      };
    return {
      incr: run('incr'),
      read: run('read'),
      child: (routeOptions) => make(redis.child(routeOptions), local.child(routeOptions)),
    };
  }
  // the plugin builds its store with `new Store(options)`
  return function FallbackStore(options: StoreOptions) {
    const redis = new RedisStore(
      options.continueExceeding,
      options.exponentialBackoff,
      link.client,
      nameSpace,
    );
    const local = new LocalStore(options.continueExceeding, options.exponentialBackoff);
    return make(redis, local);
  } as unknown as FastifyRateLimitStoreCtor;
}
