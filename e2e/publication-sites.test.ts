import sharp from 'sharp';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import type { UploadedMediaResponse } from '../contracts/media';
import { createPost, createUser, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { expectNoHorizontalScroll } from './support/screens';
import { startBuiltServer, type RunningServer } from './support/server-process';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** This file's own server, with sub-domains of localhost (Chromium resolves them to loopback). */
let server: RunningServer;
let port: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startBuiltServer({ BASE_DOMAIN: 'localhost' });
  port = new URL(server.baseURL).port;
});

test.afterAll(async () => {
  await server?.stop();
});

async function ownBlog(user: { token: string }): Promise<{ slug: string; url: string }> {
  const response = await fetch(`${server.baseURL}/api/user/publications`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const body = (await response.json()) as { response: { publication: { slug: string; url: string } }[] };
  const own = body.response[0]?.publication;
  if (!own) throw new Error('no own blog');
  return own;
}

/** Uploads a picture of one colour through the real API, as the writing page does. */
async function uploadPicture(user: E2eUser, colour: string): Promise<UploadedMediaResponse['response']> {
  const png = await sharp({
    create: { width: 800, height: 500, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  const response = await fetch(`${server.baseURL}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as UploadedMediaResponse).response;
}

test.describe("a publication's own site at its sub-domain", () => {
  test('shows its home, a post page, its about page, its feeds, sitemap and robots.txt, with only the stats script', async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, 'Site Writer');
    const blog = await ownBlog(writer);
    expect(blog.url).toBe(`http://${blog.slug}.localhost:${port}`);
    const post = await createPost(server.baseURL, writer, {
      title: 'A letter from the sub-domain',
      content: '## Why\n\nBecause **every writer** deserves an address.\n\n```js\nconsole.log(1);\n```',
    });

    for (const [viewport, colorScheme] of [
      [PHONE, 'light'],
      [DESKTOP, 'dark'],
    ] as const) {
      const page = await newPage({
        baseURL: blog.url,
        viewport,
        colorScheme,
        // axe runs as an injected script, which the site's policy refuses.
        bypassCSP: true,
      });
      const home = await page.mainFrame().goto('/');
      expect(home?.status()).toBe(200);
      await expect(page.locator('.pub-name')).toHaveText('Site Writer');
      // Nothing to run but the small script that reports the view (decision 63) and, on the home,
      // the one that keeps a writer's choice not to count their own visits (decision 88).
      await expect(page.locator('script')).toHaveCount(2);
      await expect(page.locator('script').first()).toHaveAttribute('data-kind', 'publication');
      await expectNoHorizontalScroll(page, viewport.width);
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS)
        await page.screenshot({
          path: `${SHOTS}/site-home-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });

      await page.getByRole('link', { name: 'A letter from the sub-domain' }).click();
      // A post's site address is its slug, from its title (decision 79).
      expect(new URL(page.url()).pathname).toBe('/posts/a-letter-from-the-sub-domain');
      await expect(
        page.getByRole('heading', { level: 1, name: 'A letter from the sub-domain' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Why' })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${blog.url}/posts/a-letter-from-the-sub-domain`,
      );
      // Discussion happens on the main site.
      await expect(page.getByRole('link', { name: /Discuss this post/ })).toHaveAttribute(
        'href',
        `http://localhost:${port}/readblog?id=${post.id}`,
      );
      await expectNoHorizontalScroll(page, viewport.width);
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS)
        await page.screenshot({
          path: `${SHOTS}/site-post-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });

      await page.getByRole('navigation').getByRole('link', { name: 'About' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'About Site Writer' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }

    const page = await newPage({ baseURL: blog.url });
    const rss = await page.mainFrame().goto('/rss.xml');
    expect(rss?.status()).toBe(200);
    expect(rss?.headers()['content-type']).toContain('application/rss+xml');
    expect(await rss?.text()).toContain(`${blog.url}/posts/a-letter-from-the-sub-domain`);
    const atom = await page.mainFrame().goto('/atom.xml');
    expect(atom?.status()).toBe(200);
    expect(atom?.headers()['content-type']).toContain('application/atom+xml');
    const atomText = (await atom?.text()) ?? '';
    expect(atomText).toContain(`${blog.url}/posts/a-letter-from-the-sub-domain`);
    expect(atomText).toContain(`${blog.url}/atom.xml`);
    const sitemap = await page.mainFrame().goto('/sitemap.xml');
    expect(sitemap?.status()).toBe(200);
    const locs = [...((await sitemap?.text()) ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map(
      (match) => match[1],
    );
    // The sub-domain's own addresses, not the main site's.
    expect(locs).toEqual([
      `${blog.url}/`,
      `${blog.url}/about`,
      `${blog.url}/posts/a-letter-from-the-sub-domain`,
    ]);
    const robots = await page.mainFrame().goto('/robots.txt');
    expect(robots?.status()).toBe(200);
    expect(await robots?.text()).toContain(`Sitemap: ${blog.url}/sitemap.xml`);
    const missing = await page.mainFrame().goto(`/posts/00000000-0000-7000-8000-000000000000`);
    expect(missing?.status()).toBe(404);
    const unknown = await page.mainFrame().goto(`http://no-such-blog.localhost:${port}/`);
    expect(unknown?.status()).toBe(404);
  });

  test('a writer\'s blog shows their links (rel="me"), their pinned post first, and their series with its page', async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, 'Home Writer');
    const blog = await ownBlog(writer);
    const first = await createPost(server.baseURL, writer, {
      title: 'Where to start',
      content: 'Begin here.',
    });
    const second = await createPost(server.baseURL, writer, {
      title: 'What came next',
      content: 'Then this.',
    });
    const call = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${server.baseURL}${path}`, {
        method,
        headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { response: { id: string } }).response;
    };
    await call('PUT', '/api/user/links', {
      website: 'https://home-writer.example/',
      elsewhere: ['https://mastodon.example/@home'],
    });
    await call('PUT', '/api/user/pinned', { postId: first.id });
    const series = await call('POST', '/api/series', { title: 'A short course' });
    await call('PUT', `/api/series/posts?id=${series.id}`, { postIds: [first.id, second.id] });

    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await newPage({ baseURL: blog.url, viewport: PHONE, colorScheme, bypassCSP: true });
      expect((await page.mainFrame().goto('/'))?.status()).toBe(200);
      const links = page.getByRole('list', { name: 'Links' });
      await expect(links.getByRole('link', { name: 'home-writer.example' })).toHaveAttribute(
        'rel',
        'me nofollow noopener',
      );
      await expect(links.getByRole('link', { name: '@home@mastodon.example' })).toHaveAttribute(
        'rel',
        'me nofollow noopener',
      );
      const pinned = page.getByRole('region', { name: 'Pinned' });
      await expect(pinned.getByRole('link', { name: 'Where to start' })).toBeVisible();
      await expectNoHorizontalScroll(page, PHONE.width);
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/site-writer-home-375-${colorScheme}.png`, fullPage: true });

      const listed = page.getByRole('region', { name: 'Series' });
      await expect(listed.getByRole('listitem')).toHaveText('A short course 2 parts');
      await listed.getByRole('link', { name: 'A short course' }).click();
      expect(new URL(page.url()).pathname).toBe(`/series/${series.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'A short course' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Where to start', 'What came next']);
      await expectNoHorizontalScroll(page, PHONE.width);
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/site-series-375-${colorScheme}.png`, fullPage: true });
    }
  });

  test("shows a post's pictures and the icon, which come from the main site (another origin)", async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, 'Picture Writer');
    const blog = await ownBlog(writer);
    const cover = await uploadPicture(writer, '#c0392b');
    const inline = await uploadPicture(writer, '#2980b9');
    const created = await fetch(`${server.baseURL}/api/post/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({
        title: 'A post with pictures',
        content: `Above the picture.\n\n![A blue field](${inline.url})\n\nBelow it.`,
        coverId: cover.id,
      }),
    });
    expect(created.status).toBe(201);
    const post = ((await created.json()) as { response: { id: string } }).response;

    for (const viewport of [PHONE, DESKTOP]) {
      // The site's own policy applies: no bypass, so what loads here loads for readers.
      const page = await newPage({ baseURL: blog.url, viewport });
      const blocked: string[] = [];
      page.on('requestfailed', (request) =>
        blocked.push(`${request.url()}: ${request.failure()?.errorText}`),
      );
      const response = await page.mainFrame().goto(`/posts/${post.id}`);
      expect(response?.status()).toBe(200);
      // The cover and the picture in the text, both from the main site's /media. A picture in the
      // text loads lazily, when a reader comes near it (the load event does not wait for it): each
      // is brought into view, as a reader scrolling would, and must then load.
      await expect(page.locator('img')).toHaveCount(2);
      for (const picture of await page.locator('img').all()) {
        await picture.scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            picture.evaluate((image: HTMLImageElement) => ({
              origin: new URL(image.currentSrc || image.src).origin,
              loaded: image.complete && image.naturalWidth > 0,
            })),
          )
          .toEqual({ origin: `http://localhost:${port}`, loaded: true });
      }
      // The icon the page links, loaded as the browser loads a picture (no-cors, under CORP).
      const iconHref = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(iconHref).toBe(`http://localhost:${port}/icon-192.png`);
      const iconWidth = await page.evaluate(
        (href) =>
          new Promise<number>((resolve) => {
            const icon = new Image();
            icon.onload = () => resolve(icon.naturalWidth);
            icon.onerror = () => resolve(0);
            icon.src = href;
          }),
        iconHref ?? '',
      );
      expect(iconWidth).toBe(192);
      expect(blocked).toEqual([]);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/site-pictures-${viewport.width}.png`, fullPage: true });
    }
  });
});
