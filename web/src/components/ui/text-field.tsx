import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'type'>;

export interface TextFieldProps extends NativeProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  /** Shown under the input and announced with it. */
  error?: string | undefined;
  /** A quiet line under the label, for what the field expects. */
  hint?: string;
}

/** The reusable labelled input of specification §2 (auth forms), with its field error under it. */
export function TextField({
  label,
  name,
  value,
  onValueChange,
  type = 'text',
  error,
  hint,
  ...inputProps
}: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...inputProps}
          {...control}
          className="field__input"
          name={name}
          type={type}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
