import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '../../db/client';
import type { Jobs } from '../../platform/jobs';
import { sessions, users } from './accounts.tables';
import type { UserRow } from './accounts.queries';

export const SESSION_COOKIE = 'facet_session';

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The sessions row id of a cookie token (other modules keep data per session under it). */
export const sessionRowId = digest;

/** How long a looked-up session is kept in memory at most (only where this process sees every write). */
export const KEPT_SESSION_MS = 5_000;
const KEPT_SESSIONS_MAX = 10_000;

/**
 * Sessions live in the database; the cookie carries a random token whose hash is the row id.
 *
 * With `keepWhileUnchanged` (the embedded database: this process is its only writer) a lookup is kept for
 * a few seconds and every kept one is dropped before any statement that may change `sessions` or `users`
 * runs (logout, revocation, a password change, staff holding or deactivating an account, any profile
 * edit), so a kept session never outlives a change. A lookup that was under way when such a statement was
 * sent is not kept. On PostgreSQL another node may write at any time: every request reads its session.
 */
export function sessionStore(
  db: Db,
  ttlDays: number,
  options: { keepWhileUnchanged?: Database['onWriteTo'] } = {},
) {
  // every signed-in request reads its session: built once, prepared on each connection
  const lookupStatement = db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_lookup');
  type Found = NonNullable<Awaited<ReturnType<typeof lookupStatement.execute>>[number]>;
  const kept = options.keepWhileUnchanged
    ? new LRUCache<string, Found>({ max: KEPT_SESSIONS_MAX, ttl: KEPT_SESSION_MS })
    : null;
  let generation = 0;
  options.keepWhileUnchanged?.(['sessions', 'users'], () => {
    generation += 1;
    kept?.clear();
  });
  return {
    async create(userId: string, userAgent: string | undefined) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
      await db
        .insert(sessions)
        .values({ id: digest(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) });
      return { token, expiresAt };
    },
    async lookup(token: string) {
      const id = digest(token);
      const now = new Date();
      const hit = kept?.get(id);
      // a copy: a request may not change what the next one is given
      if (hit && hit.expiresAt > now) return { ...hit.user };
      const startedAt = generation;
      const [row] = await lookupStatement.execute({ id, now });
      if (row && kept && startedAt === generation) kept.set(id, row);
      return row ? { ...row.user } : undefined;
    },
    /**
     * Of these session row ids (`sessionRowId`), the ones still live (not ended, not expired), with their
     * account's standing: the realtime layer's periodic check of its open sockets, one query per 500.
     */
    async liveOf(ids: string[], now = new Date()) {
      const live = new Map<string, Pick<UserRow, 'role' | 'status' | 'isInactive'>>();
      for (let at = 0; at < ids.length; at += 500) {
        const rows = await db
          .select({ id: sessions.id, role: users.role, status: users.status, isInactive: users.isInactive })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(inArray(sessions.id, ids.slice(at, at + 500)), gt(sessions.expiresAt, now)));
        for (const { id, ...standing } of rows) live.set(id, standing);
      }
      return live;
    },
    async revoke(token: string) {
      await db.delete(sessions).where(eq(sessions.id, digest(token)));
    },
    async revokeAllOf(userId: string, exceptToken?: string) {
      const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
      const keep = exceptToken ? digest(exceptToken) : undefined;
      for (const row of rows) if (row.id !== keep) await db.delete(sessions).where(eq(sessions.id, row.id));
    },
    /** Deletes every session past its expiry; gives how many. */
    async purgeExpired(now = new Date()): Promise<number> {
      const gone = await db
        .delete(sessions)
        .where(lt(sessions.expiresAt, now))
        .returning({ id: sessions.id });
      return gone.length;
    },
  };
}

export const SESSION_PURGE = 'session-purge';

/** Expired sessions are deleted hourly, once per cluster. */
export async function registerSessionPurge(deps: {
  jobs: Jobs;
  sessions: SessionStore;
  log: Pick<FastifyBaseLogger, 'info'>;
}) {
  await deps.jobs.schedule(SESSION_PURGE, '23 * * * *', async () => {
    const purged = await deps.sessions.purgeExpired();
    deps.log.info({ purged }, 'expired sessions purged');
  });
}

export type SessionStore = ReturnType<typeof sessionStore>;
