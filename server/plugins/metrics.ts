import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../contracts/errors';
import type { MetricsExposure } from '../config';
import { UNMATCHED_ROUTE, type Metrics } from '../lib/metrics';
import { isUnexpectedError } from './error-handler';
import { rawAnswer, routeSchema } from '../openapi/route-schema';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's characters nor its length leak through timing. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

function routeOf(url: string | undefined): string {
  return url ?? UNMATCHED_ROUTE;
}

/**
 * Counts every request Fastify answers (the response cache's front door counts its own hits through
 * Metrics.observeRequest) and serves the exposition (docs/decisions/0015-metrics-exposure.md):
 * - METRICS_TOKEN: GET /metrics on the main port, for a request bearing the token; 401 otherwise.
 * - METRICS_PORT: a listener of its own on METRICS_HOST (127.0.0.1 by default) serving /metrics,
 *   started when the app is ready and closed with it; it asks for the token too when one is set.
 * - neither: `metrics` is undefined, nothing is counted, and /metrics is a plain 404.
 */
export function installMetrics(
  app: FastifyInstance,
  metrics: Metrics | undefined,
  exposure: MetricsExposure,
): void {
  const notFound: ApiErrorBody = { message: `Not found: GET ${METRICS_PATH}` };
  // Registered either way, so the web app's catch-all never answers /metrics with a page.
  const schema = routeSchema({
    summary: 'Prometheus metrics',
    tag: 'Operations',
    access: 'metrics-token',
    answers: { 200: rawAnswer('The exposition, in Prometheus text format.', 'text/plain') },
  });
  app.get(METRICS_PATH, { schema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!metrics || exposure.token === undefined) return reply.code(404).send(notFound);
    if (!bearerMatches(request.headers.authorization, exposure.token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Metrics need the bearer token set in METRICS_TOKEN' } satisfies ApiErrorBody);
    }
    return reply.type(metrics.contentType).send(await metrics.render());
  });
  if (!metrics) return;

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      routeOf(request.routeOptions.url),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.addHook('onError', (request, _reply, error, done) => {
    if (isUnexpectedError(error)) metrics.countUnexpectedError(routeOf(request.routeOptions.url));
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    metrics.close();
    done();
  });

  if (exposure.port !== undefined) servePort(app, metrics, exposure, exposure.port);
}

function servePort(app: FastifyInstance, metrics: Metrics, exposure: MetricsExposure, port: number): void {
  let server: Server | undefined;
  const answer = async (request: IncomingMessage): Promise<[number, string, string]> => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return [404, 'application/json; charset=utf-8', JSON.stringify({ message: 'Not found' })];
    }
    if (exposure.token !== undefined && !bearerMatches(request.headers.authorization, exposure.token)) {
      return [401, 'application/json; charset=utf-8', JSON.stringify({ message: 'Bearer token required' })];
    }
    return [200, metrics.contentType, await metrics.render()];
  };

  app.addHook('onReady', async () => {
    server = createServer((request, response) => {
      answer(request)
        .then(([status, type, body]) => {
          response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
          response.end(request.method === 'HEAD' ? undefined : body);
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'metrics listener failed');
          response.writeHead(500).end();
        });
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, exposure.host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    app.log.info({ address: listening.address() }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    const listening = server;
    if (!listening) return;
    const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
    // A scraper's keep-alive connection would otherwise hold the listener open until it times out.
    listening.closeAllConnections();
    await closed;
  });
}
