import { describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost, createPosts, getPage, walkPages } from './support/posts';

interface FavoriteAnswer {
  response: { favorited: boolean; favoriteCount: number };
}

const favorite = (ctx: ApiContext, method: 'POST' | 'DELETE', postId: string, token?: string) =>
  request<FavoriteAnswer>(ctx, {
    method,
    url: `/api/post/favorite?id=${encodeURIComponent(postId)}`,
    ...(token ? { token } : {}),
  });

const readPost = async (ctx: ApiContext, id: string, token?: string) =>
  (
    await request<{ response: Post }>(ctx, {
      method: 'GET',
      url: `/api/post/blog?id=${id}`,
      ...(token ? { token } : {}),
    })
  ).body.response;

async function favoriteRows(ctx: ApiContext, postId: string): Promise<number> {
  const rows = await ctx.database.db
    .selectFrom('favorites')
    .select('user_id')
    .where('post_id', '=', postId)
    .execute();
  return rows.length;
}

async function signUpMany(ctx: ApiContext, count: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let index = 0; index < count; index += 1) users.push(await signUpUser(ctx));
  return users;
}

describeEachDatabase('favorites API', (ctx) => {
  describe('POST and DELETE /api/post/favorite', () => {
    it('favorites and unfavorites idempotently, answering {favorited, favoriteCount}', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author);

      const first = await favorite(ctx, 'POST', post.id, reader.token);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ response: { favorited: true, favoriteCount: 1 } });
      const again = await favorite(ctx, 'POST', post.id, reader.token);
      expect(again.body).toEqual({ response: { favorited: true, favoriteCount: 1 } });
      expect(await readPost(ctx, post.id, reader.token)).toMatchObject({ favoriteCount: 1, favorited: true });
      expect(await readPost(ctx, post.id, author.token)).toMatchObject({
        favoriteCount: 1,
        favorited: false,
      });

      const removed = await favorite(ctx, 'DELETE', post.id, reader.token);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ response: { favorited: false, favoriteCount: 0 } });
      const removedAgain = await favorite(ctx, 'DELETE', post.id, reader.token);
      expect(removedAgain.body).toEqual({ response: { favorited: false, favoriteCount: 0 } });
      expect(await favoriteRows(ctx, post.id)).toBe(0);
    });

    it('answers 401 without a token, 404 for an unknown post, 400 without an id', async () => {
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, reader);
      expect((await favorite(ctx, 'POST', post.id)).status).toBe(401);
      expect((await favorite(ctx, 'DELETE', post.id)).status).toBe(401);
      for (const method of ['POST', 'DELETE'] as const) {
        const unknown = await favorite(ctx, method, uuidv7(), reader.token);
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual({ message: 'Post not found' });
        const missing = await request(ctx, { method, url: '/api/post/favorite', token: reader.token });
        expect(missing.status).toBe(400);
        expect(missing.body).toMatchObject({ message: 'id is required' });
      }
    });

    it('counts 30 concurrent favorites by 30 readers exactly', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const readers = await signUpMany(ctx, 30);
      const answers = await Promise.all(
        readers.map((reader) => favorite(ctx, 'POST', post.id, reader.token)),
      );
      expect(answers.every((answer) => answer.status === 200 && answer.body.response.favorited)).toBe(true);
      expect(Math.max(...answers.map((answer) => answer.body.response.favoriteCount))).toBe(30);
      expect((await readPost(ctx, post.id)).favoriteCount).toBe(30);
      expect(await favoriteRows(ctx, post.id)).toBe(30);

      const unfavorites = await Promise.all(
        readers.slice(0, 10).map((reader) => favorite(ctx, 'DELETE', post.id, reader.token)),
      );
      expect(unfavorites.every((answer) => answer.status === 200)).toBe(true);
      expect((await readPost(ctx, post.id)).favoriteCount).toBe(20);
    });

    it('counts one reader favoriting the same post concurrently only once', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => favorite(ctx, 'POST', post.id, reader.token)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      expect(answers.map((answer) => answer.body.response.favoriteCount)).toEqual(Array(8).fill(1));
      expect((await readPost(ctx, post.id)).favoriteCount).toBe(1);
      expect(await favoriteRows(ctx, post.id)).toBe(1);
    });

    it('goes with its post: deleting the post leaves no favorite rows', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const readers = await signUpMany(ctx, 3);
      await Promise.all(readers.map((reader) => favorite(ctx, 'POST', post.id, reader.token)));
      expect(await favoriteRows(ctx, post.id)).toBe(3);
      const deleted = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/blog/delete?id=${post.id}`,
        token: author.token,
      });
      expect(deleted.status).toBe(200);
      expect(await favoriteRows(ctx, post.id)).toBe(0);
      expect((await favorite(ctx, 'POST', post.id, readers[0]?.token)).status).toBe(404);
    });
  });

  describe('GET /api/post/favorites', () => {
    it("lists only the reader's favorites, newest post first, in pages, marked favorited", async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const other = await signUpUser(ctx);
      const posts = await createPosts(ctx, author, 8);
      const chosen = [posts[1], posts[2], posts[4], posts[6], posts[7]].map((post) => post?.id ?? '');
      // Favorited in a shuffled order: the list is by post (newest first), not by when favorited.
      for (const index of [2, 0, 4, 1, 3]) await favorite(ctx, 'POST', chosen[index] ?? '', reader.token);
      await favorite(ctx, 'POST', posts[0]?.id ?? '', other.token);

      const first = await getPage(ctx, '/api/post/favorites?limit=2', reader.token);
      expect(first.response).toHaveLength(2);
      const all = await walkPages(ctx, '/api/post/favorites?limit=2', reader.token);
      expect(all.map((post) => post.id)).toEqual([...chosen].reverse());
      expect(all.every((post) => post.favorited === true && post.favoriteCount === 1)).toBe(true);
      expect(JSON.stringify(all)).not.toContain(author.email);

      await favorite(ctx, 'DELETE', chosen[0] ?? '', reader.token);
      const after = await walkPages(ctx, '/api/post/favorites', reader.token);
      expect(after.map((post) => post.id)).toEqual(chosen.slice(1).reverse());
    });

    it('answers an empty page when there are none, 401 without a token, 400 for a bad cursor', async () => {
      const reader = await signUpUser(ctx);
      expect(await getPage(ctx, '/api/post/favorites', reader.token)).toEqual({
        response: [],
        nextCursor: null,
      });
      expect((await request(ctx, { method: 'GET', url: '/api/post/favorites' })).status).toBe(401);
      const bad = await request(ctx, {
        method: 'GET',
        url: '/api/post/favorites?cursor=nope',
        token: reader.token,
      });
      expect(bad.status).toBe(400);
    });
  });
});
