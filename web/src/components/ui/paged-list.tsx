import type { ReactNode } from 'react';
import type { Page } from '../../../../contracts/posts';
import { LoadMore } from './load-more';
import { useFocusNewItems } from './use-focus-new-items';
import { useMorePages } from './use-more-pages';

export interface PagedListProps<T extends { id: string }> {
  /** The first page, from the route's loader (in the server's HTML). */
  first: Page<T>;
  /** The data route that serves the next pages (lib/data-routes.ts); `cursor=…` is added. */
  moreUrl: string;
  renderItem: (item: T) => ReactNode;
  /** What the list shows when it has no item (the "load more" end is then absent too). */
  empty?: ReactNode;
  /** The list's accessible name, e.g. 'All posts'. */
  label?: string;
  listClassName: string;
  itemClassName?: string;
  /** The element inside each item that takes focus when it arrives after the reader asked. */
  focusable: string;
  /** The button's text, e.g. 'Load more'. */
  moreLabel: string;
  /** Load the next page by itself as the reader nears the end. */
  infinite?: boolean;
  /** Announced to screen readers while a page is on its way, e.g. 'Loading more posts…'. */
  loadingMoreText?: string;
}

/**
 * A list read page by page (the all-posts feed, a topic's and a search's results, a profile's
 * posts): the items, the "load more" end with its automatic loading and Retry, focus moved to the
 * first new item when the reader asked with the button, and the loading announcement.
 */
export function PagedList<T extends { id: string }>({
  first,
  moreUrl,
  renderItem,
  empty,
  label,
  listClassName,
  itemClassName,
  focusable,
  moreLabel,
  infinite = false,
  loadingMoreText,
}: PagedListProps<T>) {
  const list = useMorePages(first, moreUrl);
  const count = list.items.length;
  const { listRef, onMoreRequested } = useFocusNewItems(count, focusable);

  if (count === 0 && empty !== undefined) return <>{empty}</>;

  return (
    <>
      <ol className={listClassName} aria-label={label} ref={listRef}>
        {list.items.map((item) => (
          <li key={item.id} className={itemClassName}>
            {renderItem(item)}
          </li>
        ))}
      </ol>
      <LoadMore
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        moreError={list.moreError}
        loadMore={list.loadMore}
        label={moreLabel}
        infinite={infinite}
        onRequested={onMoreRequested}
      />
      {loadingMoreText && list.loadingMore ? (
        <p className="visually-hidden" role="status">
          {loadingMoreText}
        </p>
      ) : null}
    </>
  );
}
