import { useCallback, useRef, useState } from 'react';
import type { Page } from '../../../contracts/posts';
import type { ApiFailure, ApiResult } from './api-client';
import { useApiResource, type ApiResourceHandle } from './use-api-resource';

export interface FetchedPages<T> extends ApiResourceHandle<Page<T>> {
  /** Whether the next page is on its way, and why the last one failed (the rows shown stay). */
  more: { loading: boolean; error: ApiFailure | null };
  /** Fetches the page after the rows shown and appends it; ignored while one is on its way. */
  showMore: () => void;
}

/**
 * A list that a part of a page reads itself (never rendered on the server), a page at a time with
 * the API's opaque cursor: the first page as a resource (a skeleton, an error with Retry, the rows),
 * then "Show more". A list whose first page comes from a route's loader uses `useMorePages` instead.
 * `readPage` must keep its identity (useCallback): a new one, such as a new filter, starts over.
 */
export function useFetchedPages<T>(
  readPage: (cursor: string | null, signal?: AbortSignal) => Promise<ApiResult<Page<T>>>,
): FetchedPages<T> {
  const readFirst = useCallback((signal: AbortSignal) => readPage(null, signal), [readPage]);
  const first = useApiResource(readFirst);
  const [more, setMore] = useState<FetchedPages<T>['more']>({ loading: false, error: null });
  const { resource, update } = first;
  // A page asked for under an older `readPage` (the filter changed meanwhile) is not this list's.
  const currentRead = useRef(readPage);
  currentRead.current = readPage;
  const nextCursor = resource.status === 'ready' ? resource.value.nextCursor : null;

  const showMore = useCallback(() => {
    if (nextCursor === null || more.loading) return;
    setMore({ loading: true, error: null });
    void readPage(nextCursor).then((result) => {
      if (currentRead.current !== readPage) {
        setMore({ loading: false, error: null });
        return;
      }
      if (!result.ok) {
        setMore({ loading: false, error: result.error });
        return;
      }
      setMore({ loading: false, error: null });
      update((page) => ({
        response: [...page.response, ...result.data.response],
        nextCursor: result.data.nextCursor,
      }));
    });
  }, [nextCursor, more.loading, readPage, update]);

  return { ...first, more, showMore };
}
