import { useState, type FormEvent } from 'react';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';

/** What a field's text names: the thing to add, or what to say under the field. */
export type Reading<T> = { value: T } | { error: string };

/** The state of a field that adds to a list; `clear` and `showError` for what the section learns later. */
export interface AddField {
  text: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  submit: (event: FormEvent<HTMLFormElement>) => void;
  clear: () => void;
  showError: (message: string) => void;
}

/**
 * How an admin section adds a thing to its list by typing it (blocked servers, staff picks): the
 * text is read first, a thing listed already included, and what is wrong is said under the field,
 * cleared as the operator types; only a thing read whole reaches `add` (which saves it, or asks
 * first). The section empties the field once the thing is added.
 */
export function useAddField<T>(read: (text: string) => Reading<T>, add: (value: T) => void): AddField {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  return {
    text,
    error,
    onValueChange: (value) => {
      setText(value);
      setError(undefined);
    },
    submit: (event) => {
      event.preventDefault();
      const reading = read(text);
      if ('error' in reading) {
        setError(reading.error);
        return;
      }
      setError(undefined);
      add(reading.value);
    },
    clear: () => setText(''),
    showError: setError,
  };
}

type AddFormProps = Omit<TextFieldProps, 'value' | 'onValueChange' | 'error'> & {
  field: AddField;
  submitLabel: string;
  /** While saving, or before the list is loaded (a thing listed already could not be told). */
  busy: boolean;
};

/** The field of `useAddField` with its button. */
export function AddForm({ field, submitLabel, busy, ...textField }: AddFormProps) {
  return (
    <form className="admin-search" noValidate onSubmit={field.submit}>
      <TextField
        autoComplete="off"
        {...textField}
        value={field.text}
        onValueChange={field.onValueChange}
        error={field.error}
      />
      <button className="button button--secondary" type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
