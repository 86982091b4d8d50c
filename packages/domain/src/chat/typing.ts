import type { TypingUser } from './events';

/** Spec section 9: someone's typing indicator is cleared after 2.5 s without news. */
export const TYPING_CLEAR_MS = 2500;
/** While the keys keep going, a typist says so again this often, so the indicator outlives 2.5 s. */
export const TYPING_REFRESH_MS = 1000;

/**
 * Who is typing in one room, as a receiving client sees it. Each typist's entry lives `ttlMs` after
 * their last `getIsTyping`; an empty list from them (stopped, sent, left) removes it at once. The expiry
 * is what clears a typist whose stop never arrives: their node died, their connection dropped, the
 * event was lost. Time is passed in, so the rule is the same in a browser, a test and the server.
 */
export class TypingTracker {
  private readonly entries = new Map<string, { user: TypingUser; expiresAt: number }>();

  constructor(private readonly ttlMs = TYPING_CLEAR_MS) {}

  /** One `getIsTyping` from `from`: their own entry is set (typing) or removed (users empty or not them). */
  receive(from: string, users: readonly TypingUser[], now: number): void {
    const self = users.find((u) => u.id === from);
    if (self) this.entries.set(from, { user: self, expiresAt: now + this.ttlMs });
    else this.entries.delete(from);
  }

  /** A member's message arrived: they are no longer typing it. */
  clear(userId: string): void {
    this.entries.delete(userId);
  }

  /** Typists whose entry has not expired at `now`, earliest first; expired entries are dropped. */
  typing(now: number, exceptId?: string): TypingUser[] {
    const out: TypingUser[] = [];
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(id);
      else if (id !== exceptId) out.push(entry.user);
    }
    return out;
  }

  /** When the next entry expires (to schedule a re-check), or null when nobody is typing. */
  nextExpiry(): number | null {
    let next: number | null = null;
    for (const { expiresAt } of this.entries.values())
      if (next === null || expiresAt < next) next = expiresAt;
    return next;
  }
}
