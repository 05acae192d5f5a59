import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, handleOf, request, signUpUser, type ApiContext } from './support/harness';
import {
  attributeValues,
  decodeEntities,
  metaContent,
  scriptBlocks,
  sourcePages,
  templateWebDir,
  titleOf,
} from './support/pages';
import { createPost } from './support/posts';

const PUBLIC_URL = 'http://inkwell.test';
const HOSTILE = `"></title><script>window.pwned=1</script><img src=x onerror=alert(1)> & '`;
const webDir = templateWebDir();

async function page(ctx: ApiContext, url: string, headers: Record<string, string> = {}) {
  const response = await request(ctx, { method: 'GET', url, headers });
  return { status: response.status, html: response.raw.body, headers: response.headers };
}

function hydrationOf(html: string): { router: { loaderData: Record<string, unknown> } } {
  const [json] = scriptBlocks(html, 'application/json');
  if (json === undefined) throw new Error('no hydration data');
  return JSON.parse(json) as { router: { loaderData: Record<string, unknown> } };
}

function jsonLdOf(html: string): Record<string, unknown> {
  const [json] = scriptBlocks(html, 'application/ld+json');
  if (json === undefined) throw new Error('no JSON-LD');
  return JSON.parse(json) as Record<string, unknown>;
}

/** The addresses of the links (<a href>) whose text is exactly `text`. */
function linksTo(html: string, text: string): string[] {
  return [...html.matchAll(/<a [^>]*>([^<]*)<\/a>/g)]
    .filter((match) => decodeEntities(match[1] ?? '') === text)
    .flatMap((match) => attributeValues(match[0], /<a [^>]*>/, 'href'));
}

const feedLinks = (html: string) =>
  attributeValues(html, /<link rel="alternate" type="application\/(?:rss|atom)\+xml"[^>]*>/, 'href').sort();

describeEachDatabase(
  'server-rendered pages',
  (ctx) => {
    describe('/allblog', () => {
      it('carries the first page of posts as real links, its head and the data to hydrate', async () => {
        const author = await signUpUser(ctx, { username: 'Lister' });
        const post = await createPost(ctx, author, {
          title: 'Listed on the server',
          content: 'A **short** one.',
        });
        const { status, html, headers } = await page(ctx, '/allblog');
        expect(status).toBe(200);
        expect(headers['content-type']).toBe('text/html; charset=utf-8');
        expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
        expect(titleOf(html)).toBe('All posts · Inkwell');
        expect(linksTo(html, 'Listed on the server')).toEqual([`/readblog?id=${post.id}&name=Lister`]);
        // The card's preview is the plain text of the Markdown (specification §9).
        expect(html).toContain('A short one.');
        expect(attributeValues(html, /<link rel="canonical"[^>]*>/, 'href')).toEqual([
          `${PUBLIC_URL}/allblog`,
        ]);
        expect(feedLinks(html)).toEqual([`${PUBLIC_URL}/atom.xml`, `${PUBLIC_URL}/rss.xml`]);
        expect(metaContent(html, 'property', 'og:type')).toBe('website');
        // The browser hydrates with the cards' data: previews, not whole posts.
        const data = hydrationOf(html).router.loaderData.allblog as { posts: { data: { response: Post[] } } };
        expect(data.posts.data.response[0]).toMatchObject({ id: post.id, preview: 'A short one.' });
        expect(data.posts.data.response[0]).not.toHaveProperty('content');
      });
    });

    describe('/readblog', () => {
      it('carries the post rendered, its author and date, and a head for search and link previews', async () => {
        const author = await signUpUser(ctx, { username: 'Reada' });
        const content = [
          '### Straight to a third level',
          '',
          'Some **bold** words. ![A picture](https://images.example/p.png)',
          '',
          '```ts',
          'const answer: number = 42;',
          '```',
        ].join('\n');
        const post = await createPost(ctx, author, { title: 'Rendered on the server', content });
        const { status, html } = await page(ctx, `/readblog?id=${post.id}&name=Reada`);
        expect(status).toBe(200);
        expect(html).toContain('<h1 id="post-title" class="post__title">Rendered on the server</h1>');
        expect(linksTo(html, 'Reada')).toContain(`/@${await handleOf(ctx, author.id)}`);
        expect(html).toContain(`dateTime="${post.createdAt}"`);
        // Headings continue from the page's h1; code is highlighted here and reachable by keyboard.
        expect(html).toContain('<h2>Straight to a third level</h2>');
        expect(html).toContain('<strong>bold</strong>');
        expect(html).toContain(
          '<pre tabindex="0"><code class="hljs language-ts"><span class="hljs-keyword">const</span>',
        );

        const canonical = `${PUBLIC_URL}/readblog?id=${post.id}`;
        expect(titleOf(html)).toBe('Rendered on the server, by Reada · Inkwell');
        expect(metaContent(html, 'name', 'description')).toBe(
          'Straight to a third level Some bold words. A picture const answer: number = 42;',
        );
        expect(attributeValues(html, /<link rel="canonical"[^>]*>/, 'href')).toEqual([canonical]);
        expect(metaContent(html, 'property', 'og:type')).toBe('article');
        expect(metaContent(html, 'property', 'og:title')).toBe('Rendered on the server');
        expect(metaContent(html, 'property', 'og:url')).toBe(canonical);
        expect(metaContent(html, 'property', 'og:site_name')).toBe('Inkwell');
        expect(metaContent(html, 'property', 'og:image')).toBe('https://images.example/p.png');
        expect(metaContent(html, 'property', 'article:published_time')).toBe(post.createdAt);
        expect(metaContent(html, 'property', 'article:modified_time')).toBe(post.updatedAt);
        expect(metaContent(html, 'property', 'article:author')).toBe(
          `${PUBLIC_URL}/@${await handleOf(ctx, author.id)}`,
        );
        expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
        expect(feedLinks(html)).toEqual(
          [
            `${PUBLIC_URL}/atom.xml`,
            `${PUBLIC_URL}/rss.xml`,
            `${PUBLIC_URL}/atom.xml?userId=${author.id}`,
            `${PUBLIC_URL}/rss.xml?userId=${author.id}`,
          ].sort(),
        );
        expect(jsonLdOf(html)).toEqual({
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: 'Rendered on the server',
          description: metaContent(html, 'name', 'description'),
          url: canonical,
          mainEntityOfPage: canonical,
          datePublished: post.createdAt,
          dateModified: post.updatedAt,
          author: {
            '@type': 'Person',
            name: 'Reada',
            url: `${PUBLIC_URL}/@${await handleOf(ctx, author.id)}`,
          },
          commentCount: 0,
          image: 'https://images.example/p.png',
        });
        // The text face of the body is on its way before the stylesheet asks for it.
        expect(html).toMatch(
          /<link rel="preload" href="[^"]+\.woff2" as="font" type="font\/woff2" crossorigin/,
        );
      });

      it("credits a team's publication beside the author, linking to its site, and not the author's own blog", async () => {
        const author = await signUpUser(ctx, { username: 'Credited' });
        const created = await request(ctx, {
          method: 'POST',
          url: '/api/publications',
          token: author.token,
          payload: { slug: 'credit-desk', name: 'Credit Desk' },
        });
        expect(created.status).toBe(201);
        const written = await request<{ response: Post }>(ctx, {
          method: 'POST',
          url: '/api/post/blog',
          token: author.token,
          payload: { title: 'Written for the desk', content: 'Team work.', publication: 'credit-desk' },
        });
        expect(written.status).toBe(201);
        const team = await page(ctx, `/readblog?id=${written.body.response.id}`);
        expect(team.status).toBe(200);
        expect(team.html).toContain(
          `<span class="post__publication">in <a href="${PUBLIC_URL}/pub/credit-desk">Credit Desk</a></span>`,
        );
        expect(linksTo(team.html, 'Credit Desk')).toEqual([`${PUBLIC_URL}/pub/credit-desk`]);

        // A post in the author's own blog names the author only.
        const own = await createPost(ctx, author, { title: 'Written for myself' });
        expect(own.publication?.personal).toBe(true);
        const mine = await page(ctx, `/readblog?id=${own.id}`);
        expect(mine.status).toBe(200);
        expect(linksTo(mine.html, 'Credited')).toContain(`/@${await handleOf(ctx, author.id)}`);
        expect(mine.html).not.toContain('post__publication');
        expect(mine.html).not.toContain(`${PUBLIC_URL}/pub/`);
      });

      it('keeps hostile titles and names inert in the title, the attributes and the JSON-LD', async () => {
        const author = await signUpUser(ctx, { username: `</script><b>Eve` });
        const post = await createPost(ctx, author, {
          title: HOSTILE,
          content: `${HOSTILE}\n\n<script>alert(2)</script>`,
        });
        const { html } = await page(ctx, `/readblog?id=${post.id}`);
        // Only the page's own scripts: the signed-in hint, the JSON-LD, the data, the app.
        expect(html.match(/<script/g)).toHaveLength(4);
        expect(html).not.toContain('<img src=x');
        expect(html).not.toContain('<b>Eve');
        expect(titleOf(html)).toBe(`${HOSTILE}, by </script><b>Eve · Inkwell`);
        expect(metaContent(html, 'property', 'og:title')).toBe(HOSTILE);
        expect(metaContent(html, 'name', 'twitter:title')).toBe(HOSTILE);
        const jsonLd = jsonLdOf(html);
        expect(jsonLd.headline).toBe(HOSTILE);
        expect(jsonLd.author).toMatchObject({ name: '</script><b>Eve' });
        expect(scriptBlocks(html, 'application/ld+json')[0]).not.toMatch(/[<>]/);
        const data = hydrationOf(html).router.loaderData.readblog as { post: { data: { title: string } } };
        expect(data.post.data.title).toBe(HOSTILE);
        expect(scriptBlocks(html, 'application/json')[0]).not.toMatch(/[<>]/);
      });

      it('answers 404 with specification §8 text for an unknown post and for a link without an id', async () => {
        for (const url of [`/readblog?id=${uuidv7()}&name=Nobody`, '/readblog', '/readblog?id=']) {
          const { status, html } = await page(ctx, url);
          expect(status, url).toBe(404);
          expect(html).toContain('Error: Post not found</h1>');
          expect(metaContent(html, 'name', 'robots')).toBe('noindex');
        }
      });
    });

    describe('/profile', () => {
      it('carries the writer, their first posts and ProfilePage data; 404 for nobody', async () => {
        const author = await signUpUser(ctx, { username: 'Profiled' });
        const post = await createPost(ctx, author, { title: 'On my profile', content: 'x'.repeat(250) });
        const { status, html } = await page(ctx, `/profile?userId=${author.id}`);
        expect(status).toBe(200);
        expect(html).toContain('<h1 class="profile-header__name">Profiled</h1>');
        expect(linksTo(html, 'On my profile')).toEqual([`/readblog?id=${post.id}&name=Profiled`]);
        // Specification §9's profile preview: 200 characters and ' ...'.
        expect(html).toContain(`${'x'.repeat(200)} ...`);
        expect(titleOf(html)).toBe('Profiled · Inkwell');
        expect(metaContent(html, 'property', 'og:type')).toBe('profile');
        expect(feedLinks(html)).toContain(`${PUBLIC_URL}/rss.xml?userId=${author.id}`);
        expect(jsonLdOf(html)).toMatchObject({
          '@type': 'ProfilePage',
          url: `${PUBLIC_URL}/@${await handleOf(ctx, author.id)}`,
          mainEntity: { '@type': 'Person', name: 'Profiled', identifier: author.id },
        });

        const unknown = await page(ctx, `/profile?userId=${uuidv7()}`);
        expect(unknown.status).toBe(404);
        expect(unknown.html).toContain('<h1>User not found</h1>');
      });
    });

    describe('the response cache', () => {
      let base = '';
      beforeAll(async () => {
        // Over real HTTP: cache hits are answered at the server's front door, before Fastify.
        base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      });

      it('answers a repeated visit from memory, and shows a new post at once', async () => {
        const first = await fetch(`${base}/allblog`);
        const firstHtml = await first.text();
        const second = await fetch(`${base}/allblog`, { headers: { host: 'attacker.example' } });
        expect(first.headers.get('x-cache')).toBe('miss');
        expect(second.headers.get('x-cache')).toBe('hit');
        expect(await second.text()).toBe(firstHtml);

        const author = await signUpUser(ctx);
        await createPost(ctx, author, { title: 'Fresh on the page' });
        const after = await fetch(`${base}/allblog`);
        expect(after.headers.get('x-cache')).toBe('miss');
        expect(await after.text()).toContain('Fresh on the page');
      });

      it.each(['/tag?name=cached-pages', '/search?q=cached'])(
        'answers a repeated visit of %s from memory, whatever else its address carries',
        async (path) => {
          const author = await signUpUser(ctx);
          await createPost(ctx, author, { title: 'Cached pages', tags: ['cached-pages'] });
          expect((await fetch(`${base}${path}`)).headers.get('x-cache')).toBe('miss');
          const again = await fetch(`${base}${path}&utm_source=newsletter`);
          expect(again.headers.get('x-cache')).toBe('hit');
        },
      );
    });

    describe('every other address', () => {
      it('renders the landing page with its WebSite data', async () => {
        const { status, html } = await page(ctx, '/');
        expect(status).toBe(200);
        expect(html).toContain('Read, write, deepen your understanding.');
        expect(attributeValues(html, /<link rel="canonical"[^>]*>/, 'href')).toEqual([`${PUBLIC_URL}/`]);
        expect(jsonLdOf(html)).toMatchObject({ '@type': 'WebSite', name: 'Inkwell', url: `${PUBLIC_URL}/` });
      });

      it('renders an unknown page as the not-found page with a 404, and keeps API and file 404s', async () => {
        const unknown = await page(ctx, '/no/such/page');
        expect(unknown.status).toBe(404);
        expect(unknown.html).toContain('<h1>Page not found</h1>');
        expect(titleOf(unknown.html)).toBe('Page not found · Inkwell');

        const api = await request(ctx, { method: 'GET', url: '/api/no/such/thing' });
        expect(api.status).toBe(404);
        expect(api.body).toEqual({ message: 'Not found: GET /api/no/such/thing' });
        for (const file of ['/assets/gone-123.js', '/missing.png']) {
          const missing = await request(ctx, { method: 'GET', url: file });
          expect(missing.status, file).toBe(404);
          expect(missing.headers['content-type']).toContain('application/json');
        }
      });

      it('sends the skeleton of a page only a signed-in reader sees, kept out of search', async () => {
        for (const url of ['/addblog', '/favorites', '/userupdate', '/updateblog?id=x']) {
          const { status, html } = await page(ctx, url);
          expect(status, url).toBe(200);
          expect(html, url).toContain('aria-busy="true"');
          expect(metaContent(html, 'name', 'robots'), url).toBe('noindex');
        }
      });

      it('sends sign-in and sign-up forms that cannot be submitted before the page is hydrated', async () => {
        // Submitted by the browser itself, a form without a script would be a GET carrying the
        // password in its address.
        for (const url of ['/signin', '/signup']) {
          const { status, html } = await page(ctx, url);
          expect(status, url).toBe(200);
          const submits = [...html.matchAll(/<button[^>]*type="submit"[^>]*>/g)].map((match) => match[0]);
          expect(submits, url).toHaveLength(1);
          expect(submits[0], url).toMatch(/\sdisabled=""/);
        }
      });

      it('builds every link from PUBLIC_URL, never from the Host header', async () => {
        const author = await signUpUser(ctx);
        const post = await createPost(ctx, author);
        const { html } = await page(ctx, `/readblog?id=${post.id}`, {
          host: 'attacker.example',
          'x-forwarded-host': 'attacker.example',
        });
        expect(html).not.toContain('attacker.example');
        expect(attributeValues(html, /<link rel="canonical"[^>]*>/, 'href')).toEqual([
          `${PUBLIC_URL}/readblog?id=${post.id}`,
        ]);
      });

      it('allows its one inline script by hash in the CSP, and nothing else inline', async () => {
        const { html, headers } = await page(ctx, '/allblog');
        const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
        expect(inline).toHaveLength(1);
        const hash = createHash('sha256')
          .update(inline[0] ?? '')
          .digest('base64');
        const scriptSrc = /script-src ([^;]*)/.exec(String(headers['content-security-policy']))?.[1];
        expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
      });
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
