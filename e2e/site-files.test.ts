import sharp, { type Metadata } from 'sharp';
import { expect, test } from './support/fixtures';
import { ICONS, renderIcon } from '../scripts/icons';

/*
 * Plain HTTP against the built server, no browser: the files a browser, a phone's home screen, a
 * crawler and a feed reader fetch on their own, as `npm start` serves them.
 */

interface HeadLink {
  rel: string;
  href: string;
  type: string | undefined;
  sizes: string | undefined;
}

function headLinks(html: string): HeadLink[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link\b([^>]*)>/g)].map(([, attributes = '']) => {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
    return {
      rel: attribute('rel') ?? '',
      href: attribute('href') ?? '',
      type: attribute('type'),
      sizes: attribute('sizes'),
    };
  });
}

async function get(baseURL: string, path: string): Promise<{ response: Response; bytes: Buffer }> {
  const response = await fetch(new URL(path, baseURL));
  expect(response.status, path).toBe(200);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function expectPng(baseURL: string, path: string, size: number): Promise<Metadata> {
  const { response, bytes } = await get(baseURL, path);
  expect(response.headers.get('content-type'), path).toBe('image/png');
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format, path).toBe('png');
  expect([metadata.width, metadata.height], path).toEqual([size, size]);
  return metadata;
}

test.describe('icons and the web app manifest', () => {
  test('the page head links an SVG favicon, PNG favicons and an apple-touch-icon that exist', async ({
    serverURL,
  }) => {
    const { bytes } = await get(serverURL, '/');
    const links = headLinks(bytes.toString('utf8'));
    const icons = links.filter((link) => link.rel === 'icon');
    expect(icons.map((link) => link.type).sort()).toEqual(['image/png', 'image/png', 'image/svg+xml']);
    for (const icon of icons) {
      const { response } = await get(serverURL, icon.href);
      expect(response.headers.get('content-type'), icon.href).toContain(icon.type);
      if (icon.type === 'image/png') {
        const [width] = (icon.sizes ?? '').split('x');
        await expectPng(serverURL, icon.href, Number(width));
      }
    }
    const touch = links.find((link) => link.rel === 'apple-touch-icon');
    if (!touch) throw new Error('no apple-touch-icon');
    // iOS cuts its own corners and shows transparency as black: the icon must be opaque.
    expect((await expectPng(serverURL, touch.href, 180)).hasAlpha).toBe(false);
  });

  test('the manifest names Inkwell, opens /allblog standalone and offers 192 and 512 px icons', async ({
    serverURL,
  }) => {
    const { bytes } = await get(serverURL, '/');
    const manifestLink = headLinks(bytes.toString('utf8')).find((link) => link.rel === 'manifest');
    if (!manifestLink) throw new Error('no manifest link');
    const { response, bytes: body } = await get(serverURL, manifestLink.href);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = JSON.parse(body.toString('utf8')) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Inkwell',
      start_url: '/allblog',
      display: 'standalone',
      // --color-bg of the light theme (web/src/styles/global.css), as the theme-color meta says.
      theme_color: '#ffffff',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      await expectPng(serverURL, icon.src, Number(icon.sizes.split('x')[0]));
    }
  });

  test('every PNG shows the SVG favicon (regenerate them with `npm run icons` after changing it)', async ({
    serverURL,
  }) => {
    const { bytes: svg } = await get(serverURL, '/favicon.svg');
    for (const icon of ICONS) {
      const { bytes } = await get(serverURL, `/${icon.file}`);
      const served = await sharp(bytes).ensureAlpha().raw().toBuffer();
      const expected = await sharp(await renderIcon(svg, icon))
        .ensureAlpha()
        .raw()
        .toBuffer();
      expect(served.length, icon.file).toBe(expected.length);
      let difference = 0;
      for (let index = 0; index < served.length; index += 1) {
        difference += Math.abs((served[index] ?? 0) - (expected[index] ?? 0));
      }
      // Rasterisers may differ by a shade at the edges between versions, never by a picture.
      expect(difference / served.length, icon.file).toBeLessThan(2);
    }
  });
});

test.describe('files for crawlers and feed readers', () => {
  for (const [path, type] of [
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/sitemap-pages.xml', 'application/xml; charset=utf-8'],
    ['/rss.xml', 'application/rss+xml; charset=utf-8'],
    ['/atom.xml', 'application/atom+xml; charset=utf-8'],
  ] as const)
    test(`${path} is served by the built server as ${type}, not as the web app`, async ({ serverURL }) => {
      const { response, bytes } = await get(serverURL, path);
      expect(response.headers.get('content-type')).toBe(type);
      expect(bytes.toString('utf8')).not.toContain('<div id="root">');
    });
});
