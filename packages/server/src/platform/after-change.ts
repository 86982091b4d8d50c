import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route never moves a project or an order (a quote, a price comparison): the sweeps that tell
     * such moves do not run after it. Hot read-like POSTs set it so they do not pay for the sweeps.
     */
    movesNothing?: boolean;
  }
}

/**
 * Runs `run` after each successful API change (a non-GET `/api/` request answered below 400), once the
 * change has committed, except after routes that say they move nothing.
 */
export function afterApiChange(app: Pick<FastifyInstance, 'addHook'>, run: () => void) {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400 || !request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.movesNothing) return;
    run();
  });
}
