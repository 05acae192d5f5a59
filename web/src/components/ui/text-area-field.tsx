import { useId, useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';
import './text-area-field.css';

type NativeProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'value' | 'onChange'>;

export interface TextAreaFieldProps extends NativeProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  /** A quiet line under the label, for what the field expects. */
  hint?: string;
  /** Hide the label visually (it stays for screen readers), for editors whose look is the page. */
  hideLabel?: boolean;
  /** Extra class on the textarea, e.g. the editor's large title. */
  inputClassName?: string;
}

// Chromium sizes a textarea to its content by itself; elsewhere we measure after each change.
const sizesItself = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/**
 * A labelled textarea that grows with what is typed (SPEC §2: the post editor's fields), with its
 * field error under it, like TextField.
 */
export function TextAreaField({
  label,
  name,
  value,
  onValueChange,
  error,
  hint,
  hideLabel = false,
  inputClassName,
  rows = 1,
  ...textareaProps
}: TextAreaFieldProps) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  useLayoutEffect(() => {
    const element = ref.current;
    if (sizesItself || !element) return;
    // Set through the CSSOM, which the CSP allows (it refuses style attributes in markup).
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [value]);

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
      <textarea
        {...textareaProps}
        ref={ref}
        rows={rows}
        className={
          inputClassName ? `field__input field__textarea ${inputClassName}` : 'field__input field__textarea'
        }
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
