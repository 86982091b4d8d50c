import type { FastifyBaseLogger } from 'fastify';
import type { SessionStore } from '../accounts/sessions.service';
import { isBlocked } from '../../platform/auth';
import type { ChatServer } from './realtime-types';

/** How often each node checks the sessions of the sockets it holds. */
export const SESSION_CHECK_MS = 30_000;

/**
 * Every `intervalMs` this node asks, in one query per 500, whether the sessions of the sockets it holds
 * still stand, and disconnects each socket whose session has ended (signed out, revoked, expired; its
 * account deactivated by a process that cannot reach the sockets, such as the operator's command) or
 * whose account is now blocked: what the connection check (`sessionAuth`) would refuse today. Decisions
 * made by this app close the sockets at once (`realtime.ts`); this is the bound for the rest. One check
 * at a time; a failed one is logged and the next tick tries again.
 */
export function startSessionCheck(
  io: ChatServer,
  sessions: Pick<SessionStore, 'liveOf'>,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  intervalMs = SESSION_CHECK_MS,
) {
  let checking: Promise<void> | null = null;
  let stopped = false;

  async function check() {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return;
    const live = await sessions.liveOf([...new Set(sockets.map((s) => s.data.sessionId))]);
    let closed = 0;
    for (const socket of sockets) {
      const standing = live.get(socket.data.sessionId);
      if (standing && !isBlocked(standing)) continue;
      socket.disconnect(true);
      closed += 1;
    }
    if (closed > 0) log.info({ closed }, 'realtime: sockets of ended sessions or blocked accounts closed');
  }

  const tick = () => {
    if (stopped || checking) return;
    checking = check()
      .catch((err: unknown) => log.error({ err }, 'realtime: checking the sessions of open sockets failed'))
      .finally(() => {
        checking = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();

  return {
    /** Stops the timer now; the returned promise settles when a check under way has ended. */
    stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      return checking ?? Promise.resolve();
    },
  };
}
