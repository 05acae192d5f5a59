import { describe, expect, it } from 'vitest';
import type { HandleSuggestion } from '../../contracts/handles';
import type { Comment } from '../../contracts/comments';
import type { Page, Post } from '../../contracts/posts';
import { DEMO_AUTHOR_EMAIL, seedDemoContent } from '../../server/seed/demo-content';
import { addComment } from './support/conversation';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { attributeValues, sourcePages, templateWebDir, titleOf } from './support/pages';
import { createPost } from './support/posts';

const PUBLIC_URL = 'http://inkwell.test';
const webDir = templateWebDir();

/** A name unique to this run, so every test's people start with their own letters. */
let run = 0;
const fresh = (stem: string) => `${stem}${(run += 1)}${Math.random().toString(36).slice(2, 6)}`;

async function signUpWithHandle(ctx: ApiContext, username: string, handle: string): Promise<TestUser> {
  const answer = await request<{ jwt: string; userId: string }>(ctx, {
    method: 'POST',
    url: '/api/user/signup',
    payload: { username, handle, email: `${handle}@example.com`, password: 'correct horse battery' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return {
    id: answer.body.userId,
    token: answer.body.jwt,
    username,
    email: `${handle}@example.com`,
    password: '',
  };
}

function lookup(ctx: ApiContext, query: string, token?: string) {
  return request<{ response: HandleSuggestion[] }>(ctx, {
    method: 'GET',
    url: `/api/user/handles?${query}`,
    ...(token ? { token } : {}),
  });
}

const handlesOf = (answer: { body: { response: HandleSuggestion[] } }) =>
  answer.body.response.map((person) => person.handle);

describeEachDatabase(
  'handles: @ suggestions, authors by handle, /@handle',
  (ctx) => {
    describe('GET /api/user/handles', () => {
      it('answers signed-in people only', async () => {
        expect((await lookup(ctx, 'prefix=a')).status).toBe(401);
        const asker = await signUpUser(ctx);
        expect((await lookup(ctx, 'prefix=a', asker.token)).status).toBe(200);
      });

      it('refuses a missing, empty or too long prefix and a limit out of range with 400', async () => {
        const asker = await signUpUser(ctx);
        for (const query of ['', 'prefix=', 'prefix=%20', `prefix=${'a'.repeat(31)}`, 'prefix=a&limit=0']) {
          const answer = await lookup(ctx, query, asker.token);
          expect(answer.status, query).toBe(400);
        }
        for (const query of ['prefix=a&limit=21', 'prefix=a&limit=x', 'prefix=a&postId=not-an-id']) {
          expect((await lookup(ctx, query, asker.token)).status, query).toBe(400);
        }
      });

      it('matches handles and names without regard to case, and answers at most limit people', async () => {
        const stem = fresh('zq');
        const asker = await signUpUser(ctx);
        const people = [
          await signUpWithHandle(ctx, 'Ana Lima', `${stem}_ana`),
          await signUpWithHandle(ctx, 'Bo Reed', `${stem}_bo`),
          await signUpWithHandle(ctx, 'Cy Mund', `${stem}_cy`),
        ];
        const all = await lookup(ctx, `prefix=${stem.toUpperCase()}`, asker.token);
        expect(all.status).toBe(200);
        expect(handlesOf(all)).toEqual([`${stem}_ana`, `${stem}_bo`, `${stem}_cy`]);
        expect(all.body.response[0]).toEqual({
          id: people[0]?.id,
          username: 'Ana Lima',
          handle: `${stem}_ana`,
        });
        // `@` typed first is no part of the handle.
        expect(handlesOf(await lookup(ctx, `prefix=%40${stem}_B`, asker.token))).toEqual([`${stem}_bo`]);
        expect(handlesOf(await lookup(ctx, `prefix=${stem}&limit=2`, asker.token))).toEqual([
          `${stem}_ana`,
          `${stem}_bo`,
        ]);
        // By name: a display name whose handle starts otherwise.
        const named = await signUpWithHandle(ctx, `${stem.toUpperCase()} Named`, fresh('other'));
        const byName = await lookup(ctx, `prefix=${stem}%20n`, asker.token);
        expect(byName.body.response.map((person) => person.id)).toEqual([named.id]);
      });

      it('never lists the asker, or anyone blocked either way', async () => {
        const stem = fresh('bk');
        const asker = await signUpWithHandle(ctx, 'Asker', `${stem}_asker`);
        const blocked = await signUpWithHandle(ctx, 'Blocked', `${stem}_blocked`);
        const blocker = await signUpWithHandle(ctx, 'Blocker', `${stem}_blocker`);
        await signUpWithHandle(ctx, 'Kept', `${stem}_kept`);
        for (const [who, whom] of [
          [asker, blocked],
          [blocker, asker],
        ] as const) {
          const answer = await request(ctx, {
            method: 'POST',
            url: `/api/user/block?userId=${whom.id}`,
            token: who.token,
          });
          expect(answer.status).toBe(200);
        }
        expect(handlesOf(await lookup(ctx, `prefix=${stem}`, asker.token))).toEqual([`${stem}_kept`]);
        // The others still see them.
        const other = await signUpUser(ctx);
        expect(handlesOf(await lookup(ctx, `prefix=${stem}`, other.token))).toEqual([
          `${stem}_asker`,
          `${stem}_blocked`,
          `${stem}_blocker`,
          `${stem}_kept`,
        ]);
      });

      it("puts the post's author and commenters first", async () => {
        const stem = fresh('dq');
        const asker = await signUpUser(ctx);
        await signUpWithHandle(ctx, 'Aa Outside', `${stem}_aa`);
        const author = await signUpWithHandle(ctx, 'Zz Author', `${stem}_zz`);
        const commenter = await signUpWithHandle(ctx, 'Yy Commenter', `${stem}_yy`);
        const post = await createPost(ctx, author, { title: 'Discussed' });
        await addComment(ctx, commenter, post.id, 'First!');
        const answer = await lookup(ctx, `prefix=${stem}&postId=${post.id}`, asker.token);
        expect(handlesOf(answer)).toEqual([`${stem}_yy`, `${stem}_zz`, `${stem}_aa`]);
      });
    });

    describe("authors' handles in the API's answers", () => {
      it('posts and comments carry their authors’ handles; replies too', async () => {
        const stem = fresh('au');
        const author = await signUpWithHandle(ctx, 'Post Writer', `${stem}_writer`);
        const reader = await signUpWithHandle(ctx, 'Comment Writer', `${stem}_reader`);
        const post = await createPost(ctx, author, { title: 'Handled' });
        expect(post.author).toEqual({
          id: author.id,
          username: 'Post Writer',
          handle: `${stem}_writer`,
          picture: null,
        });
        const comment = await addComment(ctx, reader, post.id, `Hello @${stem}_writer`);
        expect(comment.author).toEqual({
          id: reader.id,
          username: 'Comment Writer',
          handle: `${stem}_reader`,
          picture: null,
        });
        // The mention links to the /@handle address.
        expect(comment.bodyHtml).toContain(`<a class="mention" href="/@${stem}_writer">@${stem}_writer</a>`);
        const reply = await addComment(ctx, author, post.id, 'Thanks', comment.id);
        expect(reply.author?.handle).toBe(`${stem}_writer`);
        const list = await request<Page<Comment>>(ctx, {
          method: 'GET',
          url: `/api/post/comments?postId=${post.id}`,
        });
        expect(list.body.response[0]?.author?.handle).toBe(`${stem}_reader`);
        const posts = await request<Page<Post>>(ctx, {
          method: 'GET',
          url: `/api/post/profile?userId=${author.id}`,
        });
        expect(posts.body.response[0]?.author.handle).toBe(`${stem}_writer`);
      });
    });

    describe('/@handle', () => {
      it('is the profile page, by handle in any case, with /@handle as its canonical address', async () => {
        const stem = fresh('pg');
        const person = await signUpWithHandle(ctx, 'Page Person', `${stem}_page`);
        await createPost(ctx, person, { title: 'On the profile' });
        const canonical = `${PUBLIC_URL}/@${stem}_page`;
        for (const url of [
          `/@${stem}_page`,
          `/@${stem.toUpperCase()}_PAGE`,
          `/profile?userId=${person.id}`,
        ]) {
          const answer = await request(ctx, { method: 'GET', url });
          expect(answer.status, url).toBe(200);
          const html = answer.raw.body;
          expect(titleOf(html), url).toBe('Page Person · Inkwell');
          expect(attributeValues(html, /<link rel="canonical"[^>]*>/, 'href'), url).toEqual([canonical]);
          expect(html).toContain('On the profile');
        }
      });

      it('answers a handle nobody holds with a 404 "User not found", and a segment without @ as before', async () => {
        const unknown = await request(ctx, { method: 'GET', url: `/@${fresh('nobody')}` });
        expect(unknown.status).toBe(404);
        expect(titleOf(unknown.raw.body)).toBe('User not found · Inkwell');
        for (const url of ['/@', '/@has%20space', '/nobody_here', '/no-such-page']) {
          const answer = await request(ctx, { method: 'GET', url });
          expect(answer.status, url).toBe(404);
        }
        expect(titleOf((await request(ctx, { method: 'GET', url: '/nobody_here' })).raw.body)).toBe(
          'Page not found · Inkwell',
        );
      });

      it('is the address of people in the sitemap and the feeds', async () => {
        const stem = fresh('sm');
        const person = await signUpWithHandle(ctx, 'Mapped Writer', `${stem}_map`);
        await createPost(ctx, person, { title: 'Mapped' });
        const feed = await request(ctx, { method: 'GET', url: `/atom.xml?userId=${person.id}` });
        expect(feed.raw.body).toContain(`${PUBLIC_URL}/@${stem}_map`);
        const index = await request(ctx, { method: 'GET', url: '/sitemap.xml' });
        const profileMaps = [...index.raw.body.matchAll(/<loc>([^<]*profiles[^<]*)<\/loc>/g)].map(
          (m) => m[1] ?? '',
        );
        const bodies = await Promise.all(
          profileMaps.map(
            async (loc) => (await request(ctx, { method: 'GET', url: loc.replace(PUBLIC_URL, '') })).raw.body,
          ),
        );
        expect(bodies.join('\n')).toContain(`<loc>${PUBLIC_URL}/@${stem}_map</loc>`);
      });
    });

    describe('the demo author', () => {
      it('gets the handle inkwell_team from the seed, so its byline has a /@ address', async () => {
        await seedDemoContent(ctx.database.db);
        const row = await ctx.database.db
          .selectFrom('users')
          .select('handle')
          .where('email_key', '=', DEMO_AUTHOR_EMAIL)
          .executeTakeFirstOrThrow();
        expect(row.handle).toBe('inkwell_team');
        expect((await request(ctx, { method: 'GET', url: '/@inkwell_team' })).status).toBe(200);
      });
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
