import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../contracts/errors';
import { HttpError } from '../lib/http-errors';

/** Fastify's own client errors, reworded for people; anything not listed keeps Fastify's text. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large (1 MiB at most)',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

/**
 * Every failure becomes JSON {message, errors?} with an honest status. Client mistakes keep their
 * 4xx; anything unexpected is logged in full and answered as a bare 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if (error instanceof HttpError) {
      const body: ApiErrorBody = {
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      };
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? error.message;
      return reply.code(status).send({ message } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' } satisfies ApiErrorBody);
  });
}
