import type { ReactNode } from 'react';
import type { Post } from '../../../../../contracts/posts';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { useFocusNewItems } from '../../../components/ui/use-focus-new-items';
import type { PagedList } from '../hooks/use-paged-list';
import { LoadMore } from './load-more';
import { PostCard, PostCardSkeleton } from './post-card';

export interface PostFeedProps {
  list: PagedList<Post>;
  /** The list's accessible name, e.g. 'All posts'. */
  label: string;
  /** What an empty list says, with what to do next. */
  empty: ReactNode;
}

const SKELETON_CARDS = 4;

/**
 * A paged list of post cards with its states: skeleton cards while the first page loads, an error
 * with Retry if it fails (PRODUCT fix 5, never an endless skeleton), the empty state, and more
 * pages as the reader scrolls or asks.
 */
export function PostFeed({ list, label, empty }: PostFeedProps) {
  const count = list.items.length;
  const { listRef, onMoreRequested } = useFocusNewItems(count, '[data-card-link]');

  if (list.status === 'loading' || list.status === 'idle') {
    return (
      <div className="post-feed" aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading posts…
        </p>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <PostCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (list.status === 'error') {
    return (
      <div className="post-feed">
        <ErrorRetry message={list.error?.message ?? 'Error: Server Error'} onRetry={list.retry} />
      </div>
    );
  }

  if (count === 0) return <div className="post-feed post-feed--empty">{empty}</div>;

  return (
    <div className="post-feed">
      <ol className="post-feed__list" aria-label={label} ref={listRef}>
        {list.items.map((post) => (
          <li key={post.id} className="post-feed__item">
            <PostCard post={post} />
          </li>
        ))}
      </ol>
      <LoadMore
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        moreError={list.moreError}
        loadMore={list.loadMore}
        label="Load more"
        infinite
        onRequested={onMoreRequested}
      />
      {list.loadingMore ? (
        <p className="visually-hidden" role="status">
          Loading more posts…
        </p>
      ) : null}
    </div>
  );
}
