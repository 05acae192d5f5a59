import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { Spinner } from './spinner';

export interface PendingButtonProps {
  children: ReactNode;
  pending: boolean;
  /** What the button says while its request runs, e.g. 'Signing out…'. */
  pendingLabel: string;
  onClick: () => void;
}

/**
 * A full-width secondary button for an action with a request behind it (outside a form). It waits
 * for the app, since before hydration a click would do nothing, and is disabled while the request
 * runs, with a spinner and what it is doing.
 */
export function PendingButton({ children, pending, pendingLabel, onClick }: PendingButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      className="button button--secondary button--block"
      type="button"
      disabled={!hydrated || pending}
      aria-busy={pending || undefined}
      onClick={onClick}
    >
      {pending ? <Spinner /> : null}
      <span>{pending ? pendingLabel : children}</span>
    </button>
  );
}
