import type { FastifyInstance } from 'fastify';
import type { ChatService } from './chat.service';
import { afterApiChange } from '../../platform/after-change';

const SWEEP_INTERVAL_MS = 5000;

/**
 * Status moves recorded by the projects module become system messages in the rooms: after each
 * successful API change, and on a timer. One sweep at a time.
 */
export function startStatusSweep(app: FastifyInstance, chat: ChatService) {
  let sweeping: Promise<unknown> | null = null;
  let stopped = false;
  // a move recorded while a sweep runs is swept right after it, not at the next tick (live pages, issue 16)
  let again = false;
  const sweep = () => {
    if (stopped) return;
    if (sweeping) {
      again = true;
      return;
    }
    again = false;
    sweeping = chat
      .syncProjectEvents()
      .catch((err: unknown) => app.log.error({ err }, 'chat: posting status moves failed'))
      .finally(() => {
        sweeping = null;
        if (again) sweep();
      });
  };
  afterApiChange(app, sweep);
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();

  return {
    /** Stops the timer now; the returned promise settles when a sweep under way has ended. */
    stop(): Promise<unknown> {
      stopped = true;
      clearInterval(timer);
      return sweeping ?? Promise.resolve();
    },
  };
}
