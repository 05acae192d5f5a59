import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../contracts/errors';
import { HttpError } from '../lib/http-errors';
import { REQUEST_ID_HEADER } from '../lib/request-id';
import { logRequest } from './request-log';

/** Fastify's own client errors, reworded for people; anything not listed keeps Fastify's text. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large (1 MiB at most)',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_BAD_URL: 'Malformed URL: a percent sign must start a valid escape',
};

/**
 * Fastify's `frameworkErrors`: what it answers before any route or hook runs (a URL that cannot
 * be decoded). The same JSON shape, request id and log line as every other answer.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply
    .code(error.statusCode ?? 400)
    .header(REQUEST_ID_HEADER, request.id)
    .send({ message: FRAMEWORK_MESSAGES[error.code] ?? error.message } satisfies ApiErrorBody);
  logRequest(request, reply);
}

/** An error no rule foresaw (a bug, a database outage): answered 500 and logged in full. */
export function isUnexpectedError(error: FastifyError | HttpError | Error): boolean {
  if (error instanceof HttpError) return false;
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  return status < 400 || status >= 500;
}

/**
 * How an error is worded on the wire, from Inkwell's own body: as it is, or in another API's shape
 * (the RealWorld routes, server/modules/conduit/conduit-errors.ts).
 */
export type ErrorWording = (status: number, error: ApiErrorBody) => { status: number; body: unknown };

const asInkwell: ErrorWording = (status, body) => ({ status, body });

/**
 * Every failure becomes JSON {message, errors?} with an honest status (or `wording`'s shape of it).
 * Client mistakes keep their 4xx; anything unexpected is logged in full and answered as a bare 500
 * without internals.
 */
export function installErrorHandler(app: FastifyInstance, wording: ErrorWording = asInkwell): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    const answer = (status: number, error: ApiErrorBody) => {
      const worded = wording(status, error);
      return reply.code(worded.status).send(worded.body);
    };
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return answer(error.statusCode, {
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (!isUnexpectedError(error)) {
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? error.message;
      return answer(error.statusCode ?? 400, { message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return answer(500, { message: 'Internal server error' });
  });
}
