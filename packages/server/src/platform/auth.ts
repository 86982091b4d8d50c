import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../modules/accounts/accounts.queries';
import { SESSION_COOKIE } from '../modules/accounts/sessions';
import { AppError, forbidden, unauthenticated } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, read from the session cookie; null when signed out. */
    account: UserRow | null;
    sessionToken: string | null;
  }
}

export type Role = UserRow['role'];

/** Reads the session cookie on every request (sessions are rows, so any node can serve any request). */
export function installSessionReader(app: FastifyInstance) {
  app.decorateRequest('account', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/dev/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const user = await app.ctx.sessions.lookup(token);
    if (user) {
      request.account = user;
      request.sessionToken = token;
    }
  });
}

/** State-changing requests must come from our own pages: a cross-site form or script is refused. */
export function installSameOriginCheck(app: FastifyInstance, allowedOrigins: string[]) {
  const safe = new Set(['GET', 'HEAD', 'OPTIONS']);
  app.addHook('onRequest', async (request) => {
    if (safe.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw new AppError('cross_origin', 'This request must come from the Facet site.', 403);
    }
    const origin = request.headers.origin;
    if (!origin) return;
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new AppError('cross_origin', 'This request must come from the Facet site.', 403);
    }
    if (originHost !== host && !allowedOrigins.includes(origin)) {
      throw new AppError('cross_origin', 'This request must come from the Facet site.', 403);
    }
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.account) throw unauthenticated();
  return request.account;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): UserRow {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/** Spec section 4: a customer is blocked when inactive or deactivated; a pro when deactivated or on hold. */
export function isBlocked(user: Pick<UserRow, 'role' | 'status' | 'isInactive'>): boolean {
  if (user.role === 'customer') return user.isInactive || user.status === 'deactivated';
  return user.status === 'deactivated' || user.status === 'hold';
}
