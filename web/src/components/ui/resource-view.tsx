import type { ReactNode } from 'react';
import type { ApiResource } from '../../lib/use-api-resource';
import { ErrorRetry } from './error-retry';
import { Skeleton } from './skeleton';

export interface ResourceViewProps<T> {
  resource: ApiResource<T>;
  /** Reads again (Retry after a failure). */
  reload: () => Promise<void>;
  /** What is loading, for screen readers: 'Loading your API keys'. */
  loadingLabel: string;
  /** Classes of the skeleton rows, shaped like what replaces them (one row per class). */
  skeletonRows?: string[];
  /** The class of the skeleton rows' container (their spacing). */
  skeletonClassName?: string;
  children: (value: T) => ReactNode;
}

const ONE_LINE = ['skeleton--text skeleton--w-60'];

/**
 * A part of a page that reads from the API itself: skeleton rows while it loads, the error with
 * Retry if the read failed, else what `children` makes of the value.
 */
export function ResourceView<T>({
  resource,
  reload,
  loadingLabel,
  skeletonRows = ONE_LINE,
  skeletonClassName,
  children,
}: ResourceViewProps<T>) {
  if (resource.status === 'loading') {
    return (
      <div className={skeletonClassName} aria-busy="true" aria-label={loadingLabel}>
        {skeletonRows.map((className, index) => (
          <Skeleton key={index} className={className} />
        ))}
      </div>
    );
  }
  if (resource.status === 'failed')
    return <ErrorRetry message={resource.message} onRetry={() => void reload()} />;
  return <>{children(resource.value)}</>;
}
