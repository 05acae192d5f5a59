import { describe, expect, it } from 'vitest';
import type { ConduitArticle, ConduitComment, ConduitUser } from '../../contracts/conduit';
import * as commentNumbers from '../../server/db/migrations/2026-11-28-0001-comment-numbers';
import { RECENT_SIGN_IN_NEEDED_MESSAGE } from '../../contracts/conduit';
import { TokenService } from '../../server/lib/tokens';
import { listComments, postComment } from './support/conversation';
import { describeEachDatabase, request, TEST_JWT_SECRET, type ApiContext } from './support/harness';

/*
 * What the RealWorld specification (its openapi.yml, and the public API suite that checks it)
 * expects of the Conduit routes, written as our own checks: each status, key, word and type a
 * RealWorld client relies on. docs/api.md says which suite version this follows and how to run
 * the suite itself against a server.
 */

type Errors = { errors: Record<string, string[]> };

/** A Conduit call: JSON in and out, with the `Token` scheme RealWorld clients use. */
const call = <T = Errors>(
  ctx: ApiContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; payload?: unknown } = {},
) =>
  request<T>(ctx, {
    method,
    url,
    headers: options.token ? { authorization: `Token ${options.token}` } : {},
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
  });

let counter = 0;
/** A fresh name each time, in the suite's style (letters, digits and `_`). */
const uniqueName = (stem: string) => `${stem}_${++counter}${Math.random().toString(36).slice(2, 7)}`;

async function register(ctx: ApiContext, stem = 'conf'): Promise<ConduitUser> {
  const username = uniqueName(stem);
  const response = await call<{ user: ConduitUser }>(ctx, 'POST', '/api/users', {
    payload: { user: { username, email: `${username}@test.com`, password: 'password123' } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.user;
}

async function publish(
  ctx: ApiContext,
  user: ConduitUser,
  article: Partial<{ title: string; description: string; body: string; tagList: string[] }> = {},
): Promise<ConduitArticle> {
  const response = await call<{ article: ConduitArticle }>(ctx, 'POST', '/api/articles', {
    token: user.token,
    payload: { article: { title: 'A title', description: 'A line', body: 'A body', ...article } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.article;
}

describeEachDatabase('Conduit conformance', (ctx) => {
  describe('error bodies', () => {
    it('answers 401 {"errors":{"token":["is missing"]}} on every route that needs a token', async () => {
      const routes = [
        ['GET', '/api/user'],
        ['PUT', '/api/user'],
        ['GET', '/api/articles/feed'],
        ['POST', '/api/articles'],
        ['PUT', '/api/articles/some-slug'],
        ['DELETE', '/api/articles/some-slug'],
        ['POST', '/api/articles/some-slug/favorite'],
        ['DELETE', '/api/articles/some-slug/favorite'],
        ['POST', '/api/articles/some-slug/comments'],
        ['DELETE', '/api/articles/some-slug/comments/1'],
        ['POST', '/api/profiles/someone/follow'],
        ['DELETE', '/api/profiles/someone/follow'],
      ] as const;
      for (const [method, url] of routes) {
        const payload = method === 'POST' || method === 'PUT' ? { article: { body: 'x' } } : undefined;
        const answer = await call(ctx, method, url, payload ? { payload } : {});
        expect(answer.status, `${method} ${url}`).toBe(401);
        expect(answer.body, `${method} ${url}`).toEqual({ errors: { token: ['is missing'] } });
      }
      // Inkwell's own routes keep their words.
      const native = await request(ctx, { method: 'POST', url: '/api/post/blog', payload: {} });
      expect(native.status).toBe(401);
      expect(native.body).toEqual({ message: 'Authentication required' });
    });

    it('answers 404 "not found" under article, comment or profile', async () => {
      const user = await register(ctx);
      const article = await publish(ctx, user);
      const missing = 'unknown-slug-1234';
      const cases = [
        ['GET', `/api/articles/${missing}`, 'article'],
        ['PUT', `/api/articles/${missing}`, 'article'],
        ['DELETE', `/api/articles/${missing}`, 'article'],
        ['POST', `/api/articles/${missing}/favorite`, 'article'],
        ['DELETE', `/api/articles/${missing}/favorite`, 'article'],
        ['GET', `/api/articles/${missing}/comments`, 'article'],
        ['POST', `/api/articles/${missing}/comments`, 'article'],
        ['DELETE', `/api/articles/${missing}/comments/99999`, 'article'],
        ['DELETE', `/api/articles/${article.slug}/comments/99999`, 'comment'],
        ['GET', '/api/profiles/unknown-user-1234', 'profile'],
        ['POST', '/api/profiles/unknown-user-1234/follow', 'profile'],
        ['DELETE', '/api/profiles/unknown-user-1234/follow', 'profile'],
      ] as const;
      for (const [method, url, key] of cases) {
        const payload =
          method === 'PUT'
            ? { article: { body: 'x' } }
            : method === 'POST' && url.endsWith('comments')
              ? { comment: { body: 'x' } }
              : undefined;
        const answer = await call(ctx, method, url, { token: user.token, ...(payload ? { payload } : {}) });
        expect(answer.status, `${method} ${url}`).toBe(404);
        expect(answer.body, `${method} ${url}`).toEqual({ errors: { [key]: ['not found'] } });
      }
    });

    it('answers 403 "forbidden" under article or comment for someone else\'s', async () => {
      const writer = await register(ctx);
      const stranger = await register(ctx);
      const article = await publish(ctx, writer);
      const comment = await call<{ comment: { id: number } }>(
        ctx,
        'POST',
        `/api/articles/${article.slug}/comments`,
        { token: writer.token, payload: { comment: { body: "The writer's comment" } } },
      );
      expect(comment.status).toBe(201);

      const update = await call(ctx, 'PUT', `/api/articles/${article.slug}`, {
        token: stranger.token,
        payload: { article: { body: 'hijacked' } },
      });
      expect(update.status).toBe(403);
      expect(update.body).toEqual({ errors: { article: ['forbidden'] } });
      const remove = await call(ctx, 'DELETE', `/api/articles/${article.slug}`, { token: stranger.token });
      expect(remove.status).toBe(403);
      expect(remove.body).toEqual({ errors: { article: ['forbidden'] } });
      const removeComment = await call(
        ctx,
        'DELETE',
        `/api/articles/${article.slug}/comments/${comment.body.comment.id}`,
        { token: stranger.token },
      );
      expect(removeComment.status).toBe(403);
      expect(removeComment.body).toEqual({ errors: { comment: ['forbidden'] } });
      const kept = await call<{ comments: { body: string }[] }>(
        ctx,
        'GET',
        `/api/articles/${article.slug}/comments`,
      );
      expect(kept.body.comments.map((c) => c.body)).toEqual(["The writer's comment"]);
      const unchanged = await call<{ article: ConduitArticle }>(ctx, 'GET', `/api/articles/${article.slug}`);
      expect(unchanged.body.article.body).toBe('A body');
    });

    it('answers a wrong password 401 {"errors":{"credentials":["invalid"]}}', async () => {
      const user = await register(ctx);
      const wrong = await call(ctx, 'POST', '/api/users/login', {
        payload: { user: { email: user.email, password: 'wrongpassword' } },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ errors: { credentials: ['invalid'] } });
      // No enumeration: an unknown address gets the very same answer.
      const unknown = await call(ctx, 'POST', '/api/users/login', {
        payload: { user: { email: `nobody${counter}@test.com`, password: 'wrongpassword' } },
      });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
    });

    it('answers a blank field 422 "can\'t be blank" under its own key', async () => {
      const user = await register(ctx);
      const name = uniqueName('blank');
      const cases = [
        [
          '/api/users',
          { user: { username: '', email: `${name}@test.com`, password: 'password123' } },
          'username',
        ],
        ['/api/users', { user: { username: name, email: '', password: 'password123' } }, 'email'],
        ['/api/users', { user: { username: name, email: `${name}@test.com`, password: '' } }, 'password'],
        ['/api/users/login', { user: { email: '', password: 'password123' } }, 'email'],
        ['/api/users/login', { user: { email: user.email, password: '' } }, 'password'],
        ['/api/articles', { article: { title: '', description: 'd', body: 'b' } }, 'title'],
        ['/api/articles', { article: { title: 't', description: '', body: 'b' } }, 'description'],
        ['/api/articles', { article: { title: 't', description: 'd', body: '' } }, 'body'],
      ] as const;
      for (const [url, payload, key] of cases) {
        const answer = await call(ctx, 'POST', url, { token: user.token, payload });
        expect(answer.status, `${url} ${key}`).toBe(422);
        expect(answer.body.errors[key], `${url} ${key}`).toEqual(["can't be blank"]);
      }
      const article = await publish(ctx, user);
      const comment = await call(ctx, 'POST', `/api/articles/${article.slug}/comments`, {
        token: user.token,
        payload: { comment: { body: '' } },
      });
      expect(comment.status).toBe(422);
      expect(comment.body).toEqual({ errors: { body: ["can't be blank"] } });
    });

    it('answers a taken name or email 409 "has already been taken"', async () => {
      const user = await register(ctx);
      const other = uniqueName('other');
      const sameName = await call(ctx, 'POST', '/api/users', {
        payload: { user: { username: user.username, email: `${other}@test.com`, password: 'password123' } },
      });
      expect(sameName.status).toBe(409);
      expect(sameName.body).toEqual({ errors: { username: ['has already been taken'] } });
      const sameEmail = await call(ctx, 'POST', '/api/users', {
        payload: { user: { username: other, email: user.email, password: 'password123' } },
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body).toEqual({ errors: { email: ['has already been taken'] } });
    });
  });

  describe('comment ids', () => {
    it('are integers on Conduit, the same on every read, and DELETE takes them', async () => {
      const writer = await register(ctx);
      const article = await publish(ctx, writer);
      const url = `/api/articles/${article.slug}/comments`;
      const ids: number[] = [];
      for (const body of ['First comment', 'Second comment']) {
        const added = await call<{ comment: ConduitComment }>(ctx, 'POST', url, {
          token: writer.token,
          payload: { comment: { body } },
        });
        expect(added.status).toBe(201);
        expect(Number.isInteger(added.body.comment.id)).toBe(true);
        ids.push(added.body.comment.id);
      }
      expect(ids[1]).toBeGreaterThan(ids[0] ?? Infinity);
      for (const token of [writer.token, undefined]) {
        const listed = await call<{ comments: ConduitComment[] }>(ctx, 'GET', url, token ? { token } : {});
        expect(listed.body.comments.map((comment) => [comment.id, comment.body])).toEqual([
          [ids[0], 'First comment'],
          [ids[1], 'Second comment'],
        ]);
      }
      // Inkwell's own routes keep the UUID.
      const postId = article.slug.slice(-36);
      const native = await listComments(ctx, postId);
      expect(native.map((comment) => comment.id)).toEqual([
        expect.stringMatching(/^[0-9a-f-]{36}$/),
        expect.any(String),
      ]);

      expect((await call(ctx, 'DELETE', `${url}/${ids[0]}`, { token: writer.token })).status).toBe(204);
      const left = await call<{ comments: ConduitComment[] }>(ctx, 'GET', url);
      expect(left.body.comments.map((comment) => comment.body)).toEqual(['Second comment']);
      // A deleted comment's number is never given again.
      const third = await call<{ comment: ConduitComment }>(ctx, 'POST', url, {
        token: writer.token,
        payload: { comment: { body: 'Third comment' } },
      });
      expect(third.body.comment.id).toBeGreaterThan(ids[1] ?? Infinity);
      for (const id of ['0', '-1', '1.5', 'abc', '99999999999', String(ids[0])]) {
        const answer = await call(ctx, 'DELETE', `${url}/${id}`, { token: writer.token });
        expect(answer.status, id).toBe(404);
        expect(answer.body, id).toEqual({ errors: { comment: ['not found'] } });
      }
    });

    it('number the comments written before the migration in the order they were written', async () => {
      const writer = await register(ctx);
      const article = await publish(ctx, writer);
      const postId = article.slug.slice(-36);
      await commentNumbers.down(ctx.database.db);
      try {
        // Written while the column does not exist, as on a database made before it.
        for (const body of ['one', 'two', 'three']) {
          expect((await postComment(ctx, { postId, body }, writer.token)).status).toBe(201);
        }
      } finally {
        await commentNumbers.up(ctx.database.db);
      }
      const listed = await call<{ comments: ConduitComment[] }>(
        ctx,
        'GET',
        `/api/articles/${article.slug}/comments`,
      );
      const ids = listed.body.comments.map((comment) => comment.id);
      expect(listed.body.comments.map((comment) => comment.body)).toEqual(['one', 'two', 'three']);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      const next = await call<{ comment: ConduitComment }>(
        ctx,
        'POST',
        `/api/articles/${article.slug}/comments`,
        {
          token: writer.token,
          payload: { comment: { body: 'four' } },
        },
      );
      expect(next.body.comment.id).toBeGreaterThan(Math.max(...ids));
    });
  });

  describe('PUT /api/user', () => {
    const put = (token: string, user: Record<string, unknown>) =>
      call<{ user: ConduitUser } & Errors>(ctx, 'PUT', '/api/user', { token, payload: { user } });
    const login = (email: string, password: string) =>
      call<{ user: ConduitUser }>(ctx, 'POST', '/api/users/login', {
        payload: { user: { email, password } },
      });
    const me = (token: string) => call<{ user: ConduitUser }>(ctx, 'GET', '/api/user', { token });
    /** A sign-in token of the user as the app issues it, from a sign-in `minutesAgo` minutes ago. */
    const signedInAgo = async (user: ConduitUser, minutesAgo: number) => {
      const row = await ctx.database.db
        .selectFrom('users')
        .select(['id', 'token_version'])
        .where('username', '=', user.username)
        .executeTakeFirstOrThrow();
      return new TokenService(TEST_JWT_SECRET, 3600).issue({
        userId: row.id,
        version: row.token_version,
        signedInAt: Date.now() - minutesAgo * 60_000,
      });
    };
    /**
     * The undo links stored for an account's notices, by purpose: each notice to the previous
     * address carries one (the mail itself leaves through the outbox, as after Inkwell's own changes).
     */
    const undoLinks = async (user: ConduitUser) =>
      (
        await ctx.database.db
          .selectFrom('account_tokens')
          .innerJoin('users', 'users.id', 'account_tokens.user_id')
          .select(['account_tokens.purpose', 'account_tokens.new_email'])
          .where('users.username', '=', user.username)
          .where('account_tokens.purpose', 'in', ['undo-email', 'undo-password'])
          .execute()
      ).map((row) => [row.purpose, row.new_email]);

    it('refuses a blank or null email, username or password with 422 "can\'t be blank"', async () => {
      const user = await register(ctx);
      for (const field of ['email', 'username', 'password']) {
        for (const value of ['', null]) {
          const answer = await put(user.token, { [field]: value });
          expect(answer.status, `${field}: ${String(value)}`).toBe(422);
          expect(answer.body, `${field}: ${String(value)}`).toEqual({
            errors: { [field]: ["can't be blank"] },
          });
        }
      }
      const short = await put(user.token, { password: 'short7c' });
      expect(short.status).toBe(422);
      expect(short.body.errors.password).toEqual(['is too short (at least 8 characters)']);
      expect((await me(user.token)).body.user).toMatchObject({ username: user.username, email: user.email });
    });

    it('applies a new name and email within minutes of signing in; the notice goes to the old address', async () => {
      const user = await register(ctx);
      // Another sign-in (a minute earlier, or within the same second it would be the very same token).
      const elsewhere = await signedInAgo(user, 1);
      const username = `${user.username}_upd`;
      const email = `${user.username}_upd@test.com`;
      const answer = await put(user.token, { username, email });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.user).toMatchObject({ username, email, bio: null, image: null });
      expect(typeof answer.body.user.token).toBe('string');
      // The client goes on with its token; every other session has ended.
      expect((await me(answer.body.user.token)).body.user).toMatchObject({ username, email });
      expect((await me(user.token)).status).toBe(200);
      expect((await me(elsewhere)).status).toBe(401);
      expect((await login(email, 'password123')).status).toBe(200);
      expect((await login(user.email, 'password123')).status).toBe(401);
      expect(await undoLinks({ ...user, username })).toEqual([['undo-email', user.email]]);
      // Signing out everywhere ends the kept token too.
      const out = await request(ctx, {
        method: 'POST',
        url: '/api/user/signout-everywhere',
        token: user.token,
      });
      expect(out.status).toBe(200);
      expect((await me(user.token)).status).toBe(401);
    });

    it('applies a new password within minutes of signing in, and the token goes on working', async () => {
      const user = await register(ctx);
      // Another sign-in (a minute earlier, or within the same second it would be the very same token).
      const elsewhere = await signedInAgo(user, 1);
      expect((await put(user.token, { password: 'bonjour1' })).status).toBe(200);
      expect((await me(elsewhere)).status).toBe(401);
      const longest = 'a'.repeat(64);
      expect((await put(user.token, { password: longest })).status).toBe(200);
      expect((await login(user.email, 'bonjour1')).status).toBe(401);
      expect((await login(user.email, longest)).status).toBe(200);
      expect(await undoLinks(user)).toEqual([
        ['undo-password', null],
        ['undo-password', null],
      ]);
    });

    it('needs the current password long after signing in, with a clear 422', async () => {
      const user = await register(ctx);
      const old = await signedInAgo(user, 20);
      for (const change of [{ email: `${user.username}_new@test.com` }, { password: 'a new password' }]) {
        const refused = await put(old, change);
        expect(refused.status).toBe(422);
        expect(refused.body).toEqual({ errors: { currentPassword: [RECENT_SIGN_IN_NEEDED_MESSAGE] } });
        const wrong = await put(old, { ...change, currentPassword: 'not my password' });
        expect(wrong.status).toBe(422);
        expect(Object.keys(wrong.body.errors)).toEqual(['currentPassword']);
      }
      expect((await me(old)).body.user.email).toBe(user.email);
      expect((await login(user.email, 'password123')).status).toBe(200);
      // The same address sent back (clients send the whole form) and the bio need nothing.
      const form = await put(old, { email: user.email, bio: 'Still here' });
      expect(form.status).toBe(200);
      expect(form.body.user.bio).toBe('Still here');
      const email = `${user.username}_new@test.com`;
      const proven = await put(old, { email, currentPassword: 'password123' });
      expect(proven.status, JSON.stringify(proven.body)).toBe(200);
      expect(proven.body.user.email).toBe(email);
    });

    it('refuses an address another account uses with 409, changing nothing', async () => {
      const user = await register(ctx);
      const other = await register(ctx);
      const taken = await put(user.token, {
        email: other.email.toUpperCase(),
        username: `${user.username}_x`,
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ errors: { email: ['has already been taken'] } });
      expect((await me(user.token)).body.user).toMatchObject({ username: user.username, email: user.email });
    });
  });

  describe('tags', () => {
    it("keep the names as typed, in the writer's order, each with an address of its own", async () => {
      const writer = await register(ctx);
      const n = counter;
      const typed = [`Zeta_Tag${n}`, `alpha tag${n}`, `X${n}C++`, `X${n}C`, `Crème ${n}#`];
      const article = await publish(ctx, writer, { tagList: typed });
      expect(article.tagList).toEqual(typed);
      const read = await call<{ article: ConduitArticle }>(ctx, 'GET', `/api/articles/${article.slug}`);
      expect(read.body.article.tagList).toEqual(typed);
      // Inkwell's own answer carries the addresses, and C++ and C are two topics.
      const stored = await ctx.database.db
        .selectFrom('posts')
        .select('tags')
        .where('id', '=', article.slug.slice(-36))
        .executeTakeFirstOrThrow();
      expect(stored.tags.split(' ')).toEqual([
        `zeta-tag${n}`,
        `alpha-tag${n}`,
        `x${n}c++`,
        `x${n}c`,
        `crème-${n}#`,
      ]);
      // Names are looked up without regard to case; C finds C's articles, not C++'s.
      const other = await publish(ctx, writer, { title: 'Only C', tagList: [`x${n}c`] });
      expect(other.tagList).toEqual([`X${n}C`]);
      const byName = await call<{ articles: ConduitArticle[] }>(
        ctx,
        'GET',
        `/api/articles?tag=${encodeURIComponent(`ZETA_TAG${n}`)}`,
      );
      expect(byName.body.articles.map((a) => a.slug)).toEqual([article.slug]);
      const c = await call<{ articles: ConduitArticle[] }>(
        ctx,
        'GET',
        `/api/articles?tag=${encodeURIComponent(`x${n}C`)}`,
      );
      expect(c.body.articles.map((a) => a.slug)).toEqual([other.slug, article.slug]);
      const cpp = await call<{ articles: ConduitArticle[] }>(
        ctx,
        'GET',
        `/api/articles?tag=${encodeURIComponent(`X${n}c++`)}`,
      );
      expect(cpp.body.articles.map((a) => a.slug)).toEqual([article.slug]);
      const tags = await call<{ tags: string[] }>(ctx, 'GET', '/api/tags?limit=100');
      expect(tags.body.tags).toEqual(expect.arrayContaining(typed));
      expect(tags.body.tags.every((tag) => typeof tag === 'string')).toBe(true);
    });

    it('show a topic written before names were kept by its address', async () => {
      const writer = await register(ctx);
      const name = `Old Topic ${counter}`;
      const created = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: writer.token,
        payload: { title: 'Native', content: 'Written in Inkwell', tags: [name], status: 'published' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const listed = () =>
        call<{ articles: ConduitArticle[] }>(ctx, 'GET', `/api/articles?author=${writer.username}`);
      // Inkwell's own writers' names are kept too.
      expect((await listed()).body.articles[0]?.tagList).toEqual([name]);
      // A topic from before names were kept has none (migration 2026-11-28-0202 added the column).
      await ctx.database.db
        .updateTable('tags')
        .set({ label: null })
        .where('name', '=', `old-topic-${counter}`)
        .execute();
      expect((await listed()).body.articles[0]?.tagList).toEqual([`old-topic-${counter}`]);
    });
  });
});
