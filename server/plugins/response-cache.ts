import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The public reads worth caching: the same bytes for every visitor without a token. */
const CACHEABLE_ROUTES = new Set([
  '/api/post/blog/all',
  '/api/post/blog',
  '/api/post/profile',
  '/api/post/comments',
  '/api/user/profile',
]);

const MAX_ENTRIES = 2_000;
const MAX_BODY_CHARS = 512 * 1024;

interface Entry {
  body: string;
  version: number;
  expiresAt: number;
}

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
 * Anonymous public reads are answered from memory. Any write through this instance empties the
 * cache before it runs and again once it answered, so a writer always reads their own change and
 * a read that raced the write is never kept. Entries also expire after ttlMs, which bounds how
 * stale a read can be when other instances write to the same PostgreSQL database. Requests with
 * a token skip the cache: their answers carry the reader's own `favorited` and `following`.
 */
export function installResponseCache(app: FastifyInstance, ttlMs: number): void {
  if (ttlMs <= 0) return;
  const entries = new Map<string, Entry>();
  let version = 0;
  const invalidate = () => {
    version += 1;
    entries.clear();
  };

  app.addHook('onRequest', async (request, reply) => {
    if (isWrite(request)) {
      invalidate();
      return;
    }
    const route = request.routeOptions.url;
    if (request.method !== 'GET' || !route || !CACHEABLE_ROUTES.has(route)) return;
    if (request.headers.authorization) return;
    const entry = entries.get(request.url);
    if (entry && entry.version === version && entry.expiresAt > Date.now()) {
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('x-cache', 'hit')
        .send(entry.body);
    }
    request.responseCacheVersion = version;
    reply.header('x-cache', 'miss');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isWrite(request)) {
      invalidate();
      return payload;
    }
    const startedAt = request.responseCacheVersion;
    if (startedAt === undefined || startedAt !== version) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string' || payload.length > MAX_BODY_CHARS)
      return payload;
    if (entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(request.url, { body: payload, version, expiresAt: Date.now() + ttlMs });
    return payload;
  });
}
