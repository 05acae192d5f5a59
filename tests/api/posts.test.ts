import { describe, expect, it } from 'vitest';
import { feedPath } from '../../contracts/feeds';
import type { Post, ReadablePost } from '../../contracts/posts';
import { nowIso } from '../../server/lib/clock';
import { uuidv7 } from '../../server/lib/ids';
import {
  describeEachDatabase,
  request,
  signUpUser,
  type ApiContext,
  type TestUser,
  handleOf,
} from './support/harness';
import { createPost, walkPages } from './support/posts';

const REQUIRED = 'Blog content is required';

const createRaw = (ctx: ApiContext, payload: unknown, token?: string) =>
  request(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    payload: payload as Record<string, unknown>,
    ...(token ? { token } : {}),
  });

const readPost = (ctx: ApiContext, id: string, token?: string) =>
  request<{ response: ReadablePost }>(ctx, {
    method: 'GET',
    url: `/api/post/blog?id=${encodeURIComponent(id)}`,
    ...(token ? { token } : {}),
  });

const updatePost = (ctx: ApiContext, id: string, payload: unknown, token?: string) =>
  request<{ response: Post }>(ctx, {
    method: 'PUT',
    url: `/api/post/blog?id=${encodeURIComponent(id)}`,
    payload: payload as Record<string, unknown>,
    ...(token ? { token } : {}),
  });

const deletePost = (ctx: ApiContext, id: string, token?: string) =>
  request(ctx, {
    method: 'DELETE',
    url: `/api/post/blog/delete?id=${encodeURIComponent(id)}`,
    ...(token ? { token } : {}),
  });

/** Adds a comment and a favorite straight into the tables, independent of their endpoints. */
async function addCommentAndFavorite(ctx: ApiContext, postId: string, user: TestUser): Promise<void> {
  const db = ctx.database.db;
  await db
    .insertInto('comments')
    .values({ id: uuidv7(), post_id: postId, author_id: user.id, body: 'Nice', created_at: nowIso() })
    .execute();
  await db
    .insertInto('favorites')
    .values({ user_id: user.id, post_id: postId, created_at: nowIso() })
    .execute();
}

function expectNoSecrets(body: unknown, ...users: TestUser[]): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/argon2|password/i);
  for (const user of users) expect(text).not.toContain(user.email);
}

describeEachDatabase('posts API', (ctx) => {
  describe('POST /api/post/blog', () => {
    it('creates a post and answers 201 {response: Post}', async () => {
      const author = await signUpUser(ctx, { username: 'Ada' });
      const response = await createRaw(ctx, { title: 'Hello', content: 'First **post**' }, author.token);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        response: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          title: 'Hello',
          content: 'First **post**',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          status: 'published',
          publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          version: 1,
          readingMinutes: 1,
          cover: null,
          authorId: author.id,
          author: { id: author.id, username: 'Ada', handle: await handleOf(ctx, author.id), picture: null },
          // Every author in byline order (decision 85): one here.
          authors: [
            { id: author.id, username: 'Ada', handle: await handleOf(ctx, author.id), picture: null },
          ],
          tags: [],
          tagLabels: [],
          commentCount: 0,
          favoriteCount: 0,
          // Every writer's own blog, made at sign-up.
          publication: { slug: 'ada', name: 'Ada', personal: true, domain: null },
          favorited: false,
          // Its own settings (decision 79): the title's address, and no search or social overrides.
          slug: 'hello',
          metaTitle: null,
          metaDescription: null,
          socialImage: null,
          canonicalUrl: null,
        },
      });
      expectNoSecrets(response.body, author);
    });

    it('trims the title and stores Markdown content exactly as given', async () => {
      const author = await signUpUser(ctx);
      const content = '  indented code\n\n<script>alert(1)</script>\n\n# Heading  \n';
      const created = await createPost(ctx, author, { title: '  Spaced out  ', content });
      expect(created.title).toBe('Spaced out');
      expect(created.content).toBe(content);
      const read = await readPost(ctx, created.id);
      expect(read.body.response.title).toBe('Spaced out');
      expect(read.body.response.content).toBe(content);
    });

    it('answers 401 without a token and with an invalid one', async () => {
      const user = await signUpUser(ctx);
      const missing = await createRaw(ctx, { title: 't', content: 'c' });
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ message: 'Authentication required' });
      const forged = await createRaw(ctx, { title: 't', content: 'c' }, `${user.token.slice(0, -4)}AAAA`);
      expect(forged.status).toBe(401);
    });

    it.each([
      [{ content: 'c' }, 'title', REQUIRED],
      [{ title: 't' }, 'content', REQUIRED],
      [{ title: '', content: 'c' }, 'title', REQUIRED],
      [{ title: 't', content: '' }, 'content', REQUIRED],
      [{ title: '   ', content: 'c' }, 'title', REQUIRED],
      [{ title: 't', content: ' \n\t ' }, 'content', REQUIRED],
      [{ title: null, content: 'c' }, 'title', REQUIRED],
      [{ title: 42, content: 'c' }, 'title', 'Title must be text'],
      [{ title: 't', content: ['c'] }, 'content', 'Content must be text'],
      [{ title: 'x'.repeat(201), content: 'c' }, 'title', 'Title must be at most 200 characters'],
      [{ title: 't', content: 'x'.repeat(100_001) }, 'content', 'Content must be at most 100,000 characters'],
    ])('answers 400 with the field message for %#', async (payload, field, message) => {
      const user = await signUpUser(ctx);
      const response = await createRaw(ctx, payload, user.token);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message, errors: { [field]: [message] } });
    });

    it('reports both fields when both are missing', async () => {
      const user = await signUpUser(ctx);
      const response = await createRaw(ctx, {}, user.token);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errors: { title: [REQUIRED], content: [REQUIRED] } });
    });

    it('accepts the maximum lengths exactly', async () => {
      const user = await signUpUser(ctx);
      const post = await createPost(ctx, user, { title: 't'.repeat(200), content: 'c'.repeat(100_000) });
      expect(post.title).toHaveLength(200);
      expect((await readPost(ctx, post.id)).body.response.content).toHaveLength(100_000);
    });

    it('answers 400 for malformed JSON and for a body that is not an object', async () => {
      const user = await signUpUser(ctx);
      const malformed = await request(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: user.token,
        headers: { 'content-type': 'application/json' },
        payload: '{"title": "x",',
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ message: 'Malformed JSON in request body' });
      const array = await createRaw(ctx, ['title', 'content'], user.token);
      expect(array.status).toBe(400);
    });
  });

  describe('GET /api/post/blog', () => {
    it('answers {response: Post} for a visitor, without `favorited`', async () => {
      const author = await signUpUser(ctx, { username: 'Bea' });
      const created = await createPost(ctx, author, { title: 'Readable', content: 'Text' });
      const response = await readPost(ctx, created.id);
      expect(response.status).toBe(200);
      const { favorited, ...rest } = created;
      expect(favorited).toBe(false);
      expect(response.body).toEqual({
        response: {
          ...rest,
          contentHtml: '<p>Text</p>\n',
          imageUrl: null,
          series: null,
          socialLikes: 0,
          socialReposts: 0,
        },
      });
      expect(response.body.response).not.toHaveProperty('favorited');
      expectNoSecrets(response.body, author);
    });

    it('carries the content rendered and sanitized, keeping the Markdown as written', async () => {
      const author = await signUpUser(ctx);
      const content = [
        '# Heading',
        '',
        '<script>alert(1)</script>',
        '',
        '[bad](javascript:alert(1)) ![pic](https://example.com/p.png)',
        '',
        '```js',
        'let a = 1;',
        '```',
      ].join('\n');
      const created = await createPost(ctx, author, { title: 'Rendered', content });
      const { response: post } = (await readPost(ctx, created.id)).body;
      expect(post.content).toBe(content);
      expect(post.contentHtml).toContain('<h2>Heading</h2>');
      expect(post.contentHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(post.contentHtml).not.toMatch(/<script|javascript:/i);
      expect(post.contentHtml).toContain('<pre tabindex="0"><code class="hljs language-js">');
      expect(post.imageUrl).toBe('https://example.com/p.png');
    });

    it('keeps a table, a footnote and a callout as written, and carries them rendered, in the API and the feed (decision 69)', async () => {
      const author = await signUpUser(ctx);
      const content = [
        'Prices[^1]:',
        '',
        '| Item | Price |',
        '| --- | ---: |',
        '| <b onclick="x()">Tea</b> | [3](javascript:alert(1)) |',
        '',
        '> [!WARNING]',
        '> The shop shuts at noon.',
        '',
        '[^1]: On a Monday.',
      ].join('\n');
      const created = await createPost(ctx, author, { title: 'Blocks', content });
      const { response: post } = (await readPost(ctx, created.id)).body;
      expect(post.content).toBe(content);
      const html = post.contentHtml;
      expect(html).toContain('<th align="right">Price</th>');
      expect(html).toContain('<td>&lt;b onclick="x()"&gt;Tea&lt;/b&gt;</td>');
      expect(html).not.toMatch(/javascript:|<b\b/);
      expect(html).toContain(
        '<aside class="callout callout--warning" role="note" aria-label="Warning">\n<p class="callout__title" aria-hidden="true">Warning</p>',
      );
      expect(html).toMatch(/<h2 id="(fn-[0-9a-f]{8}-label)" class="visually-hidden">Footnotes<\/h2>/);
      expect(html).toMatch(/<a aria-describedby="fn-[0-9a-f]{8}-label" href="#fn-[0-9a-f]{8}-1"/);

      // The feed carries the same HTML (escaped in its XML).
      const feed = await ctx.app.inject({ method: 'GET', url: feedPath('rss', { userId: author.id }) });
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toMatch(
        /(<|&lt;)aside class="callout callout--warning" role="note" aria-label="Warning"/,
      );
      expect(feed.body).toMatch(/(<|&lt;)th align="right"(>|&gt;)Price/);
    });

    it('carries real comment and favorite counts, and `favorited` for a signed-in reader', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const other = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      await addCommentAndFavorite(ctx, post.id, reader);
      await addCommentAndFavorite(ctx, post.id, other);
      const asReader = await readPost(ctx, post.id, reader.token);
      expect(asReader.body.response).toMatchObject({ commentCount: 2, favoriteCount: 2, favorited: true });
      const asAuthor = await readPost(ctx, post.id, author.token);
      expect(asAuthor.body.response).toMatchObject({ favorited: false });
    });

    it('treats a stale token on a public read as a visitor rather than failing', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const response = await readPost(ctx, post.id, `${author.token.slice(0, -4)}AAAA`);
      expect(response.status).toBe(200);
      expect(response.body.response).not.toHaveProperty('favorited');
    });

    it("answers 404 {message: 'Post not found'} for an unknown id and 400 without an id", async () => {
      for (const id of [uuidv7(), 'not-a-uuid', "x' or '1'='1"]) {
        const unknown = await readPost(ctx, id);
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual({ message: 'Post not found' });
      }
      const missing = await request(ctx, { method: 'GET', url: '/api/post/blog' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'id is required' });
      const repeated = await request(ctx, { method: 'GET', url: '/api/post/blog?id=a&id=b' });
      expect(repeated.status).toBe(400);
    });
  });

  describe('PUT /api/post/blog', () => {
    it('lets the author edit and answers 200 {response: Post} with a new updatedAt', async () => {
      const author = await signUpUser(ctx, { username: 'Cleo' });
      const post = await createPost(ctx, author, { title: 'Before', content: 'Old' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const response = await updatePost(
        ctx,
        post.id,
        { title: ' After ', content: 'New *text*' },
        author.token,
      );
      expect(response.status).toBe(200);
      expect(response.body.response).toMatchObject({
        id: post.id,
        title: 'After',
        content: 'New *text*',
        createdAt: post.createdAt,
        authorId: author.id,
        author: { id: author.id, username: 'Cleo' },
        favorited: false,
      });
      expect(response.body.response.updatedAt > post.updatedAt).toBe(true);
      expect((await readPost(ctx, post.id)).body.response.title).toBe('After');
    });

    it("answers 403 for another user's post and leaves it unchanged", async () => {
      const author = await signUpUser(ctx);
      const intruder = await signUpUser(ctx);
      const post = await createPost(ctx, author, { title: 'Mine', content: 'Mine' });
      const response = await updatePost(ctx, post.id, { title: 'Yours', content: 'Yours' }, intruder.token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'You can only edit your own posts' });
      expect((await readPost(ctx, post.id)).body.response.title).toBe('Mine');
    });

    it('answers 401 without a token, 404 for an unknown id, 400 for invalid input', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      expect((await updatePost(ctx, post.id, { title: 't', content: 'c' })).status).toBe(401);
      const unknown = await updatePost(ctx, uuidv7(), { title: 't', content: 'c' }, author.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Post not found' });
      const invalid = await updatePost(ctx, post.id, { title: 't', content: '  ' }, author.token);
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({ message: REQUIRED, errors: { content: [REQUIRED] } });
      const noId = await request(ctx, {
        method: 'PUT',
        url: '/api/post/blog',
        token: author.token,
        payload: { title: 't', content: 'c' },
      });
      expect(noId.status).toBe(400);
      expect(noId.body).toMatchObject({ message: 'id is required' });
    });
  });

  describe('DELETE /api/post/blog/delete', () => {
    it('removes the post, its comments and its favorites, and answers 200 {message}', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const kept = await createPost(ctx, author);
      await addCommentAndFavorite(ctx, post.id, reader);
      await addCommentAndFavorite(ctx, kept.id, reader);

      const response = await deletePost(ctx, post.id, author.token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Post deleted' });

      expect((await readPost(ctx, post.id)).status).toBe(404);
      const all = await walkPages(ctx, '/api/post/blog/all?limit=100');
      expect(all.map((item) => item.id)).not.toContain(post.id);
      expect(all.map((item) => item.id)).toContain(kept.id);
      const profile = await walkPages(ctx, `/api/post/profile?userId=${author.id}`);
      expect(profile.map((item) => item.id)).toEqual([kept.id]);

      // The foreign keys cascade on both databases: no orphaned comments or favorites.
      const db = ctx.database.db;
      const comments = await db
        .selectFrom('comments')
        .select('post_id')
        .where('post_id', '=', post.id)
        .execute();
      const favorites = await db
        .selectFrom('favorites')
        .select('post_id')
        .where('post_id', '=', post.id)
        .execute();
      expect(comments).toEqual([]);
      expect(favorites).toEqual([]);
      expect((await readPost(ctx, kept.id)).body.response).toMatchObject({
        commentCount: 1,
        favoriteCount: 1,
      });

      const again = await deletePost(ctx, post.id, author.token);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: 'Post not found' });
    });

    it("answers 403 for another user's post and keeps it", async () => {
      const author = await signUpUser(ctx);
      const intruder = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const response = await deletePost(ctx, post.id, intruder.token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'You can only delete your own posts' });
      expect((await readPost(ctx, post.id)).status).toBe(200);
    });

    it('answers 401 without a token and 400 without an id', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      expect((await deletePost(ctx, post.id)).status).toBe(401);
      const noId = await request(ctx, {
        method: 'DELETE',
        url: '/api/post/blog/delete',
        token: author.token,
      });
      expect(noId.status).toBe(400);
      expect((await readPost(ctx, post.id)).status).toBe(200);
    });
  });
});
