import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '../lib/content-encoding';
import type { ParsedQuery } from '../lib/query-string';
import type { ResponseCache } from '../lib/response-cache';

function isWrite(request: FastifyRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
}

function pick(query: unknown, names: readonly string[]): ParsedQuery {
  const source = (query ?? {}) as ParsedQuery;
  const picked: ParsedQuery = {};
  for (const name of names) {
    if (Object.hasOwn(source, name)) picked[name] = source[name];
  }
  return picked;
}

/**
 * Fills the response cache (served by app.ts's front door, before Fastify) and keeps it honest.
 * - Routes opt in with `cacheableRead(...query)` (lib/response-cache.ts); only requests without a
 *   token are kept, since answers to signed-in readers carry their own `favorited`/`following`.
 * - A write empties the cache only when it may have changed something: a 2xx from a real route
 *   (or a 5xx, which may have failed after writing), unless the route declares
 *   `keepsResponseCache`. A 4xx changed nothing and an unknown path is not a write at all, so no
 *   anonymous request can keep the cache cold. It is emptied before the answer goes out, so the
 *   writer's next read sees the change; a read that began before is never kept (`version`).
 * - Its onSend hook must run after the entity-tag hook (plugins/entity-tags.ts), so the kept
 *   answer has its ETag, and a conditional request answered 304 is simply not kept.
 */
export function installResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  if (!cache.enabled) return;

  app.addHook('onRoute', (route) => {
    const declared = route.config?.responseCache;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!declared || !methods.includes('GET')) return;
    if (/[:*]/.test(route.url)) {
      throw new Error(`responseCache needs a static path; ${route.url} has parameters`);
    }
    cache.register(route.url, declared.query);
  });

  app.addHook('onRequest', (request, reply, done) => {
    const declared = request.routeOptions.config?.responseCache;
    const path = request.routeOptions.url;
    if (request.method === 'GET' && declared && path !== undefined && !request.headers.authorization) {
      request.query = pick(request.query, declared.query);
      const key = cache.keyFor(request.raw, path, request.query as ParsedQuery);
      if (key !== undefined) {
        request.responseCacheSlot = { key, version: cache.version };
        cache.recordMiss();
        reply.header('x-cache', 'miss');
      }
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isWrite(request)) {
      const status = reply.statusCode;
      const mayHaveWritten = (status >= 200 && status < 300) || status >= 500;
      const keeps = request.routeOptions.config?.keepsResponseCache && request.changedCachedReads !== true;
      if (mayHaveWritten && !request.is404 && !keeps) {
        cache.invalidate();
      }
      return done(null, payload);
    }
    const slot = request.responseCacheSlot;
    if (slot === undefined || reply.statusCode !== 200 || typeof payload !== 'string') {
      return done(null, payload);
    }
    const body = Buffer.from(payload);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
    }
    headers['x-cache'] = 'hit';
    const entry = cache.store(slot.key, slot.version, body, headers);
    // The compressed form this request gets is the one later hits reuse: compressed once.
    // (@fastify/compress leaves an answer that already has a Content-Encoding alone.)
    const encoding = entry?.compressible ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
    if (entry && encoding) {
      const encoded = cache.encoded(slot.key, entry, encoding);
      reply.header('content-encoding', encoding).header('content-length', encoded.body.length);
      return done(null, encoded.body);
    }
    done(null, body);
  });
}
