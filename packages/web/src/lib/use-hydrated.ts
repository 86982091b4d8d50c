import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in a prerendered page's markup and while React hydrates it, true once the page's code runs (at once
 * in a page rendered in the browser): a form can stay inert until its handlers are there.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
