import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { Spinner } from './spinner';

export interface SubmitButtonProps {
  children: ReactNode;
  pending: boolean;
  /** What the loading button says, e.g. 'Signing in…'. */
  pendingLabel?: string;
}

/**
 * Specification §2: a full-width submit button, replaced by a loading button while the request is pending.
 * The loading button is disabled so a second click cannot send the form twice.
 *
 * A server-rendered form is shown before its script runs. Submitted then, the browser would send
 * it itself, as a GET whose address carries every field, the password included. So the button
 * stays disabled until the page is hydrated (a disabled default button also stops Enter from
 * submitting), and the forms only ever send their data through the API.
 */
export function SubmitButton({ children, pending, pendingLabel = 'Loading…' }: SubmitButtonProps) {
  const hydrated = useHydrated();
  if (pending) {
    return (
      <button className="button button--primary button--block" type="button" disabled aria-busy="true">
        <Spinner />
        <span>{pendingLabel}</span>
      </button>
    );
  }
  return (
    <button className="button button--primary button--block" type="submit" disabled={!hydrated}>
      {children}
    </button>
  );
}
