import type { z } from 'zod';

/** Field name → the first message for it; a form shows one message under each input. */
export type FormErrors = Record<string, string>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FormErrors };

/** Runs a shared contract schema and keeps the first message per field, in schema order. */
export function validate<T>(schema: z.ZodType<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The server's `errors` map (field → messages), reduced to one message per field. */
export function firstMessages(errors: Record<string, string[]>): FormErrors {
  const result: FormErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first !== undefined) result[field] = first;
  }
  return result;
}
