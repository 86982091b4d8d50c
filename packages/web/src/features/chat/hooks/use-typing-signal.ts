import { useEffect, useRef } from 'react';
import { TYPING_REFRESH_MS } from '@facet/domain/chat';

/** How often a "still typing" is repeated while keys keep coming, and when a pause counts as stopped. */
const TYPING_REPEAT_MS = TYPING_REFRESH_MS;
const TYPING_IDLE_MS = 2000;

/**
 * The composer's typing news: `noteTyping()` says "typing" on the first key and again every second
 * while keys keep coming; a 2 s pause, a blur or a send (`stopTyping()`) says it stopped.
 */
export function useTypingSignal(onTyping: ((typing: boolean) => void) | undefined) {
  const typingSent = useRef(false);
  const repeatDue = useRef(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (idleTimer.current) clearTimeout(idleTimer.current);
    },
    [],
  );

  function stopTyping() {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (typingSent.current) onTyping?.(false);
    typingSent.current = false;
    repeatDue.current = false;
  }

  function noteTyping() {
    if (!onTyping) return;
    if (!typingSent.current || repeatDue.current) {
      onTyping(true);
      typingSent.current = true;
      repeatDue.current = false;
      setTimeout(() => {
        repeatDue.current = true;
      }, TYPING_REPEAT_MS);
    }
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }

  return { noteTyping, stopTyping };
}
