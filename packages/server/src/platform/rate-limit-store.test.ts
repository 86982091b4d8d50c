import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { connectRedis, type RedisLink } from './redis';
import { rateLimitStore } from './rate-limit-store';

const quiet = { warn: () => {}, info: () => {} };
const route = { routeInfo: { method: 'POST', url: '/api/auth/login' } };

interface Store {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: typeof route): Store;
}

/** A route's store, as the plugin makes it. */
function routeStore(link: RedisLink | null, nameSpace: string): Store {
  const Store = rateLimitStore(link, nameSpace) as unknown as new (options: object) => Store;
  return new Store({}).child(route);
}

const incr = (store: Store, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 3),
  );

const links: RedisLink[] = [];
afterEach(async () => {
  await Promise.all(links.splice(0).map((link) => link.close()));
});

describe('the rate-limit store (rate-limiter-flexible)', () => {
  test('in memory without Redis: counts per key past the limit, with the time left in the window', async () => {
    const store = routeStore(null, 'facet-rate-unit:');
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push((await incr(store, '10.0.0.1')).current);
    expect(counts).toEqual([1, 2, 3, 4]);
    const { ttl } = await incr(store, '10.0.0.1');
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect((await incr(store, '10.0.0.2')).current).toBe(1);
  });

  test('Redis configured but refusing connections: counted in memory, at once, without an error', async () => {
    const link = connectRedis('redis://127.0.0.1:1', 'rate-limit', quiet);
    links.push(link);
    const store = routeStore(link, 'facet-rate-unit:');
    const started = performance.now();
    expect((await incr(store, '10.0.0.1')).current).toBe(1);
    expect((await incr(store, '10.0.0.1')).current).toBe(2);
    expect(performance.now() - started).toBeLessThan(100);
  });

  const redisUrl = process.env.REDIS_URL;
  test.runIf(redisUrl)(
    'with Redis: two nodes share the count; when Redis goes, each counts in memory',
    async () => {
      const nameSpace = `facet-rate-unit-${randomBytes(4).toString('hex')}:`;
      const [a, b] = [
        connectRedis(redisUrl!, 'rate-limit', quiet),
        connectRedis(redisUrl!, 'rate-limit', quiet),
      ];
      links.push(a, b);
      await Promise.all([a, b].map((link) => expect.poll(() => link.up()).toBe(true)));
      const [nodeA, nodeB] = [routeStore(a, nameSpace), routeStore(b, nameSpace)];
      expect((await incr(nodeA, '10.0.0.1')).current).toBe(1);
      expect((await incr(nodeB, '10.0.0.1')).current).toBe(2);
      expect(await a.client.exists(`${nameSpace}POST/api/auth/login:10.0.0.1`)).toBe(1);
      // node B loses Redis: its next count is its own memory's, and no error reaches the request
      b.client.disconnect();
      expect((await incr(nodeB, '10.0.0.1')).current).toBe(1);
      expect((await incr(nodeA, '10.0.0.1')).current).toBe(3);
    },
  );
});
