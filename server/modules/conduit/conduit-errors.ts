import type { ApiErrorBody } from '../../../contracts/errors';
import { USER_NOT_FOUND_MESSAGE, USERNAME_TAKEN_MESSAGE } from '../../../contracts/auth';
import { COMMENT_NOT_FOUND_MESSAGE } from '../../../contracts/comments';
import type { ConduitErrorBody } from '../../../contracts/conduit';
import { POST_NOT_FOUND_MESSAGE } from '../../../contracts/posts';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../lib/http-errors';
import type { ErrorWording } from '../../plugins/error-handler';
import { DELETE_FORBIDDEN_MESSAGE, EDIT_FORBIDDEN_MESSAGE } from '../posts/posts-service';
import { COMMENT_DELETE_FORBIDDEN_MESSAGE } from '../social/comments/comments-service';
import { BAD_CREDENTIALS_MESSAGE, EMAIL_TAKEN_MESSAGE } from '../users/users-service';

/** The wrapper objects of Conduit's bodies: `user.email` is reported as `email`. */
const WRAPPERS = new Set(['user', 'article', 'comment']);

function fieldName(path: string): string {
  const [first, ...rest] = path.split('.');
  return first !== undefined && WRAPPERS.has(first) && rest.length > 0 ? rest.join('.') : path;
}

/**
 * Inkwell's refusals that the specification words its own way (its openapi.yml and the public
 * test suite): the same meaning, in the reference implementation's keys and words.
 */
const REWORDED: Record<string, Record<string, string[]>> = {
  [AUTHENTICATION_REQUIRED_MESSAGE]: { token: ['is missing'] },
  [BAD_CREDENTIALS_MESSAGE]: { credentials: ['invalid'] },
  [POST_NOT_FOUND_MESSAGE]: { article: ['not found'] },
  [COMMENT_NOT_FOUND_MESSAGE]: { comment: ['not found'] },
  [USER_NOT_FOUND_MESSAGE]: { profile: ['not found'] },
  [EDIT_FORBIDDEN_MESSAGE]: { article: ['forbidden'] },
  [DELETE_FORBIDDEN_MESSAGE]: { article: ['forbidden'] },
  [COMMENT_DELETE_FORBIDDEN_MESSAGE]: { comment: ['forbidden'] },
  [EMAIL_TAKEN_MESSAGE]: { email: ['has already been taken'] },
  [USERNAME_TAKEN_MESSAGE]: { username: ['has already been taken'] },
};

function conduitErrors(status: number, error: ApiErrorBody): Record<string, string[]> {
  const reworded = REWORDED[error.message];
  if (reworded) return reworded;
  // Any other refused token (ended session, revoked key, suspended account): the token is to blame.
  if (status === 401) return { token: ['is invalid'] };
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
 * Inkwell's own routes keep their {message, errors?} answers. The route gate's 401s pass through
 * here too, since the gate's hook runs inside the Conduit plugin. Invalid input (Inkwell's 400) is
 * the specification's 422; a name or email taken stays 409, as the specification has it; 401, 403,
 * 404, 429 and 500 keep their status.
 */
export const asConduit: ErrorWording = (status, error) => ({
  status: status === 400 ? 422 : status,
  body: { errors: conduitErrors(status, error) } satisfies ConduitErrorBody,
});
