import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from then on. What
 * only the browser knows (the session in local storage, the reader's time zone) waits for it, so
 * hydration sees exactly the server's markup and React never has to discard it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
