import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export interface SubmitButtonProps {
  children: ReactNode;
  pending: boolean;
  /** What the loading button says, e.g. 'Signing in…'. */
  pendingLabel?: string;
}

/**
 * SPEC §2: a full-width submit button, replaced by a loading button while the request is pending.
 * The loading button is disabled so a second click cannot send the form twice.
 */
export function SubmitButton({ children, pending, pendingLabel = 'Loading…' }: SubmitButtonProps) {
  if (pending) {
    return (
      <button className="button button--primary button--block" type="button" disabled aria-busy="true">
        <Spinner />
        <span>{pendingLabel}</span>
      </button>
    );
  }
  return (
    <button className="button button--primary button--block" type="submit">
      {children}
    </button>
  );
}
