import type { z } from 'zod';
import { UNKNOWN_ID_PARAM } from '../../contracts/ids';
import { badRequest, notFound } from './http-errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters (U+0000)';

/**
 * The path of the first string in `input` that holds U+0000, or undefined. PostgreSQL cannot store
 * NUL in text and no person types one, so a request carrying it is refused before any schema or
 * database sees it, the same way on both databases. Iterative: a deeply nested JSON body must not
 * overflow the stack.
 */
export function findNulCharacter(input: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || '_';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

function isUnknownIdIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.[UNKNOWN_ID_PARAM] === true;
}

/**
 * Parses request input (a query or a body) with a shared contract schema. This is the one gate
 * every route's input passes through:
 * - a NUL character anywhere is a 400;
 * - failures become 400 with field messages;
 * - an id that cannot name anything (contracts/ids.ts) is treated exactly like a well-formed id
 *   that names nothing: the other fields' problems (400) come first, and alone it is the route's
 *   404, answered without a database round trip.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nulAt = findNulCharacter(input);
  if (nulAt !== undefined) throw badRequest(NUL_MESSAGE, { [nulAt]: [NUL_MESSAGE] });

  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const unknownId = result.error.issues.find(isUnknownIdIssue);
  const issues = result.error.issues.filter((issue) => !isUnknownIdIssue(issue));
  const first = issues[0];
  if (!first && unknownId) throw notFound(unknownId.message);

  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  const message = first && first.path.length > 0 ? first.message : 'Invalid request body';
  throw badRequest(message, errors);
}
