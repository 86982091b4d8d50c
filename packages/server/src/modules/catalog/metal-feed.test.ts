import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { givenStaff } from '../../test/world';
import { createMetalFeed, parseFeed, MetalFeedError } from '../../platform/metal-feed/metal-feed';
import { FEED_STALE_AFTER_MS, METAL_PRICES_JOB, metalPricesService } from './metal-prices.service';

// The production twin of the metal-price port, against a local HTTP server standing in for the provider.
type Answer = { status: number; body: unknown } | 'hang';
let answer: Answer = { status: 200, body: {} };
const asked: URL[] = [];
let provider: Server;
let feedUrl: string;
let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: string;

beforeAll(async () => {
  provider = createServer((req: IncomingMessage, res) => {
    asked.push(new URL(req.url ?? '/', 'http://provider.test'));
    if (answer === 'hang') return; // never answers: the client's time-out decides
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1/latest`;
  t = await createTestApp({
    metalFeed: { url: feedUrl, apiKey: 'feed-key-1', keyParam: 'api_key', timeoutMs: 3000 },
  });
  staff = (await givenStaff(t)).cookie;
}, 120_000);
afterAll(async () => {
  await t.close();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

const refresh = () =>
  t.app.inject({ method: 'POST', url: '/api/staff/metal-prices/refresh', headers: { cookie: staff } });
const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
const sterlingSpot = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/catalog' })).json().materials[0].spot;

const rates = (silver: number) => ({
  success: true,
  base: 'USD',
  timestamp: 1764057600,
  // USDXAU is dollars per troy ounce; platinum only as XPT (ounces per dollar): its inverse is taken
  rates: { USDXAU: 2650.123, XAU: 1 / 2650.123, USDXAG: silver, XPT: 1 / 980, USDXPD: 1010 },
});

describe('the metal price feed', () => {
  test('a read stores each metal in whole cents with the key sent; health says the feed is up', async () => {
    answer = { status: 200, body: rates(30.5) };
    const r = await refresh();
    expect(r.statusCode, r.body).toBe(200);
    const current = Object.fromEntries(
      r.json().metals.map((m: { metal: string; current: { priceCents: number } }) => [m.metal, m.current]),
    );
    // 2650.123 → 265 012.3 ¢ → 265 012; 1 / (1/980) = 980 → 98 000 ¢
    expect(current.gold).toMatchObject({ priceCents: 265_012, source: 'feed' });
    expect(current.silver.priceCents).toBe(3050);
    expect(current.platinum.priceCents).toBe(98_000);
    expect(current.palladium.priceCents).toBe(101_000);
    expect(r.json().feed).toMatchObject({ mode: 'feed', state: 'up', lastError: null });
    expect(asked.at(-1)?.pathname).toBe('/v1/latest');
    expect(asked.at(-1)?.searchParams.get('api_key')).toBe('feed-key-1');
    expect(asked.at(-1)?.searchParams.get('base')).toBe('USD');
    expect(await sterlingSpot()).toMatchObject({ metal: 'silver', spotCents: 3050 });
    const h = await health();
    expect(h).toMatchObject({ status: 'ok', metalPrices: 'feed' });
    expect(h.checks).toMatchObject({ metalPriceFeed: 'up', metalPriceFeedError: null });
  });

  test('the feed down: the last known prices stay in use and health says so', async () => {
    answer = { status: 503, body: { error: 'maintenance' } };
    const r = await refresh();
    expect(r.statusCode).toBe(502);
    expect(r.json().error).toEqual({
      code: 'feed_unavailable',
      message: 'The metal price feed answered 503. The last known prices stay in use.',
    });
    expect(await sterlingSpot()).toMatchObject({ spotCents: 3050 });
    const quote = await t.ctx.pricing.priceModel(
      { volumeMm3: 399.72, surfaceAreaMm2: 532.96, watertight: true },
      { materialId: 1, quantity: 1 },
    );
    expect(quote.quote.spot?.spotCents).toBe(3050);
    const h = await health();
    expect(h.status).toBe('degraded');
    expect(h.ready).toBe(true);
    expect(h.checks).toMatchObject({
      metalPriceFeed: 'down',
      metalPriceFeedError: 'The metal price feed answered 503.',
    });
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/staff/metal-prices', headers: { cookie: staff } })
    ).json();
    expect(overview.feed).toMatchObject({ state: 'down', lastError: 'The metal price feed answered 503.' });
  });

  test('a feed that never answers, or answers nonsense, is down too; nothing is stored', async () => {
    const before = (await t.ctx.metalPrices.history('silver', 1)).length;
    answer = 'hang';
    const hung = await refresh();
    expect(hung.statusCode).toBe(502);
    expect(hung.json().error.message).toBe(
      'The metal price feed gave no answer in 3000 ms. The last known prices stay in use.',
    );
    answer = { status: 200, body: 'not json' };
    expect((await refresh()).json().error.message).toBe(
      'The metal price feed answered with something other than JSON. The last known prices stay in use.',
    );
    answer = { status: 200, body: { success: false, error: { info: 'Invalid API key.' } } };
    expect((await refresh()).json().error.message).toBe(
      'The metal price feed answered without rates: Invalid API key. The last known prices stay in use.',
    );
    expect((await t.ctx.metalPrices.history('silver', 1)).length).toBe(before);
  });

  test('the hourly job reads the feed: back up, the new price is stored and health recovers', async () => {
    answer = { status: 200, body: rates(31.25) };
    await t.ctx.jobs.send(METAL_PRICES_JOB, {});
    await t.ctx.jobs.drain();
    expect(await sterlingSpot()).toMatchObject({ spotCents: 3125 });
    expect((await health()).checks.metalPriceFeed).toBe('up');
  });

  test('prices older than 3 hours are stale: the feed counts as down though nothing failed', async () => {
    const later = metalPricesService({
      db: t.ctx.db,
      feed: createMetalFeed({ url: feedUrl, apiKey: null, keyParam: 'api_key', timeoutMs: 3000 }),
      now: () => new Date(Date.now() + FEED_STALE_AFTER_MS + 60_000),
    });
    expect(await later.feedStatus()).toMatchObject({
      state: 'down',
      lastError: 'The feed has given no price in the last 3 hours.',
    });
  });
});

describe('reading the provider answer', () => {
  test('USDXAU is taken as is, XAU inverted; a missing or bad rate is left out; none at all is an error', () => {
    expect(parseFeed({ rates: { USDXAG: 29.999, XAU: 0.0004 } })).toEqual({ silver: 3000, gold: 250_000 });
    expect(parseFeed({ rates: { USDXAG: -1, USDXPT: 'x', USDXPD: 1000 } })).toEqual({ palladium: 100_000 });
    expect(() => parseFeed({ rates: {} })).toThrow(MetalFeedError);
    expect(() => parseFeed(null)).toThrow('The metal price feed answered without rates.');
  });
});
