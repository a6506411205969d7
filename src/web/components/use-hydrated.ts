import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React adopts a page the server drew (and on the server itself), true after. What
 * only the browser knows (its time zone, its storage) is drawn once this is true, so the first
 * render in the browser matches the server's HTML exactly (decision 022).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
