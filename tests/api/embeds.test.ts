import { expect, it } from 'vitest';
import { describeEachDatabase, request, signUpUser } from './support/harness';
import { getPage, sourcePages, templateWebDir } from './support/pages';
import { createPost } from './support/posts';

const PUBLIC_URL = 'http://inkwell.test';
const webDir = templateWebDir();
const YOUTUBE = 'https://youtu.be/dQw4w9WgXcQ';
const MASTODON = 'https://mastodon.social/@Gargron/109421234567890123';
const EMBEDDING = `Two things to see.\n\n${YOUTUBE}\n\n${MASTODON}\n\nAnd a link among words: ${YOUTUBE}.`;

/** The frame-src of a response's policy, or undefined when it names none. */
const frameSrc = (headers: { 'content-security-policy'?: unknown }) =>
  /(?:^|;)\s*frame-src ([^;]*)/.exec(String(headers['content-security-policy']))?.[1];

/** Decision 81: embeds by address, a card until the reader asks, a link where no script runs. */
describeEachDatabase(
  'embeds',
  (ctx) => {
    it('renders a post’s embeds as cards with no frame, and its read page lets in exactly their frames', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author, { title: 'Embedding', content: EMBEDDING });
      const read = await request<{ response: { contentHtml: string } }>(ctx, {
        method: 'GET',
        url: `/api/post/blog?id=${post.id}`,
      });
      const html = read.body.response.contentHtml;
      expect(html).toContain('<div class="embed embed--youtube" data-embed="youtube">');
      expect(html).toContain('<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" class="embed__link"');
      expect(html).toContain('<div class="embed embed--mastodon" data-embed="mastodon">');
      // The address among words stays a link.
      expect(html).toContain(`<p>And a link among words: <a href="${YOUTUBE}"`);
      expect(html).not.toContain('<iframe');

      const shown = await getPage(ctx, `/readblog?id=${post.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toContain('class="embed__link"');
      expect(shown.body).not.toContain('<iframe');
      expect(frameSrc(shown.headers)).toBe('https://mastodon.social https://www.youtube-nocookie.com');
      // The rest of the policy is the app's own.
      expect(String(shown.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(shown.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    });

    it('lets in no frame on pages without embeds', async () => {
      const author = await signUpUser(ctx);
      const plain = await createPost(ctx, author, { title: 'Plain', content: `Only a link: ${YOUTUBE}` });
      // A Bluesky post named by its author's handle is a card with no frame to load.
      const handle = await createPost(ctx, author, {
        title: 'Handle',
        content: 'https://bsky.app/profile/alice.example/post/3l6oveex3ii2l',
      });
      for (const url of [`/readblog?id=${plain.id}`, `/readblog?id=${handle.id}`, '/allblog']) {
        const shown = await getPage(ctx, url);
        expect(shown.status, url).toBe(200);
        expect(frameSrc(shown.headers), url).toBeUndefined();
      }
      expect((await getPage(ctx, `/readblog?id=${handle.id}`)).body).toContain('Open on Bluesky');
    });

    it('carries a plain link in feeds and in the social web’s Article', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author, { title: 'Fed', content: EMBEDDING });
      for (const url of ['/rss.xml', '/atom.xml']) {
        const feed = await getPage(ctx, url);
        expect(feed.status, url).toBe(200);
        expect(feed.body).toContain('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
        expect(feed.body).not.toContain('embed__link');
      }
      const article = await getPage(ctx, `/readblog?id=${post.id}`, 'application/activity+json');
      expect(article.status).toBe(200);
      const content = (JSON.parse(article.body) as { content: string }).content;
      expect(content).toContain(`<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"`);
      expect(content).toContain(`>${MASTODON}</a>`);
      expect(content).not.toContain('embed');
    });

    it('shows the card leading to the provider on the writer’s own site, with no frame allowed', async () => {
      const writer = await signUpUser(ctx);
      const post = await createPost(ctx, writer, { title: 'On the site', content: EMBEDDING });
      const mine = await request<{ response: { publication: { slug: string } }[] }>(ctx, {
        method: 'GET',
        url: '/api/user/publications',
        token: writer.token,
      });
      const slug = mine.body.response[0]!.publication.slug;
      const shown = await getPage(ctx, `/pub/${slug}/posts/${post.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toContain('<span class="embed__action">Open on YouTube</span>');
      expect(shown.body).not.toContain('<iframe');
      expect(frameSrc(shown.headers)).toBeUndefined();
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
