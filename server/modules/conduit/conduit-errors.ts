import type { FastifyError, FastifyInstance } from 'fastify';
import type { ConduitErrorBody } from '../../../contracts/conduit';
import { HttpError } from '../../lib/http-errors';
import { isUnexpectedError } from '../../plugins/error-handler';
import { EMAIL_TAKEN_MESSAGE } from '../users/users-service';

/** The wrapper objects of Conduit's bodies: `user.email` is reported as `email`. */
const WRAPPERS = new Set(['user', 'article', 'comment']);

function fieldName(path: string): string {
  const [first, ...rest] = path.split('.');
  return first !== undefined && WRAPPERS.has(first) && rest.length > 0 ? rest.join('.') : path;
}

function conduitErrors(error: HttpError): Record<string, string[]> {
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
 * Conduit's status codes: what Inkwell answers 400 (invalid input) or 409 (a name or email
 * taken) is the specification's 422; 401, 403, 404 and 429 stay as they are.
 */
function conduitStatus(status: number): number {
  return status === 400 || status === 409 ? 422 : status;
}

/**
 * Errors on the Conduit routes, in the specification's shape {"errors": {"field": ["message"]}}.
 * Set on the Conduit plugin only, so Inkwell's own routes keep their {message, errors?} answers.
 */
export function installConduitErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(conduitStatus(error.statusCode))
        .send({ errors: conduitErrors(error) } satisfies ConduitErrorBody);
    }
    if (!isUnexpectedError(error)) {
      // Fastify's own client errors: malformed JSON, a body too large, an unknown content type.
      return reply
        .code(conduitStatus(error.statusCode ?? 400))
        .send({ errors: { body: [error.message] } } satisfies ConduitErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ errors: { body: ['Internal server error'] } } satisfies ConduitErrorBody);
  });
}
