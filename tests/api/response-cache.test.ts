import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, request, signUpUser, type ApiContext } from './support/harness';

interface Fetched {
  status: number;
  headers: Headers;
  body: { response: { id: string; title: string; commentCount: number }[] };
}

/** Real HTTP, because cache hits are answered at the server's front door, before Fastify. */
function overHttp(ctx: ApiContext) {
  let base = '';
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return async (path: string, headers: Record<string, string> = {}): Promise<Fetched> => {
    const response = await fetch(`${base}${path}`, { headers });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Fetched['body'],
    };
  };
}

describeEachDatabase('response cache for anonymous public reads', (ctx) => {
  const get = overHttp(ctx);

  it('answers a repeated anonymous read from memory, with the same headers and bytes', async () => {
    const first = await get('/api/post/blog/all');
    const second = await get('/api/post/blog/all');
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-type')).toContain('application/json');
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
  });

  it('shows a write at once: the writer and every visitor read their change', async () => {
    const writer = await signUpUser(ctx);
    await get('/api/post/blog/all');
    await request(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'Fresh off the press', content: 'New.' },
    });
    const after = await get('/api/post/blog/all');
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(after.body.response[0]?.title).toBe('Fresh off the press');

    // A comment changes a count inside the cached list: that is a write too.
    const postId = after.body.response[0]?.id ?? '';
    await get('/api/post/blog/all');
    await request(ctx, {
      method: 'POST',
      url: '/api/post/comments',
      token: writer.token,
      payload: { postId, body: 'First!' },
    });
    expect((await get('/api/post/blog/all')).body.response[0]?.commentCount).toBe(1);
  });

  it.each([
    ['/api/tags'],
    ['/api/tags/info?name=cached-topic'],
    ['/api/post/blog/all?tag=cached-topic'],
    ['/api/search?q=cached'],
    ['/api/search/suggest?q=cached'],
    ['/api/discover'],
  ])('caches the discovery read %s and shows a new post at once', async (path) => {
    const writer = await signUpUser(ctx);
    await request(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'Cached words', content: 'Body.', tags: ['cached-topic'] },
    });
    const first = await get(path);
    expect(first.status).toBe(200);
    expect((await get(path)).headers.get('x-cache')).toBe('hit');
    await request(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'Cached again', content: 'Body.', tags: ['cached-topic'] },
    });
    const after = await get(path);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(JSON.stringify(after.body)).not.toBe(JSON.stringify(first.body));
  });

  it('never caches a reader with a token, nor an error', async () => {
    const reader = await signUpUser(ctx);
    const auth = { authorization: `Bearer ${reader.token}` };
    await get('/api/post/blog/all', auth);
    expect((await get('/api/post/blog/all', auth)).headers.get('x-cache')).toBeNull();
    await get('/api/post/blog?id=missing');
    const missing = await get('/api/post/blog?id=missing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-cache')).toBe('miss');
  });
});

describeEachDatabase(
  'response cache expiry',
  (ctx) => {
    const get = overHttp(ctx);
    it('lets an entry expire, bounding staleness when other instances write', async () => {
      await get('/api/post/blog/all');
      expect((await get('/api/post/blog/all')).headers.get('x-cache')).toBe('hit');
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await get('/api/post/blog/all')).headers.get('x-cache')).toBe('miss');
    });
  },
  { config: { responseCacheTtlMs: 100 } },
);

describeEachDatabase(
  'response cache with CORS',
  (ctx) => {
    const get = overHttp(ctx);
    it('keeps each origin’s CORS answer apart', async () => {
      const fromA = () => get('/api/post/blog/all', { origin: 'https://a.example' });
      const fromB = () => get('/api/post/blog/all', { origin: 'https://b.example' });
      await fromA();
      await fromB();
      const a = await fromA();
      const b = await fromB();
      expect(a.headers.get('x-cache')).toBe('hit');
      expect(a.headers.get('access-control-allow-origin')).toBe('https://a.example');
      expect(b.headers.get('x-cache')).toBe('hit');
      expect(b.headers.get('access-control-allow-origin')).toBe('https://b.example');
    });
  },
  { config: { corsOrigins: ['https://a.example', 'https://b.example'] } },
);

describe('response cache switched off', () => {
  describeEachDatabase(
    'with RESPONSE_CACHE_TTL_MS=0',
    (ctx) => {
      const get = overHttp(ctx);
      it('answers every read fresh', async () => {
        await get('/api/post/blog/all');
        expect((await get('/api/post/blog/all')).headers.get('x-cache')).toBeNull();
      });
    },
    { config: { responseCacheTtlMs: 0 } },
  );
});
