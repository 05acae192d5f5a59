/**
 * What the last admin action did, or why it failed. The status line is always in the page, so
 * screen readers hear each new message; a failure is an alert.
 */
export function AdminStatus({ message, error }: { message: string; error: string | null }) {
  return (
    <>
      <p className="admin__status" role="status">
        {message}
      </p>
      {error ? (
        <p className="form-error admin__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
