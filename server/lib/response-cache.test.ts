import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import type { ParsedQuery } from './query-string';
import { ResponseCache } from './response-cache';

const request = (url: string, headers: Record<string, string> = {}) =>
  ({ method: 'GET', url, headers }) as unknown as IncomingMessage;

function cache(options: Partial<{ ttlMs: number; maxBytes: number }> = {}) {
  const responseCache = new ResponseCache({
    ttlMs: options.ttlMs ?? 60_000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    variant: (raw) => String(raw.headers.origin ?? ''),
  });
  responseCache.register('/api/post/blog', ['id']);
  responseCache.register('/api/post/blog/all', ['limit', 'cursor']);
  return responseCache;
}

const keyOf = (responseCache: ResponseCache, url: string, query: ParsedQuery) =>
  responseCache.keyFor(request(url), url.split('?')[0] ?? '', query);

describe('ResponseCache keys', () => {
  it('reads only the declared parameters, in declared order', () => {
    const responseCache = cache();
    const plain = keyOf(responseCache, '/api/post/blog', { id: 'x' });
    expect(keyOf(responseCache, '/api/post/blog', { id: 'x', junk: '1' })).toBe(plain);
    expect(keyOf(responseCache, '/api/post/blog', { id: 'y' })).not.toBe(plain);
    expect(keyOf(responseCache, '/api/post/blog/all', { cursor: 'c', limit: '5' })).toBe(
      keyOf(responseCache, '/api/post/blog/all', { limit: '5', cursor: 'c' }),
    );
  });

  it('keeps absent, empty and repeated parameters apart', () => {
    const responseCache = cache();
    const queries: ParsedQuery[] = [{}, { id: '' }, { id: 'a' }, { id: ['a', 'b'] }, { id: 'a,b' }];
    const keys = queries.map((query) => keyOf(responseCache, '/api/post/blog', query));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has no key for a path no route registered', () => {
    expect(keyOf(cache(), '/api/post/feed', {})).toBeUndefined();
  });
});

describe('ResponseCache memory', () => {
  const headers = { 'content-type': 'application/json' };

  it('holds 2,000 junk-parameter reads of one post as one entry', () => {
    const responseCache = cache();
    const body = Buffer.alloc(100_000, 'a');
    for (let junk = 0; junk < 2_000; junk += 1) {
      const key = responseCache.keyFor(request('/'), '/api/post/blog', { id: 'post', junk: String(junk) });
      if (key) responseCache.store(key, responseCache.version, body, headers);
    }
    expect(responseCache.usage.entries).toBe(1);
  });

  it('never counts more bytes than its bound, however many different answers arrive', () => {
    const responseCache = cache({ maxBytes: 64 * 1024 });
    const body = Buffer.alloc(10_000, 'b');
    for (let id = 0; id < 100; id += 1) {
      const key = keyOf(responseCache, '/api/post/blog', { id: String(id) });
      if (key) responseCache.store(key, responseCache.version, body, headers);
      expect(responseCache.usage.bytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect(responseCache.usage.entries).toBe(6);
  });

  it('drops expired entries on its own, without being asked for them', async () => {
    const responseCache = cache({ ttlMs: 20 });
    const key = keyOf(responseCache, '/api/post/blog', { id: 'soon-gone' });
    if (key) responseCache.store(key, responseCache.version, Buffer.from('{}'), headers);
    expect(responseCache.usage.entries).toBe(1);
    await vi.waitFor(() => expect(responseCache.usage).toEqual({ entries: 0, bytes: 0 }), { timeout: 2_000 });
  });

  it('spreads the expiry of entries filled together over the last quarter of the TTL', () => {
    // lru-cache reads a start time of 0 as "no TTL", so the clock starts later.
    let now = 10_000;
    let draw = 0;
    const responseCache = new ResponseCache({
      ttlMs: 1000,
      maxBytes: 1024 * 1024,
      variant: () => '',
      clock: { now: () => now },
      // 0, 0.01, 0.02 … 0.99: lifetimes from 1,000 ms down to 752.5 ms.
      random: () => (draw++ % 100) / 100,
    });
    responseCache.register('/api/post/blog', ['id']);
    const ids = Array.from({ length: 100 }, (_, index) => String(index));
    for (const id of ids) {
      const key = keyOf(responseCache, '/api/post/blog', { id });
      if (key) responseCache.store(key, responseCache.version, Buffer.from('{}'), headers);
    }
    const served = () =>
      ids.filter((id) => {
        const response = { setHeader() {}, writeHead() {}, end() {} } as unknown as ServerResponse;
        return responseCache.serve(request(`/api/post/blog?id=${id}`), response) === 200;
      }).length;
    now = 10_750;
    expect(served()).toBe(100);
    // Lifetimes of 1,000 − 2.5 × i ms: those of at least 875 ms (i ≤ 50) are still running.
    now = 10_875;
    expect(served()).toBe(51);
    now = 11_001;
    expect(served()).toBe(0);
  });

  it('discards an answer computed before a write', () => {
    const responseCache = cache();
    const startedAt = responseCache.version;
    responseCache.invalidate();
    const key = keyOf(responseCache, '/api/post/blog', { id: 'raced' });
    if (key) responseCache.store(key, startedAt, Buffer.from('{}'), headers);
    expect(responseCache.usage.entries).toBe(0);
  });
});
