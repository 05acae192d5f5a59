import { expect, it } from 'vitest';
import {
  ALREADY_AUTHOR_MESSAGE,
  ALREADY_INVITED_MESSAGE,
  COAUTHOR_DELETE_MESSAGE,
  COAUTHOR_MOVE_MESSAGE,
  FIRST_AUTHOR_ONLY_MESSAGE,
  TOO_MANY_AUTHORS_MESSAGE,
  WRITER_NOT_FOUND_MESSAGE,
  type CoauthorInvitation,
  type PendingCoauthorInvitation,
  type PostAuthors,
} from '../../contracts/coauthors';
import { articleSlug } from '../../contracts/conduit';
import { notificationText, type NotificationGroup } from '../../contracts/notifications';
import type { Page, Post, ReadablePost } from '../../contracts/posts';
import type { Membership } from '../../contracts/publications';
import {
  describeEachDatabase,
  handleOf,
  request,
  signUpUser,
  type ApiContext,
  type TestUser,
} from './support/harness';
import { scriptBlocks, sourcePages, templateWebDir } from './support/pages';
import { createPost } from './support/posts';
import { createPublication } from './support/publications';
import { at, parseXml, text } from './support/xml';

const PUBLIC_URL = 'http://inkwell.test';
const webDir = templateWebDir();

type Answer<T> = { response: T; message?: string; errors?: Record<string, string[]> };

const invite = (ctx: ApiContext, who: TestUser, postId: string, name: string) =>
  request<Answer<CoauthorInvitation>>(ctx, {
    method: 'POST',
    url: `/api/post/authors?id=${postId}`,
    token: who.token,
    payload: { who: name },
  });

const answer = (ctx: ApiContext, who: TestUser, postId: string, choice: 'accept' | 'decline') =>
  request<Answer<Post>>(ctx, {
    method: 'POST',
    url: `/api/user/coauthor-invitations/${choice}?id=${postId}`,
    token: who.token,
  });

const authorsOf = (ctx: ApiContext, who: TestUser, postId: string) =>
  request<Answer<PostAuthors>>(ctx, {
    method: 'GET',
    url: `/api/post/authors?id=${postId}`,
    token: who.token,
  });

const readPost = (ctx: ApiContext, postId: string, who?: TestUser) =>
  request<Answer<ReadablePost>>(ctx, {
    method: 'GET',
    url: `/api/post/blog?id=${postId}`,
    ...(who ? { token: who.token } : {}),
  });

const edit = (ctx: ApiContext, who: TestUser, postId: string, payload: Record<string, unknown>) =>
  request<Answer<Post>>(ctx, {
    method: 'PUT',
    url: `/api/post/blog?id=${postId}`,
    token: who.token,
    payload,
  });

/** `first` invites `other` by handle and `other` accepts. */
async function coWrite(ctx: ApiContext, first: TestUser, other: TestUser, postId: string): Promise<Post> {
  const invited = await invite(ctx, first, postId, `@${await handleOf(ctx, other.id)}`);
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const accepted = await answer(ctx, other, postId, 'accept');
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return accepted.body.response;
}

async function draftOf(ctx: ApiContext, author: TestUser, title = 'Written together'): Promise<Post> {
  const created = await request<Answer<Post>>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: author.token,
    payload: { title, content: 'Two voices.', status: 'draft' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.response;
}

describeEachDatabase(
  'co-authors',
  (ctx) => {
    it('invites by handle, tells the writer, and makes them a co-author once they accept', async () => {
      const ada = await signUpUser(ctx, { username: 'Ada Lead' });
      const bo = await signUpUser(ctx, { username: 'Bo Second' });
      const draft = await draftOf(ctx, ada);

      const invited = await invite(ctx, ada, draft.id, `@${(await handleOf(ctx, bo.id)).toUpperCase()}`);
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      expect(invited.body.response).toMatchObject({
        writer: { id: bo.id, username: 'Bo Second' },
        state: 'pending',
      });

      // Bo hears of it, with the draft's title, and sees it waiting.
      const bell = await request<Page<NotificationGroup>>(ctx, {
        method: 'GET',
        url: '/api/notifications',
        token: bo.token,
      });
      const line = bell.body.response.find((group) => group.kind === 'coauthor');
      expect(line && notificationText(line)).toBe('Ada Lead invited you to co-write “Written together”');
      const pending = await request<Answer<PendingCoauthorInvitation[]>>(ctx, {
        method: 'GET',
        url: '/api/user/coauthor-invitations',
        token: bo.token,
      });
      expect(pending.body.response).toEqual([
        {
          post: {
            id: draft.id,
            title: 'Written together',
            status: 'draft',
            author: expect.objectContaining({ id: ada.id }),
          },
          invitedAt: expect.any(String),
        },
      ]);
      // Not a co-author yet: the draft is not theirs to read or edit.
      expect((await readPost(ctx, draft.id, bo)).status).toBe(404);
      expect((await edit(ctx, bo, draft.id, { title: 'Mine', content: 'x' })).status).toBe(404);

      const accepted = await answer(ctx, bo, draft.id, 'accept');
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.response.authors.map((author) => author.id)).toEqual([ada.id, bo.id]);
      expect(accepted.body.response.author.id).toBe(ada.id);
      // Answered: the bell's line and the waiting list are empty.
      const after = await request<Page<NotificationGroup>>(ctx, {
        method: 'GET',
        url: '/api/notifications',
        token: bo.token,
      });
      expect(after.body.response.filter((group) => group.kind === 'coauthor')).toEqual([]);
      const none = await request<Answer<PendingCoauthorInvitation[]>>(ctx, {
        method: 'GET',
        url: '/api/user/coauthor-invitations',
        token: bo.token,
      });
      expect(none.body.response).toEqual([]);

      // Bo reads and edits the draft, and finds it among their drafts.
      expect((await readPost(ctx, draft.id, bo)).status).toBe(200);
      const edited = await edit(ctx, bo, draft.id, {
        title: 'Written together, edited',
        content: 'Two voices, one post.',
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.response).toMatchObject({
        title: 'Written together, edited',
        authorId: ada.id,
        status: 'draft',
      });
      const drafts = await request<Page<Post>>(ctx, {
        method: 'GET',
        url: '/api/post/drafts',
        token: bo.token,
      });
      expect(drafts.body.response.map((post) => post.id)).toContain(draft.id);

      // Published, it is on both profiles with both authors; readers see the same.
      const published = await edit(ctx, ada, draft.id, {
        title: 'Written together, edited',
        content: 'Two voices, one post.',
        status: 'published',
      });
      expect(published.status).toBe(200);
      for (const writer of [ada, bo]) {
        const profile = await request<Page<Post>>(ctx, {
          method: 'GET',
          url: `/api/post/profile?userId=${writer.id}`,
        });
        const listed = profile.body.response.find((post) => post.id === draft.id);
        expect(
          listed?.authors.map((author) => author.username),
          writer.username,
        ).toEqual(['Ada Lead', 'Bo Second']);
      }
      const all = await request<Page<Post>>(ctx, { method: 'GET', url: '/api/post/blog/all' });
      expect(all.body.response.find((post) => post.id === draft.id)?.authors).toHaveLength(2);
      const read = await readPost(ctx, draft.id);
      expect(read.body.response.authors.map((author) => author.id)).toEqual([ada.id, bo.id]);

      const listing = await authorsOf(ctx, ada, draft.id);
      expect(listing.body.response).toEqual({
        authors: [expect.objectContaining({ id: ada.id }), expect.objectContaining({ id: bo.id })],
        invitations: [],
      });
    });

    it('finds a writer by name too, and answers unknown writers, authors and repeats clearly', async () => {
      const ada = await signUpUser(ctx, { username: 'Named Lead' });
      const bo = await signUpUser(ctx, { username: 'Named Second' });
      const post = await createPost(ctx, ada, { title: 'By name' });

      const unknown = await invite(ctx, ada, post.id, '@nobody_here_at_all');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(WRITER_NOT_FOUND_MESSAGE);
      const self = await invite(ctx, ada, post.id, 'named lead');
      expect(self.status).toBe(409);
      expect(self.body.message).toBe(ALREADY_AUTHOR_MESSAGE);
      const byName = await invite(ctx, ada, post.id, 'NAMED SECOND');
      expect(byName.status, JSON.stringify(byName.body)).toBe(201);
      const again = await invite(ctx, ada, post.id, 'Named Second');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ALREADY_INVITED_MESSAGE);
      expect((await answer(ctx, bo, post.id, 'accept')).status).toBe(200);
      const already = await invite(ctx, ada, post.id, 'Named Second');
      expect(already.status).toBe(409);
      expect(already.body.message).toBe(ALREADY_AUTHOR_MESSAGE);

      // Bad input: clear 400s and 404s, never a 500.
      const empty = await invite(ctx, ada, post.id, '   ');
      expect(empty.status).toBe(400);
      const malformed = await request(ctx, {
        method: 'POST',
        url: '/api/post/authors?id=not-an-id',
        token: ada.token,
        payload: { who: 'x' },
      });
      expect(malformed.status).toBe(404);
      const noInvitation = await answer(ctx, ada, post.id, 'accept');
      expect(noInvitation.status).toBe(404);
      const anonymous = await request(ctx, { method: 'GET', url: '/api/user/coauthor-invitations' });
      expect(anonymous.status).toBe(401);
    });

    it('declines, lists the decline to the first author, and may be asked again', async () => {
      const ada = await signUpUser(ctx);
      const bo = await signUpUser(ctx);
      const post = await createPost(ctx, ada, { title: 'Declined' });
      expect((await invite(ctx, ada, post.id, bo.username)).status).toBe(201);
      const declined = await answer(ctx, bo, post.id, 'decline');
      expect(declined.status).toBe(204);
      expect((await answer(ctx, bo, post.id, 'accept')).status).toBe(404);
      const listing = await authorsOf(ctx, ada, post.id);
      expect(listing.body.response.invitations).toEqual([
        { writer: expect.objectContaining({ id: bo.id }), state: 'declined', invitedAt: expect.any(String) },
      ]);
      expect((await readPost(ctx, post.id)).body.response.authors).toHaveLength(1);
      expect((await invite(ctx, ada, post.id, bo.username)).status).toBe(201);
      expect((await answer(ctx, bo, post.id, 'accept')).status).toBe(200);
    });

    it('lets a co-author edit, but never delete, move or change the authors', async () => {
      const ada = await signUpUser(ctx);
      const bo = await signUpUser(ctx);
      const cy = await signUpUser(ctx);
      const post = await createPost(ctx, ada, { title: 'Shared rules' });
      await coWrite(ctx, ada, bo, post.id);

      expect((await edit(ctx, bo, post.id, { title: 'Shared rules, edited', content: 'Yes.' })).status).toBe(
        200,
      );
      const deleted = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/blog/delete?id=${post.id}`,
        token: bo.token,
      });
      expect(deleted.status).toBe(403);
      expect((deleted.body as { message: string }).message).toBe(COAUTHOR_DELETE_MESSAGE);

      await createPublication(ctx, bo, 'coauthor-desk');
      const moved = await edit(ctx, bo, post.id, { title: 'x', content: 'y', publication: 'coauthor-desk' });
      expect(moved.status).toBe(403);
      expect(moved.body.message).toBe(COAUTHOR_MOVE_MESSAGE);

      const invitedByCoauthor = await invite(ctx, bo, post.id, cy.username);
      expect(invitedByCoauthor.status).toBe(403);
      expect(invitedByCoauthor.body.message).toBe(FIRST_AUTHOR_ONLY_MESSAGE);
      const removedByCoauthor = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/authors?id=${post.id}&userId=${ada.id}`,
        token: bo.token,
      });
      expect(removedByCoauthor.status).toBe(403);
      // A stranger: 403 on a published post, the same 404 as none on a draft.
      expect((await invite(ctx, cy, post.id, bo.username)).status).toBe(403);
      const draft = await draftOf(ctx, ada);
      expect((await invite(ctx, cy, draft.id, bo.username)).status).toBe(404);
      expect((await authorsOf(ctx, cy, draft.id)).status).toBe(404);
      // The co-author sees who writes it, not the invitations.
      expect((await authorsOf(ctx, bo, post.id)).body.response.invitations).toEqual([]);

      // Removed, Bo no longer edits it; the first author still does.
      const removed = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/authors?id=${post.id}&userId=${bo.id}`,
        token: ada.token,
      });
      expect(removed.status).toBe(204);
      expect((await edit(ctx, bo, post.id, { title: 'Again', content: 'No.' })).status).toBe(403);
      expect((await readPost(ctx, post.id)).body.response.authors.map((author) => author.id)).toEqual([
        ada.id,
      ]);
      expect(
        (
          await request(ctx, {
            method: 'DELETE',
            url: `/api/post/authors?id=${post.id}&userId=${bo.id}`,
            token: ada.token,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await request(ctx, {
            method: 'DELETE',
            url: `/api/post/blog/delete?id=${post.id}`,
            token: ada.token,
          })
        ).status,
      ).toBe(200);
    });

    it('lets a co-author leave, and the first author cannot', async () => {
      const ada = await signUpUser(ctx);
      const bo = await signUpUser(ctx);
      const post = await createPost(ctx, ada, { title: 'Leaving' });
      await coWrite(ctx, ada, bo, post.id);
      const leaveAs = (who: TestUser) =>
        request(ctx, { method: 'POST', url: `/api/post/authors/leave?id=${post.id}`, token: who.token });
      expect((await leaveAs(ada)).status).toBe(409);
      expect((await leaveAs(bo)).status).toBe(204);
      expect((await leaveAs(bo)).status).toBe(403);
      expect((await readPost(ctx, post.id)).body.response.authors).toHaveLength(1);
      const profile = await request<Page<Post>>(ctx, {
        method: 'GET',
        url: `/api/post/profile?userId=${bo.id}`,
      });
      expect(profile.body.response.map((item) => item.id)).not.toContain(post.id);
    });

    it('holds a post to four authors, invitations waiting included', async () => {
      const ada = await signUpUser(ctx);
      const others = [
        await signUpUser(ctx),
        await signUpUser(ctx),
        await signUpUser(ctx),
        await signUpUser(ctx),
      ];
      const post = await createPost(ctx, ada, { title: 'Four at most' });
      await coWrite(ctx, ada, others[0]!, post.id);
      await coWrite(ctx, ada, others[1]!, post.id);
      expect((await invite(ctx, ada, post.id, others[2]!.username)).status).toBe(201);
      const fifth = await invite(ctx, ada, post.id, others[3]!.username);
      expect(fifth.status).toBe(409);
      expect(fifth.body.message).toBe(TOO_MANY_AUTHORS_MESSAGE);
      expect((await answer(ctx, others[2]!, post.id, 'accept')).status).toBe(200);
      expect((await readPost(ctx, post.id)).body.response.authors).toHaveLength(4);
      expect((await invite(ctx, ada, post.id, others[3]!.username)).status).toBe(409);
      // Withdrawing one makes room again.
      const removed = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/authors?id=${post.id}&userId=${others[0]!.id}`,
        token: ada.token,
      });
      expect(removed.status).toBe(204);
      expect((await invite(ctx, ada, post.id, others[3]!.username)).status).toBe(201);
    });

    it("names every author in the feeds, the read page's JSON-LD and the blog site; Conduit keeps the first", async () => {
      const ada = await signUpUser(ctx, { username: 'Feed Lead' });
      const bo = await signUpUser(ctx, { username: 'Feed Second' });
      const post = await createPost(ctx, ada, { title: 'Fed together' });
      await coWrite(ctx, ada, bo, post.id);
      const adaHandle = await handleOf(ctx, ada.id);
      const boHandle = await handleOf(ctx, bo.id);

      // RSS: a dc:creator each; Atom: an <author> each, in byline order; on the co-author's own feed too.
      for (const userId of [undefined, bo.id]) {
        const query = userId ? `?userId=${userId}` : '';
        const rss = parseXml((await ctx.app.inject({ method: 'GET', url: `/rss.xml${query}` })).body);
        const item = at<Record<string, unknown>[]>(rss, 'rss', 'channel', 'item').find((entry) =>
          text(entry.guid).endsWith(post.id),
        );
        expect(item, `rss${query}`).toBeDefined();
        expect((item!['dc:creator'] as unknown[]).map(text)).toEqual(['Feed Lead', 'Feed Second']);
        const atom = parseXml((await ctx.app.inject({ method: 'GET', url: `/atom.xml${query}` })).body);
        const entry = at<Record<string, unknown>[]>(atom, 'feed', 'entry').find((node) =>
          text(node.id).endsWith(post.id),
        );
        const authors = at<Record<string, unknown>[]>(entry, 'author');
        expect(authors.map((author) => text(author.name))).toEqual(['Feed Lead', 'Feed Second']);
        expect(authors.map((author) => text(author.uri))).toEqual([
          `${PUBLIC_URL}/@${adaHandle}`,
          `${PUBLIC_URL}/@${boHandle}`,
        ]);
      }

      // The read page: both in the byline and a JSON-LD author array.
      const page = await ctx.app.inject({ method: 'GET', url: `/readblog?id=${post.id}` });
      expect(page.statusCode).toBe(200);
      const jsonLd = JSON.parse(scriptBlocks(page.body, 'application/ld+json')[0] ?? '{}') as {
        author: unknown;
      };
      expect(jsonLd.author).toEqual([
        { '@type': 'Person', name: 'Feed Lead', url: `${PUBLIC_URL}/@${adaHandle}` },
        { '@type': 'Person', name: 'Feed Second', url: `${PUBLIC_URL}/@${boHandle}` },
      ]);
      expect(page.body).toMatch(new RegExp(`<a [^>]*href="/@${boHandle}"[^>]*>Feed Second</a>`));

      // The first author's blog site names both, on its home and in its own feed.
      const blogs = await request<Answer<Membership[]>>(ctx, {
        method: 'GET',
        url: '/api/user/publications',
        token: ada.token,
      });
      const slug = blogs.body.response[0]!.publication.slug;
      const site = await ctx.app.inject({ method: 'GET', url: `/pub/${slug}` });
      expect(site.statusCode).toBe(200);
      expect(site.body).toContain(
        `<a href="${PUBLIC_URL}/@${adaHandle}">Feed Lead</a> and <a href="${PUBLIC_URL}/@${boHandle}">Feed Second</a>`,
      );
      const siteFeed = parseXml((await ctx.app.inject({ method: 'GET', url: `/pub/${slug}/atom.xml` })).body);
      const siteEntry = at<Record<string, unknown>[]>(siteFeed, 'feed', 'entry')[0];
      expect(at<Record<string, unknown>[]>(siteEntry, 'author').map((author) => text(author.name))).toEqual([
        'Feed Lead',
        'Feed Second',
      ]);

      // Conduit: the first author only, and only they change the article there.
      const article = await request<{ article: { author: { username: string } } }>(ctx, {
        method: 'GET',
        url: `/api/articles/${articleSlug(post.title, post.id)}`,
      });
      expect(article.status).toBe(200);
      expect(article.body.article.author.username).toBe('Feed Lead');
      expect(JSON.stringify(article.body)).not.toContain('Feed Second');
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
