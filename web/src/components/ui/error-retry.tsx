export interface ErrorRetryProps {
  message: string;
  onRetry: () => void;
}

/** Difference 5 from the specification: a failure the spec left silent is said out loud, with a way to try again. */
export function ErrorRetry({ message, onRetry }: ErrorRetryProps) {
  return (
    <div className="error-retry" role="alert">
      <p className="error-retry__message">{message}</p>
      <button className="button button--secondary" type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
