import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../platform/openapi';
import type { PaymentGateway, Reachability } from '../../platform/payments/gateway';

/** A check that does not answer within this long counts as down (a load balancer polls every few seconds). */
const CHECK_TIMEOUT_MS = 2000;

const portState = z.enum(['up', 'down', 'unused']);

const healthReply = z.object({
  /** ok: everything answers; degraded: serving, but a shared part is away; unavailable: cannot serve. */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  /** Whether this node should get traffic (false only when the database does not answer). */
  ready: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  realtime: z.enum(['in-process', 'redis']),
  mail: z.enum(['outbox', 'smtp']),
  ai: z.enum(['off', 'openai-compatible']),
  /** Where the metal spot prices come from: entered by staff, or a feed provider. */
  metalPrices: z.enum(['staff', 'feed']),
  /** The payment gateway: the built-in sandbox, or Stripe. */
  payments: z.enum(['sandbox', 'stripe']),
  checks: z.object({
    database: portState,
    /** Redis (rate limits and chat between nodes); while it is down each node works on its own. */
    redis: portState,
    /** Since when Redis has been away (UTC), when it is. */
    redisDownSince: z.string().nullable(),
    storage: portState,
    /** The AI provider (concept images, text helpers): unused when AI_* are not set. */
    ai: portState,
    /** The metal price feed: down when its last read failed or its prices are stale (the last known are kept). */
    metalPriceFeed: portState,
    metalPriceFeedError: z.string().nullable(),
    /**
     * The payment gateway: down while its calls find it unreachable (no connection, timeouts, its own
     * errors); known from those calls, and asked again at most every few seconds while it is down.
     */
    payments: portState,
    /** Since when the payment gateway has been away (UTC), when it is. */
    paymentsDownSince: z.string().nullable(),
    /** What its last failed call said, while it is away. */
    paymentsError: z.string().nullable(),
  }),
  time: z.string(),
});

/** The gateway's reachability, or down when even that does not answer in time. */
async function gatewayState(gateway: PaymentGateway): Promise<Reachability> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      gateway.reachability(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('The payment gateway did not answer in time.')),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    return { up: false, downSince: null, lastError: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

async function answers(work: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness, told apart for a load balancer: `/api/health/live` answers 200 while the process
 * runs; `/api/health` (and `/api/health/ready`) answers 200 while this node can serve, with each shared
 * part's state (a Redis outage is `degraded`, still ready), and 503 when the database does not answer.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process runs and its event loop turns',
        response: replies({ 200: z.object({ status: z.literal('ok'), time: z.string() }) }),
      },
    },
    async () => ({ status: 'ok' as const, time: new Date().toISOString() }),
  );

  const readiness = async () => {
    const { ctx } = app;
    const aiOn = ctx.config.ai !== null;
    const [database, storage, ai, feed, gateway] = await Promise.all([
      answers(() => ctx.db.execute(sql`select 1`)),
      answers(() => ctx.storage.head('health/probe')),
      aiOn ? ctx.ai.reachable(CHECK_TIMEOUT_MS) : Promise.resolve(true),
      ctx.metalPrices.feedStatus().catch(() => null),
      gatewayState(ctx.gateway),
    ]);
    const feedState = feed?.state ?? 'down';
    const links = ctx.redis;
    const redisUp = links.every((link) => link.up());
    const downSince = links
      .map((link) => link.downSince())
      .filter((d): d is Date => d !== null)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    const state = (up: boolean) => (up ? ('up' as const) : ('down' as const));
    const ok = database && storage && redisUp && ai && feedState !== 'down' && gateway.up;
    return {
      status: !database ? ('unavailable' as const) : ok ? ('ok' as const) : ('degraded' as const),
      ready: database,
      database: ctx.database.kind,
      realtime: ctx.config.redisUrl ? ('redis' as const) : ('in-process' as const),
      mail: ctx.mailer.transport,
      ai: aiOn ? ('openai-compatible' as const) : ('off' as const),
      metalPrices: ctx.config.metalFeed ? ('feed' as const) : ('staff' as const),
      payments: ctx.gateway.name,
      checks: {
        database: state(database),
        redis: links.length === 0 ? ('unused' as const) : state(redisUp),
        redisDownSince: downSince?.toISOString() ?? null,
        storage: state(storage),
        ai: aiOn ? state(ai) : ('unused' as const),
        metalPriceFeed: feedState,
        metalPriceFeedError: feed ? feed.lastError : 'The feed state could not be read.',
        payments: state(gateway.up),
        paymentsDownSince: gateway.downSince?.toISOString() ?? null,
        paymentsError: gateway.up ? null : gateway.lastError,
      },
      time: new Date().toISOString(),
    };
  };

  for (const url of ['/api/health', '/api/health/ready']) {
    app.get(
      url,
      {
        schema: {
          tags: ['platform'],
          summary: 'Readiness and the state of each shared part (503 when the database does not answer)',
          response: replies({ 200: healthReply, 503: healthReply }),
        },
      },
      async (_request, reply) => {
        const health = await readiness();
        return reply.status(health.ready ? 200 : 503).send(health);
      },
    );
  }
};
