import type { ReactNode } from 'react';
import { LoadMore } from '../../../components/ui/load-more';
import type { usePagedList } from '../use-paged-list';
import { AdminResource } from './admin-resource';

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
  return (
    <AdminResource resource={list.resource} reload={list.reload} loadingLabel={loadingLabel}>
      {(page) =>
        page.response.length === 0 ? (
          <p className="admin__empty">{empty}</p>
        ) : (
          <>
            <ul className="admin__list">
              {page.response.map((item) => (
                <li key={keyOf(item)} className="admin__item">
                  {renderItem(item)}
                </li>
              ))}
            </ul>
            <LoadMore
              hasMore={page.nextCursor !== null}
              loadingMore={list.morePending}
              moreError={list.moreError}
              loadMore={() => void list.loadMore()}
              label="Show more"
            />
          </>
        )
      }
    </AdminResource>
  );
}
