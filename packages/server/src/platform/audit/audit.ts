import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { count, desc, eq, inArray, TransactionRollbackError } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError, forbidden, unauthenticated } from '../errors';
import { staffActions } from './audit.tables';

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
  /**
   * The payment gateway acted and the outcome was booked, but its audit row was refused
   * (`recordStaffOutcome`): the answer says so instead of a success.
   */
  unaudited: boolean;
}
const staffActionScope = new AsyncLocalStorage<StaffActionScope>();
/** The same scopes by request, for the `onSend` hook (which may run outside the handler's async context). */
const scopes = new WeakMap<FastifyRequest, StaffActionScope>();

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

/** The staff request of this call, when it is one whose audit row is still to be written. */
function openScope() {
  const scope = staffActionScope.getStore();
  if (!scope || scope.recorded || scope.request.account?.role !== 'staff') return null;
  return scope as StaffActionScope & { request: { account: { id: string } } };
}

const notMade = () =>
  new AppError(
    'audit_failed',
    'The change could not be written to the audit log, so it was not made. Try again; if it fails again, tell the platform team.',
    500,
  );

/**
 * The audit's seam for a staff action's own transaction: called inside the transaction that makes the
 * change, it writes the request's audit row there, so the change and its row commit together — or, if
 * the row cannot be written, neither does (the action fails). Outside a staff request (a job, the
 * operator's command, a customer's request) it does nothing; after the request's row is written, too
 * (an action of several transactions writes it in the first that changes something).
 * `statusCode` is the success the route answers.
 */
export async function recordStaffAction(tx: Tx | Db, statusCode = 200) {
  const scope = openScope();
  if (!scope) return;
  try {
    await tx.insert(staffActions).values(auditRow(scope.request, scope.request.account.id, statusCode));
  } catch (err) {
    scope.request.log.error({ err }, 'audit: writing the audit row failed; the change is rolled back');
    // thrown inside the action's transaction: the change is not made
    throw notMade();
  }
  scope.recorded = true;
}

/**
 * Before a staff action asks the payment gateway to move money (a refund): the request's audit row is
 * written and rolled back at once, so a row the database refuses (its text, a constraint) fails the action
 * before any money moves. The row itself is written with the outcome (`recordStaffOutcome`).
 */
export async function checkStaffAudit(db: Db, statusCode = 200) {
  const scope = openScope();
  if (!scope) return;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(staffActions).values(auditRow(scope.request, scope.request.account.id, statusCode));
      tx.rollback();
    });
  } catch (err) {
    if (err instanceof TransactionRollbackError) return;
    scope.request.log.error({ err }, 'audit: the audit row would be refused; the action is not made');
    throw notMade();
  }
}

/**
 * In the transaction that books what the payment gateway has already done for a staff action (a refund
 * made): the audit row is written in a savepoint. If it is refused, the money has moved all the same and
 * cannot be called back from here, so the books keep the truth — the outcome commits without its row
 * (rolling it back would leave the ledger holding escrow the customer already has back, which a later
 * completion would release to the pro). The failure is not silent: it is logged as an error and the
 * request answers 500 `audit_failed` saying the change was made (`checkStaffAudit` before the gateway call
 * makes this the rare case of a database failing between the two).
 */
export async function recordStaffOutcome(tx: Tx, statusCode = 200) {
  const scope = openScope();
  if (!scope) return;
  const row = auditRow(scope.request, scope.request.account.id, statusCode);
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.insert(staffActions).values(row);
    });
  } catch (err) {
    scope.request.log.error(
      { err, audit: row },
      'audit: the payment gateway acted and the outcome is booked, but its audit row was refused',
    );
    scope.unaudited = true;
  }
  scope.recorded = true;
}

/**
 * Every successful state-changing staff request is audited in the transaction of its change
 * (`recordStaffAction`, `recordStaffOutcome`). This installs the scope those calls use, and a guard: a
 * staff change that answers success without having written its row (a route that forgot the seam; the
 * standing test in staff-audit.test.ts walks them all) is logged and answered 500 `audit_failed`, never
 * a silent success; so is a gateway outcome booked without its row.
 */
export function installStaffAudit(app: FastifyInstance) {
  // the scope must wrap the rest of the request, so this hook is callback-style: `done` runs inside it
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isStaffChange(request)) return done();
    const scope: StaffActionScope = { request, recorded: false, unaudited: false };
    scopes.set(request, scope);
    staffActionScope.run(scope, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const scope = scopes.get(request);
    if (!scope) return payload;
    if (scope.unaudited) {
      // said once: the error answer passes through this hook too
      scope.unaudited = false;
      throw new AppError(
        'audit_failed',
        'The change was made (the payment gateway had already acted, and it is booked) but could not be written to the audit log. Do not repeat it; tell the platform team.',
        500,
      );
    }
    if (reply.statusCode >= 400 || request.account?.role !== 'staff' || scope.recorded) return payload;
    request.log.error(
      { route: request.routeOptions.url, method: request.method },
      'audit: a staff change answered success without writing its audit row',
    );
    throw new AppError(
      'audit_failed',
      'The change was made but was not written to the audit log. Tell the platform team.',
      500,
    );
  });
}

export type StaffActionRow = typeof staffActions.$inferSelect;

/** A page of the audit log, newest first, optionally of one subject, and how many rows match. */
export async function readAuditLog(
  db: Db,
  filter: { subjectId?: string; page: number; pageSize: number },
): Promise<{ total: number; rows: StaffActionRow[] }> {
  const where = filter.subjectId ? eq(staffActions.subjectId, filter.subjectId) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(staffActions).where(where);
  const rows = await db
    .select()
    .from(staffActions)
    .where(where)
    .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { total, rows };
}

/** The audit rows of several subjects. */
export function auditRowsOf(db: Db, subjectIds: readonly string[]): Promise<StaffActionRow[]> {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(staffActions)
    .where(inArray(staffActions.subjectId, [...subjectIds]));
}
