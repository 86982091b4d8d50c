import { METALS, type Metal } from '@facet/domain/pricing';

/**
 * The metal-price port (decision 037). The embedded default has no feed: staff enter each day's spot price
 * (`none`). The production twin reads a feed provider over HTTP when METAL_PRICE_FEED_URL is set: the
 * "latest rates" JSON that metals-api.com and metalpriceapi.com answer with base USD,
 * `{ "success": true, "rates": { "USDXAU": 2650.12, "XAU": 0.000377…, … } }`: `USDXAU` is dollars per troy
 * ounce; when only `XAU` (troy ounces per dollar) is given, its inverse is taken.
 */
export interface MetalFeedConfig {
  url: string;
  apiKey: string | null;
  /** The query parameter that carries the key (`api_key` for metalpriceapi.com, `access_key` for metals-api). */
  keyParam: string;
  timeoutMs: number;
}

/** Spot prices read from the feed, whole cents per troy ounce (rounded half up once, here). */
export type FeedPrices = Partial<Record<Metal, number>>;

export interface MetalFeed {
  readonly name: 'none' | 'http';
  /** The latest prices; throws with a readable message when the provider cannot be read. */
  fetchLatest(): Promise<FeedPrices>;
}

const SYMBOLS: Record<Metal, string> = { gold: 'XAU', silver: 'XAG', platinum: 'XPT', palladium: 'XPD' };

export class MetalFeedError extends Error {}

/** Dollars per troy ounce as whole cents; anything not a positive finite price is left out. */
function toCents(dollars: unknown): number | null {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars) || dollars <= 0) return null;
  const cents = Math.round(Number((dollars * 100).toPrecision(12)));
  return cents > 0 && cents <= 10_000_000 ? cents : null;
}

/** Reads the provider's answer (exported for tests of the parsing alone). */
export function parseFeed(body: unknown): FeedPrices {
  const rates = (body as { rates?: unknown } | null)?.rates;
  if ((body as { success?: unknown } | null)?.success === false || !rates || typeof rates !== 'object') {
    const info = (body as { error?: { info?: unknown; message?: unknown } } | null)?.error;
    const why =
      typeof info?.info === 'string' ? info.info : typeof info?.message === 'string' ? info.message : '';
    throw new MetalFeedError(
      `The metal price feed answered without rates${why ? `: ${why.replace(/\.$/, '')}` : ''}.`,
    );
  }
  const r = rates as Record<string, unknown>;
  const prices: FeedPrices = {};
  for (const metal of METALS) {
    const symbol = SYMBOLS[metal];
    const direct = toCents(r[`USD${symbol}`]);
    const inverse =
      typeof r[symbol] === 'number' && (r[symbol] as number) > 0 ? toCents(1 / (r[symbol] as number)) : null;
    const cents = direct ?? inverse;
    if (cents !== null) prices[metal] = cents;
  }
  if (Object.keys(prices).length === 0) throw new MetalFeedError('The metal price feed gave no metal price.');
  return prices;
}

export function createMetalFeed(config: MetalFeedConfig | null): MetalFeed {
  if (!config) {
    return {
      name: 'none',
      fetchLatest: () => Promise.reject(new MetalFeedError('No metal price feed is configured.')),
    };
  }
  return {
    name: 'http',
    async fetchLatest() {
      const url = new URL(config.url);
      if (config.apiKey) url.searchParams.set(config.keyParam, config.apiKey);
      if (!url.searchParams.has('base')) url.searchParams.set('base', 'USD');
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (e) {
        throw new MetalFeedError(
          (e as Error).name === 'TimeoutError'
            ? `The metal price feed gave no answer in ${config.timeoutMs} ms.`
            : 'The metal price feed is unreachable.',
        );
      }
      if (!response.ok) throw new MetalFeedError(`The metal price feed answered ${response.status}.`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new MetalFeedError('The metal price feed answered with something other than JSON.');
      }
      return parseFeed(body);
    },
  };
}
