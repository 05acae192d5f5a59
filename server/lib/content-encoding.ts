import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * How answers are compressed, in one place for both paths that compress: @fastify/compress for
 * answers Fastify sends (plugins/compression.ts) and the response cache for the answers it keeps
 * (lib/response-cache.ts), so the two never disagree on what a request gets (ADR 0019).
 */

/** In the server's order of preference when a client accepts both equally. */
export const CONTENT_ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/** Below this, compression saves less than the bytes of its own headers and framing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Quality 4 for answers compressed as they go out: on a 12.5 KB page, 3.0 KB in 0.4 ms of CPU
 * against quality 11's 2.5 KB in 15 ms (ADR 0019). Static files are compressed at the highest
 * levels at build time (vite.config.ts), where time does not matter.
 */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

/**
 * Answers held whole in memory up to this size are compressed in one call on the event loop, not
 * through a zlib stream. @fastify/compress's own limit on a two-core host is 8 KB, which sent every
 * page and API list through a stream: a 66 KB `/allblog` cost 5.2 ms of CPU with Brotli against
 * 1.3 ms plain, and 0.5 ms more in one call. At quality 4 one call holds the event loop about
 * 0.3 ms for 66 KB and 1.3 ms at this limit; larger answers (sitemaps, exports) still stream, on
 * the thread pool (decision 89).
 */
export const SYNC_COMPRESSION_LIMIT_BYTES = 256 * 1024;

/**
 * HTML, JSON, JavaScript, CSS, XML (feeds, sitemaps) and SVG, plus other text; never images or
 * fonts, which are compressed already. Matched on the Content-Type's media type.
 */
const COMPRESSIBLE_TYPE =
  /^(?:text\/(?!event-stream)|application\/(?:javascript|json|xml|manifest\+json|[a-z.+-]*\+(?:json|xml))|image\/svg\+xml)/i;

export function isCompressibleType(contentType: string | number | string[] | undefined): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE_TYPE.test(contentType);
}

// Clients send a handful of distinct Accept-Encoding values; bounded, so no client can grow it.
const negotiator = new Negotiator<ContentEncoding>({
  supportedValues: [...CONTENT_ENCODINGS],
  cache: new LRUCache<string, string>({ max: 256 }),
});

/** The encoding to answer `acceptEncoding` with, or undefined for the bytes as they are. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  // `*` and `x-gzip` read as gzip, as @fastify/compress reads them.
  return negotiator.negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip')) ?? undefined;
}

export function encodeSync(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
}

/** `vary` with `field` added once, whatever it held before (Origin from CORS, say). */
export function varyWith(vary: string | number | string[] | undefined, field: string): string {
  const existing = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (existing.split(',').some((name) => name.trim().toLowerCase() === field)) return existing;
  return existing.trim() === '' ? field : `${existing}, ${field}`;
}

/** `vary` with accept-encoding added once. */
export function varyWithAcceptEncoding(vary: string | number | string[] | undefined): string {
  return varyWith(vary, 'accept-encoding');
}
