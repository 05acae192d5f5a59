import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { createUser, signInAs, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { atPath, expectFieldError, expectNoHorizontalScroll } from './support/screens';
import { startBuiltServer, type RunningServer } from './support/server-process';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** This file's own server, with sub-domains of localhost (Chromium resolves them to loopback). */
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startBuiltServer({ BASE_DOMAIN: 'localhost' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A team publication made through the API, with a post so its home has something to show. */
async function publicationOf(owner: E2eUser, slug: string): Promise<{ url: string }> {
  const created = await fetch(`${server.baseURL}/api/publications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({ slug, name: 'The Lantern', description: 'Notes by lamplight.' }),
  });
  expect(created.status).toBe(201);
  const body = (await created.json()) as { response: { url: string } };
  return body.response;
}

/** A post in the publication, with a cover of one colour when asked, through the real API. */
async function postIn(owner: E2eUser, slug: string, title: string, colour?: string): Promise<void> {
  let coverId: string | undefined;
  if (colour) {
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
    const uploaded = await fetch(`${server.baseURL}/api/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    coverId = ((await uploaded.json()) as { response: { id: string } }).response.id;
  }
  const created = await fetch(`${server.baseURL}/api/post/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({
      title,
      content: `${title}, by lamplight.`,
      publication: slug,
      ...(coverId ? { coverId } : {}),
    }),
  });
  expect(created.status).toBe(201);
}

function freshSlug(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}`;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

// One story told in steps, each with its own time: the owner sets the site up in the app, then the
// site is read at two widths, then the settings are seen on a phone. Each step reads what the one
// before it made, so they run in order in one worker, and a failed step skips the rest.
test.describe.serial("a publication's own pages, navigation and look", () => {
  let owner: E2eUser;
  let slug: string;
  let publication: { url: string };

  test('the owner writes an About page in the block editor, links it and Shop in the header, and picks a look', async ({
    newPage,
  }) => {
    owner = await createUser(server.baseURL, 'Lantern Owner');
    slug = freshSlug('lantern');
    publication = await publicationOf(owner, slug);
    await postIn(owner, slug, 'The first wick', '#c0392b');
    await postIn(owner, slug, 'Oil and glass');
    await postIn(owner, slug, 'Trimming the flame', '#2980b9');

    const page = await newPage({ baseURL: server.baseURL, bypassCSP: true });
    await signInAs(page, owner);
    await page.goto(`/publication?slug=${slug}`);
    const pages = page.getByRole('region', { name: 'Pages' });
    await expect(pages).toContainText('No pages yet.');
    await pages.getByRole('link', { name: 'Write a page' }).click();
    await atPath(page, '/publication/page', { slug });
    await expect(page.getByRole('heading', { level: 1, name: 'New page' })).toBeVisible();

    // Every field is checked by its own message before anything is sent.
    await page.getByRole('button', { name: 'Publish' }).click();
    await expectFieldError(page, 'Title', 'Title is required');

    await page.getByRole('textbox', { name: 'Title' }).fill('About us');
    // The address follows the title until it is typed.
    await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('about-us');
    await page.getByRole('textbox', { name: 'Address' }).fill('about us');
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    await page.getByRole('textbox', { name: 'Body', exact: true }).click();
    await page.keyboard.type('## Who we are');
    await page.keyboard.press('Enter');
    await page.keyboard.type('We write by **lamplight**.');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Publish' }).click();
    // A space is not in an address: said by the field.
    await expectFieldError(page, 'Address', /lower-case letters/);
    await page.getByRole('textbox', { name: 'Address' }).fill('about');
    await page.getByRole('button', { name: 'Publish' }).click();

    await atPath(page, '/publication', { slug });
    await expect(page.getByText('“About us” is published.')).toBeVisible();
    await expect(pages.getByRole('link', { name: 'About us' })).toBeVisible();
    await expect(pages.getByRole('link', { name: '/p/about' })).toHaveAttribute(
      'href',
      `${publication.url}/p/about`,
    );

    // The header's links: the page and an address elsewhere, then reordered by keyboard.
    const nav = page.getByRole('region', { name: 'Navigation and footer' });
    await nav.getByRole('button', { name: 'Add a link' }).click();
    const first = nav.getByRole('group', { name: 'Link 1' });
    await expect(first.getByRole('textbox', { name: 'Label' })).toBeFocused();
    await page.keyboard.type('About');
    await expect(first.getByRole('combobox', { name: 'Page' })).toHaveValue('about');
    await nav.getByRole('button', { name: 'Add a link' }).click();
    const second = nav.getByRole('group', { name: 'Link 2' });
    await second.getByRole('textbox', { name: 'Label' }).fill('Shop');
    await second.getByRole('combobox', { name: 'Links to' }).selectOption('url');
    await second.getByRole('textbox', { name: 'Address' }).fill('http://shop.example.com');
    await nav
      .getByRole('textbox', { name: 'Footer' })
      .fill('**Lamplight** press. [Write to us](https://example.com/contact)');
    await nav.getByRole('button', { name: 'Save navigation and footer' }).click();
    // Plain http is refused, by the field, which takes the keyboard.
    await expect(second.getByRole('textbox', { name: 'Address' })).toBeFocused();
    await expectFieldError(page, 'Address', 'Enter a full https:// address');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('https://shop.example.com');
    // Shop moves above About with the keyboard alone; the keyboard stays with it.
    await nav.getByRole('button', { name: 'Move up: Shop' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      nav.getByRole('group', { name: 'Link 1' }).getByRole('textbox', { name: 'Label' }),
    ).toHaveValue('Shop');
    await expect(nav.getByRole('button', { name: 'Move down: Shop' })).toBeFocused();
    await expect(nav.getByText('Shop moved to position 1 of 2.')).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
    await nav.getByRole('button', { name: 'Save navigation and footer' }).click();
    await expect(nav.getByText('Navigation and footer saved.')).toBeVisible();

    // The look: a cover uploaded like the logo, and the grid layout.
    const look = page.getByRole('region', { name: 'Look of the site' });
    const cover = await sharp({ create: { width: 1500, height: 500, channels: 3, background: '#e0a030' } })
      .png()
      .toBuffer();
    await look
      .getByLabel('Upload a cover')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
    await expect(look.getByText('Cover saved.')).toBeVisible();
    await expect(look.getByRole('img', { name: "The site's cover" })).toBeVisible();
    await look.getByRole('radio', { name: /Grid with covers/ }).check();
    await look.getByRole('button', { name: 'Save layout' }).click();
    await expect(look.getByText('Layout saved.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const [viewport, colorScheme] of [
    [PHONE, 'light'],
    [DESKTOP, 'dark'],
  ] as const) {
    test(`the site shows the header's links, the footer, the grid and /p/about at ${viewport.width} px in ${colorScheme}`, async ({
      newPage,
    }) => {
      const site = await newPage({ baseURL: publication.url, viewport, colorScheme, bypassCSP: true });
      // The site is not the app: no hydration to wait for.
      expect((await site.mainFrame().goto('/'))?.status()).toBe(200);
      const header = site.getByRole('navigation', { name: 'The Lantern' });
      await expect(header.getByRole('link')).toHaveText(['Posts', 'Shop', 'About', 'RSS']);
      await expect(header.getByRole('link', { name: 'Shop' })).toHaveAttribute(
        'href',
        'https://shop.example.com',
      );
      await expect(site.locator('.pub-footer strong')).toHaveText('Lamplight');
      // The grid: a card a post, a picture for each post with a cover, every picture sized.
      await expect(site.locator('.cards > .card')).toHaveCount(3);
      await expect(site.locator('.card img.card-picture')).toHaveCount(2);
      await expect(site.locator('img.site-cover')).toBeVisible();
      for (const picture of await site.locator('main img').all()) {
        await expect(picture).toHaveAttribute('width', /^\d+$/);
        await expect(picture).toHaveAttribute('height', /^\d+$/);
        await picture.scrollIntoViewIfNeeded();
        await expect
          .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
          .toBe(true);
      }
      await site.evaluate(() => window.scrollTo(0, 0));
      await expectNoHorizontalScroll(site, viewport.width);
      expect(await axeViolations(site)).toEqual([]);
      await shoot(site, `site-nav-${viewport.width}-${colorScheme}`);
      await header.getByRole('link', { name: 'About' }).click();
      await expect(site).toHaveURL(`${publication.url}/p/about`);
      await expect(site.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
      await expect(site.getByRole('heading', { level: 2, name: 'Who we are' })).toBeVisible();
      await expect(site.locator('main strong')).toHaveText('lamplight');
      await expectNoHorizontalScroll(site, viewport.width);
      expect(await axeViolations(site)).toEqual([]);
      await shoot(site, `site-page-${viewport.width}-${colorScheme}`);
    });
  }

  test("the settings page and the page's editor fit a phone in the dark", async ({ newPage }) => {
    const phone = await newPage({
      baseURL: server.baseURL,
      viewport: PHONE,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    await signInAs(phone, owner);
    await phone.goto(`/publication?slug=${slug}`);
    await expect(phone.getByRole('group', { name: 'Link 1' })).toBeVisible();
    await expectNoHorizontalScroll(phone, PHONE.width);
    expect(await axeViolations(phone)).toEqual([]);
    await shoot(phone, 'publication-settings-375-dark');
    await phone.getByRole('region', { name: 'Pages' }).getByRole('link', { name: 'About us' }).click();
    await expect(phone.getByRole('textbox', { name: 'Title' })).toHaveValue('About us');
    await expect(phone.locator('.block-editor__body[contenteditable="true"]')).toContainText('lamplight');
    await expectNoHorizontalScroll(phone, PHONE.width);
    expect(await axeViolations(phone)).toEqual([]);
    await shoot(phone, 'page-editor-375-dark');
  });
});
