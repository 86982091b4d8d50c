import { useEffect, useRef, useState } from 'react';

/** Spec section 9: the price is asked for 500 ms after the last change. */
export const PRICE_DEBOUNCE_MS = 500;

/**
 * The value as it was `delayMs` after it last changed. Values are compared by their JSON form, so a new
 * object with the same content is no change. The first value is returned at once (the first price should
 * not wait).
 */
export function useDebouncedValue<T>(value: T, delayMs: number = PRICE_DEBOUNCE_MS): T {
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
