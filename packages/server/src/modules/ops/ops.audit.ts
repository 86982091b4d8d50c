import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { AppError, forbidden, unauthenticated } from '../../platform/errors';
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

/** The staff request being handled (a state-changing `/api/staff/...` one), and whether it is audited yet. */
interface StaffActionScope {
  request: FastifyRequest;
  recorded: boolean;
}
const staffActionScope = new AsyncLocalStorage<StaffActionScope>();

const isStaffChange = (request: FastifyRequest) =>
  !READS.has(request.method) && Boolean(request.routeOptions.url?.startsWith(STAFF_PREFIX));

function auditRow(request: FastifyRequest, actorId: string, statusCode: number) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const subject = params.id ?? params.itemId;
  return {
    actorId,
    method: request.method,
    route: request.routeOptions.url!,
    subjectId: typeof subject === 'string' ? cutText(subject, 128) : null,
    reason: reasonOf(request.body),
    detail: auditDetail(request.body),
    statusCode,
  };
}

/**
 * The audit's seam for a staff action's own transaction: called inside the transaction that makes the
 * change, it writes the request's audit row there, so the change and its row commit together — or, if
 * the row cannot be written, neither does (the action fails). Outside a staff request (a job, the
 * operator's command, a customer's request) it does nothing. `statusCode` is the success the route answers.
 */
export async function recordStaffAction(tx: Tx | Db, statusCode = 200) {
  const scope = staffActionScope.getStore();
  if (!scope || scope.recorded || scope.request.account?.role !== 'staff') return;
  try {
    await tx.insert(staffActions).values(auditRow(scope.request, scope.request.account.id, statusCode));
  } catch (err) {
    scope.request.log.error({ err }, 'ops: writing the audit row failed; the change is rolled back');
    // thrown inside the action's transaction: the change is not made
    throw new AppError(
      'audit_failed',
      'The change could not be written to the audit log, so it was not made. Try again; if it fails again, tell the platform team.',
      500,
    );
  }
  scope.recorded = true;
}

/**
 * Every successful state-changing staff request is audited. A service that calls `recordStaffAction` in
 * its transaction has written the row with its change; for the others the row is written here, before
 * the answer goes out, and a failure to write it is the answer (never a silent success).
 */
export function installStaffAudit(app: FastifyInstance, db: Db) {
  // the scope must wrap the rest of the request, so this hook is callback-style: `done` runs inside it
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isStaffChange(request)) return done();
    staffActionScope.run({ request, recorded: false }, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isStaffChange(request)) return payload;
    if (reply.statusCode >= 400 || request.account?.role !== 'staff') return payload;
    if (staffActionScope.getStore()?.recorded) return payload;
    try {
      await db.insert(staffActions).values(auditRow(request, request.account.id, reply.statusCode));
    } catch (err) {
      request.log.error({ err }, 'ops: writing the audit row failed');
      throw new AppError(
        'audit_failed',
        'The change was made but could not be written to the audit log. Tell the platform team.',
        500,
      );
    }
    return payload;
  });
}
