import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

const MAX_ENTRIES = 2_000;
const MAX_BODY_BYTES = 512 * 1024;

interface Entry {
  body: Buffer;
  /** Every header of the original answer (security headers, CORS for this origin), ready to send. */
  headers: OutgoingHttpHeaders;
  version: number;
  expiresAt: number;
}

/** CORS answers differ by Origin, so the origin is part of the key. */
export function cacheKey(origin: string | undefined, url: string): string {
  return `${origin ?? ''} ${url}`;
}

/**
 * Finished answers to anonymous public reads, kept in memory. `version` moves on every write, and
 * an entry is only served while its version is current and its time to live has not run out.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private currentVersion = 0;

  constructor(private readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get version(): number {
    return this.currentVersion;
  }

  invalidate(): void {
    this.currentVersion += 1;
    this.entries.clear();
  }

  /** Keeps an answer computed while `version` was current; a write since then discards it. */
  store(key: string, version: number, body: Buffer, headers: OutgoingHttpHeaders): void {
    if (!this.enabled || version !== this.currentVersion || body.length > MAX_BODY_BYTES) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, headers, version, expiresAt: Date.now() + this.ttlMs });
  }

  /**
   * Answers a request straight from the socket when a fresh entry exists, before any routing,
   * parsing or hooks: the whole cost of a hit is a map lookup and a write. True when it answered.
   */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.enabled || request.method !== 'GET' || request.headers.authorization) return false;
    const origin = request.headers.origin;
    const entry = this.entries.get(
      cacheKey(typeof origin === 'string' ? origin : undefined, request.url ?? ''),
    );
    if (!entry || entry.version !== this.currentVersion || entry.expiresAt <= Date.now()) return false;
    response.writeHead(200, entry.headers);
    response.end(entry.body);
    return true;
  }
}
