import type { ReactNode } from 'react';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadMore } from '../../posts/components/load-more';
import type { usePagedList } from '../use-paged-list';

export interface AdminListProps<T> {
  list: ReturnType<typeof usePagedList<T>>;
  /** What is loading, for screen readers: 'Loading reports'. */
  loadingLabel: string;
  /** Said when the list is empty. */
  empty: string;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/** One paged list of the admin page: skeleton rows, then the items, an empty line, or an error. */
export function AdminList<T>({ list, loadingLabel, empty, keyOf, renderItem }: AdminListProps<T>) {
  const { resource } = list;
  if (resource.status === 'loading') {
    return (
      <div className="admin__skeleton" aria-busy="true" aria-label={loadingLabel}>
        <Skeleton className="admin__skeleton-row" />
        <Skeleton className="admin__skeleton-row" />
        <Skeleton className="admin__skeleton-row" />
      </div>
    );
  }
  if (resource.status === 'failed') {
    return <ErrorRetry message={resource.message} onRetry={() => void list.reload()} />;
  }
  if (resource.value.response.length === 0) return <p className="admin__empty">{empty}</p>;
  return (
    <>
      <ul className="admin__list">
        {resource.value.response.map((item) => (
          <li key={keyOf(item)} className="admin__item">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={resource.value.nextCursor !== null}
        loadingMore={list.morePending}
        moreError={list.moreError}
        loadMore={() => void list.loadMore()}
        label="Show more"
      />
    </>
  );
}
