import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiFailure, ApiResult } from './api-client';

export type QueryState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: ApiFailure }
  | { status: 'success'; data: T };

export type QueryResult<T> = QueryState<T> & {
  /** Fetch again, showing the loading state meanwhile (the Retry button of PRODUCT fix 5). */
  retry: () => void;
  /** Replace the data after a local change (a follow, an edit) without refetching. */
  setData: (data: T) => void;
};

interface Settled<T> {
  key: string;
  attempt: number;
  result: ApiResult<T>;
}

/**
 * Runs `fetcher` whenever `key` changes (null: nothing to fetch) and cancels the previous request.
 * Loading is derived rather than stored: any answer that is not for the current key and attempt is
 * stale, so a new key shows the skeleton at once and a late answer never overwrites a newer one.
 */
export function useApiQuery<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<ApiResult<T>>,
  /** Logged with the failure, since PRODUCT fix 5 keeps the spec's log lines. */
  logLabel: string,
): QueryResult<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const fetcherRef = useRef(fetcher);
  const logLabelRef = useRef(logLabel);

  useEffect(() => {
    fetcherRef.current = fetcher;
    logLabelRef.current = logLabel;
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    void fetcherRef.current(controller.signal).then((result) => {
      if (controller.signal.aborted || (!result.ok && result.error.kind === 'aborted')) return;
      if (!result.ok) console.error(logLabelRef.current, result.error);
      setSettled({ key, attempt, result });
    });
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const setData = useCallback(
    (data: T) => {
      if (key !== null) setSettled({ key, attempt, result: { ok: true, data } });
    },
    [key, attempt],
  );

  let state: QueryState<T>;
  if (key === null) state = { status: 'idle' };
  else if (!settled || settled.key !== key || settled.attempt !== attempt) state = { status: 'loading' };
  else if (settled.result.ok) state = { status: 'success', data: settled.result.data };
  else state = { status: 'error', error: settled.result.error };

  return { ...state, retry, setData };
}
