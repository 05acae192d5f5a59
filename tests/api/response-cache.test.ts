import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost } from './support/posts';

interface Fetched {
  status: number;
  headers: Headers;
  body: { response: { id: string; title: string; commentCount: number }[]; nextCursor?: string | null };
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

// These tests are about keys and invalidation, not expiry: a TTL longer than any run keeps a loaded
// machine (a sign-in's password hashing takes seconds there) from expiring an entry mid-test.
describeEachDatabase(
  'response cache keys and invalidation',
  (ctx) => {
    const get = overHttp(ctx);
    let writer: TestUser;
    let post: Post;
    beforeAll(async () => {
      writer = await signUpUser(ctx);
      post = await createPost(ctx, writer, { title: 'Cached', content: 'A body worth keeping.' });
    });

    it('keys a read on the parameters its route reads: extra parameters hit the same entry', async () => {
      const first = await get(`/api/post/blog?id=${post.id}`);
      expect(first.headers.get('x-cache')).toBe('miss');
      for (let junk = 0; junk < 20; junk += 1) {
        const hit = await get(`/api/post/blog?id=${post.id}&junk=${junk}`);
        expect(hit.headers.get('x-cache'), `junk=${junk}`).toBe('hit');
      }
      expect((await get(`/api/post/blog?junk=1&id=${post.id}&utm_source=x`)).headers.get('x-cache')).toBe(
        'hit',
      );
    });

    it('keeps answers for different values of a declared parameter apart, in any order', async () => {
      await createPost(ctx, writer, { title: 'Second' });
      const one = await get('/api/post/blog/all?limit=1');
      const two = await get('/api/post/blog/all?limit=2');
      expect(one.body.response).toHaveLength(1);
      expect(two.body.response).toHaveLength(2);
      const cursor = encodeURIComponent((await get('/api/post/blog/all?limit=1')).body.nextCursor ?? '');
      const ordered = await get(`/api/post/blog/all?limit=1&cursor=${cursor}`);
      const swapped = await get(`/api/post/blog/all?cursor=${cursor}&limit=1`);
      expect(swapped.headers.get('x-cache')).toBe('hit');
      expect(swapped.body).toEqual(ordered.body);
      expect(ordered.body.response[0]?.id).not.toBe(one.body.response[0]?.id);
    });

    it('never serves a token holder the anonymous answer, nor the other way round', async () => {
      await get(`/api/post/blog?id=${post.id}`);
      const signedIn = await get(`/api/post/blog?id=${post.id}`, { authorization: `Bearer ${writer.token}` });
      expect(signedIn.headers.get('x-cache')).toBeNull();
      expect(signedIn.body).toMatchObject({ response: { favorited: false } });
      expect((await get(`/api/post/blog?id=${post.id}`)).body).not.toHaveProperty('response.favorited');
    });

    it('is not emptied by writes that fail or change nothing it shows', async () => {
      const warm = async () => {
        await get('/api/post/blog/all');
        expect((await get('/api/post/blog/all')).headers.get('x-cache')).toBe('hit');
      };
      const stillHit = async (what: string) =>
        expect((await get('/api/post/blog/all')).headers.get('x-cache'), what).toBe('hit');
      await warm();

      const unknownPath = await request(ctx, { method: 'POST', url: '/api/no/such/thing', payload: {} });
      expect(unknownPath.status).toBe(404);
      await stillHit('POST to an unknown path (404)');

      const anonymous = await request(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        payload: { title: 't', content: 'c' },
      });
      expect(anonymous.status).toBe(401);
      await stillHit('a write without a token (401)');

      const invalid = await request(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: writer.token,
        payload: {},
      });
      expect(invalid.status).toBe(400);
      await stillHit('a write with an invalid body (400)');

      const missing = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/blog/delete?id=${uuidv7()}`,
        token: writer.token,
      });
      expect(missing.status).toBe(404);
      await stillHit('a delete of a post that does not exist (404)');

      const signIn = await request(ctx, {
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: writer.email, password: writer.password },
      });
      expect(signIn.status).toBe(200);
      await stillHit('a successful sign-in');

      await createPost(ctx, writer, { title: 'A real write' });
      const after = await get('/api/post/blog/all');
      expect(after.headers.get('x-cache')).toBe('miss');
      expect(after.body.response[0]?.title).toBe('A real write');
    });
  },
  { config: { responseCacheTtlMs: 10 * 60_000 } },
);

describeEachDatabase(
  'response cache bounded in bytes',
  (ctx) => {
    const get = overHttp(ctx);
    // Each post answers with about 20 KB (10 KB of Markdown and its rendered HTML); the cache holds
    // 50 KB, so two fit and a third evicts.
    const body = (letter: string) => letter.repeat(10_000);
    let posts: Post[];
    beforeAll(async () => {
      const writer = await signUpUser(ctx);
      posts = [];
      for (const letter of ['a', 'b', 'c'])
        posts.push(await createPost(ctx, writer, { content: body(letter) }));
      posts.push(await createPost(ctx, writer, { content: 'd'.repeat(60_000) }));
    });
    const read = async (post: Post | undefined) =>
      (await get(`/api/post/blog?id=${post?.id ?? ''}`)).headers.get('x-cache');

    it('evicts the least recently used answer when the next one would not fit', async () => {
      const [a, b, c] = posts;
      expect(await read(a)).toBe('miss');
      expect(await read(b)).toBe('miss');
      expect(await read(a)).toBe('hit'); // a is now the most recently used
      expect(await read(c)).toBe('miss'); // no room for three: b, least recently used, goes
      expect(await read(a)).toBe('hit');
      expect(await read(c)).toBe('hit');
      expect(await read(b)).toBe('miss');
    });

    it('does not keep an answer larger than the whole cache', async () => {
      expect(await read(posts[3])).toBe('miss');
      expect(await read(posts[3])).toBe('miss');
    });
  },
  { config: { responseCacheMaxBytes: 50_000 } },
);

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
