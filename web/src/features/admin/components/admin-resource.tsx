import type { ReactNode } from 'react';
import { ResourceView } from '../../../components/ui/resource-view';
import type { ApiResource } from '../../../lib/use-api-resource';

export interface AdminResourceProps<T> {
  resource: ApiResource<T>;
  reload: () => Promise<void>;
  /** What is loading, for screen readers: 'Loading reports'. */
  loadingLabel: string;
  children: (value: T) => ReactNode;
}

const ADMIN_ROWS = ['admin__skeleton-row', 'admin__skeleton-row'];

/** A part of the admin page that reads from the API: two tall skeleton rows, then it, or the error and Retry. */
export function AdminResource<T>(props: AdminResourceProps<T>) {
  return <ResourceView {...props} skeletonClassName="admin__skeleton" skeletonRows={ADMIN_ROWS} />;
}
