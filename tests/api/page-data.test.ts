import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { PageData } from '../../contracts/page-data';
import type { PageRenderer, PageRendererModule } from '../../contracts/page-rendering';
import { SEARCH_QUERY_MAX } from '../../contracts/search';
import { uuidv7 } from '../../server/lib/ids';
import { HtmlDocument } from '../../server/web/html-document';
import { PageAssets } from '../../server/web/page-assets';
import { addComment } from './support/conversation';
import { describeEachDatabase, request, signUpUser, type TestUser } from './support/harness';
import { sourcePages, templateWebDir } from './support/pages';
import { createPost } from './support/posts';

const PUBLIC_URL = 'http://inkwell.test';
const webDir = templateWebDir();

/** A fetch that answers from the app through inject: the browser's API client, pointed at the same app. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    return new Response(answer.statusCode === 204 ? null : answer.payload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  };
}

/*
 * The loaders read through one interface (contracts/page-data.ts) with two
 * implementations, the services on the server and the HTTP API in the browser. Every page is
 * rendered both ways here and must come out the same, byte for byte: its status, head, markup
 * and hydration data. A page added later gets a line in PAGES.
 */
describeEachDatabase(
  'pages read the same through the services as through the HTTP API',
  (ctx) => {
    let pages: PageRendererModule;
    let renderer: PageRenderer;
    let document: HtmlDocument;
    let assets: PageAssets;
    const users: Record<string, TestUser> = {};
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      pages = await sourcePages();
      // Its own renderer, so nothing the app's renderer remembers of a page is reused.
      renderer = pages.createPageRenderer({ site: { name: 'Inkwell', publicUrl: PUBLIC_URL } });
      document = new HtmlDocument(readFileSync(join(webDir, 'index.html'), 'utf8'));
      assets = PageAssets.fromFile(join(webDir, '.vite', 'manifest.json'));

      // The first account is the operator (ADMIN_EMAILS unset).
      const operator = await signUpUser(ctx, { username: 'Operator' });
      const author = await signUpUser(ctx, { username: 'Author' });
      const reader = await signUpUser(ctx, { username: 'Reader' });
      const suspended = await signUpUser(ctx, { username: 'Suspended' });
      Object.assign(users, { operator, author, reader, suspended });
      const published = await createPost(ctx, author, {
        title: 'Read both ways',
        content: 'A post with **Markdown**, a [link](https://example.com) and words to find: comparable.',
        tags: ['same-page'],
      });
      const another = await createPost(ctx, author, {
        title: 'Another one',
        content: 'Comparable too.',
        tags: ['same-page'],
      });
      // A series of the two: the read page's "Part 1 of 2" and the series page (decision 78).
      const series = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/series',
        token: author.token,
        payload: { title: 'Both ways', description: 'Two parts.' },
      });
      expect(series.status).toBe(201);
      const parts = await request(ctx, {
        method: 'PUT',
        url: `/api/series/posts?id=${series.body.response.id}`,
        token: author.token,
        payload: { postIds: [published.id, another.id] },
      });
      expect(parts.status).toBe(200);
      ids.series = series.body.response.id;
      const draft = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: author.token,
        payload: { title: 'Not yet', content: 'A draft, only for its author.', status: 'draft' },
      });
      expect(draft.status).toBe(201);
      await createPost(ctx, suspended, { title: 'Soon gone', content: 'By someone about to be suspended.' });
      const comment = await addComment(ctx, reader, published.id, 'A first comment.');
      await addComment(ctx, author, published.id, 'A reply.', comment.id);
      await addComment(ctx, reader, published.id, 'A second comment.');
      for (const url of [
        `/api/post/favorite?id=${published.id}`,
        `/api/user/follow?userId=${author.id}`,
        '/api/tags/follow?name=same-page',
      ]) {
        const answer = await request(ctx, { method: 'POST', url, token: reader.token });
        expect(answer.status, url).toBeLessThan(300);
      }
      for (const [method, url, payload] of [
        ['PUT', '/api/admin/staff-picks', { postIds: [published.id] }],
        [
          'PUT',
          '/api/admin/testimonials',
          { testimonials: [{ source: { kind: 'comment', id: comment.id }, quote: 'A first comment' }] },
        ],
        ['POST', `/api/admin/users/${suspended.username}/suspend`, {}],
      ] as const) {
        const answer = await request(ctx, { method, url, token: operator.token, payload });
        expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
      }
      Object.assign(ids, { published: published.id, draft: draft.body.response.id, comment: comment.id });
    });

    /** The page as the app serves it: its loaders read the services, as the request's viewer. */
    async function servedPage(url: string, user: TestUser | null) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url,
        headers: user ? { authorization: `Bearer ${user.token}` } : {},
      });
      return { status: answer.statusCode, html: answer.body };
    }

    /** The same page rendered with the browser's PageData: the API client over HTTP, with the user's token. */
    async function pageThroughApi(url: string, user: TestUser | null) {
      const data = pages.apiPageDataFor({ fetch: injectFetch(ctx.app), token: user?.token ?? null });
      const page = await renderer.render(new Request(`${PUBLIC_URL}${url}`), data);
      if (page.kind !== 'page') return { status: page.status, html: page.location };
      const { head, html, hydration, modules } = page;
      return {
        status: page.status,
        html: document.render({ head, assets: assets.links(modules), html, hydration }),
      };
    }

    const PAGES: [string, (ids: Record<string, string>) => string, user: string | null, status: number][] = [
      ['the landing page', () => '/', null, 200],
      ['the list', () => '/allblog', null, 200],
      ['the list, signed in', () => '/allblog', 'reader', 200],
      ['the Following tab, signed in', () => '/allblog?tab=following', 'reader', 200],
      ['a post', (id) => `/readblog?id=${id.published}`, null, 200],
      ['a post, favorited by the reader', (id) => `/readblog?id=${id.published}`, 'reader', 200],
      ['a draft, as its author', (id) => `/readblog?id=${id.draft}`, 'author', 200],
      ['a draft, as someone else', (id) => `/readblog?id=${id.draft}`, 'reader', 404],
      ['a draft, as a visitor', (id) => `/readblog?id=${id.draft}`, null, 404],
      ['a missing post', () => `/readblog?id=${uuidv7()}`, null, 404],
      ['an id that cannot be one', () => '/readblog?id=not-an-id', null, 404],
      ['a profile', () => `/profile?userId=${users.author?.id}`, null, 200],
      ['a profile, followed by the reader', () => `/profile?userId=${users.author?.id}`, 'reader', 200],
      ["a suspended writer's profile", () => `/profile?userId=${users.suspended?.id}`, null, 404],
      ['a missing profile', () => `/profile?userId=${uuidv7()}`, null, 404],
      ['a profile by handle', () => '/@author', null, 200],
      ['a profile by handle, followed by the reader', () => '/@Author', 'reader', 200],
      ['a handle nobody holds', () => '/@nobody_holds_this', null, 404],
      ['a topic', () => '/tag?name=same-page', null, 200],
      ['a topic, followed by the reader', () => '/tag?name=Same Page', 'reader', 200],
      ['a topic no post carries', () => '/tag?name=nobody-writes-this', null, 404],
      ['a series', (id) => `/series?id=${id.series}`, null, 200],
      ['a missing series', () => `/series?id=${uuidv7()}`, null, 404],
      ['an id that cannot be a series', () => '/series?id=nope', null, 404],
      ['a series page without an id', () => '/series', null, 404],
      ['a search', () => '/search?q=comparable', null, 200],
      ['a search too long', () => `/search?q=${'x'.repeat(SEARCH_QUERY_MAX + 1)}`, null, 400],
      ['the favorites, signed in', () => '/favorites', 'reader', 200],
      ['an unknown address', () => '/no-such-page', null, 404],
    ];

    it.each(PAGES)('%s', async (_name, address, who, status) => {
      const url = address(ids);
      const user = who === null ? null : (users[who] ?? null);
      const served = await servedPage(url, user);
      const throughApi = await pageThroughApi(url, user);
      expect(served.status).toBe(status);
      expect(throughApi.status).toBe(status);
      expect(served.html).toBe(throughApi.html);
    });

    it("renders a series' box on its posts and its own page with feeds and an ItemList", async () => {
      const post = await servedPage(`/readblog?id=${ids.published}`, null);
      expect(post.html).toContain('Part <!-- -->1<!-- --> of <!-- -->2');
      expect(post.html).toContain(`href="/series?id=${ids.series}"`);
      expect(post.html).toContain('<summary>All parts</summary>');
      expect(post.html).toContain('rel="next"');
      const page = await servedPage(`/series?id=${ids.series}`, null);
      expect(page.html).toContain('<h1 id="series-title">Both ways</h1>');
      expect(page.html).toContain(`/atom.xml?series=${ids.series}`);
      expect(page.html).toContain('"@type":"ItemList"');
      expect(page.html).toContain('Another one');
      // The writer's profile lists it, with its parts readers can see.
      const profile = await servedPage(`/profile?userId=${users.author?.id}`, null);
      expect(profile.html).toContain(`href="/series?id=${ids.series}">Both ways</a>`);
    });

    describe('the reads no server-rendered page makes', () => {
      const viewerOf = (user: TestUser) => ({ id: user.id, username: user.username });
      const READS: [string, (data: PageData) => Promise<unknown>, user: string | null][] = [
        ['the feed', (data) => data.feed(null), 'reader'],
        ['the feed, without a session', (data) => data.feed(null), null],
        ['the favorites', (data) => data.favorites(null), 'reader'],
        ['a cursor that cannot be read', (data) => data.posts('not a cursor'), null],
        ['the next page of comments', (data) => data.comments(ids.published ?? '', 'bm90IGEgY3Vyc29y'), null],
        ['the side panel, as a reader', (data) => data.discover(), 'reader'],
        ['a NUL in a search', (data) => data.search('a\u0000b', null), null],
      ];
      it.each(READS)('%s', async (_name, read, who) => {
        const user = who === null ? null : (users[who] ?? null);
        const fromServices = await read(ctx.app.pageData(user ? viewerOf(user) : null, ctx.app.log));
        const overHttp = await read(
          pages.apiPageDataFor({ fetch: injectFetch(ctx.app), token: user?.token ?? null }),
        );
        expect(fromServices).toEqual(overHttp);
      });
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
