import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import {
  COMPRESSION_THRESHOLD_BYTES,
  encodeSync,
  isCompressibleType,
  negotiateEncoding,
  type ContentEncoding,
} from './content-encoding';
import { parseQueryString, splitRequestUrl, type ParsedQuery } from './query-string';
import { REQUEST_ID_HEADER } from './request-id';

/** A GET route's declaration that its anonymous answers may be kept by the response cache. */
export interface CacheableRouteConfig {
  /**
   * Every query parameter the answer depends on. For a cacheable request the handler sees only
   * these, so an undeclared parameter can never change an answer the cache keys without it.
   */
  query: readonly string[];
}

/**
 * Route options that make a GET route cacheable for anonymous readers, keyed on `query`:
 * `app.get('/api/post/blog', cacheableRead('id'), handler)`. Spread it to add other options.
 */
export function cacheableRead(...query: string[]): { config: { responseCache: CacheableRouteConfig } } {
  return { config: { responseCache: { query } } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on a GET route at a static path (an API read or a server-rendered page) to cache it. */
    responseCache?: CacheableRouteConfig;
    /** Set on a write that changes nothing a cached read shows (signing in): it keeps the cache. */
    keepsResponseCache?: boolean;
  }
  interface FastifyRequest {
    /** Where a cacheable read's answer will be kept, and the cache version when it began. */
    responseCacheSlot?: { key: string; version: number };
    /**
     * Set by a route that keeps the cache when this request did change what cached reads show
     * (an inbox's reply or like, decision 0084; a Follow changes no page).
     */
    changedCachedReads?: boolean;
  }
}

/** An answer larger than this is not worth a place: it would push out dozens of list pages. */
const MAX_ENTRY_BYTES = 512 * 1024;
/** Map slot, Buffer and object headers: what an entry costs beyond its bytes, roughly. */
const ENTRY_OVERHEAD_BYTES = 256;

/** One form of an answer as it goes on the wire: its bytes and every header to send with them. */
interface Representation {
  body: Buffer;
  headers: OutgoingHttpHeaders;
}

/** What a kept answer is: an entry of the cache. */
export interface CachedAnswer {
  /** The answer's own bytes and headers (security headers, CORS for this origin, ETag, Vary). */
  identity: Representation;
  /** Brotli and gzip forms, each made the first time a client asks for it, then reused. */
  encoded: Partial<Record<ContentEncoding, Representation>>;
  /** Worth compressing: a compressible type at least COMPRESSION_THRESHOLD_BYTES long. */
  compressible: boolean;
  /** The headers of a 304 to a client that already has it (no body, so no length or type). */
  notModified: OutgoingHttpHeaders | undefined;
  version: number;
}

export interface ResponseCacheOptions {
  /** How long an answer may be served from memory; 0 turns the cache off. */
  ttlMs: number;
  /** The most memory entries may take: bodies, headers and keys. */
  maxBytes: number;
  /**
   * What about a request, besides its route and declared parameters, changes the bytes of the
   * answer (an allowed CORS origin, HTTPS for HSTS). Must read only the raw request, so the front
   * door and Fastify compute the same key.
   */
  variant: (request: IncomingMessage) => string;
  /** For tests: the clock entries expire by (lru-cache's `perf`), and the source of TTL jitter. */
  clock?: { now(): number };
  random?: () => number;
}

/**
 * Each entry lives between 75 % and 100 % of the TTL. Entries filled together (a burst of readers
 * on many posts, or the first seconds after a start) would otherwise expire together and be
 * rendered again all at once, every TTL, which is what a page's p99 saw; spread out, they expire a
 * few at a time. No answer is ever kept longer than the TTL.
 */
const TTL_SPREAD = 0.25;

/**
 * A parameter's value in a key: absent, a string and a repeated parameter (an array) stay apart,
 * and length prefixes make any text unambiguous without escaping it (this runs on every hit).
 */
function lengthPrefixed(value: string | string[] | undefined): string {
  if (value === undefined) return '|-';
  if (typeof value === 'string') return `|${value.length}:${value}`;
  let encoded = `|[${value.length}`;
  for (const item of value) encoded += `|${item.length}:${item}`;
  return encoded;
}

function representationSize({ body, headers }: Representation): number {
  return body.length + headersSize(headers);
}

function headersSize(headers: OutgoingHttpHeaders): number {
  let size = 0;
  for (const [name, value] of Object.entries(headers)) {
    size += name.length + (Array.isArray(value) ? value.join('').length : String(value ?? '').length);
  }
  return size;
}

/**
 * Finished answers to anonymous public reads, kept in memory (ADR 0005). Bounded in bytes with
 * least-recently-used eviction (lru-cache); entries expire after the TTL and are dropped then.
 *
 * A route opts in by declaring the query parameters its answer depends on; the key is the variant,
 * the route's path and those parameters' values in declared order, so anything else in a query
 * string (`&junk=1`) neither changes the answer nor makes a new entry. `version` moves on every
 * write that invalidates, and an answer computed under an older version is never kept.
 */
export class ResponseCache {
  private readonly routes = new Map<string, readonly string[]>();
  private readonly entries: LRUCache<string, CachedAnswer> | undefined;
  private currentVersion = 0;
  private readonly random: () => number;
  private hits = 0;
  private misses = 0;
  private readonly invalidationListeners = new Set<() => void>();

  constructor(private readonly options: ResponseCacheOptions) {
    this.random = options.random ?? Math.random;
    if (options.ttlMs > 0 && options.maxBytes > 0) {
      this.entries = new LRUCache<string, CachedAnswer>({
        maxSize: options.maxBytes,
        maxEntrySize: Math.min(options.maxBytes, MAX_ENTRY_BYTES),
        // Every form kept counts: an entry is measured again when a compressed form joins it.
        sizeCalculation: (entry, key) =>
          representationSize(entry.identity) +
          (entry.encoded.br ? representationSize(entry.encoded.br) : 0) +
          (entry.encoded.gzip ? representationSize(entry.encoded.gzip) : 0) +
          key.length +
          ENTRY_OVERHEAD_BYTES,
        ttl: options.ttlMs,
        ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
        // Expired entries are deleted on their own timer, not only when next asked for.
        ttlAutopurge: true,
      });
    }
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  get version(): number {
    return this.currentVersion;
  }

  /** How many answers are kept and the bytes they are counted as. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }

  /**
   * Hits: answers served from memory. Misses: cacheable anonymous reads that had to be computed
   * (recordMiss). Plain counters, read by the metrics at scrape time.
   */
  get stats(): { hits: number; misses: number } {
    return { hits: this.hits, misses: this.misses };
  }

  recordMiss(): void {
    this.misses += 1;
  }

  /** Declares a GET route at a static path whose answers may be kept, keyed on `query`. */
  register(path: string, query: readonly string[]): void {
    this.routes.set(path, [...query]);
  }

  /** The key of an answer to `request`, for the route at `path` given its parsed query. */
  keyFor(request: IncomingMessage, path: string, query: ParsedQuery): string | undefined {
    const declared = this.routes.get(path);
    if (declared === undefined) return undefined;
    let key = `${this.options.variant(request)}\n${path}`;
    for (const name of declared) key += lengthPrefixed(query[name]);
    return key;
  }

  /**
   * Empties the cache. `local`: a write on this instance, which listeners (the cross-instance
   * bus, lib/cache-invalidation-bus.ts) pass on; `peer`: another instance's write, not passed on.
   */
  invalidate(source: 'local' | 'peer' = 'local'): void {
    this.currentVersion += 1;
    this.entries?.clear();
    if (source === 'local') for (const listener of this.invalidationListeners) listener();
  }

  /** Calls `listener` after every local invalidation. */
  onLocalInvalidation(listener: () => void): void {
    this.invalidationListeners.add(listener);
  }

  /**
   * Keeps an answer computed while `version` was current; a write since then discards it. Returns
   * what was kept, so the request that computed it can be answered with a compressed form that
   * later hits reuse (see `encoded`).
   */
  store(key: string, version: number, body: Buffer, headers: OutgoingHttpHeaders): CachedAnswer | undefined {
    if (!this.entries || version !== this.currentVersion) return undefined;
    // Each answer carries its own request's id (serve's `requestId`), never the first one's.
    const { [REQUEST_ID_HEADER]: _requestId, ...kept } = headers;
    const entry: CachedAnswer = {
      identity: { body, headers: { ...kept, 'content-length': body.length } },
      encoded: {},
      compressible: body.length >= COMPRESSION_THRESHOLD_BYTES && isCompressibleType(kept['content-type']),
      notModified: notModifiedHeaders(kept),
      version,
    };
    const ttl = Math.max(1, Math.round(this.options.ttlMs * (1 - TTL_SPREAD * this.random())));
    this.entries.set(key, entry, { ttl });
    return this.entries.has(key) ? entry : undefined;
  }

  /**
   * The entry's form in `encoding`, compressed on first use and kept with it (its TTL unchanged),
   * so an answer is compressed once per encoding, not once per request.
   */
  encoded(key: string, entry: CachedAnswer, encoding: ContentEncoding): Representation {
    const existing = entry.encoded[encoding];
    if (existing) return existing;
    const body = encodeSync(entry.identity.body, encoding);
    const representation: Representation = {
      body,
      headers: { ...entry.identity.headers, 'content-encoding': encoding, 'content-length': body.length },
    };
    entry.encoded[encoding] = representation;
    // Measured again with its new form; if that no longer fits, the entry simply goes.
    if (this.entries?.get(key) === entry) this.entries.set(key, entry, { noUpdateTTL: true });
    return representation;
  }

  /**
   * Answers a request straight from the socket when a fresh entry exists, before any routing,
   * parsing or hooks: the whole cost of a hit is a parse of the query, a lookup and a write (and,
   * once per entry and encoding, a compression). Only a path registered exactly is looked up; any
   * other spelling goes through Fastify (and is stored under the route's own path). Returns the
   * status it answered with (200, or 304 when If-None-Match names the kept ETag), with
   * `requestId` as its x-request-id; undefined when it did not answer.
   */
  serve(request: IncomingMessage, response: ServerResponse, requestId?: string): 200 | 304 | undefined {
    if (!this.entries || request.method !== 'GET' || request.headers.authorization) return undefined;
    const { path, query } = splitRequestUrl(request.url ?? '');
    if (!this.routes.has(path)) return undefined;
    const key = this.keyFor(request, path, parseQueryString(query));
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (key === undefined || !entry || entry.version !== this.currentVersion) return undefined;
    this.hits += 1;
    if (requestId !== undefined) response.setHeader(REQUEST_ID_HEADER, requestId);
    if (entry.notModified && request.headers['if-none-match'] !== undefined) {
      if (fresh(request.headers, entry.notModified)) {
        response.writeHead(304, entry.notModified);
        response.end();
        return 304;
      }
    }
    const encoding = entry.compressible ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
    const representation = encoding ? this.encoded(key, entry, encoding) : entry.identity;
    response.writeHead(200, representation.headers);
    response.end(representation.body);
    return 200;
  }
}

/**
 * What a 304 for a kept answer carries: everything the 200 would, except what describes a body
 * it does not have. Undefined when the answer has no ETag to revalidate with.
 */
function notModifiedHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders | undefined {
  if (typeof headers.etag !== 'string') return undefined;
  const {
    'content-length': _length,
    'content-type': _type,
    'content-encoding': _encoding,
    ...kept
  } = headers;
  return kept;
}
