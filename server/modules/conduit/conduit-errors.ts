import type { ApiErrorBody } from '../../../contracts/errors';
import type { ConduitErrorBody } from '../../../contracts/conduit';
import type { ErrorWording } from '../../plugins/error-handler';
import { EMAIL_TAKEN_MESSAGE } from '../users/users-service';

/** The wrapper objects of Conduit's bodies: `user.email` is reported as `email`. */
const WRAPPERS = new Set(['user', 'article', 'comment']);

function fieldName(path: string): string {
  const [first, ...rest] = path.split('.');
  return first !== undefined && WRAPPERS.has(first) && rest.length > 0 ? rest.join('.') : path;
}

function conduitErrors(error: ApiErrorBody): Record<string, string[]> {
  if (error.message === EMAIL_TAKEN_MESSAGE) return { email: ['has already been taken'] };
  if (!error.errors) return { body: [error.message] };
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.errors)) {
    const field = path === '_' ? 'body' : fieldName(path);
    (errors[field] ??= []).push(...messages);
  }
  return errors;
}

/**
 * Errors on the Conduit routes, in the specification's shape {"errors": {"field": ["message"]}},
 * given to the one error handler (server/plugins/error-handler.ts) of the Conduit plugin only, so
 * Inkwell's own routes keep their {message, errors?} answers. What Inkwell answers 400 (invalid
 * input) or 409 (a name or email taken) is the specification's 422; 401, 403, 404, 429 and 500
 * stay as they are.
 */
export const asConduit: ErrorWording = (status, error) => ({
  status: status === 400 || status === 409 ? 422 : status,
  body: { errors: conduitErrors(error) } satisfies ConduitErrorBody,
});
