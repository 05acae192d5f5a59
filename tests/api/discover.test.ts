import { describe, expect, it } from 'vitest';
import type { Discover } from '../../contracts/discover';
import {
  describeEachDatabase,
  request,
  signUpUser,
  type ApiContext,
  type TestUser,
  handleOf,
} from './support/harness';
import { createPost } from './support/posts';

const panel = async (ctx: ApiContext, token?: string) => {
  const response = await request<{ response: Discover }>(ctx, {
    method: 'GET',
    url: '/api/discover',
    ...(token ? { token } : {}),
  });
  expect(response.status).toBe(200);
  return response.body.response;
};

const favorite = (ctx: ApiContext, postId: string, reader: TestUser) =>
  request(ctx, { method: 'POST', url: `/api/post/favorite?id=${postId}`, token: reader.token });

describeEachDatabase('side panel API', (ctx) => {
  describe('GET /api/discover', () => {
    it('shows empty sections, never invented ones, on a fresh site (release notes aside)', async () => {
      const empty = await panel(ctx);
      expect(empty.staffPicks).toEqual({ chosenBy: 'most-favorited', windowDays: 30, posts: [] });
      expect(empty.topics).toEqual([]);
      expect(empty.whoToFollow).toEqual([]);
      expect(empty.changelog.length).toBeGreaterThan(0);
      expect(empty.changelog.find((release) => release.version === '0.1.0')).toMatchObject({
        date: '2026-11-21',
        sections: [{ title: 'Added', items: expect.arrayContaining([expect.stringMatching(/^Accounts:/)]) }],
      });
    });

    it('picks the posts most favorited in the last 30 days', async () => {
      const author = await signUpUser(ctx);
      const readers = await Promise.all([signUpUser(ctx), signUpUser(ctx), signUpUser(ctx)]);
      const loved = await createPost(ctx, author, { title: 'Loved' });
      const liked = await createPost(ctx, author, { title: 'Liked' });
      const once = await createPost(ctx, author, { title: 'Old love' });
      await createPost(ctx, author, { title: 'Unnoticed' });
      for (const reader of readers) await favorite(ctx, loved.id, reader);
      for (const reader of readers.slice(0, 2)) await favorite(ctx, liked.id, reader);
      await favorite(ctx, once.id, readers[0] as TestUser);
      // A favorite from two months ago no longer counts.
      await ctx.database.db
        .updateTable('favorites')
        .set({ created_at: new Date(Date.now() - 60 * 24 * 60 * 60 * 1000).toISOString() })
        .where('post_id', '=', once.id)
        .execute();
      const picks = (await panel(ctx)).staffPicks.posts;
      expect(picks.map((post) => [post.title, post.favoriteCount])).toEqual([
        ['Loved', 3],
        ['Liked', 2],
      ]);
      expect(picks[0]).toMatchObject({ id: loved.id, author: { id: author.id }, tags: [] });
    });

    it('recommends the most used topics with their counts', async () => {
      const author = await signUpUser(ctx);
      await createPost(ctx, author, { tags: ['panel-big', 'panel-small'] });
      await createPost(ctx, author, { tags: ['panel-big'] });
      const topics = (await panel(ctx)).topics;
      expect(topics.slice(0, 2)).toEqual([
        { name: 'panel-big', label: 'panel-big', postCount: 2 },
        { name: 'panel-small', label: 'panel-small', postCount: 1 },
      ]);
    });

    it('suggests recently active writers, not the reader nor those they follow', async () => {
      const quiet = await signUpUser(ctx, { username: 'Quiet Reader' });
      const followed = await signUpUser(ctx, { username: 'Already Followed' });
      const fresh = await signUpUser(ctx, { username: 'Fresh Writer' });
      await createPost(ctx, followed);
      await createPost(ctx, quiet);
      await createPost(ctx, fresh);
      await createPost(ctx, fresh);
      await request(ctx, {
        method: 'POST',
        url: `/api/user/follow?userId=${followed.id}`,
        token: quiet.token,
      });

      const anonymous = (await panel(ctx)).whoToFollow;
      expect(anonymous.slice(0, 3).map((writer) => writer.username)).toEqual([
        'Fresh Writer',
        'Quiet Reader',
        'Already Followed',
      ]);
      expect(anonymous[0]).toEqual({
        id: fresh.id,
        username: 'Fresh Writer',
        handle: await handleOf(ctx, fresh.id),
        picture: null,
        postCount: 2,
        followerCount: 0,
        latestPostAt: expect.stringMatching(/^\d{4}-/),
      });

      const forReader = (await panel(ctx, quiet.token)).whoToFollow;
      const names = forReader.map((writer) => writer.username);
      expect(names[0]).toBe('Fresh Writer');
      expect(names).not.toContain('Quiet Reader');
      expect(names).not.toContain('Already Followed');
      expect(forReader.every((writer) => writer.following === false)).toBe(true);
    });

    it("computes the visitors' panel once until the next write, and shows that write at once", async () => {
      const author = await signUpUser(ctx, { username: 'Panel Writer' });
      await createPost(ctx, author, { tags: ['panel-once'] });
      await panel(ctx);
      let queries = 0;
      const stop = ctx.database.observeQueries(() => {
        queries += 1;
      });
      try {
        const again = await Promise.all([panel(ctx), panel(ctx), panel(ctx)]);
        expect(queries).toBe(0);
        expect(again[0]?.topics).toContainEqual({ name: 'panel-once', label: 'panel-once', postCount: 1 });

        await createPost(ctx, author, { tags: ['panel-once'] });
        expect((await panel(ctx)).topics).toContainEqual({
          name: 'panel-once',
          label: 'panel-once',
          postCount: 2,
        });
        // A reader's panel is their own: it is computed for them.
        const before = queries;
        await panel(ctx, author.token);
        expect(queries).toBeGreaterThan(before);
      } finally {
        stop();
      }
    });
  });
});
