import { describe, expect, it } from 'vitest';
import { describeEachDatabase, request, signUpUser } from './support/harness';

const list = (ctx: Parameters<typeof request>[0], token?: string) =>
  request<{ response: { title: string; commentCount: number }[] }>(ctx, {
    method: 'GET',
    url: '/api/post/blog/all',
    ...(token ? { token } : {}),
  });

describeEachDatabase('response cache for anonymous public reads', (ctx) => {
  it('answers a repeated anonymous read from memory', async () => {
    const first = await list(ctx);
    const second = await list(ctx);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-type']).toContain('application/json');
    expect(second.headers['content-security-policy']).toBeDefined();
  });

  it('shows a write at once: the writer and every visitor read their change', async () => {
    const writer = await signUpUser(ctx);
    await list(ctx);
    await request(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'Fresh off the press', content: 'New.' },
    });
    const after = await list(ctx);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body.response[0]?.title).toBe('Fresh off the press');

    // A comment changes a count inside the cached list: that is a write too.
    const postId = (after.body.response[0] as unknown as { id: string }).id;
    await list(ctx);
    await request(ctx, {
      method: 'POST',
      url: '/api/post/comments',
      token: writer.token,
      payload: { postId, body: 'First!' },
    });
    expect((await list(ctx)).body.response[0]?.commentCount).toBe(1);
  });

  it('never caches a reader with a token, nor an error', async () => {
    const reader = await signUpUser(ctx);
    await list(ctx, reader.token);
    const again = await list(ctx, reader.token);
    expect(again.headers['x-cache']).toBeUndefined();
    await request(ctx, { method: 'GET', url: '/api/post/blog?id=missing' });
    const missing = await request(ctx, { method: 'GET', url: '/api/post/blog?id=missing' });
    expect(missing.status).toBe(404);
    expect(missing.headers['x-cache']).toBe('miss');
  });
});

describeEachDatabase(
  'response cache expiry',
  (ctx) => {
    it('lets an entry expire, bounding staleness when other instances write', async () => {
      await list(ctx);
      expect((await list(ctx)).headers['x-cache']).toBe('hit');
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await list(ctx)).headers['x-cache']).toBe('miss');
    });
  },
  { config: { responseCacheTtlMs: 100 } },
);

describe('response cache switched off', () => {
  describeEachDatabase(
    'with RESPONSE_CACHE_TTL_MS=0',
    (ctx) => {
      it('answers every read fresh', async () => {
        await list(ctx);
        expect((await list(ctx)).headers['x-cache']).toBeUndefined();
      });
    },
    { config: { responseCacheTtlMs: 0 } },
  );
});
