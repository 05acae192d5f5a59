import { ErrorRetry, type ErrorRetryProps } from './error-retry';

/* Apart from ErrorRetry: that one is on the read page's first load, this one only on the pages that use it. */

/**
 * A page's read that failed: a refusal (403: not the reader's to see; 404: there is none) is said
 * as the API said it, since trying again would not help; anything else gets a way to try again.
 */
export function LoadFailure({
  message,
  httpStatus,
  onRetry,
}: ErrorRetryProps & { httpStatus: number | null }) {
  if (httpStatus === 403 || httpStatus === 404) {
    return (
      <div className="empty-state" role="alert">
        <p>{message.replace(/^Error: /, '')}.</p>
      </div>
    );
  }
  return <ErrorRetry message={message} onRetry={onRetry} />;
}
