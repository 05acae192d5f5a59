import { useCallback, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Page } from '../../../../contracts/posts';
import type { ApiFailure, ApiResult } from '../../lib/api-client';

export interface MorePages<T> {
  items: T[];
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last "load more" failed; the items already shown stay. */
  moreError: ApiFailure | null;
  /** Fetch the next page; ignored while one is on its way or when there is none. */
  loadMore: () => void;
}

interface ListState<T> {
  /** The first page this list grew from; a new one (a new address, a revalidation) starts over. */
  first: Page<T>;
  items: T[];
  nextCursor: string | null;
  moreError: ApiFailure | null;
  /** The cursor of the page on its way, so an answer meant for an older list is never applied. */
  requested: string | null;
}

function startFrom<T>(first: Page<T>): ListState<T> {
  return { first, items: first.response, nextCursor: first.nextCursor, moreError: null, requested: null };
}

/** Keyset pages can only repeat an item if the list changed under us; never show one twice. */
function appendNew<T extends { id: string }>(items: T[], more: T[]): T[] {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !seen.has(item.id))];
}

/**
 * A list read page by page with the API's opaque cursor (PRODUCT fix 10). The first page comes from
 * the route's loader (in the server's HTML); each next page is fetched through a data route's
 * loader with useFetcher, `dataUrl` plus `cursor=…`, and appended.
 */
export function useMorePages<T extends { id: string }>(first: Page<T>, dataUrl: string): MorePages<T> {
  const fetcher = useFetcher<ApiResult<Page<T>>>();
  const [list, setList] = useState(() => startFrom(first));
  const [applied, setApplied] = useState<ApiResult<Page<T>> | undefined>(fetcher.data);

  // Adjusting state while rendering (React's pattern for state derived from a changed value): a new
  // first page resets the list, and an answer that arrived is applied once.
  let current = list;
  if (current.first !== first) {
    current = startFrom(first);
    setList(current);
  } else if (fetcher.state === 'idle' && fetcher.data !== undefined && fetcher.data !== applied) {
    setApplied(fetcher.data);
    if (current.requested !== null) {
      const result = fetcher.data;
      current = result.ok
        ? {
            ...current,
            items: appendNew(current.items, result.data.response),
            nextCursor: result.data.nextCursor,
            requested: null,
          }
        : { ...current, moreError: result.error, requested: null };
      setList(current);
    }
  }

  const { nextCursor, requested } = current;
  const { load } = fetcher;
  const loadMore = useCallback(() => {
    if (requested !== null || nextCursor === null) return;
    setList((state) => ({ ...state, moreError: null, requested: nextCursor }));
    const separator = dataUrl.includes('?') ? '&' : '?';
    void load(`${dataUrl}${separator}${new URLSearchParams({ cursor: nextCursor })}`);
  }, [requested, nextCursor, dataUrl, load]);

  return {
    items: current.items,
    hasMore: nextCursor !== null,
    loadingMore: requested !== null,
    moreError: current.moreError,
    loadMore,
  };
}
