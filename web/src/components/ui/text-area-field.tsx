import { useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';
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
 * A labelled textarea that grows with what is typed (specification §2: the post editor's fields), with its
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
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (sizesItself || !element) return;
    // Set through the CSSOM, which the CSP allows (it refuses style attributes in markup).
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [value]);

  return (
    <FieldFrame label={label} hint={hint} error={error} hideLabel={hideLabel}>
      {(control) => (
        <textarea
          {...textareaProps}
          {...control}
          ref={ref}
          rows={rows}
          className={
            inputClassName ? `field__input field__textarea ${inputClassName}` : 'field__input field__textarea'
          }
          name={name}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
