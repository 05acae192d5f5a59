import { expect, it } from 'vitest';
import { describeEachDatabase, request, signUpUser } from './support/harness';
import { getPage, sourcePages, templateWebDir } from './support/pages';
import { createPost } from './support/posts';

const PUBLIC_URL = 'http://inkwell.test';
const webDir = templateWebDir();
const CONTENT = [
  'Before the pictures.',
  '',
  '![A wide hill](/media/hill/1600.webp){width=wide}',
  '',
  '![The sea](/media/sea/1600.webp "At dawn"){width=full}',
  '',
  '![One](/media/one/1600.webp) ![Two](/media/two/1600.webp)',
  '',
  '![Odd](/media/odd/1600.webp){width=huge onload=alert(1)}',
].join('\n');

const WIDE = '<figure class="picture picture--wide"><img src="/media/hill/1600.webp" alt="A wide hill"';
const GALLERY = '<figure class="gallery gallery--2" role="group" aria-label="Gallery, 2 pictures">';

/** Decision 82: a picture's width and galleries, in the post's HTML wherever it is read. */
describeEachDatabase(
  'picture widths and galleries',
  (ctx) => {
    it('carries widths and galleries in the post’s HTML and its read page, an unknown width as text', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author, { title: 'Pictures', content: CONTENT });
      const read = await request<{ response: { contentHtml: string; content: string } }>(ctx, {
        method: 'GET',
        url: `/api/post/blog?id=${post.id}`,
      });
      const html = read.body.response.contentHtml;
      expect(read.body.response.content).toBe(CONTENT);
      expect(html).toContain(WIDE);
      expect(html).toContain(
        '<figure class="picture picture--full"><img src="/media/sea/1600.webp" alt="The sea"',
      );
      expect(html).toContain(GALLERY);
      expect(html).toContain('alt="One"');
      expect(html).toContain('alt="Two"');
      expect(html).toContain('{width=huge onload=alert(1)}</p>');
      expect(html).not.toMatch(/<img[^>]*onload/);

      const shown = await getPage(ctx, `/readblog?id=${post.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toContain(WIDE);
      expect(shown.body).toContain(GALLERY);
    });

    it('keeps the pictures in feeds and the social web’s Article, with absolute addresses', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author, { title: 'Fed pictures', content: CONTENT });
      for (const url of ['/rss.xml', '/atom.xml']) {
        const feed = await getPage(ctx, url);
        expect(feed.status, url).toBe(200);
        for (const name of ['hill', 'sea', 'one', 'two']) {
          expect(feed.body, url).toContain(`${PUBLIC_URL}/media/${name}/1600.webp`);
        }
      }
      const article = await getPage(ctx, `/readblog?id=${post.id}`, 'application/activity+json');
      expect(article.status).toBe(200);
      const content = (JSON.parse(article.body) as { content: string }).content;
      expect(content).toMatch(/<img src="[^"]*\/media\/one\/1600\.webp" alt="One"/);
      expect(content).toMatch(/<img src="[^"]*\/media\/two\/1600\.webp" alt="Two"/);
    });

    it('shows them on the writer’s publication site, whose stylesheet lays them out', async () => {
      const writer = await signUpUser(ctx);
      const post = await createPost(ctx, writer, { title: 'On the site', content: CONTENT });
      const mine = await request<{ response: { publication: { slug: string } }[] }>(ctx, {
        method: 'GET',
        url: '/api/user/publications',
        token: writer.token,
      });
      const slug = mine.body.response[0]!.publication.slug;
      const shown = await getPage(ctx, `/pub/${slug}/posts/${post.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toContain('<figure class="picture picture--wide">');
      expect(shown.body).toContain(GALLERY);
      const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(shown.body)?.[1];
      const css = await getPage(ctx, stylesheet!.replace(PUBLIC_URL, '').replaceAll('&amp;', '&'));
      expect(css.status).toBe(200);
      expect(css.body).toContain('.content>.picture--wide');
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
