import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { ApiFailure } from './api-client';
import { firstMessages, validate, type FormErrors } from './validate';

export interface ZodForm<TValues extends Record<string, string>> {
  values: TValues;
  /** One message per field: the schema's, or else the server's. */
  errors: Partial<Record<keyof TValues, string>>;
  /** The line under the form: a specification §8 text. */
  formError: string | null;
  pending: boolean;
  setValue: (field: keyof TValues & string, value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

interface ZodFormOptions<TValues extends Record<string, string>, TData> {
  /** A contract schema, so the form and the server apply the same rules and messages. */
  schema: z.ZodType<TData>;
  initialValues: TValues;
  /**
   * Resolves with a failure to show, or null on success. On success the form stays pending:
   * the caller is navigating away, and the button must not flash back in the meantime.
   */
  submit: (data: TData) => Promise<ApiFailure | null>;
}

/**
 * Form state for the account and post forms: validate on submit, then on every change (so an error
 * disappears as soon as it is fixed, but nobody is scolded before trying), server field errors
 * under their inputs, and the specification §4 states idle → submitting → error.
 */
export function useZodForm<TValues extends Record<string, string>, TData>({
  schema,
  initialValues,
  submit,
}: ZodFormOptions<TValues, TData>): ZodForm<TValues> {
  const [values, setValues] = useState(initialValues);
  const [attempted, setAttempted] = useState(false);
  const [clientErrors, setClientErrors] = useState<FormErrors>({});
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const setValue = (field: keyof TValues & string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) {
      const result = validate(schema, next);
      setClientErrors(result.ok ? {} : result.errors);
    }
    if (serverErrors[field] !== undefined) {
      const { [field]: _fixed, ...rest } = serverErrors;
      setServerErrors(rest);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setAttempted(true);
    const result = validate(schema, values);
    if (!result.ok) {
      setClientErrors(result.errors);
      setServerErrors({});
      setFormError(result.errors.form ?? null);
      focusFirstInvalid(form, Object.keys(initialValues), result.errors);
      return;
    }
    setClientErrors({});
    setServerErrors({});
    setFormError(null);
    setPending(true);
    void submit(result.data).then((failure) => {
      if (!failure) return;
      setPending(false);
      setFormError(failure.message);
      setServerErrors(firstMessages(failure.fieldErrors));
    });
  };

  const errors: Partial<Record<keyof TValues, string>> = {};
  for (const field of Object.keys(initialValues) as (keyof TValues & string)[]) {
    const message = clientErrors[field] ?? serverErrors[field];
    if (message !== undefined) errors[field] = message;
  }

  return { values, errors, formError, pending, setValue, onSubmit };
}

/** Keyboard and screen-reader users land on the first field to fix. */
function focusFirstInvalid(form: HTMLFormElement, order: string[], errors: FormErrors): void {
  const field = order.find((name) => errors[name] !== undefined);
  if (field === undefined) return;
  const element = form.elements.namedItem(field);
  if (element instanceof HTMLElement) element.focus();
}
