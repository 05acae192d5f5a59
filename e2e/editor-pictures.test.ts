import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Post } from '../contracts/posts';
import { createUser, signInAs, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { atPath, expectNoHorizontalScroll } from './support/screens';

/*
 * Picture widths and galleries (decision 82): a picture set to wide from the toolbar on it, a
 * gallery of two from the `/` menu (a third added and taken out again), published, and read: the
 * wide picture wider than the text column, the gallery's pictures side by side, at 375 px and dark.
 */

const SHOTS = process.env.EDITOR_SHOTS_DIR;

async function picture(name: string, background: string, width: number, height: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The draft's Markdown once autosave has kept it, when it satisfies `ready`. */
async function savedContent(page: Page, user: E2eUser, ready: (content: string) => boolean): Promise<string> {
  let content = '';
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/post/drafts', {
        headers: { authorization: `Bearer ${user.token}` },
      });
      content = ((await response.json()) as { response: Post[] }).response[0]?.content ?? '';
      return ready(content);
    })
    .toBe(true);
  return content;
}

/** Types `/query` and picks `option` with Enter, which opens the file picker; chooses `files`. */
async function insertPictures(
  page: Page,
  query: string,
  option: string,
  files: Awaited<ReturnType<typeof picture>>[],
) {
  await page.keyboard.type(`/${query}`);
  const menu = page.getByRole('listbox', { name: 'Insert a block' });
  await expect(menu.getByRole('option').first()).toHaveText(new RegExp(`^${option}`));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(files);
}

/** Selects a picture in the editor and gives it its alt text from the toolbar on it. */
async function describePicture(page: Page, image: ReturnType<Page['locator']>, alt: string) {
  await image.click();
  const field = page.getByRole('toolbar', { name: 'Formatting' }).getByLabel('Alt text');
  await field.fill(alt);
  await field.press('Enter');
}

test.describe('pictures in the writing room (decision 82)', () => {
  test('sets a picture wide, makes a gallery of two, publishes, and reads them on the post’s page', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Framer');
    const page = await newPage({ viewport: DESKTOP, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/addblog');
    await hydrated(page);
    const body = page.locator('.block-editor__body[contenteditable="true"]');
    await expect(body).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('Pictures wide and side by side');
    await page.getByRole('textbox', { name: 'Content', exact: true }).click();
    await page.keyboard.type('Before the pictures.');
    await page.keyboard.press('Enter');

    // One picture, made wide with the toolbar's toggle, by keyboard: Enter presses the button and
    // sends nothing.
    await insertPictures(page, 'image', 'Image', [await picture('hill.png', '#2f6b3a', 1600, 900)]);
    const hill = body.locator('figure.editor-figure img').first();
    await expect(hill).toHaveAttribute('src', /^\/media\//);
    await describePicture(page, hill, 'A green hill');
    await hill.click();
    const widths = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('group', { name: 'Width' });
    await expect(widths.getByRole('button', { name: 'Text width' })).toHaveAttribute('aria-pressed', 'true');
    await widths.getByRole('button', { name: 'Wide' }).focus();
    await page.keyboard.press('Enter');
    await expect(widths.getByRole('button', { name: 'Wide' })).toHaveAttribute('aria-pressed', 'true');
    await expect(widths.getByRole('button', { name: 'Text width' })).toHaveAttribute('aria-pressed', 'false');
    await expect(body.locator('figure.editor-figure--wide img')).toHaveAttribute('alt', 'A green hill');
    await expect(page).toHaveURL(/\/addblog/);

    // A gallery of two from the `/` menu, in the paragraph after the picture.
    await body.locator('p').last().click();
    await insertPictures(page, 'gallery', 'Gallery', [
      await picture('sea.png', '#1d4f91', 1200, 800),
      await picture('sand.png', '#c9a86a', 800, 1000),
    ]);
    const gallery = body.getByRole('group', { name: 'Gallery, 2 pictures' });
    await expect(gallery.locator('img')).toHaveCount(2);
    await describePicture(page, gallery.locator('img').nth(0), 'The sea');
    await describePicture(page, gallery.locator('img').nth(1), 'The sand');

    // A third added from the toolbar, then taken out again: it follows the gallery.
    await gallery.locator('img').nth(1).click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar.getByRole('group', { name: 'Width' })).toHaveCount(0);
    const chooser = page.waitForEvent('filechooser');
    await toolbar.getByRole('button', { name: 'Add a picture' }).click();
    await (await chooser).setFiles([await picture('sky.png', '#88bbee', 900, 600)]);
    const three = body.getByRole('group', { name: 'Gallery, 3 pictures' });
    await expect(three.locator('img')).toHaveCount(3);
    await three.locator('img').nth(2).click();
    await toolbar.getByRole('button', { name: 'Take out of gallery' }).click();
    await expect(body.getByRole('group', { name: 'Gallery, 2 pictures' }).locator('img')).toHaveCount(2);
    await describePicture(page, body.locator(':scope > figure.editor-figure img').last(), 'The sky');

    const content = await savedContent(page, user, (text) => text.includes('The sky'));
    expect(content).toMatch(
      /^Before the pictures\.\n\n!\[A green hill\]\(\/media\/[^)]+\)\{width=wide\}\n\n!\[The sea\]\(\/media\/[^)]+\) !\[The sand\]\(\/media\/[^)]+\)\n\n!\[The sky\]\(\/media\/[^)]+\)$/,
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await atPath(page, '/allblog');
    const drafts = await page.request.get('/api/post/drafts', {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(((await drafts.json()) as { response: Post[] }).response).toHaveLength(0);
    await page.getByRole('link', { name: 'Pictures wide and side by side' }).first().click();
    const readUrl = await atPath(page, '/readblog');

    const post = page.locator('.post__content');
    const wide = post.locator('figure.picture--wide img');
    await expect(wide).toHaveAttribute('alt', 'A green hill');
    const shown = post.getByRole('group', { name: 'Gallery, 2 pictures' });
    await expect(shown.getByRole('img')).toHaveCount(2);
    expect(
      await shown.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
    ).toEqual(['The sea', 'The sand']);
    const column = (await post.boundingBox())!;
    const wideBox = (await wide.boundingBox())!;
    expect(wideBox.width).toBeGreaterThan(column.width + 100);
    expect(wideBox.x).toBeLessThan(column.x);
    const [first, second] = await Promise.all(
      [0, 1].map(async (index) => (await shown.getByRole('img').nth(index).boundingBox())!),
    );
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(Math.abs(second!.y - first!.y)).toBeLessThan(1);
    expect(Math.abs(second!.height - first!.height)).toBeLessThan(1);
    await expectNoHorizontalScroll(page, DESKTOP.width);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pictures-1280-light.png`, fullPage: true });

    for (const colorScheme of ['light', 'dark'] as const) {
      const phone = await newPage({ viewport: PHONE, colorScheme, bypassCSP: true });
      await phone.goto(`${readUrl.pathname}${readUrl.search}`);
      const phonePost = phone.locator('.post__content');
      const phoneWide = phonePost.locator('figure.picture--wide');
      await expect(phoneWide).toBeVisible();
      expect((await phoneWide.boundingBox())!.width).toBe(PHONE.width);
      await expect(
        phonePost.getByRole('group', { name: 'Gallery, 2 pictures' }).getByRole('img'),
      ).toHaveCount(2);
      await expectNoHorizontalScroll(phone, PHONE.width);
      expect(await axeViolations(phone), colorScheme).toEqual([]);
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/pictures-375-${colorScheme}.png`, fullPage: true });
    }
  });
});
