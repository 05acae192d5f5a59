import { describe, expect, it } from 'vitest';
import type { Page, Post } from '../../contracts/posts';
import type { TagInfo, TagSummary } from '../../contracts/tags';
import { nowIso } from '../../server/lib/clock';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost, deletePost, getPage, newestFirst, updatePost, walkPages } from './support/posts';

const ids = (posts: { id: string }[]) => posts.map((post) => post.id);

const createRaw = (ctx: ApiContext, author: TestUser, tags: unknown) =>
  request<{ response: Post; message?: string; errors?: Record<string, string[]> }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: author.token,
    payload: { title: 'Tagged', content: 'Body', tags } as Record<string, unknown>,
  });

const tagCounts = async (ctx: ApiContext, query = '') => {
  const response = await request<{ response: TagSummary[] }>(ctx, {
    method: 'GET',
    url: `/api/tags${query}`,
  });
  expect(response.status).toBe(200);
  return response.body.response;
};

const tagInfo = (ctx: ApiContext, name: string, token?: string) =>
  request<{ response: TagInfo }>(ctx, {
    method: 'GET',
    url: `/api/tags/info?name=${encodeURIComponent(name)}`,
    ...(token ? { token } : {}),
  });

const followTag = (ctx: ApiContext, method: 'POST' | 'DELETE', name: string, token?: string) =>
  request<{ response: TagInfo }>(ctx, {
    method,
    url: `/api/tags/follow?name=${encodeURIComponent(name)}`,
    ...(token ? { token } : {}),
  });

describeEachDatabase('tags API', (ctx) => {
  describe('tags on posts', () => {
    it('normalizes mixed case and spaces, drops duplicates and keeps the writer’s order', async () => {
      const author = await signUpUser(ctx);
      const response = await createRaw(ctx, author, [
        'Machine Learning',
        '  RUST ',
        'machine-learning',
        'Café',
      ]);
      expect(response.status).toBe(201);
      expect(response.body.response.tags).toEqual(['machine-learning', 'rust', 'café']);
      const read = await request<{ response: Post }>(ctx, {
        method: 'GET',
        url: `/api/post/blog?id=${response.body.response.id}`,
      });
      expect(read.body.response.tags).toEqual(['machine-learning', 'rust', 'café']);
    });

    it.each([
      [['a', 'b', 'c', 'd', 'e', 'f'], 'A post can have at most 5 tags'],
      [['x'.repeat(31)], `Tags must be at most 30 characters ("${'x'.repeat(30)}…" has 31)`],
      [[''], 'A tag needs at least one letter or digit'],
      [['  !! '], 'A tag needs at least one letter or digit'],
      [['ok', 7], 'Each tag must be text'],
      [[null], 'Each tag must be text'],
      ['rust', 'Tags must be a list of words'],
      [null, 'Tags must be a list of words'],
      [{ 0: 'rust' }, 'Tags must be a list of words'],
    ])('answers 400 for tags %j with a clear message', async (tags, message) => {
      const author = await signUpUser(ctx);
      const response = await createRaw(ctx, author, tags);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message, errors: { tags: [message] } });
    });

    it('accepts exactly 5 tags of 30 characters, and no tags at all', async () => {
      const author = await signUpUser(ctx);
      const five = ['a', 'b', 'c', 'd', 'e'].map((letter) => letter.repeat(30));
      expect((await createRaw(ctx, author, five)).body.response.tags).toEqual(five);
      expect((await createPost(ctx, author)).tags).toEqual([]);
    });

    it('keeps the tags on a PUT without them, replaces them with them, clears them with []', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author, { tags: ['keep-me'] });
      const kept = await updatePost(ctx, author, post.id, { title: 'New title', content: 'New body' });
      expect(kept.tags).toEqual(['keep-me']);
      const replaced = await updatePost(ctx, author, post.id, {
        title: 't',
        content: 'c',
        tags: ['Other', 'keep me'],
      });
      expect(replaced.tags).toEqual(['other', 'keep-me']);
      const cleared = await updatePost(ctx, author, post.id, { title: 't', content: 'c', tags: [] });
      expect(cleared.tags).toEqual([]);
      const invalid = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${post.id}`,
        token: author.token,
        payload: { title: 't', content: 'c', tags: ['1', '2', '3', '4', '5', '6'] },
      });
      expect(invalid.status).toBe(400);
    });

    it('carries tags on every read path: lists, profile, feed and favorites', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author, { tags: ['everywhere'] });
      await request(ctx, {
        method: 'POST',
        url: `/api/user/follow?userId=${author.id}`,
        token: reader.token,
      });
      await request(ctx, { method: 'POST', url: `/api/post/favorite?id=${post.id}`, token: reader.token });
      for (const [url, token] of [
        ['/api/post/blog/all?limit=1', undefined],
        [`/api/post/profile?userId=${author.id}`, undefined],
        ['/api/post/feed', reader.token],
        ['/api/post/favorites', reader.token],
        ['/api/post/blog/all?tag=everywhere', undefined],
      ] as const) {
        const page = await getPage(ctx, url, token);
        expect(page.response.find((item) => item.id === post.id)?.tags, url).toEqual(['everywhere']);
      }
    });
  });

  describe('GET /api/tags', () => {
    it('answers the most used tags with counts kept through create, edit and delete', async () => {
      const author = await signUpUser(ctx);
      const first = await createPost(ctx, author, { tags: ['counted-a', 'counted-b'] });
      await createPost(ctx, author, { tags: ['counted-a'] });
      await createPost(ctx, author, { tags: ['counted-a', 'counted-c'] });
      const counted = (tags: TagSummary[]) => tags.filter((tag) => tag.name.startsWith('counted-'));
      expect(counted(await tagCounts(ctx, '?limit=100'))).toEqual([
        { name: 'counted-a', label: 'counted-a', postCount: 3 },
        { name: 'counted-b', label: 'counted-b', postCount: 1 },
        { name: 'counted-c', label: 'counted-c', postCount: 1 },
      ]);
      await updatePost(ctx, author, first.id, { title: 't', content: 'c', tags: ['counted-c'] });
      expect(counted(await tagCounts(ctx, '?limit=100'))).toEqual([
        { name: 'counted-a', label: 'counted-a', postCount: 2 },
        { name: 'counted-c', label: 'counted-c', postCount: 2 },
      ]);
      await deletePost(ctx, author, first.id);
      expect(counted(await tagCounts(ctx, '?prefix=Counted'))).toEqual([
        { name: 'counted-a', label: 'counted-a', postCount: 2 },
        { name: 'counted-c', label: 'counted-c', postCount: 1 },
      ]);
    });

    it('counts posts saved at the same moment exactly', async () => {
      const authors = await Promise.all(Array.from({ length: 8 }, () => signUpUser(ctx)));
      await Promise.all(authors.map((author) => createPost(ctx, author, { tags: ['raced', 'also-raced'] })));
      expect(await tagCounts(ctx, '?prefix=raced')).toEqual([
        { name: 'raced', label: 'raced', postCount: 8 },
      ]);
      expect(await tagCounts(ctx, '?prefix=also-rac')).toEqual([
        { name: 'also-raced', label: 'also-raced', postCount: 8 },
      ]);
    });

    it('honours limit, and answers 400 for a bad one', async () => {
      expect(await tagCounts(ctx, '?limit=2')).toHaveLength(2);
      const bad = await request(ctx, { method: 'GET', url: '/api/tags?limit=101' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: 'limit must be a whole number from 1 to 100' });
    });
  });

  describe('GET /api/post/blog/all?tag=', () => {
    it('walks a topic newest first in stable pages while posts come and go', async () => {
      const author = await signUpUser(ctx);
      const topic: Post[] = [];
      for (let index = 0; index < 12; index += 1) {
        topic.push(await createPost(ctx, author, { title: `Topic ${index}`, tags: ['paged-topic'] }));
        await createPost(ctx, author, { title: `Elsewhere ${index}`, tags: ['other-topic'] });
      }
      expect(ids(await walkPages(ctx, '/api/post/blog/all?tag=paged-topic&limit=5'))).toEqual(
        newestFirst(topic),
      );

      const first = await getPage(ctx, '/api/post/blog/all?tag=Paged%20Topic&limit=5');
      expect(ids(first.response)).toEqual(newestFirst(topic).slice(0, 5));
      const added = await createPost(ctx, author, { tags: ['paged-topic'] });
      const rest = await walkPages(
        ctx,
        '/api/post/blog/all?tag=paged-topic&limit=5',
        undefined,
        first.nextCursor,
      );
      expect(ids(rest)).toEqual(newestFirst(topic).slice(5));
      expect(ids(rest)).not.toContain(added.id);
    });

    it('answers 404 for an unknown topic, an empty page for one without posts left, 400 for a bad name', async () => {
      const unknown = await request(ctx, {
        method: 'GET',
        url: '/api/post/blog/all?tag=never-used-anywhere',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Tag not found' });
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author, { tags: ['short-lived'] });
      await deletePost(ctx, author, post.id);
      expect(await getPage(ctx, '/api/post/blog/all?tag=short-lived')).toEqual({
        response: [],
        nextCursor: null,
      });
      const bad = await request(ctx, { method: 'GET', url: '/api/post/blog/all?tag=%20!!' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: 'A tag needs at least one letter or digit' });
    });
  });

  describe('topic follows', () => {
    it('follows and unfollows idempotently, answering the topic’s fresh info', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      await createPost(ctx, author, { tags: ['followable'] });
      expect((await tagInfo(ctx, 'followable')).body).toEqual({
        response: { name: 'followable', label: 'followable', postCount: 1, followerCount: 0 },
      });
      const followed = await followTag(ctx, 'POST', 'Followable', reader.token);
      expect(followed.status).toBe(200);
      expect(followed.body.response).toEqual({
        name: 'followable',
        label: 'followable',
        postCount: 1,
        followerCount: 1,
        following: true,
      });
      expect((await followTag(ctx, 'POST', 'followable', reader.token)).body.response.followerCount).toBe(1);
      expect((await tagInfo(ctx, 'followable', reader.token)).body.response.following).toBe(true);
      const following = await request<{ response: TagSummary[] }>(ctx, {
        method: 'GET',
        url: '/api/tags/following',
        token: reader.token,
      });
      expect(following.body.response).toEqual([{ name: 'followable', label: 'followable', postCount: 1 }]);

      const unfollowed = await followTag(ctx, 'DELETE', 'followable', reader.token);
      expect(unfollowed.body.response).toEqual({
        name: 'followable',
        label: 'followable',
        postCount: 1,
        followerCount: 0,
        following: false,
      });
      expect((await followTag(ctx, 'DELETE', 'followable', reader.token)).status).toBe(200);
    });

    it('answers 401 without a token, 404 for an unknown topic, 400 for a bad name', async () => {
      const reader = await signUpUser(ctx);
      expect((await followTag(ctx, 'POST', 'followable')).status).toBe(401);
      expect((await request(ctx, { method: 'GET', url: '/api/tags/following' })).status).toBe(401);
      const unknown = await followTag(ctx, 'POST', 'no-such-topic-here', reader.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Tag not found' });
      expect((await tagInfo(ctx, 'no-such-topic-here')).status).toBe(404);
      const missing = await request(ctx, { method: 'POST', url: '/api/tags/follow', token: reader.token });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'name is required' });
      const tooLong = await followTag(ctx, 'POST', 'y'.repeat(31), reader.token);
      expect(tooLong.status).toBe(400);
    });

    it('lets a reader follow at most 100 topics', async () => {
      const reader = await signUpUser(ctx);
      const author = await signUpUser(ctx);
      await createPost(ctx, author, { tags: ['one-too-many'] });
      const names = Array.from({ length: 100 }, (_, index) => `bulk-${index}`);
      await ctx.database.db
        .insertInto('tags')
        .values(names.map((name) => ({ name, created_at: nowIso() })))
        .execute();
      await ctx.database.db
        .insertInto('tag_follows')
        .values(names.map((tag) => ({ user_id: reader.id, tag, created_at: nowIso() })))
        .execute();
      const refused = await followTag(ctx, 'POST', 'one-too-many', reader.token);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: 'You can follow at most 100 topics' });
      // Following one already followed is still fine.
      expect((await followTag(ctx, 'POST', 'bulk-1', reader.token)).status).toBe(200);
    });
  });

  describe('GET /api/post/feed with followed topics', () => {
    it('merges followed authors and topics newest first, each post once, in stable pages', async () => {
      const reader = await signUpUser(ctx);
      const followedAuthor = await signUpUser(ctx);
      const stranger = await signUpUser(ctx);
      await request(ctx, {
        method: 'POST',
        url: `/api/user/follow?userId=${followedAuthor.id}`,
        token: reader.token,
      });
      const expected: Post[] = [];
      await createPost(ctx, stranger, { tags: ['unfollowed-topic'] });
      await createPost(ctx, stranger, { tags: ['feed-topic'] }).then((post) => expected.push(post));
      await createPost(ctx, followedAuthor).then((post) => expected.push(post));
      await createPost(ctx, followedAuthor, { tags: ['feed-topic'] }).then((post) => expected.push(post));
      // Followed only after some posts exist: a topic's older posts are in the feed too.
      expect((await followTag(ctx, 'POST', 'feed-topic', reader.token)).status).toBe(200);
      for (let index = 0; index < 4; index += 1) {
        expected.push(
          await createPost(ctx, index % 2 ? stranger : followedAuthor, { tags: ['feed-topic', 'x'] }),
        );
      }
      await createPost(ctx, stranger);

      const feed = await walkPages(ctx, '/api/post/feed?limit=3', reader.token);
      expect(ids(feed)).toEqual(newestFirst(expected));

      await followTag(ctx, 'DELETE', 'feed-topic', reader.token);
      const authorsOnly = await walkPages(ctx, '/api/post/feed?limit=3', reader.token);
      expect(authorsOnly.every((post) => post.authorId === followedAuthor.id)).toBe(true);
      expect(authorsOnly).toHaveLength(4);
    });

    it('answers Page<Post> in pages of the requested size', async () => {
      const reader = await signUpUser(ctx);
      const page: Page<Post> = await getPage(ctx, '/api/post/feed?limit=2', reader.token);
      expect(page).toEqual({ response: [], nextCursor: null });
    });
  });
});
