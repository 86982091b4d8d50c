import { METALS, type Metal } from '@facet/domain/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MetalFeed } from '../../platform/metal-feed/metal-feed';
import type { UserRow } from '../accounts/accounts.reads';
import { peopleByIds } from '../accounts/accounts.reads';
import { catalogQueries, type SpotPriceRow } from './catalog.queries';
import { recordStaffAction } from '../../platform/audit/audit';

/** The feed is read this often (cron, UTC): five past every hour. */
export const METAL_PRICES_JOB = 'metal-prices-refresh';
export const METAL_PRICES_CRON = '5 * * * *';
/** A feed price older than this means the feed has not been read lately: health says the feed is down. */
export const FEED_STALE_AFTER_MS = 3 * 60 * 60 * 1000;
/** The longest history one request may ask for. */
export const MAX_HISTORY_DAYS = 730;

export interface SpotPrice {
  metal: Metal;
  priceCents: number;
  source: 'staff' | 'feed';
  asOf: string;
}

export interface FeedStatus {
  /** `staff`: prices are entered by staff (no feed configured); `feed`: read from the provider. */
  mode: 'staff' | 'feed';
  /** up: the last read worked and its prices are recent; down: the last read failed or is stale. */
  state: 'up' | 'down' | 'unused';
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
}

const toSpot = (row: SpotPriceRow): SpotPrice => ({
  metal: row.metal,
  priceCents: row.priceCents,
  source: row.source,
  asOf: row.createdAt.toISOString(),
});

/**
 * Spot prices of the precious metals (decision 037): the latest row per metal is today's price; staff add
 * rows, and so does the feed when one is configured. A failed read writes nothing, so the last known price
 * stays in use, and the feed's state says it is down.
 */
export function metalPricesService(deps: {
  db: Db;
  feed: MetalFeed;
  log?: FastifyBaseLogger;
  now?: () => Date;
  /** Tells every node's catalog that a price changed (`catalog.changed`); quotes read it from the catalog. */
  changed?: () => void;
}) {
  const q = catalogQueries(deps.db);
  const now = deps.now ?? (() => new Date());
  // this node's last read of the feed (the stored prices tell every node how fresh they are)
  const attempts: { at: Date | null; ok: boolean; error: string | null } = {
    at: null,
    ok: true,
    error: null,
  };

  async function current(): Promise<Partial<Record<Metal, SpotPrice>>> {
    const rows = await q.latestSpotPrices();
    return Object.fromEntries(rows.map((r) => [r.metal, toSpot(r)]));
  }

  async function lastFeedPriceAt(): Promise<Date | null> {
    const rows = await q.latestSpotPrices();
    const feedTimes = rows.filter((r) => r.source === 'feed').map((r) => r.createdAt.getTime());
    return feedTimes.length ? new Date(Math.max(...feedTimes)) : null;
  }

  return {
    current,

    /** Staff enter today's price of one metal (cents per troy ounce of the fine metal). */
    async record(actor: Pick<UserRow, 'id'>, metal: Metal, priceCents: number, note: string | null) {
      // the price and its audit row commit together (decision 038): one without the other is refused
      const row = await deps.db.transaction(async (tx) => {
        const inserted = await catalogQueries(tx).insertSpotPrice({
          metal,
          priceCents,
          source: 'staff',
          enteredBy: actor.id,
          note,
        });
        await recordStaffAction(tx, 201);
        return inserted;
      });
      deps.changed?.();
      return toSpot(row);
    },

    /** One metal's prices over the last `days` days, oldest first. */
    async history(metal: Metal, days: number) {
      const since = new Date(now().getTime() - days * 24 * 60 * 60 * 1000);
      const rows = await q.spotHistory(metal, since);
      const people = new Map(
        (
          await peopleByIds(
            deps.db,
            rows.map((r) => r.enteredBy),
          )
        ).map((p) => [p.id, p]),
      );
      return rows.map((r) => ({
        id: r.id,
        priceCents: r.priceCents,
        source: r.source,
        note: r.note,
        asOf: r.createdAt.toISOString(),
        enteredBy: (() => {
          const person = r.enteredBy ? people.get(r.enteredBy) : undefined;
          return person ? `${person.firstName} ${person.lastName}`.trim() || person.email : null;
        })(),
      }));
    },

    /**
     * Reads the feed and stores what changed. Without a feed, nothing happens. When the feed cannot be
     * read, nothing is stored (the last known prices stay in use), the failure is logged and kept for the
     * health answer, and the error is thrown for the caller to report.
     */
    async refreshFromFeed(): Promise<{ stored: Metal[] }> {
      if (deps.feed.name === 'none') return { stored: [] };
      attempts.at = now();
      let prices;
      try {
        prices = await deps.feed.fetchLatest();
      } catch (e) {
        attempts.ok = false;
        attempts.error = (e as Error).message;
        deps.log?.warn({ err: e }, 'metal price feed not read; the last known prices stay in use');
        throw e;
      }
      attempts.ok = true;
      attempts.error = null;
      const latest = await current();
      const stored: Metal[] = [];
      // the prices read and, when staff asked for the read, its audit row commit together (decision 038)
      await deps.db.transaction(async (tx) => {
        for (const metal of METALS) {
          const cents = prices[metal];
          if (cents === undefined) continue;
          await catalogQueries(tx).insertSpotPrice({
            metal,
            priceCents: cents,
            source: 'feed',
            enteredBy: null,
            note: null,
          });
          if (latest[metal]?.priceCents !== cents) stored.push(metal);
        }
        await recordStaffAction(tx);
      });
      deps.changed?.();
      return { stored };
    },

    async feedStatus(): Promise<FeedStatus> {
      if (deps.feed.name === 'none') {
        return { mode: 'staff', state: 'unused', lastAttemptAt: null, lastSuccessAt: null, lastError: null };
      }
      const lastSuccess = await lastFeedPriceAt();
      const stale = !lastSuccess || now().getTime() - lastSuccess.getTime() > FEED_STALE_AFTER_MS;
      const failed = attempts.at !== null && !attempts.ok;
      return {
        mode: 'feed',
        state: failed || stale ? 'down' : 'up',
        lastAttemptAt: attempts.at?.toISOString() ?? null,
        lastSuccessAt: lastSuccess?.toISOString() ?? null,
        lastError: attempts.error ?? (stale ? 'The feed has given no price in the last 3 hours.' : null),
      };
    },
  };
}

export type MetalPricesService = ReturnType<typeof metalPricesService>;
