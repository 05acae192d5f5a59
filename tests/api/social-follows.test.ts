import { describe, expect, it } from 'vitest';
import type { Profile } from '../../contracts/auth';
import type { Post } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost, getPage, walkPages } from './support/posts';

const follow = (ctx: ApiContext, method: 'POST' | 'DELETE', userId: string, token?: string) =>
  request<{ response: Profile }>(ctx, {
    method,
    url: `/api/user/follow?userId=${encodeURIComponent(userId)}`,
    ...(token ? { token } : {}),
  });

const profile = async (ctx: ApiContext, userId: string, token?: string) =>
  (
    await request<{ response: Profile }>(ctx, {
      method: 'GET',
      url: `/api/user/profile?userId=${userId}`,
      ...(token ? { token } : {}),
    })
  ).body.response;

describeEachDatabase('follows API', (ctx) => {
  describe('POST and DELETE /api/user/follow', () => {
    it("follows and unfollows idempotently, answering the followee's fresh profile", async () => {
      const reader = await signUpUser(ctx);
      const writer = await signUpUser(ctx, { username: 'Writer' });

      const followed = await follow(ctx, 'POST', writer.id, reader.token);
      expect(followed.status).toBe(200);
      expect(followed.body).toEqual({
        response: {
          id: writer.id,
          username: 'Writer',
          handle: expect.stringMatching(/^writer\d*$/),
          createdAt: expect.any(String),
          postCount: 0,
          followerCount: 1,
          followingCount: 0,
          bio: null,
          image: null,
          picture: null,
          links: { website: null, elsewhere: [] },
          pinnedPost: null,
          following: true,
        },
      });
      expect(JSON.stringify(followed.body)).not.toContain(writer.email);
      expect((await follow(ctx, 'POST', writer.id, reader.token)).body.response).toMatchObject({
        followerCount: 1,
        following: true,
      });
      expect(await profile(ctx, reader.id)).toMatchObject({ followerCount: 0, followingCount: 1 });
      expect(await profile(ctx, writer.id, reader.token)).toMatchObject({ following: true });
      expect(await profile(ctx, writer.id)).not.toHaveProperty('following');

      const unfollowed = await follow(ctx, 'DELETE', writer.id, reader.token);
      expect(unfollowed.status).toBe(200);
      expect(unfollowed.body.response).toMatchObject({ followerCount: 0, following: false });
      expect((await follow(ctx, 'DELETE', writer.id, reader.token)).body.response).toMatchObject({
        followerCount: 0,
        following: false,
      });
      expect(await profile(ctx, reader.id)).toMatchObject({ followingCount: 0 });
    });

    it('refuses to follow oneself (400)', async () => {
      const user = await signUpUser(ctx);
      for (const method of ['POST', 'DELETE'] as const) {
        const response = await follow(ctx, method, user.id, user.token);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: 'You cannot follow yourself' });
      }
      expect(await profile(ctx, user.id)).toMatchObject({ followerCount: 0, followingCount: 0 });
    });

    it('answers 401 without a token, 404 for an unknown user, 400 without a userId', async () => {
      const reader = await signUpUser(ctx);
      const writer = await signUpUser(ctx);
      expect((await follow(ctx, 'POST', writer.id)).status).toBe(401);
      expect((await follow(ctx, 'DELETE', writer.id)).status).toBe(401);
      for (const method of ['POST', 'DELETE'] as const) {
        const unknown = await follow(ctx, method, uuidv7(), reader.token);
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual({ message: 'User not found' });
        const missing = await request(ctx, { method, url: '/api/user/follow', token: reader.token });
        expect(missing.status).toBe(400);
        expect(missing.body).toMatchObject({ message: 'userId is required' });
      }
    });

    it('counts 20 concurrent followers exactly, and one reader racing themself once', async () => {
      const writer = await signUpUser(ctx);
      const readers: TestUser[] = [];
      for (let index = 0; index < 20; index += 1) readers.push(await signUpUser(ctx));
      const answers = await Promise.all(
        readers.map((reader) => follow(ctx, 'POST', writer.id, reader.token)),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect((await profile(ctx, writer.id)).followerCount).toBe(20);
      const first = readers[0] as TestUser;
      const racing = await Promise.all(
        Array.from({ length: 5 }, () => follow(ctx, 'POST', writer.id, first.token)),
      );
      expect(racing.every((answer) => answer.status === 200)).toBe(true);
      expect((await profile(ctx, writer.id)).followerCount).toBe(20);
      expect((await profile(ctx, first.id)).followingCount).toBe(1);
    });
  });

  describe('GET /api/post/feed', () => {
    it('lists only posts by followed authors, newest first, in pages', async () => {
      const reader = await signUpUser(ctx);
      const [alice, bob, carol] = [await signUpUser(ctx), await signUpUser(ctx), await signUpUser(ctx)];
      const expected: Post[] = [];
      for (let round = 0; round < 3; round += 1) {
        expected.push(await createPost(ctx, alice, { title: `Alice ${round}` }));
        await createPost(ctx, carol, { title: `Carol ${round}` });
        expected.push(await createPost(ctx, bob, { title: `Bob ${round}` }));
      }
      await createPost(ctx, reader, { title: 'My own' });
      expect(await getPage(ctx, '/api/post/feed', reader.token)).toEqual({ response: [], nextCursor: null });

      await follow(ctx, 'POST', alice.id, reader.token);
      await follow(ctx, 'POST', bob.id, reader.token);
      const first = await getPage(ctx, '/api/post/feed?limit=4', reader.token);
      expect(first.response).toHaveLength(4);
      expect(first.nextCursor).toEqual(expect.any(String));
      const feed = await walkPages(ctx, '/api/post/feed?limit=4', reader.token);
      expect(feed.map((post) => post.id)).toEqual(expected.map((post) => post.id).reverse());
      expect(feed.every((post) => [alice.id, bob.id].includes(post.authorId))).toBe(true);
      expect(feed.every((post) => post.favorited === false)).toBe(true);

      await follow(ctx, 'DELETE', bob.id, reader.token);
      const afterUnfollow = await walkPages(ctx, '/api/post/feed', reader.token);
      expect(afterUnfollow.map((post) => post.author.id)).toEqual([alice.id, alice.id, alice.id]);
    });

    it('keeps pages stable while followed authors publish', async () => {
      const reader = await signUpUser(ctx);
      const writer = await signUpUser(ctx);
      await follow(ctx, 'POST', writer.id, reader.token);
      const older: Post[] = [];
      for (let index = 0; index < 5; index += 1) older.push(await createPost(ctx, writer));
      const first = await getPage(ctx, '/api/post/feed?limit=2', reader.token);
      await createPost(ctx, writer, { title: 'Newer' });
      const rest = await walkPages(ctx, '/api/post/feed?limit=2', reader.token, first.nextCursor);
      expect([...first.response, ...rest].map((post) => post.id)).toEqual(
        older.map((post) => post.id).reverse(),
      );
    });

    it('answers 401 without a token and 400 for a bad limit', async () => {
      const reader = await signUpUser(ctx);
      expect((await request(ctx, { method: 'GET', url: '/api/post/feed' })).status).toBe(401);
      const bad = await request(ctx, { method: 'GET', url: '/api/post/feed?limit=0', token: reader.token });
      expect(bad.status).toBe(400);
    });
  });
});
