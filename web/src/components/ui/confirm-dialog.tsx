import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Spinner } from './spinner';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the confirm button says while the action runs, e.g. 'Deleting…'. */
  pendingLabel: string;
  pending: boolean;
  /** The failure of the last attempt, shown in the dialog so it can be tried again. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone. A native modal <dialog>: the browser traps focus,
 * makes the page behind it inert and closes it on Escape. Focus starts on Cancel, the safe choice,
 * and returns to whatever opened the dialog when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: close through our state, and never while the action is on its way.
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-dialog__body">
        {children}
      </div>
      {error ? (
        <p className="form-error confirm-dialog__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="confirm-dialog__actions">
        <button
          ref={cancelRef}
          className="button button--secondary"
          type="button"
          disabled={pending}
          onClick={onCancel}
        >
          Cancel
        </button>
        <button
          className="button button--danger"
          type="button"
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={onConfirm}
        >
          {pending ? (
            <>
              <Spinner />
              <span>{pendingLabel}</span>
            </>
          ) : (
            confirmLabel
          )}
        </button>
      </div>
    </dialog>
  );
}
