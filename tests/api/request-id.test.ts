import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from './support/harness';
import { createTestDatabase } from './support/test-databases';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  reqId?: string;
  msg: string;
  url?: string;
  status?: number;
  cache?: string;
}

/** A real server whose log lines are kept, parsed, for the test to read. */
function loggedServer(trustProxy: boolean) {
  const lines: LogLine[] = [];
  let app: FastifyInstance;
  let base = '';
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase('sqlite');
    dispose = created.dispose;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ trustProxy }),
      database: created.database,
      logger: { stream },
    });
    // A test-only route, left out of the reference like pages are.
    app.get('/api/test/boom', { schema: { hide: true } }, () => {
      throw new Error('boom');
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    const body = await response.text();
    if (response.status === 400) expect(JSON.parse(body)).toHaveProperty('message');
    // The request line is written once the answer has gone out: wait for it, not for a time.
    const id = response.headers.get('x-request-id') ?? '';
    while (!lines.some((line) => line.msg === 'request' && line.reqId === id)) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { response, id };
  };
  return { lines, get };
}

describe('request ids', () => {
  const { lines, get } = loggedServer(false);

  it('every answer carries a fresh x-request-id, and its log line the same id', async () => {
    const miss = await get('/api/post/blog/all');
    const hit = await get('/api/post/blog/all');
    const missing = await get('/api/post/blog?id=nope');
    const unknown = await get('/no/such/path.txt');
    expect(miss.response.headers.get('x-cache')).toBe('miss');
    expect(hit.response.headers.get('x-cache')).toBe('hit');
    const ids = [miss.id, hit.id, missing.id, unknown.id];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
    const hitLines = lines.filter((line) => line.reqId === hit.id);
    expect(hitLines).toEqual([expect.objectContaining({ msg: 'request', cache: 'hit', status: 200 })]);
    expect(lines.filter((line) => line.reqId === missing.id)).toEqual([
      expect.objectContaining({ msg: 'request', status: 404 }),
    ]);
  });

  it('every line logged while answering a request carries its id', async () => {
    const { response, id } = await get('/api/test/boom');
    expect(response.status).toBe(500);
    const mine = lines.filter((line) => line.reqId === id).map((line) => line.msg);
    expect(mine).toEqual(['unhandled error', 'request']);
    // No line about a request goes without an id.
    expect(lines.filter((line) => line.url !== undefined && !line.reqId)).toEqual([]);
  });

  it('a URL Fastify cannot decode gets a JSON 400 with its id, and one log line', async () => {
    const { response, id } = await get('/api/post/blog%c0');
    expect(response.status).toBe(400);
    expect(id).toMatch(UUID);
    expect(lines.filter((line) => line.reqId === id)).toEqual([
      expect.objectContaining({ msg: 'request', status: 400, url: '/api/post/blog%c0' }),
    ]);
  });

  it('ignores an incoming x-request-id when no trusted proxy sets it', async () => {
    const { id } = await get('/api/post/blog/all', { 'x-request-id': 'chosen-by-the-client' });
    expect(id).toMatch(UUID);
  });
});

describe('request ids behind a trusted proxy (TRUST_PROXY)', () => {
  const { lines, get } = loggedServer(true);

  it("keeps the proxy's well-formed id, on hits and misses alike, and logs under it", async () => {
    const miss = await get('/api/post/blog/all', { 'x-request-id': 'edge-1a2b3c' });
    const hit = await get('/api/post/blog/all', { 'x-request-id': 'edge-4d5e6f' });
    expect([miss.id, hit.id]).toEqual(['edge-1a2b3c', 'edge-4d5e6f']);
    expect(hit.response.headers.get('x-cache')).toBe('hit');
    expect(lines.filter((line) => line.reqId === 'edge-4d5e6f')).toHaveLength(1);
  });

  it('replaces one that is malformed or too long', async () => {
    for (const incoming of ['has spaces in it', 'x'.repeat(129), 'line\\nbreak', '{"json":1}']) {
      const { id } = await get('/api/post/blog/all', { 'x-request-id': incoming });
      expect(id, incoming).toMatch(UUID);
    }
  });
});
