import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '../lib/request-id';

const roundMs = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One structured line per request, written when the answer has gone out. Fastify's request logger
 * adds the request id (`reqId`) to this line and to every other line logged for the request; the
 * same id goes back to the client as `x-request-id`.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    logRequest(request, reply);
    done();
  });
}

/** The request's line; also written by answers given where no hook runs (frameworkErrors). */
export function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  const ms = reply.elapsedTime;
  request.log.info(
    {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ...(Number.isFinite(ms) ? { ms: roundMs(ms) } : {}),
      ip: request.ip,
    },
    'request',
  );
}

/**
 * The line for a request the response cache answered at the front door, before Fastify: the same
 * fields and id label as installRequestLog's, so a hit reads like any other request.
 */
export function logFrontDoorHit(
  log: FastifyBaseLogger,
  request: IncomingMessage,
  requestId: string,
  ms: number,
  status: 200 | 304 = 200,
): void {
  log.info(
    {
      reqId: requestId,
      method: request.method,
      url: request.url,
      status,
      ms: roundMs(ms),
      ip: request.socket.remoteAddress,
      cache: 'hit',
    },
    'request',
  );
}
