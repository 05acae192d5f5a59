import type { ReactNode } from 'react';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Skeleton } from '../../../components/ui/skeleton';
import type { ApiResource } from '../../../lib/use-api-resource';

export interface AdminResourceProps<T> {
  resource: ApiResource<T>;
  reload: () => Promise<void>;
  /** What is loading, for screen readers: 'Loading reports'. */
  loadingLabel: string;
  children: (value: T) => ReactNode;
}

/** A part of the admin page that reads from the API: skeleton rows, then it, or the error and Retry. */
export function AdminResource<T>({ resource, reload, loadingLabel, children }: AdminResourceProps<T>) {
  if (resource.status === 'loading') {
    return (
      <div className="admin__skeleton" aria-busy="true" aria-label={loadingLabel}>
        <Skeleton className="admin__skeleton-row" />
        <Skeleton className="admin__skeleton-row" />
      </div>
    );
  }
  if (resource.status === 'failed')
    return <ErrorRetry message={resource.message} onRetry={() => void reload()} />;
  return <>{children(resource.value)}</>;
}
