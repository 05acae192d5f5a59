import { describe, expect, it } from 'vitest';
import type { ConduitArticle, ConduitComment, ConduitProfile, ConduitUser } from '../../contracts/conduit';
import { articleSlug, postIdOfSlug } from '../../contracts/conduit';
import { describeEachDatabase, request, signUpUser, type ApiContext } from './support/harness';
import { createPost } from './support/posts';

/** A Conduit call: JSON in and out, with the `Token` scheme RealWorld clients use. */
const conduit = <T = Record<string, unknown>>(
  ctx: ApiContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
) =>
  request<T>(ctx, {
    method,
    url,
    headers: {
      ...(options.headers ?? {}),
      ...(options.token ? { authorization: `Token ${options.token}` } : {}),
    },
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
  });

let counter = 0;
async function register(ctx: ApiContext, stem = 'conduit') {
  counter += 1;
  const username = `${stem}${counter}${Math.random().toString(36).slice(2, 6)}`;
  const response = await conduit<{ user: ConduitUser }>(ctx, 'POST', '/api/users', {
    payload: { user: { username, email: `${username}@example.com`, password: 'correct horse' } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.user;
}

async function newArticle(
  ctx: ApiContext,
  user: ConduitUser,
  article: Partial<{ title: string; description: string; body: string; tagList: string[] }> = {},
) {
  const response = await conduit<{ article: ConduitArticle }>(ctx, 'POST', '/api/articles', {
    token: user.token,
    payload: {
      article: {
        title: 'How to train your dragon',
        description: 'Ever wonder how?',
        body: 'Very carefully.',
        tagList: ['training', 'dragons'],
        ...article,
      },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.article;
}

describe('article slugs', () => {
  it("are the title's words and the post id; only the id is read back", () => {
    const id = '0193f2a4-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
    expect(articleSlug('How to Train Your Dragon!', id)).toBe(`how-to-train-your-dragon-${id}`);
    expect(articleSlug('Crème brûlée', id)).toBe(`creme-brulee-${id}`);
    expect(articleSlug('???', id)).toBe(id);
    expect(articleSlug('a'.repeat(300), id).length).toBeLessThanOrEqual(60 + 1 + id.length);
    expect(postIdOfSlug(`anything-at-all-${id.toUpperCase()}`)).toBe(id);
    expect(postIdOfSlug('no-id-here')).toBeUndefined();
  });
});

describeEachDatabase('Conduit (RealWorld) API', (ctx) => {
  describe('users', () => {
    it('registers, logs in and answers the current user with a Token or Bearer header', async () => {
      const user = await register(ctx);
      expect(user).toEqual({
        email: expect.stringContaining('@example.com'),
        token: expect.any(String),
        username: expect.any(String),
        bio: null,
        image: null,
      });
      const login = await conduit<{ user: ConduitUser }>(ctx, 'POST', '/api/users/login', {
        payload: { user: { email: user.email.toUpperCase(), password: 'correct horse' } },
      });
      expect(login.status).toBe(200);
      expect(login.body.user.username).toBe(user.username);

      const current = await conduit<{ user: ConduitUser }>(ctx, 'GET', '/api/user', { token: user.token });
      expect(current.status).toBe(200);
      expect(current.body.user).toEqual({ ...user, token: user.token });
      const bearer = await request(ctx, { method: 'GET', url: '/api/user', token: user.token });
      expect(bearer.status).toBe(200);
      // Inkwell's own routes take the Token scheme too.
      const me = await conduit(ctx, 'GET', '/api/user/me', { token: user.token });
      expect(me.status).toBe(200);
    });

    it("answers errors in Conduit's shape and codes, and Inkwell's routes keep theirs", async () => {
      const anonymous = await conduit(ctx, 'GET', '/api/user');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ errors: { token: ['is missing'] } });
      const ended = await conduit(ctx, 'GET', '/api/user', { token: 'not-a-token' });
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({ errors: { token: ['is invalid'] } });

      const invalid = await conduit(ctx, 'POST', '/api/users', {
        payload: { user: { username: 'x', email: 'nope', password: '1' } },
      });
      expect(invalid.status).toBe(422);
      expect(invalid.body).toEqual({
        errors: {
          username: [expect.any(String)],
          email: ['Email address must be a valid address'],
          password: [expect.any(String)],
        },
      });
      const malformed = await conduit(ctx, 'POST', '/api/users', {
        payload: '{"user":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(422);
      expect(malformed.body).toEqual({ errors: { body: [expect.any(String)] } });

      const wrong = await conduit(ctx, 'POST', '/api/users/login', {
        payload: { user: { email: 'nobody@example.com', password: 'whatever1' } },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ errors: { credentials: ['invalid'] } });

      const inkwell = await request(ctx, { method: 'POST', url: '/api/post/blog', payload: {} });
      expect(inkwell.status).toBe(401);
      expect(inkwell.body).toEqual({ message: 'Authentication required' });
    });

    it('refuses a taken name or email (any case) with 409 on the field', async () => {
      const user = await register(ctx);
      const sameName = await conduit(ctx, 'POST', '/api/users', {
        payload: {
          user: { username: user.username.toUpperCase(), email: 'other@example.com', password: 'pass1234' },
        },
      });
      expect(sameName.status).toBe(409);
      expect(sameName.body).toEqual({ errors: { username: ['has already been taken'] } });
      const sameEmail = await conduit(ctx, 'POST', '/api/users', {
        payload: { user: { username: 'someone-else', email: user.email, password: 'pass1234' } },
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body).toEqual({ errors: { email: ['has already been taken'] } });
    });

    it('updates name, bio and picture, and refuses a picture that is no web address', async () => {
      const user = await register(ctx);
      const other = await register(ctx);
      const updated = await conduit<{ user: ConduitUser }>(ctx, 'PUT', '/api/user', {
        token: user.token,
        payload: {
          user: {
            email: user.email,
            username: `${user.username}-new`,
            bio: 'I write about dragons.',
            image: 'https://example.com/me.png',
          },
        },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.user).toMatchObject({
        username: `${user.username}-new`,
        bio: 'I write about dragons.',
        image: 'https://example.com/me.png',
      });
      // The token still works (a rename does not end sessions), and so does the new one.
      for (const token of [user.token, updated.body.user.token]) {
        expect((await conduit(ctx, 'GET', '/api/user', { token })).status).toBe(200);
      }

      const cleared = await conduit<{ user: ConduitUser }>(ctx, 'PUT', '/api/user', {
        token: user.token,
        payload: { user: { bio: null, image: '' } },
      });
      expect(cleared.body.user).toMatchObject({ bio: null, image: null });

      const refused = await conduit<{ errors: Record<string, string[]> }>(ctx, 'PUT', '/api/user', {
        token: user.token,
        payload: { user: { image: 'javascript:alert(1)' } },
      });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(['image']);
      const taken = await conduit(ctx, 'PUT', '/api/user', {
        token: user.token,
        payload: { user: { username: other.username.toUpperCase() } },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ errors: { username: ['has already been taken'] } });
    });
  });

  describe('with a personal access token', () => {
    it('reads and writes articles by its scope, but never changes the account', async () => {
      const user = await register(ctx);
      const keyFor = async (scope: 'read' | 'write') => {
        const created = await request<{ response: { token: string } }>(ctx, {
          method: 'POST',
          url: '/api/user/keys',
          token: user.token,
          payload: { name: `${scope} key`, scope },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        return created.body.response.token;
      };
      const readKey = await keyFor('read');
      const writeKey = await keyFor('write');
      expect((await conduit(ctx, 'GET', '/api/articles/feed', { token: readKey })).status).toBe(200);
      const refused = await conduit(ctx, 'POST', '/api/articles', {
        token: readKey,
        payload: { article: { title: 'T', description: 'D', body: 'B' } },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ errors: { body: [expect.any(String)] } });
      const written = await conduit(ctx, 'POST', '/api/articles', {
        token: writeKey,
        payload: { article: { title: 'T', description: 'D', body: 'B' } },
      });
      expect(written.status).toBe(201);
      const rename = await conduit(ctx, 'PUT', '/api/user', {
        token: writeKey,
        payload: { user: { bio: 'Set by a script' } },
      });
      expect(rename.status).toBe(403);
    });
  });

  describe('profiles', () => {
    it('finds people by name in any case, and follows and unfollows them', async () => {
      const reader = await register(ctx);
      const writer = await register(ctx);
      const url = `/api/profiles/${encodeURIComponent(writer.username.toUpperCase())}`;
      const seen = await conduit<{ profile: ConduitProfile }>(ctx, 'GET', url);
      expect(seen.body).toEqual({
        profile: { username: writer.username, bio: null, image: null, following: false },
      });
      const followed = await conduit<{ profile: ConduitProfile }>(ctx, 'POST', `${url}/follow`, {
        token: reader.token,
        payload: { user: { email: reader.email } },
      });
      expect(followed.body.profile.following).toBe(true);
      expect(
        (await conduit<{ profile: ConduitProfile }>(ctx, 'GET', url, { token: reader.token })).body.profile
          .following,
      ).toBe(true);
      const unfollowed = await conduit<{ profile: ConduitProfile }>(ctx, 'DELETE', `${url}/follow`, {
        token: reader.token,
      });
      expect(unfollowed.body.profile.following).toBe(false);

      expect((await conduit(ctx, 'GET', '/api/profiles/nobody-at-all')).status).toBe(404);
      expect((await conduit(ctx, 'POST', `${url}/follow`)).status).toBe(401);
      const self = await conduit(ctx, 'POST', `${url}/follow`, { token: writer.token });
      expect(self.status).toBe(422);
    });
  });

  describe('articles', () => {
    it('creates, reads, updates and deletes an article that is an Inkwell post', async () => {
      const author = await register(ctx);
      const article = await newArticle(ctx, author);
      expect(article).toEqual({
        slug: expect.stringMatching(/^how-to-train-your-dragon-[0-9a-f-]{36}$/),
        title: 'How to train your dragon',
        description: 'Ever wonder how?',
        body: 'Very carefully.',
        // In name order, whatever order the writer gave.
        tagList: ['training', 'dragons'],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: expect.any(String),
        favorited: false,
        favoritesCount: 0,
        author: { username: author.username, bio: null, image: null, following: false },
      });
      const id = postIdOfSlug(article.slug) ?? '';
      const post = await request<{ response: { title: string; status: string } }>(ctx, {
        method: 'GET',
        url: `/api/post/blog?id=${id}`,
      });
      expect(post.body.response).toMatchObject({ title: article.title, status: 'published' });

      const read = await conduit<{ article: ConduitArticle }>(ctx, 'GET', `/api/articles/${article.slug}`);
      expect(read.body.article).toEqual(article);

      const updated = await conduit<{ article: ConduitArticle }>(
        ctx,
        'PUT',
        `/api/articles/${article.slug}`,
        {
          token: author.token,
          payload: { article: { title: 'Training dragons', body: 'With two hands' } },
        },
      );
      expect(updated.status).toBe(200);
      expect(updated.body.article).toMatchObject({
        slug: `training-dragons-${id}`,
        title: 'Training dragons',
        body: 'With two hands',
        description: 'Ever wonder how?',
        tagList: ['training', 'dragons'],
      });
      // The old slug still names the article: only its id is read.
      expect((await conduit(ctx, 'GET', `/api/articles/${article.slug}`)).status).toBe(200);

      const stranger = await register(ctx);
      const forbidden = await conduit(ctx, 'PUT', `/api/articles/${article.slug}`, {
        token: stranger.token,
        payload: { article: { body: 'Mine now' } },
      });
      expect(forbidden.status).toBe(403);
      expect(
        (await conduit(ctx, 'DELETE', `/api/articles/${article.slug}`, { token: stranger.token })).status,
      ).toBe(403);
      expect((await conduit(ctx, 'PUT', `/api/articles/${article.slug}`, { payload: {} })).status).toBe(401);

      const deleted = await conduit(ctx, 'DELETE', `/api/articles/${article.slug}`, { token: author.token });
      expect(deleted.status).toBe(204);
      expect((await conduit(ctx, 'GET', `/api/articles/${article.slug}`)).status).toBe(404);
      expect((await conduit(ctx, 'GET', '/api/articles/no-such-article')).status).toBe(404);
    });

    it('validates with 422: a blank title, description or body, a tag list that is null', async () => {
      const author = await register(ctx);
      const invalid = await conduit<{ errors: Record<string, string[]> }>(ctx, 'POST', '/api/articles', {
        token: author.token,
        payload: { article: { title: ' ', description: 'x' } },
      });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors).toEqual({
        title: ["can't be blank"],
        body: ["can't be blank"],
      });
      const blank = await conduit<{ errors: Record<string, string[]> }>(ctx, 'POST', '/api/articles', {
        token: author.token,
        payload: { article: { title: 'Title', description: '', body: 'Body' } },
      });
      expect(blank.status).toBe(422);
      expect(blank.body).toEqual({ errors: { description: ["can't be blank"] } });
      const article = await newArticle(ctx, author);
      for (const change of [{ tagList: null }, { description: ' ' }, { title: null }]) {
        const refused = await conduit(ctx, 'PUT', `/api/articles/${article.slug}`, {
          token: author.token,
          payload: { article: change },
        });
        expect(refused.status, JSON.stringify(change)).toBe(422);
      }
      const untouched = await conduit<{ article: ConduitArticle }>(
        ctx,
        'GET',
        `/api/articles/${article.slug}`,
      );
      expect(untouched.body.article).toMatchObject({ title: article.title, tagList: article.tagList });
    });

    it('lists with tag, author and favorited filters, limit and offset, and a total count', async () => {
      const author = await register(ctx, 'lister');
      const fan = await register(ctx, 'fan');
      const tag = `tag${Math.random().toString(36).slice(2, 8)}`;
      const first = await newArticle(ctx, author, { title: 'First', tagList: [tag] });
      const second = await newArticle(ctx, author, { title: 'Second', tagList: [tag] });
      await newArticle(ctx, author, { title: 'Third' });

      type List = { articles: ConduitArticle[]; articlesCount: number };
      const byTag = await conduit<List>(ctx, 'GET', `/api/articles?tag=${tag}`);
      expect(byTag.body.articlesCount).toBe(2);
      expect(byTag.body.articles.map((article) => article.title)).toEqual(['Second', 'First']);
      expect(byTag.body.articles[0]).not.toHaveProperty('body');

      const byAuthor = await conduit<List>(
        ctx,
        'GET',
        `/api/articles?author=${author.username.toUpperCase()}&limit=2&offset=1`,
      );
      expect(byAuthor.body.articlesCount).toBe(3);
      expect(byAuthor.body.articles.map((article) => article.title)).toEqual(['Second', 'First']);

      await conduit(ctx, 'POST', `/api/articles/${first.slug}/favorite`, { token: fan.token });
      const favored = await conduit<{ article: ConduitArticle }>(
        ctx,
        'POST',
        `/api/articles/${second.slug}/favorite`,
        { token: fan.token, headers: { 'content-type': 'application/json' } },
      );
      expect(favored.status).toBe(200);
      expect(favored.body.article).toMatchObject({ favorited: true, favoritesCount: 1 });
      const byFan = await conduit<List>(ctx, 'GET', `/api/articles?favorited=${fan.username}`, {
        token: fan.token,
      });
      expect(byFan.body.articlesCount).toBe(2);
      expect(byFan.body.articles.every((article) => article.favorited)).toBe(true);
      const unfavored = await conduit<{ article: ConduitArticle }>(
        ctx,
        'DELETE',
        `/api/articles/${second.slug}/favorite`,
        { token: fan.token },
      );
      expect(unfavored.body.article).toMatchObject({ favorited: false, favoritesCount: 0 });

      const nobody = await conduit<List>(ctx, 'GET', '/api/articles?author=nobody-here');
      expect(nobody.body).toEqual({ articles: [], articlesCount: 0 });
      expect((await conduit(ctx, 'GET', '/api/articles?limit=0')).status).toBe(422);
      const all = await conduit<List>(ctx, 'GET', '/api/articles?limit=1');
      expect(all.body.articles).toHaveLength(1);
      expect(all.body.articlesCount).toBeGreaterThanOrEqual(3);
    });

    it('never shows drafts, and feeds the viewer the articles of the people they follow', async () => {
      const writer = await signUpUser(ctx);
      const reader = await register(ctx);
      const draft = await request<{ response: { id: string; title: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: writer.token,
        payload: { title: 'Secret draft', content: 'Not yet', status: 'draft' },
      });
      const slug = articleSlug('Secret draft', draft.body.response.id);
      expect((await conduit(ctx, 'GET', `/api/articles/${slug}`, { token: writer.token })).status).toBe(404);
      const mine = await conduit<{ articlesCount: number }>(
        ctx,
        'GET',
        `/api/articles?author=${writer.username}`,
      );
      expect(mine.body.articlesCount).toBe(0);

      const published = await createPost(ctx, writer, { title: 'Out now', content: 'Hello **readers**.' });
      type List = { articles: ConduitArticle[]; articlesCount: number };
      expect((await conduit<List>(ctx, 'GET', '/api/articles/feed', { token: reader.token })).body).toEqual({
        articles: [],
        articlesCount: 0,
      });
      await conduit(ctx, 'POST', `/api/profiles/${writer.username}/follow`, { token: reader.token });
      const feed = await conduit<List>(ctx, 'GET', '/api/articles/feed', { token: reader.token });
      expect(feed.body.articlesCount).toBe(1);
      expect(feed.body.articles[0]).toMatchObject({
        slug: articleSlug('Out now', published.id),
        description: 'Hello readers.',
        author: { username: writer.username, following: true },
      });
      expect((await conduit(ctx, 'GET', '/api/articles/feed')).status).toBe(401);
    });
  });

  describe('comments', () => {
    it('adds, lists and deletes comments; only their author (or the article’s) deletes', async () => {
      const author = await register(ctx);
      const reader = await register(ctx);
      const stranger = await register(ctx);
      const article = await newArticle(ctx, author);
      const other = await newArticle(ctx, author, { title: 'Another' });
      const url = `/api/articles/${article.slug}/comments`;

      const added = await conduit<{ comment: ConduitComment }>(ctx, 'POST', url, {
        token: reader.token,
        payload: { comment: { body: 'Thank you so much!' } },
      });
      expect(added.status).toBe(201);
      expect(added.body.comment).toEqual({
        id: expect.any(Number),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        body: 'Thank you so much!',
        author: { username: reader.username, bio: null, image: null, following: false },
      });
      const listed = await conduit<{ comments: ConduitComment[] }>(ctx, 'GET', url);
      expect(listed.body.comments).toEqual([added.body.comment]);

      const commentId = added.body.comment.id;
      const empty = await conduit(ctx, 'POST', url, {
        token: reader.token,
        payload: { comment: { body: '' } },
      });
      expect(empty.status).toBe(422);
      expect((await conduit(ctx, 'POST', url, { payload: { comment: { body: 'Hi' } } })).status).toBe(401);
      expect((await conduit(ctx, 'DELETE', `${url}/${commentId}`, { token: stranger.token })).status).toBe(
        403,
      );
      const elsewhere = await conduit(ctx, 'DELETE', `/api/articles/${other.slug}/comments/${commentId}`, {
        token: reader.token,
      });
      expect(elsewhere.status).toBe(404);
      expect((await conduit(ctx, 'DELETE', `${url}/42`, { token: reader.token })).status).toBe(404);
      const deleted = await conduit(ctx, 'DELETE', `${url}/${commentId}`, { token: reader.token });
      expect(deleted.status).toBe(204);
      expect((await conduit<{ comments: ConduitComment[] }>(ctx, 'GET', url)).body.comments).toEqual([]);
    });
  });

  describe("Inkwell's own account routes", () => {
    it('answer 409 on the username field for a name taken in any case, on sign-up and rename', async () => {
      const ada = await signUpUser(ctx, { username: `Ada ${counter++}x` });
      const signUp = await request(ctx, {
        method: 'POST',
        url: '/api/user/signup',
        payload: { username: ada.username.toUpperCase(), email: 'ada-twin@example.com', password: 'secret1' },
      });
      expect(signUp.status).toBe(409);
      expect(signUp.body).toEqual({
        message: 'This name is already taken',
        errors: { username: ['This name is already taken'] },
      });
      const other = await signUpUser(ctx);
      const rename = await request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        token: other.token,
        payload: { username: ada.username.toLowerCase() },
      });
      expect(rename.status).toBe(409);
      expect(rename.body).toMatchObject({ errors: { username: ['This name is already taken'] } });
      // Changing the case of one's own name is allowed.
      const recased = await request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        token: ada.token,
        payload: { username: ada.username.toUpperCase() },
      });
      expect(recased.status).toBe(200);
    });

    it('edit the bio and picture in settings and show them on the profile', async () => {
      const user = await signUpUser(ctx);
      const saved = await request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        token: user.token,
        payload: { bio: '  Writes about ink.  ', image: 'https://example.com/ink.png' },
      });
      expect(saved.status).toBe(200);
      const profile = await request<{ response: { bio: string | null; image: string | null } }>(ctx, {
        method: 'GET',
        url: `/api/user/profile?userId=${user.id}`,
      });
      expect(profile.body.response).toMatchObject({
        bio: 'Writes about ink.',
        image: 'https://example.com/ink.png',
      });
      const bad = await request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        token: user.token,
        payload: { image: 'data:image/png;base64,AAAA' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ errors: { image: [expect.stringContaining('http')] } });
      const cleared = await request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        token: user.token,
        payload: { bio: '', image: '' },
      });
      expect(cleared.status).toBe(200);
      const me = await request<{ response: { bio: string | null; image: string | null } }>(ctx, {
        method: 'GET',
        url: '/api/user/me',
        token: user.token,
      });
      expect(me.body.response).toMatchObject({ bio: null, image: null });
    });
  });

  describe('tags', () => {
    it("answers Conduit's tags beside Inkwell's own list on the one path", async () => {
      const author = await register(ctx);
      await newArticle(ctx, author, { tagList: ['dragons', 'training'] });
      const tags = await conduit<{ tags: string[]; response: { name: string; postCount: number }[] }>(
        ctx,
        'GET',
        '/api/tags',
      );
      expect(tags.status).toBe(200);
      expect(tags.body.tags).toEqual(expect.arrayContaining(['dragons', 'training']));
      expect(tags.body.tags).toEqual(tags.body.response.map((tag) => tag.name));
    });
  });
});
