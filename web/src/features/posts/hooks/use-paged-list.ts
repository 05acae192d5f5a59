import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../../../../contracts/posts';
import type { ApiFailure, ApiResult } from '../../../lib/api-client';

export type PageFetcher<T> = (cursor: string | null, signal: AbortSignal) => Promise<ApiResult<Page<T>>>;

export interface PagedList<T> {
  /** 'loading' and 'error' are about the first page; later pages keep what is already shown. */
  status: 'idle' | 'loading' | 'error' | 'ready';
  items: T[];
  /** Why the first page failed (status 'error'). */
  error: ApiFailure | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last "load more" failed; the items already shown stay. */
  moreError: ApiFailure | null;
  /** Fetch the next page; ignored while one is on its way or when there is none. */
  loadMore: () => void;
  /** Fetch the first page again (the Retry of PRODUCT fix 5). */
  retry: () => void;
  /** Apply a local change (a delete, a toggle) without refetching. */
  updateItems: (change: (items: T[]) => T[]) => void;
}

interface ListState<T> {
  key: string;
  attempt: number;
  status: 'loading' | 'error' | 'ready';
  items: T[];
  nextCursor: string | null;
  error: ApiFailure | null;
  loadingMore: boolean;
  moreError: ApiFailure | null;
}

function loadingState<T>(key: string, attempt: number): ListState<T> {
  return {
    key,
    attempt,
    status: 'loading',
    items: [],
    nextCursor: null,
    error: null,
    loadingMore: false,
    moreError: null,
  };
}

/** Keyset pages can only repeat an item if the list changed under us; never show one twice. */
function appendNew<T extends { id: string }>(items: T[], more: T[]): T[] {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !seen.has(item.id))];
}

/**
 * A list read page by page with the API's opaque cursor (PRODUCT fix 10). `key` names the list
 * (null: nothing to fetch); a new key starts over, and answers for an old key are dropped, so a
 * slow response can never put one list's items into another.
 */
export function usePagedList<T extends { id: string }>(
  key: string | null,
  fetchPage: PageFetcher<T>,
  /** Logged with failures: PRODUCT fix 5 shows them but keeps the spec's logging. */
  logLabel: string,
): PagedList<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ListState<T> | null>(null);
  const fetchRef = useRef(fetchPage);
  const labelRef = useRef(logLabel);
  // The request for the next page, so a second trigger (button and scroll at once) is ignored.
  const moreRef = useRef<AbortController | null>(null);

  useEffect(() => {
    fetchRef.current = fetchPage;
    labelRef.current = logLabel;
  });

  useEffect(() => {
    if (key === null) return;
    // No "loading" state is stored: a state for another key or attempt already reads as loading.
    const controller = new AbortController();
    void fetchRef.current(null, controller.signal).then((result) => {
      if (controller.signal.aborted || (!result.ok && result.error.kind === 'aborted')) return;
      if (!result.ok) {
        console.error(labelRef.current, result.error);
        setState({ ...loadingState<T>(key, attempt), status: 'error', error: result.error });
        return;
      }
      setState({
        ...loadingState<T>(key, attempt),
        status: 'ready',
        items: result.data.response,
        nextCursor: result.data.nextCursor,
      });
    });
    return () => {
      controller.abort();
      moreRef.current?.abort();
      moreRef.current = null;
    };
  }, [key, attempt]);

  const current = state !== null && state.key === key && state.attempt === attempt ? state : null;

  const loadMore = useCallback(() => {
    if (!current || current.status !== 'ready' || current.nextCursor === null || moreRef.current) return;
    const controller = new AbortController();
    moreRef.current = controller;
    const { key: listKey, attempt: listAttempt, nextCursor } = current;
    const isThisList = (s: ListState<T> | null): s is ListState<T> =>
      s !== null && s.key === listKey && s.attempt === listAttempt;
    setState((s) => (isThisList(s) ? { ...s, loadingMore: true, moreError: null } : s));
    void fetchRef.current(nextCursor, controller.signal).then((result) => {
      if (controller.signal.aborted || (!result.ok && result.error.kind === 'aborted')) return;
      moreRef.current = null;
      if (!result.ok) {
        console.error(labelRef.current, result.error);
        setState((s) => (isThisList(s) ? { ...s, loadingMore: false, moreError: result.error } : s));
        return;
      }
      setState((s) =>
        isThisList(s)
          ? {
              ...s,
              loadingMore: false,
              items: appendNew(s.items, result.data.response),
              nextCursor: result.data.nextCursor,
            }
          : s,
      );
    });
  }, [current]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  const updateItems = useCallback(
    (change: (items: T[]) => T[]) =>
      setState((s) => (s !== null && s.key === key ? { ...s, items: change(s.items) } : s)),
    [key],
  );

  if (key === null) {
    return {
      status: 'idle',
      items: [],
      error: null,
      hasMore: false,
      loadingMore: false,
      moreError: null,
      loadMore,
      retry,
      updateItems,
    };
  }
  const shown = current ?? loadingState<T>(key, attempt);
  return {
    status: shown.status,
    items: shown.items,
    error: shown.error,
    hasMore: shown.nextCursor !== null,
    loadingMore: shown.loadingMore,
    moreError: shown.moreError,
    loadMore,
    retry,
    updateItems,
  };
}
