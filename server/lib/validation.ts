import type { z } from 'zod';
import { badRequest } from './http-errors';

/** Parses request input with a shared contract schema; failures become 400 with field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  const first = result.error.issues[0];
  const message = first && first.path.length > 0 ? first.message : 'Invalid request body';
  return throwBadRequest(message, errors);
}

function throwBadRequest(message: string, errors: Record<string, string[]>): never {
  throw badRequest(message, errors);
}
