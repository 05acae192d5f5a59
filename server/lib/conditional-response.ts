import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';

export interface CacheableDocument {
  body: string;
  /** With its charset, e.g. `application/rss+xml; charset=utf-8`. */
  contentType: string;
  cacheControl: string;
  /** When what the document shows last changed; sent as Last-Modified when known. */
  lastModified?: Date;
}

/** A strong validator from the bytes themselves: it changes exactly when the document does. */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Sends a document that clients and caches may revalidate: ETag and Last-Modified on every answer,
 * and 304 without a body when the request's If-None-Match or If-Modified-Since shows the client
 * already has it (the `fresh` package applies HTTP's rules: If-None-Match wins, a no-cache
 * request is never fresh).
 */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, document: CacheableDocument) {
  const validators: Record<string, string> = { etag: entityTag(document.body) };
  if (document.lastModified) validators['last-modified'] = document.lastModified.toUTCString();
  reply.headers(validators).header('cache-control', document.cacheControl);
  if (fresh(request.headers, validators)) return reply.code(304).send();
  return reply.type(document.contentType).send(document.body);
}
