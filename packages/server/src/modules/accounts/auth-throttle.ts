import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authThrottle } from './accounts.tables';
import { TooManyAttempts } from '../../platform/errors';

export type ThrottleKind = 'login' | 'signup';

/** Failures an email may have within the window before it is held. */
export const THROTTLE_FREE_FAILURES = 5;
/** A failure older than this is forgotten. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
const FIRST_HOLD_MS = 60_000;

/** How long an email is held after its n-th failure in the window: 0 before the 5th, then 1, 2, 4, 8, 15 minutes. */
export function holdAfter(failures: number): number {
  if (failures < THROTTLE_FREE_FAILURES) return 0;
  return Math.min(THROTTLE_WINDOW_MS, FIRST_HOLD_MS * 2 ** (failures - THROTTLE_FREE_FAILURES));
}

const heldMessage: Record<ThrottleKind, (minutes: number) => string> = {
  login: (m) => `Too many failed sign-ins for this account. Try again in ${m} minute${m === 1 ? '' : 's'}.`,
  signup: (m) => `Too many sign-up attempts with this email. Try again in ${m} minute${m === 1 ? '' : 's'}.`,
};

/**
 * Failures counted per email in the database, so that guessing one account's password is slow from any
 * number of addresses and on any number of nodes (the per-address limit is the rate-limit plugin's).
 * While an email is held every attempt is refused before the password is looked at.
 */
export function authThrottleStore(db: Db) {
  return {
    /** Refuses (429) while the email is held. */
    async check(kind: ThrottleKind, email: string, now = new Date()) {
      const [row] = await db
        .select({ lockedUntil: authThrottle.lockedUntil })
        .from(authThrottle)
        .where(and(eq(authThrottle.kind, kind), eq(authThrottle.email, email)))
        .limit(1);
      if (row?.lockedUntil && row.lockedUntil > now) {
        const seconds = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
        throw new TooManyAttempts(heldMessage[kind](Math.ceil(seconds / 60)), seconds);
      }
    },

    /**
     * Counts a failure (the count in one statement, safe under concurrent attempts) and holds the email
     * when due; a hold only ever grows, so a slower concurrent failure cannot shorten it.
     */
    async fail(kind: ThrottleKind, email: string, now = new Date()) {
      const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
      const failures = sql`case when ${authThrottle.lastFailureAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${authThrottle.failures} + 1 end`;
      const [row] = await db
        .insert(authThrottle)
        .values({ kind, email, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: [authThrottle.kind, authThrottle.email],
          set: { failures, lastFailureAt: now },
        })
        .returning({ failures: authThrottle.failures });
      const hold = holdAfter(row!.failures);
      if (hold > 0) {
        const until = new Date(now.getTime() + hold).toISOString();
        await db
          .update(authThrottle)
          .set({
            lockedUntil: sql`greatest(coalesce(${authThrottle.lockedUntil}, ${until}::timestamptz), ${until}::timestamptz)`,
          })
          .where(and(eq(authThrottle.kind, kind), eq(authThrottle.email, email)));
      }
    },

    /** A success forgets the email's failures. */
    async clear(kind: ThrottleKind, email: string) {
      await db.delete(authThrottle).where(and(eq(authThrottle.kind, kind), eq(authThrottle.email, email)));
    },

    /** Forgets failures older than the window whose hold has ended (a scheduled job calls it). */
    async purge(now = new Date()) {
      const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
      await db
        .delete(authThrottle)
        .where(
          and(
            lt(authThrottle.lastFailureAt, windowStart),
            sql`(${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} < ${now.toISOString()}::timestamptz)`,
          ),
        );
    },
  };
}

export type AuthThrottle = ReturnType<typeof authThrottleStore>;
