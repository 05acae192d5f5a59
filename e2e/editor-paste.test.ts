import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, expect, test } from './support/fixtures';
import type { Post } from '../contracts/posts';
import { createUser, signInAs, type E2eUser } from './support/api';
import { hydrated } from './support/hydration';
import { startBuiltServer, type RunningServer } from './support/server-process';

/*
 * Pasting a web page's HTML into the body: a table stays a table (decision 69), headings take the levels the
 * `/` menu offers, and the page's pictures are copied into our media store (a picture that cannot
 * be copied becomes a link, and the page says so). A small HTTP server on this machine plays the
 * other site; the server under test may fetch from it, as an operator allows with
 * MEDIA_FETCH_ALLOW_PRIVATE_NETWORKS=1 (the API suite covers the refusal of such addresses).
 */

let server: RunningServer;
let site: Server;
let siteOrigin = '';

test.beforeAll(async () => {
  const picture = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  site = createServer((request, response) => {
    if (request.url === '/pictures/blue.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': picture.length });
      response.end(picture);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('gone');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startBuiltServer({ MEDIA_FETCH_ALLOW_PRIVATE_NETWORKS: '1' });
});

test.afterAll(async () => {
  await server?.stop();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

async function draftsOf(user: E2eUser): Promise<Post[]> {
  const response = await fetch(`${server.baseURL}/api/post/drafts`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return ((await response.json()) as { response: Post[] }).response;
}

async function pasteHtml(page: Page, html: string): Promise<void> {
  await page.evaluate((rich) => {
    const data = new DataTransfer();
    data.setData('text/html', rich);
    data.setData('text/plain', 'pasted');
    document
      .querySelector('.block-editor__body')
      ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

test.describe('pasting from a web page', () => {
  test('keeps a table as a table, maps headings to the offered levels, and copies the pictures in', async ({
    newPage,
  }) => {
    const author = await createUser(server.baseURL, 'Clipper');
    const page = await newPage({ baseURL: server.baseURL, viewport: DESKTOP });
    await signInAs(page, author);
    await page.goto('/addblog');
    await hydrated(page);
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('Clipped');
    await page.getByRole('textbox', { name: 'Content', exact: true }).click();

    await pasteHtml(
      page,
      '<h1>Page title</h1><h2>A section</h2><h3>A part</h3><h6>A detail</h6>' +
        '<table><caption>Prices</caption><thead><tr><th>Item</th><th>Price</th></tr></thead>' +
        '<tbody><tr><td>cell A</td><td>cell B</td></tr><tr><td><p>two</p><p>lines</p></td><td><a href="https://example.com/c">linked</a></td></tr></tbody></table>' +
        `<p><img src="${siteOrigin}/pictures/blue.png" alt="A blue field"></p>` +
        `<p><img src="${siteOrigin}/pictures/missing.png" alt="A lost picture"></p>`,
    );

    const body = page.locator('.block-editor__body');
    // Headings: the page's h1 is below the post's own title, so every level moves down one; none
    // goes deeper than the menu's Heading 4.
    expect(await body.locator('h2').allTextContents()).toEqual(['Page title']);
    expect(await body.locator('h3').allTextContents()).toEqual(['A section']);
    expect(await body.locator('h4').allTextContents()).toEqual(['A part', 'A detail']);
    await expect(body.locator('h1, h5, h6')).toHaveCount(0);
    // A table: its caption a paragraph before it, a cell's blocks one line (decision 69).
    expect(await body.locator(':scope > p').allTextContents()).toContain('Prices');
    expect(await body.locator('table th').allTextContents()).toEqual(['Item', 'Price']);
    expect(await body.locator('table td').allTextContents()).toEqual([
      'cell A',
      'cell B',
      'two lines',
      'linked',
    ]);
    expect(await body.locator('td a[href="https://example.com/c"]').textContent()).toBe('linked');

    // The picture is copied into the media store and shows from there.
    const copied = body.locator('figure img[alt="A blue field"]');
    await page.waitForFunction(
      () =>
        document
          .querySelector('.block-editor__body figure img[alt="A blue field"]')
          ?.getAttribute('src')
          ?.startsWith('/media/') === true,
    );
    await page.waitForFunction(
      () =>
        (
          document.querySelector(
            '.block-editor__body figure img[alt="A blue field"]',
          ) as HTMLImageElement | null
        )?.naturalWidth === 160,
    );
    await expect(copied).toHaveAttribute('src', /^\/media\/[0-9a-f-]+\/160\.webp$/);
    // The one the other site no longer has is kept as a link to it, and the page says why.
    const kept = body.locator(`a[href="${siteOrigin}/pictures/missing.png"]`);
    await expect(kept).toBeVisible();
    expect(await kept.textContent()).toBe('A lost picture');
    await expect(body.locator('img[alt="A lost picture"]')).toHaveCount(0);
    await expect(page.locator('.editor-help', { hasText: 'not copied' })).toHaveText(
      /^A picture was not copied and is kept as a link: http:\/\/127\.0\.0\.1:\d+\/pictures\/missing\.png \(Error: 127\.0\.0\.1:\d+ answered 404 for the picture\)\.$/,
    );

    // What autosave keeps is what the writer sees.
    let draft: Post | undefined;
    await expect
      .poll(async () => {
        [draft] = await draftsOf(author);
        return Boolean(draft?.content.includes('/media/') && draft.content.includes('missing.png'));
      })
      .toBe(true);
    expect(draft?.content).toContain('## Page title\n\n### A section\n\n#### A part\n\n#### A detail');
    expect(draft?.content).toContain(
      'Prices\n\n| Item | Price |\n| --- | --- |\n| cell A | cell B |\n| two lines | [linked](https://example.com/c) |',
    );
    expect(draft?.content).toMatch(/!\[A blue field\]\(\/media\/[0-9a-f-]+\/160\.webp\)/);
    expect(draft?.content).toContain(`[A lost picture](${siteOrigin}/pictures/missing.png)`);
    expect(draft?.content).not.toContain('blue.png');
  });
});
