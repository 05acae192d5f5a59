import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';

/**
 * A weak validator from the bytes of the answer before compression. Weak, because the same
 * answer goes out as Brotli, gzip or plain bytes (a strong tag would have to differ between them),
 * and a weak tag is all If-None-Match needs.
 */
export function weakEntityTag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * ETag on every successful GET answer that Fastify buffers (pages, API reads), and 304 Not
 * Modified without a body when the request's If-None-Match names it (issue 8 §5). Routes that set
 * their own validators (feeds and sitemaps, lib/conditional-response.ts) keep them; static files
 * carry @fastify/static's own. The response cache keeps the tag with the answer and honours it at
 * the front door too (lib/response-cache.ts).
 */
export function installEntityTags(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const method = request.method;
    if ((method !== 'GET' && method !== 'HEAD') || reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    let etag = reply.getHeader('etag');
    if (etag === undefined) {
      etag = weakEntityTag(payload);
      reply.header('etag', etag);
    }
    // `fresh` applies HTTP's rules: a list of tags, `*`, weak comparison, and never fresh when the
    // request says no-cache.
    if (request.headers['if-none-match'] !== undefined && fresh(request.headers, { etag: String(etag) })) {
      reply.code(304).removeHeader('content-length');
      return done(null, '');
    }
    done(null, payload);
  });
}
