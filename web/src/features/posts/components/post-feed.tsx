import type { ReactNode } from 'react';
import type { Page } from '../../../../../contracts/posts';
import { PagedList } from '../../../components/ui/paged-list';
import type { PostSummary } from '../../../lib/post-summary';
import { PostCard, PostCardSkeleton } from './post-card';

export interface PostFeedProps {
  /** The first page, from the route's loader. */
  first: Page<PostSummary>;
  /** The data route that serves the next pages (lib/data-routes.ts). */
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
  if (first.response.length === 0) return <div className="post-feed post-feed--empty">{empty}</div>;

  return (
    <div className="post-feed">
      <PagedList
        first={first}
        moreUrl={moreUrl}
        label={label}
        listClassName="post-feed__list"
        itemClassName="post-feed__item"
        focusable="[data-card-link]"
        moreLabel="Load more"
        infinite
        loadingMoreText="Loading more posts…"
        renderItem={(post) => <PostCard post={post} />}
      />
    </div>
  );
}
