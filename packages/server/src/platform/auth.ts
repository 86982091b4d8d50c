import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from './errors';
import type { Role, Viewer } from './viewer';

export type { Role };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, read from the session cookie; null when signed out. */
    account: Viewer | null;
    sessionToken: string | null;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route moves money or takes an order (a purchase, a plan, a checkout, a payment): a blocked
     * account is refused it before its handler runs, so before any gateway call (spec section 4).
     */
    movesMoney?: boolean;
  }
  interface FastifyInstance {
    /** Every route that declares `movesMoney`, as `METHOD /url` (the standing test walks them all). */
    moneyRoutes: string[];
  }
}

export const NO_ACCESS_MESSAGE =
  'Your account does not have access to this area. Contact us to restore access.';

/**
 * The API behind the pages a blocked account is sent from to /no-access (spec section 4: projects — with
 * their invitations, offers, changes and chat — dashboard, produce and design).
 */
const BLOCKED_AREAS = [
  '/api/projects',
  '/api/project-items',
  '/api/project-statuses',
  '/api/invitations',
  '/api/change-requests',
  '/api/rooms',
  '/api/attachments',
  '/api/models',
  '/api/pricing',
  '/api/library',
  '/api/design',
  '/api/parametric-models',
];

/** A pending account waits on /pending: it also may not browse or edit professional profiles yet. */
const PENDING_AREAS = [...BLOCKED_AREAS, '/api/designers'];

function inArea(url: string, areas: readonly string[]): boolean {
  const path = url.split('?')[0]!;
  return areas.some((area) => path === area || path.startsWith(`${area}/`));
}

/**
 * The refusal for a pending or blocked account on a closed area, or on a route that moves money (a blocked
 * account pays for nothing it could not use), or null. Its own account calls stay open.
 */
export function standingRefusal(
  user: Pick<Viewer, 'role' | 'status' | 'isInactive'>,
  url: string,
  movesMoney = false,
): AppError | null {
  if (user.status === 'pending' && inArea(url, PENDING_AREAS)) {
    return forbidden('Your account is under review. You can start once the production team approves it.');
  }
  if (isBlocked(user) && (movesMoney || inArea(url, BLOCKED_AREAS))) {
    return forbidden(NO_ACCESS_MESSAGE);
  }
  return null;
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

export function requireUser(request: FastifyRequest): Viewer {
  if (!request.account) throw unauthenticated();
  return request.account;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): Viewer {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/** Spec section 4: a customer is blocked when inactive or deactivated; a pro when deactivated or on hold. */
export function isBlocked(user: Pick<Viewer, 'role' | 'status' | 'isInactive'>): boolean {
  if (user.role === 'customer') return user.isInactive || user.status === 'deactivated';
  return user.status === 'deactivated' || user.status === 'hold';
}
