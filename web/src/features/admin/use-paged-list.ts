import { useCallback, useState } from 'react';
import type { Page } from '../../../../contracts/posts';
import type { ApiFailure, ApiResult } from '../../lib/api-client';
import { useApiResource } from '../../lib/use-api-resource';

/**
 * A keyset-paged list of the admin page (reports, users, the audit log): the first page read like
 * any resource, "Show more" appending the next. `read` must keep its identity (useCallback): a
 * new one starts again from the first page.
 */
export function usePagedList<T>(
  read: (cursor: string | null, signal?: AbortSignal) => Promise<ApiResult<Page<T>>>,
) {
  const first = useCallback((signal: AbortSignal) => read(null, signal), [read]);
  const { resource, reload, update } = useApiResource(first);
  const [morePending, setMorePending] = useState(false);
  const [moreError, setMoreError] = useState<ApiFailure | null>(null);

  const loadMore = async () => {
    if (resource.status !== 'ready' || resource.value.nextCursor === null || morePending) return;
    setMorePending(true);
    setMoreError(null);
    const next = await read(resource.value.nextCursor);
    setMorePending(false);
    if (!next.ok) {
      setMoreError(next.error);
      return;
    }
    update((page) => ({
      response: [...page.response, ...next.data.response],
      nextCursor: next.data.nextCursor,
    }));
  };

  return { resource, reload, loadMore, morePending, moreError };
}

/** Runs one admin action at a time, keeping what it said (or its failure) for the status line. */
export function useAdminAction() {
  const [pending, setPending] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const run = async (
    key: string,
    action: () => Promise<ApiResult<{ message: string }>>,
  ): Promise<boolean> => {
    if (pending !== null) return false;
    setPending(key);
    setError(null);
    setMessage('');
    const result = await action();
    setPending(null);
    if (!result.ok) {
      setError(result.error.message);
      return false;
    }
    setMessage(result.data.message);
    return true;
  };

  return { pending, message, error, run };
}
