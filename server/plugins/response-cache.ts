import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cacheKey, type ResponseCache } from '../lib/response-cache';

/** The public reads worth caching: the same bytes for every visitor without a token. */
const CACHEABLE_ROUTES = new Set([
  '/api/post/blog/all',
  '/api/post/blog',
  '/api/post/profile',
  '/api/post/comments',
  '/api/user/profile',
  '/api/tags',
  '/api/tags/info',
  '/api/search',
  '/api/search/suggest',
  '/api/discover',
]);

declare module 'fastify' {
  interface FastifyRequest {
    /** The cache version when a cacheable read began; undefined for anything not cached. */
    responseCacheVersion?: number;
  }
}

function isWrite(request: FastifyRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
}

/**
 * Fills the response cache (served by server.ts's front door, before Fastify) and keeps it honest.
 * Any write through this instance empties it before it runs and again once it answered, so a
 * writer always reads their own change and a read that raced the write is never kept. Entries
 * expire after the configured time, which bounds how stale a read can be when other instances
 * write to the same PostgreSQL database. Requests with a token are never cached: their answers
 * carry the reader's own `favorited` and `following`.
 */
export function installResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  if (!cache.enabled) return;

  app.addHook('onRequest', (request, reply, done) => {
    if (isWrite(request)) {
      cache.invalidate();
    } else if (
      request.method === 'GET' &&
      !request.headers.authorization &&
      CACHEABLE_ROUTES.has(request.routeOptions.url ?? '')
    ) {
      request.responseCacheVersion = cache.version;
      reply.header('x-cache', 'miss');
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isWrite(request)) {
      cache.invalidate();
      return done(null, payload);
    }
    const startedAt = request.responseCacheVersion;
    if (startedAt === undefined || reply.statusCode !== 200 || typeof payload !== 'string') {
      return done(null, payload);
    }
    const body = Buffer.from(payload);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
    }
    headers['content-length'] = body.length;
    headers['x-cache'] = 'hit';
    const origin = request.headers.origin;
    cache.store(
      cacheKey(typeof origin === 'string' ? origin : undefined, request.url),
      startedAt,
      body,
      headers,
    );
    done(null, body);
  });
}
