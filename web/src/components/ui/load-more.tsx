import { useEffect, useRef } from 'react';
import { ErrorRetry } from './error-retry';
import { Spinner } from './spinner';
import type { ApiFailure } from '../../lib/api-client';

export interface LoadMoreProps {
  hasMore: boolean;
  loadingMore: boolean;
  moreError: ApiFailure | null;
  loadMore: () => void;
  /** The button's text, e.g. 'Load more' or 'Show more comments'. */
  label: string;
  /** Load by itself as the reader nears the end (PRODUCT fix 10); off for comments. */
  infinite?: boolean;
  /** Called when the reader asked with the button, so the list can move focus to what arrived. */
  onRequested?: () => void;
}

/**
 * The end of a paged list. An IntersectionObserver loads the next page before the reader reaches
 * the end; the button stays visible as the fallback (keyboard users, old browsers, and anyone who
 * wants to ask). A failed page stops the automatic loading and offers Retry instead.
 */
export function LoadMore({
  hasMore,
  loadingMore,
  moreError,
  loadMore,
  label,
  infinite = false,
  onRequested,
}: LoadMoreProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!infinite || !hasMore || moreError || !sentinel || typeof IntersectionObserver === 'undefined')
      return;
    // Re-created whenever loadMore changes (each page), so a sentinel still in view after a page
    // arrives triggers the next one: an observer only reports changes, not a steady state.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [infinite, hasMore, moreError, loadMore]);

  if (!hasMore) return null;

  return (
    <div className="load-more">
      <div ref={sentinelRef} className="load-more__sentinel" aria-hidden="true" />
      {moreError ? (
        <ErrorRetry message={moreError.message} onRetry={loadMore} />
      ) : (
        <button
          className="button button--secondary"
          type="button"
          aria-disabled={loadingMore || undefined}
          onClick={() => {
            if (loadingMore) return;
            onRequested?.();
            loadMore();
          }}
        >
          {loadingMore ? (
            <>
              <Spinner />
              <span>Loading…</span>
            </>
          ) : (
            label
          )}
        </button>
      )}
    </div>
  );
}
