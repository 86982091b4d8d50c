import type { FastifyInstance, FastifyRequest } from 'fastify';
import { standingRefusal } from '../../platform/auth';
import type { UserRow } from './accounts.queries';
import { SESSION_COOKIE } from './sessions.service';

/**
 * Reads the session cookie on every request (sessions are rows, so any node can serve any request), then
 * keeps pending and blocked accounts out of the areas the web sends them away from (see `standingRefusal`).
 */
export function installSessionReader(app: FastifyInstance) {
  app.decorateRequest('account', null);
  app.decorateRequest('sessionToken', null);
  const moneyRoutes: string[] = [];
  app.decorate('moneyRoutes', moneyRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.config?.movesMoney) return;
    for (const method of [route.method].flat()) moneyRoutes.push(`${method} ${route.url}`);
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/dev/')) return;
    const user = await readSession(app, request);
    if (user) {
      // the matched route's pattern, so no spelling of the address slips past
      const refusal = standingRefusal(
        user,
        request.routeOptions.url ?? request.url,
        request.routeOptions.config?.movesMoney === true,
      );
      if (refusal) throw refusal;
    }
  });
}

/**
 * Reads the session cookie into `request.account` and `request.sessionToken` (null without an active
 * session). The API's hook calls it for every request; a page the server draws per person calls it itself,
 * since other pages need no database read. Throws when the sessions cannot be read (the database away).
 */
export async function readSession(app: FastifyInstance, request: FastifyRequest): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const user = await app.ctx.sessions.lookup(token);
  if (!user) return null;
  request.account = user;
  request.sessionToken = token;
  return user;
}
