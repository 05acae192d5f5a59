import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { parseQueryString, splitRequestUrl, type ParsedQuery } from './query-string';

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
  }
}

/** An answer larger than this is not worth a place: it would push out dozens of list pages. */
const MAX_ENTRY_BYTES = 512 * 1024;
/** Map slot, Buffer and object headers: what an entry costs beyond its bytes, roughly. */
const ENTRY_OVERHEAD_BYTES = 256;

interface Entry {
  body: Buffer;
  /** Every header of the original answer (security headers, CORS for this origin), ready to send. */
  headers: OutgoingHttpHeaders;
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
}

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
  private readonly entries: LRUCache<string, Entry> | undefined;
  private currentVersion = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    if (options.ttlMs > 0 && options.maxBytes > 0) {
      this.entries = new LRUCache<string, Entry>({
        maxSize: options.maxBytes,
        maxEntrySize: Math.min(options.maxBytes, MAX_ENTRY_BYTES),
        sizeCalculation: (entry, key) =>
          entry.body.length + headersSize(entry.headers) + key.length + ENTRY_OVERHEAD_BYTES,
        ttl: options.ttlMs,
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

  invalidate(): void {
    this.currentVersion += 1;
    this.entries?.clear();
  }

  /** Keeps an answer computed while `version` was current; a write since then discards it. */
  store(key: string, version: number, body: Buffer, headers: OutgoingHttpHeaders): void {
    if (version !== this.currentVersion) return;
    this.entries?.set(key, { body, headers, version });
  }

  /**
   * Answers a request straight from the socket when a fresh entry exists, before any routing,
   * parsing or hooks: the whole cost of a hit is a parse of the query, a lookup and a write. Only
   * a path registered exactly is looked up; any other spelling goes through Fastify (and is stored
   * under the route's own path). True when it answered.
   */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.entries || request.method !== 'GET' || request.headers.authorization) return false;
    const { path, query } = splitRequestUrl(request.url ?? '');
    if (!this.routes.has(path)) return false;
    const key = this.keyFor(request, path, parseQueryString(query));
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (!entry || entry.version !== this.currentVersion) return false;
    response.writeHead(200, entry.headers);
    response.end(entry.body);
    return true;
  }
}
