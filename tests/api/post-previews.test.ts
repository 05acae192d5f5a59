import { expect, it } from 'vitest';
import {
  PREVIEW_LINK_NOT_FOUND_MESSAGE,
  PREVIEW_LINKS_LIMIT_MESSAGE,
  PREVIEW_LINKS_PER_POST,
  PREVIEW_NOT_FOUND_MESSAGE,
  PREVIEW_OF_PUBLISHED_MESSAGE,
  type PreviewLink,
} from '../../contracts/post-previews';
import type { Post, ReadablePost } from '../../contracts/posts';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { metaContent, sourcePages, templateWebDir } from './support/pages';
import { addMember, createPublication } from './support/publications';

const PUBLIC_URL = 'http://inkwell.test';
const webDir = templateWebDir();

type Answer<T> = { response: T; message?: string; errors?: Record<string, string[]> };

async function draftOf(
  ctx: ApiContext,
  author: TestUser,
  extra: Record<string, unknown> = {},
): Promise<Post> {
  const created = await request<Answer<Post>>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: author.token,
    payload: { title: 'Not out yet', content: 'A *first* try.', status: 'draft', ...extra },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.response;
}

const makeLink = (ctx: ApiContext, who: TestUser, postId: string, payload: Record<string, unknown> = {}) =>
  request<Answer<PreviewLink>>(ctx, {
    method: 'POST',
    url: `/api/post/previews?id=${postId}`,
    token: who.token,
    payload,
  });

const linksOf = (ctx: ApiContext, who: TestUser, postId: string) =>
  request<Answer<PreviewLink[]>>(ctx, {
    method: 'GET',
    url: `/api/post/previews?id=${postId}`,
    token: who.token,
  });

const tokenOf = (link: PreviewLink) => new URL(link.url).searchParams.get('token')!;

const readByToken = (ctx: ApiContext, token: string) =>
  request<Answer<ReadablePost>>(ctx, {
    method: 'GET',
    url: `/api/post/preview?token=${encodeURIComponent(token)}`,
  });

describeEachDatabase(
  'preview links',
  (ctx) => {
    it('shows a draft to whoever has the link, privately, until the link is revoked', async () => {
      const author = await signUpUser(ctx);
      const draft = await draftOf(ctx, author);
      const made = await makeLink(ctx, author, draft.id);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const link = made.body.response;
      expect(link).toMatchObject({ postId: draft.id, expiresAt: null });
      expect(link.url).toMatch(/^http:\/\/inkwell\.test\/preview\?token=[A-Za-z0-9_-]{32}$/);

      // Nobody else reads the draft by its id; the link's holder, signed in or not, does.
      expect((await request(ctx, { method: 'GET', url: `/api/post/blog?id=${draft.id}` })).status).toBe(404);
      const read = await readByToken(ctx, tokenOf(link));
      expect(read.status).toBe(200);
      expect(read.body.response).toMatchObject({ id: draft.id, title: 'Not out yet', status: 'draft' });
      expect(read.body.response.contentHtml).toContain('<em>first</em>');
      expect(read.headers['cache-control']).toBe('private, no-store');
      expect(read.headers['referrer-policy']).toBe('no-referrer');

      expect((await linksOf(ctx, author, draft.id)).body.response.map((row) => row.id)).toEqual([link.id]);
      const revoked = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/previews?linkId=${link.id}`,
        token: author.token,
      });
      expect(revoked.status).toBe(204);
      const gone = await readByToken(ctx, tokenOf(link));
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(PREVIEW_NOT_FOUND_MESSAGE);
      expect((await linksOf(ctx, author, draft.id)).body.response).toEqual([]);
    });

    it('lets a link expire, and answers a published post for a link made before', async () => {
      const author = await signUpUser(ctx);
      const draft = await draftOf(ctx, author);
      const made = await makeLink(ctx, author, draft.id, { expiresInDays: 7 });
      expect(made.status).toBe(201);
      const expiresAt = Date.parse(made.body.response.expiresAt!);
      expect(expiresAt - Date.parse(made.body.response.createdAt)).toBe(7 * 24 * 60 * 60_000);
      // An expired link: its row moved into the past.
      await ctx.database.db
        .updateTable('post_previews')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', made.body.response.id)
        .execute();
      expect((await readByToken(ctx, tokenOf(made.body.response))).status).toBe(404);
      expect((await linksOf(ctx, author, draft.id)).body.response).toEqual([]);

      const kept = (await makeLink(ctx, author, draft.id)).body.response;
      const published = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${draft.id}`,
        token: author.token,
        payload: { title: 'Out now', content: 'Done.', status: 'published' },
      });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect((await readByToken(ctx, tokenOf(kept))).body.response).toMatchObject({ status: 'published' });
      // A published post needs no preview link.
      const refused = await makeLink(ctx, author, draft.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(PREVIEW_OF_PUBLISHED_MESSAGE);
    });

    it("is the post's writers' and editors' alone: others get 404, bad input 400, the eleventh link 409", async () => {
      const owner = await signUpUser(ctx);
      const writer = await signUpUser(ctx);
      const editor = await signUpUser(ctx);
      const stranger = await signUpUser(ctx);
      const slug = `previews-${Date.now()}`;
      await createPublication(ctx, owner, slug);
      await addMember(ctx, owner, slug, writer, 'writer');
      await addMember(ctx, owner, slug, editor, 'editor');
      const draft = await draftOf(ctx, writer, { publication: slug });

      expect((await makeLink(ctx, stranger, draft.id)).status).toBe(404);
      expect((await linksOf(ctx, stranger, draft.id)).status).toBe(404);
      expect((await makeLink(ctx, { ...stranger, token: '' }, draft.id)).status).toBe(401);
      const writers = (await makeLink(ctx, writer, draft.id)).body.response;
      // A publication's editor sees, makes and revokes the draft's links.
      expect((await linksOf(ctx, editor, draft.id)).body.response.map((row) => row.id)).toEqual([writers.id]);
      const strangersRevoke = await request<Answer<never>>(ctx, {
        method: 'DELETE',
        url: `/api/post/previews?linkId=${writers.id}`,
        token: stranger.token,
      });
      expect(strangersRevoke.status).toBe(404);
      expect(strangersRevoke.body.message).toBe(PREVIEW_LINK_NOT_FOUND_MESSAGE);
      expect(
        (
          await request(ctx, {
            method: 'DELETE',
            url: `/api/post/previews?linkId=${writers.id}`,
            token: editor.token,
          })
        ).status,
      ).toBe(204);

      for (const expiresInDays of [0, 91, 1.5, 'seven']) {
        const bad = await makeLink(ctx, writer, draft.id, { expiresInDays });
        expect(bad.status, String(expiresInDays)).toBe(400);
        expect(Object.keys(bad.body.errors ?? {})).toEqual(['expiresInDays']);
      }
      expect((await makeLink(ctx, writer, 'not-an-id')).status).toBe(404);
      for (const token of ['', 'x'.repeat(65), 'unknown']) {
        const unknown = await request<Answer<never>>(ctx, {
          method: 'GET',
          url: `/api/post/preview?token=${token}`,
        });
        expect(unknown.status, token).toBe(token === '' || token.length > 64 ? 400 : 404);
        expect(unknown.body.message).toContain(PREVIEW_NOT_FOUND_MESSAGE);
      }

      for (let made = 0; made < PREVIEW_LINKS_PER_POST; made += 1) {
        expect((await makeLink(ctx, writer, draft.id)).status).toBe(201);
      }
      const eleventh = await makeLink(ctx, editor, draft.id);
      expect(eleventh.status).toBe(409);
      expect(eleventh.body.message).toBe(PREVIEW_LINKS_LIMIT_MESSAGE);
    });

    it('shows nothing of a post the operators hid, nor of a deleted one', async () => {
      const author = await signUpUser(ctx);
      const draft = await draftOf(ctx, author);
      const link = (await makeLink(ctx, author, draft.id)).body.response;
      await ctx.database.db
        .updateTable('posts')
        .set({ hidden_at: new Date().toISOString() })
        .where('id', '=', draft.id)
        .execute();
      expect((await readByToken(ctx, tokenOf(link))).status).toBe(404);
      await ctx.database.db
        .updateTable('posts')
        .set({ hidden_at: null })
        .where('id', '=', draft.id)
        .execute();
      expect((await readByToken(ctx, tokenOf(link))).status).toBe(200);
      const deleted = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/blog/delete?id=${draft.id}`,
        token: author.token,
      });
      expect(deleted.status).toBe(200);
      expect((await readByToken(ctx, tokenOf(link))).status).toBe(404);
      const rows = await ctx.database.db
        .selectFrom('post_previews')
        .selectAll()
        .where('post_id', '=', draft.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it('renders the preview page for the link, marked, kept from search engines and shared caches', async () => {
      const author = await signUpUser(ctx);
      const draft = await draftOf(ctx, author);
      const link = (await makeLink(ctx, author, draft.id)).body.response;
      const page = await request<string>(ctx, { method: 'GET', url: `/preview?token=${tokenOf(link)}` });
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(metaContent(page.body, 'name', 'robots')).toBe('noindex');
      expect(page.body).toContain('Not out yet');
      expect(page.body).toContain('<em>first</em>');
      expect(page.body).toContain('Preview');

      const unknown = await request<string>(ctx, { method: 'GET', url: '/preview?token=nothing-here' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toContain(PREVIEW_NOT_FOUND_MESSAGE);

      // Published since: the link leads to the post's own page.
      await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${draft.id}`,
        token: author.token,
        payload: { title: 'Not out yet', content: 'A *first* try.', status: 'published' },
      });
      const moved = await request<string>(ctx, { method: 'GET', url: `/preview?token=${tokenOf(link)}` });
      expect(moved.status).toBe(302);
      expect(moved.headers.location).toBe(`/readblog?id=${draft.id}`);
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
