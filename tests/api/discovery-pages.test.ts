import { describe, expect, it } from 'vitest';
import { describeEachDatabase, request, signUpUser, type ApiContext, handleOf } from './support/harness';
import { attributeValues, metaContent, sourcePages, templateWebDir, titleOf } from './support/pages';
import { createPost } from './support/posts';

/*
 * Topics, search and the side panel in the server's HTML: the topic page, the search page and the real side panel, as a
 * crawler, a link preview or a reader without JavaScript gets them; the topic feeds and sitemap.
 */

const PUBLIC_URL = 'http://inkwell.test';
const webDir = templateWebDir();
let counter = 0;
/** A topic name no other test uses (letters only: a tag keeps them as they are). */
const uniqueTopic = (base: string) => `${base}-${Date.now().toString(36)}${(counter += 1)}`;

async function page(ctx: ApiContext, url: string) {
  const response = await request(ctx, { method: 'GET', url });
  return { status: response.status, html: response.raw.body };
}

const hrefs = (html: string, pattern: RegExp) => attributeValues(html, pattern, 'href');

describeEachDatabase(
  'discovery pages',
  (ctx) => {
    describe('/tag', () => {
      it('lists the topic’s posts as real links, newest first, with its head and its own feeds', async () => {
        const topic = uniqueTopic('gardening');
        const author = await signUpUser(ctx, { username: 'Gardener' });
        const older = await createPost(ctx, author, { title: 'Seeds in spring', tags: [topic] });
        const newer = await createPost(ctx, author, { title: 'Weeds in summer', tags: ['Other', topic] });
        await createPost(ctx, author, { title: 'Not about it', tags: ['other'] });

        const { status, html } = await page(ctx, `/tag?name=${topic}`);
        expect(status).toBe(200);
        expect(html).toContain(`<h1 id="topic-heading" class="topic-header__title">${topic}</h1>`);
        expect(html.indexOf('Weeds in summer')).toBeLessThan(html.indexOf('Seeds in spring'));
        expect(html).not.toContain('Not about it');
        expect(hrefs(html, /<a class="post-card__link"[^>]*>/)).toEqual([
          `/readblog?id=${newer.id}&name=Gardener`,
          `/readblog?id=${older.id}&name=Gardener`,
        ]);
        // Each card's topics are links to their pages.
        expect(hrefs(html, /<a class="tag-pill"[^>]*>/)).toContain('/tag?name=other');

        const canonical = `${PUBLIC_URL}/tag?name=${topic}`;
        expect(titleOf(html)).toBe(`Posts about ${topic} · Inkwell`);
        expect(metaContent(html, 'name', 'description')).toBe(
          `2 posts about ${topic} on Inkwell, newest first.`,
        );
        expect(hrefs(html, /<link rel="canonical"[^>]*>/)).toEqual([canonical]);
        expect(metaContent(html, 'property', 'og:url')).toBe(canonical);
        expect(metaContent(html, 'property', 'og:title')).toBe(`Posts about ${topic}`);
        expect(metaContent(html, 'name', 'robots')).toBeUndefined();
        expect(hrefs(html, /<link rel="alternate"[^>]*>/).sort()).toEqual(
          [
            `${PUBLIC_URL}/atom.xml`,
            `${PUBLIC_URL}/rss.xml`,
            `${PUBLIC_URL}/atom.xml?tag=${topic}`,
            `${PUBLIC_URL}/rss.xml?tag=${topic}`,
          ].sort(),
        );
      });

      it('names a topic by the shared rule, and answers 404 for a topic nobody wrote about', async () => {
        const topic = uniqueTopic('deep-sea');
        const author = await signUpUser(ctx, { username: 'Diver' });
        await createPost(ctx, author, { title: 'Down there', tags: [topic] });
        const typed = await page(
          ctx,
          `/tag?name=${encodeURIComponent(topic.replace('-', ' ').toUpperCase())}`,
        );
        expect(typed.status).toBe(200);
        expect(hrefs(typed.html, /<link rel="canonical"[^>]*>/)).toEqual([`${PUBLIC_URL}/tag?name=${topic}`]);

        for (const url of [
          '/tag?name=never-written-about',
          '/tag?name=%20%21%20',
          '/tag',
          `/tag?name=${'x'.repeat(31)}`,
        ]) {
          const missing = await page(ctx, url);
          expect(missing.status, url).toBe(404);
          expect(missing.html, url).toContain('Error: Topic not found');
          expect(metaContent(missing.html, 'name', 'robots'), url).toBe('noindex');
        }
      });
    });

    describe('/search', () => {
      it('renders ranked results with the passage highlighted as text, and stays out of search engines', async () => {
        const word = `zephyr${Date.now().toString(36)}`;
        const author = await signUpUser(ctx, { username: 'Searcher' });
        const post = await createPost(ctx, author, {
          title: `All about ${word}`,
          content: `A ${word} with <img src=x onerror="alert(1)"> and <script>window.pwned=1</script> around it.`,
        });
        const { status, html } = await page(ctx, `/search?q=${word}`);
        expect(status).toBe(200);
        expect(html).toContain(`<mark>${word}</mark>`);
        expect(hrefs(html, /<a class="post-card__link"[^>]*>/)).toEqual([
          `/readblog?id=${post.id}&name=Searcher`,
        ]);
        // The author's markup is text in the snippet, never an element.
        expect(html).not.toMatch(/<img src=x/i);
        expect(html).not.toContain('<script>window.pwned');
        expect(titleOf(html)).toBe(`${word}: search · Inkwell`);
        expect(metaContent(html, 'name', 'robots')).toBe('noindex');
      });

      it('says honestly when nothing matches, and searches nothing for an empty query', async () => {
        const none = await page(ctx, '/search?q=qwxzzyv%20%22no%20such%20phrase%22');
        expect(none.status).toBe(200);
        expect(none.html).toContain('No posts match');
        const empty = await page(ctx, '/search');
        expect(empty.status).toBe(200);
        expect(empty.html).toContain('<h1 class="search-page__heading">Search</h1>');
        const tooLong = await page(ctx, `/search?q=${'a'.repeat(1001)}`);
        expect(tooLong.status).toBe(400);
        expect(tooLong.html).toContain('Search text must be at most 1,000 characters');
      });
    });

    describe('/allblog side panel', () => {
      it('is made of real links, and names no invented person', async () => {
        const topic = uniqueTopic('panel');
        const author = await signUpUser(ctx, { username: 'Panelist' });
        await createPost(ctx, author, { title: 'In the panel', tags: [topic] });
        const { html } = await page(ctx, '/allblog');
        expect(html).toContain('aria-label="Around Inkwell"');
        expect(hrefs(html, /<a class="side-panel__topic"[^>]*>/)).toContain(`/tag?name=${topic}`);
        expect(hrefs(html, /<a class="side-panel__name"[^>]*>/)).toContain(
          `/@${await handleOf(ctx, author.id)}`,
        );
        for (const invented of ['Amara Okafor', 'Hana Sato', 'Diego Alvarez', 'Productivity']) {
          expect(html).not.toContain(invented);
        }
      });
    });

    describe('topic feeds and sitemap', () => {
      it('serves a topic’s own RSS and Atom feeds, and 404 for an unknown topic', async () => {
        const topic = uniqueTopic('feedtopic');
        const author = await signUpUser(ctx, { username: 'Feeder' });
        await createPost(ctx, author, { title: 'In the topic feed', tags: [topic] });
        await createPost(ctx, author, { title: 'Outside the topic feed' });
        for (const path of ['/rss.xml', '/atom.xml']) {
          const response = await request(ctx, { method: 'GET', url: `${path}?tag=${topic}` });
          expect(response.status, path).toBe(200);
          expect(response.raw.body).toContain('In the topic feed');
          expect(response.raw.body).not.toContain('Outside the topic feed');
          expect(response.raw.body).toContain(`${PUBLIC_URL}/tag?name=${topic}`);
        }
        const unknown = await request(ctx, { method: 'GET', url: '/rss.xml?tag=never-written-about' });
        expect(unknown.status).toBe(404);
        const both = await request(ctx, { method: 'GET', url: `/rss.xml?tag=${topic}&userId=${author.id}` });
        expect(both.status).toBe(404);
      });

      it('lists every topic page in the sitemap', async () => {
        const topic = uniqueTopic('mapped');
        const author = await signUpUser(ctx, { username: 'Mapper' });
        await createPost(ctx, author, { title: 'On the map', tags: [topic] });
        const index = await request(ctx, { method: 'GET', url: '/sitemap.xml' });
        const child = /<loc>([^<]*sitemap-topics\.xml[^<]*)<\/loc>/.exec(index.raw.body)?.[1];
        expect(child).toBeDefined();
        const topics = await request(ctx, {
          method: 'GET',
          url: (child ?? '').replace(PUBLIC_URL, '').replace(/&amp;/g, '&'),
        });
        expect(topics.status).toBe(200);
        expect(topics.raw.body).toContain(`<loc>${PUBLIC_URL}/tag?name=${topic}</loc>`);
      });
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
