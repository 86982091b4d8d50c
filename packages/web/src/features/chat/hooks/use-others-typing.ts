import { useCallback, useRef, useState } from 'react';
import { TypingTracker } from '@facet/domain/chat';
import type { TypingUser } from '@facet/domain/chat';

/**
 * Who else is typing in the room: each piece of news holds 2.5 s unless repeated (a typist whose node died
 * is cleared by this expiry), and a message from someone ends their typing.
 */
export function useOthersTyping(viewerId: string) {
  const [typing, setTyping] = useState<TypingUser[]>([]);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tracker = useRef(new TypingTracker());

  /** Shows who is typing now and checks again when the next typist's news expires (spec: 2.5 s). */
  const showTyping = useCallback(() => {
    const show = () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = null;
      const now = Date.now();
      setTyping(tracker.current.typing(now, viewerId));
      const next = tracker.current.nextExpiry();
      if (next !== null) typingTimer.current = setTimeout(show, Math.max(0, next - now) + 10);
    };
    show();
  }, [viewerId]);

  const receive = useCallback(
    (from: string, users: TypingUser[]) => {
      tracker.current.receive(from, users, Date.now());
      showTyping();
    },
    [showTyping],
  );

  const clear = useCallback(
    (from: string) => {
      tracker.current.clear(from);
      showTyping();
    },
    [showTyping],
  );

  /** Stops the expiry timer (the room is closing). */
  const stop = useCallback(() => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
  }, []);

  return { typing, receive, clear, stop };
}
