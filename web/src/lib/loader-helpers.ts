import type { ApiFailure, ApiResult } from './api-client';
import { readToken, appStorage } from './storage';

export function mapResult<T, U>(result: ApiResult<T>, change: (data: T) => U): ApiResult<U> {
  return result.ok ? { ok: true, data: change(result.data) } : result;
}

/**
 * Specification §8 keeps log lines for the failures it shows nothing for; difference 5 from the specification shows them too. In
 * the browser's console: on the server, the request log already has them.
 */
export function logFailure<T>(label: string) {
  return (result: ApiResult<T>): ApiResult<T> => {
    if (!import.meta.env.SSR && !result.ok && result.error.kind !== 'aborted')
      console.error(label, result.error);
    return result;
  };
}

/**
 * The status a server-rendered page answers with: what its main data said. A missing
 * post or user is a 404; a failure to load is a 500 (the page still renders, with Retry).
 */
export function pageStatus(result: ApiResult<unknown>): number {
  if (result.ok) return 200;
  return result.error.status === 404 ? 404 : 500;
}

export function notFound(message: string): { ok: false; error: ApiFailure } {
  return { ok: false, error: { kind: 'http', status: 404, message, fieldErrors: {} } };
}

/** Whether the browser holds a session (specification §2's rule): loaders fetch the reader's own lists only then. */
export function hasSession(): boolean {
  return readToken(appStorage) !== null;
}
