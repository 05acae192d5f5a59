import { expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { TOO_MANY_POSTS_MESSAGE } from '../../server/modules/posts/posts-service';
import { TOO_MANY_FAVORITES_MESSAGE } from '../../server/modules/social/favorites/favorites-service';
import { TOO_MANY_FOLLOWS_MESSAGE } from '../../server/modules/social/follows/follows-service';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';

const LIMIT = { max: 2, windowMs: 60_000 };

const createPost = (ctx: ApiContext, user: TestUser, title: string) =>
  request<{ response: Post; message?: string }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: user.token,
    payload: { title, content: 'Within the allowance.' },
  });

/** A 429 with a reason and a Retry-After within the window. */
function expectRefused(
  answer: { status: number; body: unknown; headers: Record<string, unknown> },
  message: string,
) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ message });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LIMIT.windowMs / 1000);
}

describeEachDatabase(
  'per-user write limits',
  (ctx) => {
    it('lets a user create so many posts, then answers 429; saving a post is not creating one', async () => {
      const writer = await signUpUser(ctx);
      const first = await createPost(ctx, writer, 'One');
      expect((await createPost(ctx, writer, 'Two')).status).toBe(201);
      const over = await createPost(ctx, writer, 'Three');
      expectRefused(over, TOO_MANY_POSTS_MESSAGE);
      const saved = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${first.body.response.id}`,
        token: writer.token,
        payload: {
          title: 'One, edited',
          content: 'Edits are not new posts.',
          version: first.body.response.version,
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // Each user has an allowance of their own.
      expect((await createPost(ctx, await signUpUser(ctx), 'Someone else')).status).toBe(201);
    });

    it('lets a user follow so many people, then answers 429', async () => {
      const reader = await signUpUser(ctx);
      const writers = await Promise.all([signUpUser(ctx), signUpUser(ctx), signUpUser(ctx)]);
      const follow = (writer: TestUser) =>
        request(ctx, { method: 'POST', url: `/api/user/follow?userId=${writer.id}`, token: reader.token });
      expect((await follow(writers[0]!)).status).toBe(200);
      expect((await follow(writers[1]!)).status).toBe(200);
      expectRefused(await follow(writers[2]!), TOO_MANY_FOLLOWS_MESSAGE);
      // Nothing was written for the refused follow.
      const profile = await request<{ response: { following: boolean } }>(ctx, {
        method: 'GET',
        url: `/api/user/profile?userId=${writers[2]!.id}`,
        token: reader.token,
      });
      expect(profile.body.response.following).toBe(false);
    });

    it('lets a user favorite so many posts, then answers 429', async () => {
      const [author, another, reader] = [await signUpUser(ctx), await signUpUser(ctx), await signUpUser(ctx)];
      // Two authors: each may create only two posts here.
      const posts: Post[] = [];
      for (const [writer, title] of [
        [author, 'A'],
        [author, 'B'],
        [another, 'C'],
      ] as const) {
        posts.push((await createPost(ctx, writer, title)).body.response);
      }
      const favorite = (post: Post) =>
        request(ctx, { method: 'POST', url: `/api/post/favorite?id=${post.id}`, token: reader.token });
      expect((await favorite(posts[0]!)).status).toBe(200);
      expect((await favorite(posts[1]!)).status).toBe(200);
      expectRefused(await favorite(posts[2]!), TOO_MANY_FAVORITES_MESSAGE);
      expect(
        (await request<{ response: Post }>(ctx, { method: 'GET', url: `/api/post/blog?id=${posts[2]!.id}` }))
          .body.response.favoriteCount,
      ).toBe(0);
      // Taking a favorite back is never limited.
      const removed = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/favorite?id=${posts[0]!.id}`,
        token: reader.token,
      });
      expect(removed.status).toBe(200);
    });
  },
  { config: { rateLimits: { postsPerUser: LIMIT, followsPerUser: LIMIT, favoritesPerUser: LIMIT } } },
);
