import { describe, expect, it } from 'vitest';
import type { Page, Post } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, request, signUpUser } from './support/harness';
import { createPost, createPosts, getPage, newestFirst, walkPages } from './support/posts';

const ids = (posts: { id: string }[]) => posts.map((post) => post.id);

describeEachDatabase('post lists: paging', (ctx) => {
  describe('GET /api/post/blog/all', () => {
    it('walks 45 posts in pages of 20, 20 and 5, newest first, each exactly once', async () => {
      const author = await signUpUser(ctx);
      const created = await createPosts(ctx, author, 45);
      const pages: Page<Post>[] = [];
      let url = '/api/post/blog/all?limit=20';
      for (;;) {
        const page = await getPage(ctx, url);
        pages.push(page);
        if (page.nextCursor === null) break;
        url = `/api/post/blog/all?limit=20&cursor=${page.nextCursor}`;
      }
      // This block's database holds exactly these posts.
      expect(pages.map((page) => page.response.length)).toEqual([20, 20, 5]);
      const served = pages.flatMap((page) => ids(page.response));
      expect(served).toEqual(newestFirst(created));
      expect(new Set(served).size).toBe(45);
      expect(pages[0]?.response[0]).toMatchObject({ title: 'Post 45', author: { id: author.id } });
    });

    it('serves 20 by default and at most 100 on request', async () => {
      const page = await getPage(ctx, '/api/post/blog/all');
      expect(page.response).toHaveLength(20);
      expect(page.nextCursor).toEqual(expect.any(String));
      const all = await getPage(ctx, '/api/post/blog/all?limit=100');
      expect(all.response).toHaveLength(45);
      expect(all.nextCursor).toBeNull();
    });

    it('keeps pages stable while posts are added: no repeats, no gaps', async () => {
      const author = await signUpUser(ctx);
      const before = await walkPages(ctx, '/api/post/blog/all?limit=100');
      const first = await getPage(ctx, '/api/post/blog/all?limit=10');
      expect(ids(first.response)).toEqual(ids(before.slice(0, 10)));

      // New posts arrive while the reader is on page 1; one post of page 1 is even deleted.
      const added = await createPosts(ctx, author, 3);
      const removed = first.response[3];
      if (!removed) throw new Error('page 1 is too short');
      await ctx.database.db.deleteFrom('posts').where('id', '=', removed.id).execute();

      const rest = await walkPages(ctx, '/api/post/blog/all?limit=10', undefined, first.nextCursor);
      expect(ids(rest)).toEqual(ids(before.slice(10)));
      const seen = [...ids(first.response), ...ids(rest)];
      expect(new Set(seen).size).toBe(seen.length);
      for (const post of added) expect(seen).not.toContain(post.id);
      // A fresh reader sees the new posts first.
      expect(ids((await getPage(ctx, '/api/post/blog/all?limit=3')).response)).toEqual(newestFirst(added));
    });

    it.each([
      ['limit=0'],
      ['limit=101'],
      ['limit=-1'],
      ['limit=abc'],
      ['limit=1.5'],
      ['limit=1e2'],
      ['limit=99999999999999999999'],
      ['limit=5&limit=6'],
    ])('answers 400 for a bad limit (%s)', async (query) => {
      const response = await request(ctx, { method: 'GET', url: `/api/post/blog/all?${query}` });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: 'limit must be a whole number from 1 to 100' });
    });

    it.each([
      ['garbage!'],
      ['bm90LWEtdXVpZA'],
      [Buffer.from("' or 1=1 --").toString('base64url')],
      ['x'.repeat(200)],
    ])('answers 400 for a bad cursor (%s)', async (cursor) => {
      const response = await request(ctx, {
        method: 'GET',
        url: `/api/post/blog/all?cursor=${encodeURIComponent(cursor)}`,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: 'cursor is not valid' });
    });

    it('answers an empty last page after the oldest post', async () => {
      const all = await walkPages(ctx, '/api/post/blog/all?limit=100');
      const oldest = all[all.length - 1];
      if (!oldest) throw new Error('no posts');
      const cursor = Buffer.from(`${oldest.publishedAt} ${oldest.id}`).toString('base64url');
      expect(await getPage(ctx, `/api/post/blog/all?cursor=${cursor}`)).toEqual({
        response: [],
        nextCursor: null,
      });
    });

    it('marks `favorited` on list items only for a signed-in reader', async () => {
      const reader = await signUpUser(ctx);
      const page = await getPage(ctx, '/api/post/blog/all?limit=1');
      const [post] = page.response;
      if (!post) throw new Error('no posts');
      expect(post).not.toHaveProperty('favorited');
      await ctx.database.db
        .insertInto('favorites')
        .values({ user_id: reader.id, post_id: post.id, created_at: new Date().toISOString() })
        .execute();
      const signedIn = await getPage(ctx, '/api/post/blog/all?limit=2', reader.token);
      expect(signedIn.response.map((item) => item.favorited)).toEqual([true, false]);
      expect(signedIn.response[0]?.favoriteCount).toBe(1);
    });
  });

  describe('GET /api/post/profile', () => {
    it("lists only that author's posts, newest first, in pages", async () => {
      const author = await signUpUser(ctx, { username: 'Profiled' });
      const other = await signUpUser(ctx);
      const mine = await createPosts(ctx, author, 7);
      await createPosts(ctx, other, 3);
      const first = await getPage(ctx, `/api/post/profile?userId=${author.id}&limit=5`);
      expect(first.response).toHaveLength(5);
      const all = await walkPages(ctx, `/api/post/profile?userId=${author.id}&limit=5`);
      expect(ids(all)).toEqual(newestFirst(mine));
      expect(all.every((post) => post.authorId === author.id && post.author.username === 'Profiled')).toBe(
        true,
      );
      expect(JSON.stringify(all)).not.toContain(author.email);
    });

    it('keeps pages stable while the author publishes', async () => {
      const author = await signUpUser(ctx);
      const older = await createPosts(ctx, author, 6);
      const first = await getPage(ctx, `/api/post/profile?userId=${author.id}&limit=3`);
      await createPost(ctx, author, { title: 'Fresh' });
      const second = await getPage(
        ctx,
        `/api/post/profile?userId=${author.id}&limit=3&cursor=${first.nextCursor}`,
      );
      expect([...ids(first.response), ...ids(second.response)]).toEqual(newestFirst(older));
      expect(second.nextCursor).toBeNull();
    });

    it("answers an empty page for a user without posts and 404 'User not found' for nobody", async () => {
      const quiet = await signUpUser(ctx);
      expect(await getPage(ctx, `/api/post/profile?userId=${quiet.id}`)).toEqual({
        response: [],
        nextCursor: null,
      });
      const unknown = await request(ctx, { method: 'GET', url: `/api/post/profile?userId=${uuidv7()}` });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'User not found' });
    });

    it('answers 400 without a userId, or with a bad limit or cursor', async () => {
      const author = await signUpUser(ctx);
      const missing = await request(ctx, { method: 'GET', url: '/api/post/profile' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'userId is required' });
      const badLimit = await request(ctx, {
        method: 'GET',
        url: `/api/post/profile?userId=${author.id}&limit=0`,
      });
      expect(badLimit.status).toBe(400);
      const badCursor = await request(ctx, {
        method: 'GET',
        url: `/api/post/profile?userId=${author.id}&cursor=nope`,
      });
      expect(badCursor.status).toBe(400);
    });
  });
});
