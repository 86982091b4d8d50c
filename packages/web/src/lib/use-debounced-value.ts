import { useEffect, useRef, useState } from 'react';

/**
 * The one debounce of the web app: the value as it was `delayMs` after it last changed (a search box's
 * text once typing pauses, a price request once the choices settle). The first value is returned at once
 * (the first answer should not wait). Values are compared by their JSON form, so a new object with the
 * same content is no change and restarts nothing.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState({ key, value });
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  useEffect(() => {
    if (key === settled.key) return;
    const timer = window.setTimeout(() => setSettled({ key, value: latest.current }), delayMs);
    return () => window.clearTimeout(timer);
  }, [key, settled.key, delayMs]);
  return settled.value;
}

/** Whether `a` and `b` hold the same content (for telling a settled value from a pending one). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
