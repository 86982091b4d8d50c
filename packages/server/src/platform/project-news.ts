import type { ProjectUpdatedPayload } from '@facet/domain/chat';

/**
 * Project news (issue 16): a change a party of a project waits for (an offer, a status move) goes to
 * each person entitled to see it on their own socket channel, so their pages fetch the project again.
 * The modules say who and what; the realtime server sets where it goes (`setSink`), across nodes.
 */
export interface NewsAudience {
  /** People by id (each hears it on their own channel). */
  users: readonly string[];
  /** The production team too. */
  staff: boolean;
}

export type NewsSink = (to: NewsAudience, payload: ProjectUpdatedPayload) => void;

export function projectNews() {
  let sink: NewsSink | null = null;
  return {
    setSink(next: NewsSink | null) {
      sink = next;
    },
    send(to: NewsAudience, payload: ProjectUpdatedPayload) {
      if (to.users.length > 0 || to.staff) sink?.(to, payload);
    },
  };
}

export type ProjectNews = ReturnType<typeof projectNews>;

/** The socket channel of one person, and of the production team. */
export const userChannel = (userId: string) => `user:${userId}`;
export const STAFF_CHANNEL = 'staff:all';
/** Whether a socket.io room is a news channel rather than a chat room. */
export const isNewsChannel = (room: string) => room.startsWith('user:') || room === STAFF_CHANNEL;
