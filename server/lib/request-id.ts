import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy's id may look like to be kept: the characters of UUIDs, ULIDs, trace ids and
 * nginx's $request_id, bounded in length, so an id can never carry a log injection or a novel.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Kept on the request object itself: cheaper than a WeakMap on the path of every cache hit. */
const ASSIGNED = Symbol('inkwell.requestId');
type WithId = IncomingMessage & { [ASSIGNED]?: string };

/**
 * The id of a request, decided once and then the same wherever it is asked for: the response
 * cache's front door (which answers hits before Fastify) and Fastify's genReqId both call this,
 * so a request keeps one id in its log line and its `x-request-id` header whichever answers it.
 *
 * A well-formed incoming `x-request-id` is kept only behind a trusted proxy (TRUST_PROXY), which
 * sets or passes it on; otherwise anyone could choose the id their requests are logged under.
 */
export function requestIdOf(request: IncomingMessage, trustProxy: boolean): string {
  const known = (request as WithId)[ASSIGNED];
  if (known !== undefined) return known;
  const incoming = trustProxy ? request.headers[REQUEST_ID_HEADER] : undefined;
  const id = typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
  (request as WithId)[ASSIGNED] = id;
  return id;
}
