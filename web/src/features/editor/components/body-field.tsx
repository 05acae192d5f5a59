import { useId, useRef, type ReactNode } from 'react';

export interface BodyFieldProps {
  label: string;
  hint?: string;
  error?: string | undefined;
  /** Renders the editor, given the ids that tie it to its label, hint and error. */
  children: (ids: { labelId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/**
 * FieldFrame's layout for the block editor. A `<label for>` cannot name a contenteditable, so the
 * editor is named through aria-labelledby, and a click on the label moves into it.
 */
export function BodyField({ label, hint, error, children }: BodyFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const frameRef = useRef<HTMLDivElement>(null);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field" ref={frameRef}>
      <span
        className="field__label"
        id={labelId}
        onClick={() => frameRef.current?.querySelector<HTMLElement>('[contenteditable="true"]')?.focus()}
      >
        {label}
      </span>
      {hint ? (
        <p className="field__hint editor-help" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ labelId, describedBy, invalid: Boolean(error) })}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
