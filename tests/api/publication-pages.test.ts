import { expect, it } from 'vitest';
import type { Membership } from '../../contracts/publications';
import {
  PAGE_NOT_FOUND_MESSAGE,
  PAGE_SLUG_MESSAGE,
  PAGE_SLUG_TAKEN_MESSAGE,
  type PublicationPage,
} from '../../contracts/publication-pages';
import {
  NAV_PAGE_MISSING_MESSAGE,
  NAV_SERIES_MESSAGE,
  NAV_URL_MESSAGE,
  COVER_NOT_FOUND_MESSAGE,
  LAYOUT_MESSAGE,
  TOO_MANY_NAV_LINKS_MESSAGE,
  type SiteSettings,
} from '../../contracts/publication-site';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost } from './support/posts';
import { addMember, createPublication } from './support/publications';
import { parseUrlSet } from './support/xml';
import { photo, upload } from './support/media';

const BASE = 'pages.test';

const site = (ctx: ApiContext, slug: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: `${slug}.${BASE}` } });

async function ownSlug(ctx: ApiContext, user: TestUser): Promise<string> {
  const mine = await request<{ response: Membership[] }>(ctx, {
    method: 'GET',
    url: '/api/user/publications',
    token: user.token,
  });
  return mine.body.response[0]!.publication.slug;
}

function writePage(
  ctx: ApiContext,
  user: TestUser | undefined,
  slug: string,
  page: Partial<{ title: string; slug: string; body: string; status: string }>,
) {
  return request<{ response: PublicationPage; errors?: Record<string, string[]> }>(ctx, {
    method: 'POST',
    url: `/api/publications/${slug}/pages`,
    ...(user ? { token: user.token } : {}),
    payload: { title: 'About us', slug: 'about', body: 'Who we are.', status: 'published', ...page },
  });
}

describeEachDatabase(
  "a publication's own pages",
  (ctx) => {
    it('are written by the owner and editors; writers, outsiders and anonymous readers are refused', async () => {
      const owner = await signUpUser(ctx);
      const editor = await signUpUser(ctx);
      const writer = await signUpUser(ctx);
      const outsider = await signUpUser(ctx);
      await createPublication(ctx, owner, 'page-rights');
      await addMember(ctx, owner, 'page-rights', editor, 'editor');
      await addMember(ctx, owner, 'page-rights', writer, 'writer');

      const byOwner = await writePage(ctx, owner, 'page-rights', { slug: 'about' });
      expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(201);
      expect(byOwner.body.response).toMatchObject({
        slug: 'about',
        title: 'About us',
        status: 'published',
        url: `http://page-rights.${BASE}/p/about`,
      });
      const byEditor = await writePage(ctx, editor, 'page-rights', { slug: 'contact', title: 'Contact' });
      expect(byEditor.status).toBe(201);
      expect((await writePage(ctx, writer, 'page-rights', { slug: 'mine' })).status).toBe(403);
      expect((await writePage(ctx, outsider, 'page-rights', { slug: 'theirs' })).status).toBe(403);
      expect((await writePage(ctx, undefined, 'page-rights', { slug: 'nobody' })).status).toBe(401);

      // Editing, reading and deleting follow the same rule.
      const id = byOwner.body.response.id;
      const edited = await request<{ response: PublicationPage }>(ctx, {
        method: 'PUT',
        url: `/api/publications/page-rights/pages/${id}`,
        token: editor.token,
        payload: { title: 'About', slug: 'about', body: 'Who we are, now.', status: 'published' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.response.body).toBe('Who we are, now.');
      for (const [user, status] of [
        [writer, 403],
        [outsider, 403],
      ] as const) {
        const read = await request(ctx, {
          method: 'GET',
          url: `/api/publications/page-rights/pages/${id}`,
          token: user.token,
        });
        expect(read.status).toBe(status);
        const removed = await request(ctx, {
          method: 'DELETE',
          url: `/api/publications/page-rights/pages/${id}`,
          token: user.token,
        });
        expect(removed.status).toBe(status);
      }
      const list = await request<{ response: PublicationPage[] }>(ctx, {
        method: 'GET',
        url: '/api/publications/page-rights/pages',
        token: editor.token,
      });
      expect(list.body.response.map((page) => page.slug)).toEqual(['about', 'contact']);
      expect((await request(ctx, { method: 'GET', url: '/api/publications/page-rights/pages' })).status).toBe(
        401,
      );
      const deleted = await request(ctx, {
        method: 'DELETE',
        url: `/api/publications/page-rights/pages/${id}`,
        token: owner.token,
      });
      expect(deleted.status).toBe(204);
      const gone = await request<{ message: string }>(ctx, {
        method: 'GET',
        url: `/api/publications/page-rights/pages/${id}`,
        token: owner.token,
      });
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(PAGE_NOT_FOUND_MESSAGE);
      expect((await site(ctx, 'page-rights', '/p/about')).statusCode).toBe(404);
    });

    it('refuses a malformed address by its field, and a taken one with a 409 by its field', async () => {
      const owner = await signUpUser(ctx);
      await createPublication(ctx, owner, 'page-slugs');
      for (const bad of ['', 'Has Spaces', 'double--hyphen', '-edge', 'a/b', 'x'.repeat(61)]) {
        const refused = await writePage(ctx, owner, 'page-slugs', { slug: bad });
        expect(refused.status, bad).toBe(400);
        expect(refused.body.errors?.slug, bad).toEqual([PAGE_SLUG_MESSAGE]);
      }
      const noTitle = await writePage(ctx, owner, 'page-slugs', { title: '  ', slug: 'untitled' });
      expect(noTitle.status).toBe(400);
      expect(noTitle.body.errors?.title).toEqual(['Title is required']);

      // Upper case is folded, so "About" and "about" are the same address.
      const first = await writePage(ctx, owner, 'page-slugs', { slug: 'About' });
      expect(first.status).toBe(201);
      expect(first.body.response.slug).toBe('about');
      const again = await writePage(ctx, owner, 'page-slugs', { slug: 'about' });
      expect(again.status).toBe(409);
      expect(again.body.errors?.slug).toEqual([PAGE_SLUG_TAKEN_MESSAGE]);

      // Moving another page onto the address is the same 409; another publication may use it.
      const second = await writePage(ctx, owner, 'page-slugs', { slug: 'contact' });
      const moved = await request<{ errors?: Record<string, string[]> }>(ctx, {
        method: 'PUT',
        url: `/api/publications/page-slugs/pages/${second.body.response.id}`,
        token: owner.token,
        payload: { title: 'Contact', slug: 'about', body: '', status: 'published' },
      });
      expect(moved.status).toBe(409);
      expect(moved.body.errors?.slug).toEqual([PAGE_SLUG_TAKEN_MESSAGE]);
      await createPublication(ctx, owner, 'page-slugs-two');
      expect((await writePage(ctx, owner, 'page-slugs-two', { slug: 'about' })).status).toBe(201);
    });

    it('shows a published page at /p/{slug} on the site, sanitized; a draft is not found', async () => {
      const owner = await signUpUser(ctx);
      const slug = await ownSlug(ctx, owner);
      const hostile = [
        '## Reach us',
        '',
        'Write to [the editors](mailto:editors@example.com) or **call**.',
        '',
        '<script>alert("page")</script>',
        '',
        '<img src="x" onerror="alert(1)">',
        '',
        '[click](javascript:alert(2))',
        '',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n');
      const written = await writePage(ctx, owner, slug, { title: 'Contact', slug: 'contact', body: hostile });
      expect(written.status).toBe(201);
      // The body is kept as written; only what the site shows is rendered and sanitized.
      expect(written.body.response.body).toBe(hostile);
      const shown = await site(ctx, slug, '/p/contact');
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toContain('text/html');
      expect(shown.body).toContain('<h1>Contact</h1>');
      expect(shown.body).toMatch(/<h2[^>]*>Reach us<\/h2>/);
      expect(shown.body).toContain('<strong>call</strong>');
      expect(shown.body).toContain('href="mailto:editors@example.com"');
      // Raw HTML is text in the dialect (decision 54); a javascript: address loses its href.
      const main = shown.body.slice(shown.body.indexOf('<main'), shown.body.indexOf('</main>'));
      expect(main).not.toMatch(/<(script|img|iframe)\b/);
      expect(main).toContain('&lt;script&gt;alert("page")&lt;/script&gt;');
      expect(main).not.toMatch(/<[^>]*\son\w+=/);
      expect(main).not.toContain('href="javascript:');
      expect(shown.body).toContain(`<link rel="canonical" href="http://${slug}.${BASE}/p/contact">`);
      // Its address is case-insensitive, like a post's.
      expect((await site(ctx, slug, '/p/Contact')).statusCode).toBe(200);
      // The same page on the main site's path to the publication.
      const onMain = await ctx.app.inject({ method: 'GET', url: `/pub/${slug}/p/contact` });
      expect(onMain.statusCode).toBe(200);

      await writePage(ctx, owner, slug, { title: 'Soon', slug: 'soon', status: 'draft' });
      expect((await site(ctx, slug, '/p/soon')).statusCode).toBe(404);
      expect((await site(ctx, slug, '/p/nothing-here')).statusCode).toBe(404);
      expect((await site(ctx, slug, '/p/Not%20A%20Slug')).statusCode).toBe(404);
      // A page never shadows the site's own addresses: /about is still the members' page.
      await writePage(ctx, owner, slug, { title: 'Our story', slug: 'about', body: 'Our story.' });
      const about = await site(ctx, slug, '/about');
      expect(about.body).toContain('Written by');
      expect(about.body).not.toContain('Our story.');
    });

    it("sets the site's navigation and footer: its owner only, every field checked by its name", async () => {
      const owner = await signUpUser(ctx);
      const editor = await signUpUser(ctx);
      await createPublication(ctx, owner, 'nav-rules');
      await addMember(ctx, owner, 'nav-rules', editor, 'editor');
      await writePage(ctx, owner, 'nav-rules', { slug: 'about' });
      const put = (user: TestUser | undefined, payload: Record<string, unknown>) =>
        request<{ response: SiteSettings; errors?: Record<string, string[]> }>(ctx, {
          method: 'PUT',
          url: '/api/publications/nav-rules/site',
          ...(user ? { token: user.token } : {}),
          payload,
        });
      const good = { nav: [{ label: 'About', kind: 'page', target: 'about' }], footer: 'Hello' };
      expect((await put(editor, good)).status).toBe(403);
      expect((await put(undefined, good)).status).toBe(401);

      const refused = await put(owner, {
        nav: [
          { label: ' ', kind: 'page', target: 'about' },
          { label: 'Shop', kind: 'url', target: 'http://shop.example.com' },
          { label: 'Gone', kind: 'page', target: 'no-such-page' },
          { label: 'Series', kind: 'series', target: 'not-an-id' },
          { label: 'Odd', kind: 'page', target: 'Not a slug!' },
        ],
        footer: 'x'.repeat(501),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toMatchObject({
        'nav.0.label': ['Label is required'],
        'nav.1.target': [NAV_URL_MESSAGE],
        'nav.3.target': [NAV_SERIES_MESSAGE],
        'nav.4.target': ['Choose one of the pages'],
        footer: ['Footer must be at most 500 characters'],
      });
      // A well-formed address that names none of its pages is found out by the service.
      const missing = await put(owner, {
        nav: [{ label: 'Gone', kind: 'page', target: 'no-such-page' }],
        footer: '',
      });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ 'nav.0.target': [NAV_PAGE_MISSING_MESSAGE] });
      const tooMany = await put(owner, {
        nav: Array.from({ length: 9 }, (_, index) => ({ label: `L${index}`, kind: 'topic', target: 'x' })),
        footer: '',
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors?.nav).toEqual([TOO_MANY_NAV_LINKS_MESSAGE]);

      const saved = await put(owner, good);
      expect(saved.status).toBe(200);
      expect(saved.body.response).toEqual({ ...good, layout: 'list', cover: null });
      const read = await request<{ response: SiteSettings }>(ctx, {
        method: 'GET',
        url: '/api/publications/nav-rules/site',
      });
      expect(read.body.response).toEqual({ ...good, layout: 'list', cover: null });
    });

    it("renders the navigation in order in every site page's header, and the footer sanitized", async () => {
      const owner = await signUpUser(ctx);
      const slug = await ownSlug(ctx, owner);
      const post = await createPost(ctx, owner, { title: 'Lamplight' });
      await writePage(ctx, owner, slug, { title: 'Colophon', slug: 'colophon' });
      await writePage(ctx, owner, slug, { title: 'Later', slug: 'later', status: 'draft' });
      const seriesId = '019ab3c5-0a1b-7c2d-8e3f-4a5b6c7d8e9f';
      const saved = await request(ctx, {
        method: 'PUT',
        url: `/api/publications/${slug}/site`,
        token: owner.token,
        payload: {
          nav: [
            { label: 'Shop <b>', kind: 'url', target: 'https://shop.example.com/?a=1&b=2' },
            { label: 'Colophon', kind: 'page', target: 'colophon' },
            { label: 'Later', kind: 'page', target: 'later' },
            { label: 'Engines', kind: 'topic', target: 'Steam Engines' },
            { label: 'The course', kind: 'series', target: seriesId },
          ],
          footer:
            '**Lamplight** press.\n[Write to us](https://example.com/contact) <script>alert(1)</script> [bad](javascript:alert(2))',
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      for (const url of ['/', `/posts/${post.id}`, '/p/colophon', '/about', '/no-such-thing']) {
        const html = (await site(ctx, slug, url)).body;
        const nav = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
        const links = [...nav.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((match) => [
          match[1],
          match[2],
        ]);
        expect(links, url).toEqual([
          [`http://${slug}.${BASE}/`, 'Posts'],
          ['https://shop.example.com/?a=1&amp;b=2', 'Shop &lt;b&gt;'],
          [`http://${slug}.${BASE}/p/colophon`, 'Colophon'],
          // The draft page is left out until it is published.
          ['http://inkwell.test/tag?name=steam-engines', 'Engines'],
          [`http://${slug}.${BASE}/series/${seriesId}`, 'The course'],
          [`http://${slug}.${BASE}/rss.xml`, 'RSS'],
        ]);
        const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
        expect(footer, url).toContain(
          '<p class="pub-footer-text"><strong>Lamplight</strong> press.<br><a href="https://example.com/contact">Write to us</a> &lt;script&gt;alert(1)&lt;/script&gt; [bad](javascript:alert(2))</p>',
        );
      }
      // Without links of its own, a site keeps its About link.
      const other = await signUpUser(ctx);
      const plain = (await site(ctx, await ownSlug(ctx, other), '/')).body;
      expect(plain).toContain('/about">About</a>');
      expect(plain).not.toContain('pub-footer-text');
    });

    it("sets the home's layout and cover: its owner only, a picture they uploaded", async () => {
      const owner = await signUpUser(ctx);
      const editor = await signUpUser(ctx);
      await createPublication(ctx, owner, 'look-rules');
      await addMember(ctx, owner, 'look-rules', editor, 'editor');
      const mine = await upload(ctx, owner.token, await photo(1200, 600));
      const theirs = await upload(ctx, editor.token, await photo(400, 300));
      const put = (user: TestUser, payload: Record<string, unknown>) =>
        request<{ response: SiteSettings; errors?: Record<string, string[]> }>(ctx, {
          method: 'PUT',
          url: '/api/publications/look-rules/site/look',
          token: user.token,
          payload,
        });
      expect((await put(editor, { layout: 'grid', coverId: null })).status).toBe(403);
      const badLayout = await put(owner, { layout: 'mosaic', coverId: null });
      expect(badLayout.status).toBe(400);
      expect(badLayout.body.errors?.layout).toEqual([LAYOUT_MESSAGE]);
      // Someone else's upload is not the owner's to show.
      const notOwn = await put(owner, { layout: 'grid', coverId: theirs.body.response.id });
      expect(notOwn.status).toBe(400);
      expect(notOwn.body.errors?.coverId).toEqual([COVER_NOT_FOUND_MESSAGE]);
      const saved = await put(owner, { layout: 'magazine', coverId: mine.body.response.id });
      expect(saved.status).toBe(200);
      expect(saved.body.response.layout).toBe('magazine');
      expect(saved.body.response.cover).toMatchObject({
        id: mine.body.response.id,
        width: 1200,
        height: 600,
      });
      const cleared = await put(owner, { layout: 'list', coverId: null });
      expect(cleared.body.response).toMatchObject({ layout: 'list', cover: null });
    });

    it('draws the home in the chosen layout, every picture with its size', async () => {
      const owner = await signUpUser(ctx);
      const slug = await ownSlug(ctx, owner);
      const cover = await upload(ctx, owner.token, await photo(1200, 400));
      const postCover = await upload(ctx, owner.token, await photo(800, 450));
      const pictured = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: owner.token,
        payload: { title: 'With a cover', content: 'Pictured.', coverId: postCover.body.response.id },
      });
      expect(pictured.status).toBe(201);
      await createPost(ctx, owner, { title: 'Without a cover' });
      await createPost(ctx, owner, { title: 'The newest' });
      const setLook = (layout: string, coverId: string | null) =>
        request(ctx, {
          method: 'PUT',
          url: `/api/publications/${slug}/site/look`,
          token: owner.token,
          payload: { layout, coverId },
        });
      const home = async () => {
        const html = (await site(ctx, slug, '/')).body;
        return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      };
      const images = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);

      // Today's list is the default: no cover, no cards.
      let main = await home();
      expect(main).toContain('<ol class="entries">');
      expect(main).not.toContain('site-cover');

      expect((await setLook('grid', cover.body.response.id)).status).toBe(200);
      main = await home();
      expect(main).not.toContain('class="entries"');
      expect(main).toContain('<ol class="cards">');
      expect([...main.matchAll(/<li class="card">/g)]).toHaveLength(3);
      // The cover first, then a card picture for the post with one and a plain frame for the others.
      expect(main.indexOf('site-cover')).toBeLessThan(main.indexOf('<h1>'));
      expect(main.match(/card-picture--none/g)).toHaveLength(2);
      expect(main).not.toContain('class="lead"');
      const pictures = images(main).filter((tag) => !tag.includes('class="face"'));
      expect(pictures).toHaveLength(2);
      for (const tag of pictures) {
        expect(tag).toMatch(/ width="\d+" height="\d+"/);
        expect(tag).toContain('alt=""');
      }
      expect(pictures[0]).toContain('width="1200" height="400"');
      expect(pictures[1]).toContain('width="800" height="450"');

      expect((await setLook('magazine', null)).status).toBe(200);
      main = await home();
      expect(main).not.toContain('site-cover');
      // The newest post leads, large; the others follow as cards.
      const lead = main.slice(main.indexOf('<article class="lead">'), main.indexOf('</article>'));
      expect(lead).toContain('The newest');
      expect([...main.matchAll(/<li class="card">/g)]).toHaveLength(2);
      expect(main.indexOf('class="lead"')).toBeLessThan(main.indexOf('class="cards"'));
    });

    it("is in its site's sitemap, and in no post list, feed, search or the main sitemap", async () => {
      const owner = await signUpUser(ctx);
      const slug = await ownSlug(ctx, owner);
      const word = `pageword${Math.random().toString(36).slice(2, 8)}`;
      const post = await createPost(ctx, owner, { title: `A post ${word}`, content: `About ${word}.` });
      await writePage(ctx, owner, slug, { title: `Page ${word}`, slug: 'colophon', body: `Set in ${word}.` });
      await writePage(ctx, owner, slug, { title: 'Draft page', slug: 'draft-page', status: 'draft' });

      const sitemap = await site(ctx, slug, '/sitemap.xml');
      const locs = parseUrlSet(sitemap.body).map((entry) => entry.loc);
      expect(locs).toContain(`http://${slug}.${BASE}/p/colophon`);
      expect(locs).not.toContain(`http://${slug}.${BASE}/p/draft-page`);

      const reads: [string, string, string?][] = [
        ['home list', '/api/post/blog/all?limit=100'],
        ['profile', `/api/post/profile?userId=${owner.id}`],
        ['search', `/api/search?q=${word}`],
        ['main rss', '/rss.xml'],
        ['author atom', `/atom.xml?userId=${owner.id}`],
        ['main sitemap pages', '/sitemap-pages.xml'],
        ['main sitemap posts', '/sitemap-posts.xml'],
      ];
      for (const [name, url] of reads) {
        const answer = await ctx.app.inject({ method: 'GET', url });
        expect(answer.statusCode, name).toBe(200);
        expect(answer.body, name).not.toContain(`Page ${word}`);
        expect(answer.body, name).not.toContain('colophon');
      }
      const search = await ctx.app.inject({ method: 'GET', url: `/api/search?q=${word}` });
      expect(search.body).toContain(post.id);
      for (const url of ['/', '/rss.xml', '/atom.xml']) {
        const answer = await site(ctx, slug, url);
        expect(answer.statusCode, url).toBe(200);
        expect(answer.body, url).toContain(`A post ${word}`);
        expect(answer.body, url).not.toContain(`Page ${word}`);
      }
    });
  },
  { config: { baseDomain: BASE } },
);
