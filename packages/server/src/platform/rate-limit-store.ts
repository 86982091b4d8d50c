import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RedisLink } from './redis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The `store` of `@fastify/rate-limit`, counting with `rate-limiter-flexible` (decision 067): in Redis,
 * shared by every node, when `REDIS_URL` is set, and in this node's memory otherwise. While Redis is away
 * the Redis limiter hands each count to its in-memory insurance limiter: a command is not sent while the
 * connection is not ready, and one that fails (the connection's command time-out) is counted in memory,
 * so a request never waits on Redis and the limits keep holding per node. Each route counts on its own.
 */
export function rateLimitStore(link: RedisLink | null, nameSpace: string): FastifyRateLimitStoreCtor {
  const limiterFor = (keyPrefix: string, timeWindowMs: number, max: number): RateLimiterAbstract => {
    const options = { keyPrefix, points: max, duration: Math.ceil(timeWindowMs / 1000) };
    if (!link) return new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      storeClient: link.client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  };

  const store = (keyPrefix: string) => {
    let limiter: RateLimiterAbstract | undefined;
    return {
      incr(key: string, callback: Callback, timeWindow: number, max: number) {
        limiter ??= limiterFor(keyPrefix, timeWindow, max);
        // over the limit the count is refused with the same figures; anything else is an error
        const counted = (res: unknown) => {
          if (!(res instanceof RateLimiterRes)) return callback(res as Error);
          callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
        };
        limiter.consume(key).then(counted, counted);
      },
      child: (routeOptions: { routeInfo: { method: string; url: string } }) =>
        store(`${nameSpace}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}`),
    };
  };

  // the plugin builds its store with `new Store(options)`
  return function RateLimitStore() {
    return store(nameSpace);
  } as unknown as FastifyRateLimitStoreCtor;
}
