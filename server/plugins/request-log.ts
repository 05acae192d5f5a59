import type { FastifyInstance } from 'fastify';
import { INTERNAL_REQUEST_HEADER } from '../web/in-process-fetch';

/**
 * One structured line per request, written when the answer has gone out. The API calls a page
 * makes while it is rendered (`internalMarker`, see in-process-fetch.ts) are logged at debug level:
 * the page's own line says what the reader asked for.
 */
export function installRequestLog(app: FastifyInstance, internalMarker: string): void {
  app.addHook('onResponse', (request, reply, done) => {
    const internal = request.headers[INTERNAL_REQUEST_HEADER] === internalMarker;
    request.log[internal ? 'debug' : 'info'](
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}
