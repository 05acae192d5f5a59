import type { ReactNode } from 'react';
import type { Page } from '../../../../../contracts/posts';
import { useFocusNewItems } from '../../../components/ui/use-focus-new-items';
import { useMorePages } from '../../../components/ui/use-more-pages';
import type { PostSummary } from '../../../lib/post-summary';
import { LoadMore } from '../../../components/ui/load-more';
import { PostCard, PostCardSkeleton } from './post-card';

export interface PostFeedProps {
  /** The first page, from the route's loader. */
  first: Page<PostSummary>;
  /** The data route that serves the next pages (app/data-routes.ts). */
  moreUrl: string;
  /** The list's accessible name, e.g. 'All posts'. */
  label: string;
  /** What an empty list says, with what to do next. */
  empty: ReactNode;
}

const SKELETON_CARDS = 4;

/** Skeleton cards while the first page loads: the same boxes, so nothing moves when it arrives. */
export function PostFeedSkeleton() {
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

/**
 * A paged list of post cards: the empty state, or the cards with more pages as the reader scrolls
 * or asks. Its pages' loading and failure states belong to the page that holds it.
 */
export function PostFeed({ first, moreUrl, label, empty }: PostFeedProps) {
  const list = useMorePages(first, moreUrl);
  const count = list.items.length;
  const { listRef, onMoreRequested } = useFocusNewItems(count, '[data-card-link]');

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
