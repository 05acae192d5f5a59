import { Suspense, type ReactNode } from 'react';
import { Await, useLocation } from 'react-router';

/**
 * What a route loader hands its page: the value itself on the server (rendered into the HTML, and
 * handed to the browser for hydration), a promise in the browser after a client-side navigation,
 * so the page can show its skeleton at once instead of waiting on the previous page.
 */
export type Deferred<T> = T | Promise<T>;

export interface LoadedProps<T> {
  value: Deferred<T>;
  /** The skeleton shown while the value is on its way. */
  fallback: ReactNode;
  children: (value: T) => ReactNode;
}

/**
 * Renders `children` with the loaded value, or the skeleton until it arrives. A new location starts
 * over with the skeleton; a revalidation of the same location (after signing in, or Retry) keeps
 * what is shown until the new value is there, since router updates are transitions.
 */
export function Loaded<T>({ value, fallback, children }: LoadedProps<T>) {
  const { key } = useLocation();
  return (
    <Suspense key={key} fallback={fallback}>
      <Await resolve={value}>{(resolved: T) => children(resolved)}</Await>
    </Suspense>
  );
}
