import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: string;
  /** A quiet line under the label, for what the field expects. */
  hint?: string | undefined;
  /** Shown under the control and announced with it. */
  error?: string | undefined;
  /** Hide the label visually (it stays for screen readers). */
  hideLabel?: boolean;
  /** Renders the control, given the id and ARIA wiring that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, hint and field error every form control shares (specification §5: errors under each input). */
export function FieldFrame({ label, hint, error, hideLabel = false, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field">
      <label className={hideLabel ? 'field__label visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
