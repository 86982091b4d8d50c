import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { forbidden, unauthenticated } from '../../platform/errors';
import { staffActions } from './ops.tables';

/** Every `/api/staff/...` route: staff only (before validation), and each successful change audited. */

const STAFF_PREFIX = '/api/staff/';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isStaffRoute = (request: FastifyRequest) =>
  (request.routeOptions.url ?? request.url).startsWith(STAFF_PREFIX) || request.url.startsWith(STAFF_PREFIX);

/**
 * Refuses anyone but staff on every `/api/staff/...` route, a new one included, before its input is
 * read: signed out 401, any other role 403 (a handler's own `requireRole` stays as a second check).
 */
export function installStaffGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!isStaffRoute(request)) return;
    if (!request.account) throw unauthenticated();
    if (request.account.role !== 'staff') throw forbidden();
  });
}

/**
 * `text` cut to at most `max` characters counted by code point, so a character outside the BMP (an emoji)
 * is kept whole or left out, never split into a lone surrogate that the json column refuses.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/** The body's plain fields, for the log: strings cut short, objects and the reason left out. */
export function auditDetail(body: unknown): Record<string, string | number | boolean | null> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'reason' || key.toLowerCase().includes('password')) continue;
    if (typeof value === 'string') out[key] = cutText(value, 200);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[key] = value;
  }
  return out;
}

function reasonOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const reason = (body as { reason?: unknown }).reason;
  return typeof reason === 'string' && reason.trim() ? cutText(reason.trim(), 500) : null;
}

/** The audit row of a change made by the operator's command (`npm run facet`): its method, never HTTP's. */
export const OPERATOR_METHOD = 'CLI';

/**
 * Audits a change made by the operator's command as the console's are (decision 055): no staff account made
 * it, so the actor is none and the method `CLI`; the route is the command (`facet account set-status`), the
 * detail names the operating-system user who ran it.
 */
export async function recordOperatorAction(
  db: Db,
  action: {
    command: string;
    subjectId: string;
    reason: string | null;
    detail: Record<string, string | number | boolean | null>;
  },
) {
  await db.insert(staffActions).values({
    actorId: null,
    method: OPERATOR_METHOD,
    route: action.command,
    subjectId: action.subjectId,
    reason: cutText(action.reason?.trim() ?? '', 500) || null,
    detail: action.detail,
    // what the console's request would have answered: the change was made
    statusCode: 200,
  });
}

/**
 * Before a successful state-changing staff request's answer goes out: one audit row, so whoever reads
 * the log after the answer finds it (a failure to write it is logged, the answer still goes).
 */
export function installStaffAudit(app: FastifyInstance, db: Db) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || !request.routeOptions.url?.startsWith(STAFF_PREFIX)) return payload;
    if (reply.statusCode >= 400 || request.account?.role !== 'staff') return payload;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const subject = params.id ?? params.itemId;
    await db
      .insert(staffActions)
      .values({
        actorId: request.account.id,
        method: request.method,
        route: request.routeOptions.url,
        subjectId: typeof subject === 'string' ? cutText(subject, 128) : null,
        reason: reasonOf(request.body),
        detail: auditDetail(request.body),
        statusCode: reply.statusCode,
      })
      .catch((err: unknown) => request.log.error({ err }, 'ops: writing the audit row failed'));
    return payload;
  });
}
