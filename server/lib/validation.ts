import type { z } from 'zod';
import { UNKNOWN_ID_PARAM } from '../../contracts/ids';
import type { FastifySchemaCompiler } from 'fastify';
import { type HttpError, badRequest, notFound } from './http-errors';

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
 * Checks request input (a query, a path's parameters or a body) against the route's declared
 * schema. This is the one gate every route's input passes through (decision 6), run by Fastify
 * as the validator of every declared route (server/plugins/openapi.ts):
 * - a NUL character anywhere is a 400;
 * - failures become 400 with field messages;
 * - an id that cannot name anything (contracts/ids.ts) is treated exactly like a well-formed id
 *   that names nothing: the other fields' problems (400) come first, and alone it is the route's
 *   404, answered without a database round trip.
 */
export function validateInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { value: z.output<S> } | { error: HttpError } {
  const nulAt = findNulCharacter(input);
  if (nulAt !== undefined) return { error: badRequest(NUL_MESSAGE, { [nulAt]: [NUL_MESSAGE] }) };

  const result = schema.safeParse(input ?? {});
  if (result.success) return { value: result.data };
  const unknownId = result.error.issues.find(isUnknownIdIssue);
  const issues = result.error.issues.filter((issue) => !isUnknownIdIssue(issue));
  const first = issues[0];
  if (!first && unknownId) return { error: notFound(unknownId.message) };

  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  const message = first && first.path.length > 0 ? first.message : 'Invalid request body';
  return { error: badRequest(message, errors) };
}

export function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema;
}

/**
 * Fastify's validator compiler for declared routes: each declared part (`params`, `body`,
 * `querystring`) is checked by validateInput and replaced by the schema's output, so the handler
 * reads typed, transformed input. Its errors are HttpErrors: the route's error handler answers them
 * as any other (Inkwell's shape, or Conduit's on the RealWorld routes).
 */
export const inputValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isZodSchema(schema)) return (data) => ({ value: data });
  return (data) => validateInput(schema, data);
};
