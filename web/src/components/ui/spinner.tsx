/** Decorative: whatever shows it also says in words that something is loading. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
