import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, expect, type NewPage, test } from './support/fixtures';
import type { Post } from '../contracts/posts';
import { createUser, signInAs, type E2eUser } from './support/api';
import { hydrated } from './support/hydration';
import { atPath } from './support/screens';

/*
 * Enter in a field of the writing page acts on that field and never publishes: only the Publish
 * button does. Every save the page sends is recorded, and the server is asked at the end whether
 * the post is still a draft that readers cannot see.
 */

interface SentSave {
  method: string;
  body: Record<string, unknown>;
}

async function drafts(serverURL: string, user: E2eUser): Promise<Post[]> {
  const response = await fetch(`${serverURL}/api/post/drafts`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { response: Post[] }).response;
}

/** The writing page, with every save it sends to /api/post/blog recorded. */
async function writingPage(newPage: NewPage, user: E2eUser): Promise<{ page: Page; saves: SentSave[] }> {
  const page = await newPage({ viewport: DESKTOP });
  const saves: SentSave[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/post/blog' || request.method() === 'GET') return;
    saves.push({
      method: request.method(),
      body: JSON.parse(request.postData() ?? '{}') as SentSave['body'],
    });
  });
  await signInAs(page, user);
  await page.goto('/addblog');
  await hydrated(page);
  await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
  return { page, saves };
}

/** Whether a recorded save asked for the post to go out to readers (now or at a time). */
function publishes(save: SentSave): boolean {
  if (save.body.status === 'published' || 'publishAt' in save.body) return true;
  // Specification §7's create call without a status publishes; the page's drafts always say 'draft'.
  return save.method === 'POST' && save.body.status === undefined;
}

async function selectLastLine(page: Page): Promise<void> {
  await expect(page.locator('.block-editor__body')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden();
  await page.keyboard.press('Shift+Home');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
}

test.describe('Enter in the writing page', () => {
  test('acts on the field it is pressed in (link, alt text, caption, language, topics, title, schedule, publication) and never publishes', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Enter Writer');
    // A publication the writer belongs to, so the page shows its "Publish in" choice too.
    const slug = `enter-${Date.now().toString(36)}`;
    const created = await fetch(`${serverURL}/api/publications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
      body: JSON.stringify({ slug, name: 'Enter Weekly' }),
    });
    expect(created.status).toBe(201);

    const { page, saves } = await writingPage(newPage, author);
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('Unfinished');
    // The title's Enter moves on to the body.
    await title.press('Enter');
    await expect(page.locator('.block-editor__body')).toBeFocused();
    await page.keyboard.type('Linked words');

    // The link field: Enter applies the link.
    await selectLastLine(page);
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Link' }).click();
    await page.getByLabel('Link address').fill('https://example.com/enter');
    await page.getByLabel('Link address').press('Enter');
    await expect(page.locator('.block-editor__body a').first()).toHaveAttribute(
      'href',
      'https://example.com/enter',
    );

    // A code block's language: Enter keeps it and goes back to the code.
    await expect(page.locator('.block-editor__body')).toBeFocused();
    await page.keyboard.press('End');
    await expect(toolbar).toBeHidden();
    await page.keyboard.press('Enter');
    await page.keyboard.type('```');
    await page.keyboard.type('let a = 1;');
    const language = page.getByRole('textbox', { name: 'Language' });
    await expect(language).toBeVisible();
    await language.fill('js');
    await language.press('Enter');
    await expect(page.locator('.block-editor__body')).toBeFocused();
    await expect(page.locator('.block-editor__body pre')).toHaveCount(1);

    // A picture's alt text and caption: Enter keeps what was typed.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    await page.evaluate((bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'green.png', { type: 'image/png' }));
      document
        .querySelector('.block-editor__body')
        ?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
    }, Array.from(png));
    const image = page.locator('.block-editor__body figure img');
    await expect(image).toBeVisible();
    await image.click();
    await toolbar.getByLabel('Alt text').fill('A green square');
    await toolbar.getByLabel('Alt text').press('Enter');
    await expect(page.locator('.block-editor__body')).toBeFocused();
    await toolbar.getByLabel('Caption').fill('Green on purpose');
    await toolbar.getByLabel('Caption').press('Enter');
    await expect(image).toHaveAttribute('alt', 'A green square');
    await expect(page.locator('.block-editor__body figcaption')).toHaveText('Green on purpose');

    // The topics field: Enter adds the topic.
    const topics = page.getByRole('combobox', { name: 'Topics' });
    await topics.fill('keyboards');
    await topics.press('Enter');
    await expect(
      page.getByRole('list', { name: 'Topics of this post' }).getByText('keyboards'),
    ).toBeVisible();

    // The publication choice.
    const where = page.getByLabel('Publish in');
    await where.selectOption(slug);
    await where.press('Enter');

    // The schedule's date: Enter is the field's own Schedule, which asks for a date first.
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await page.getByLabel('Publish on', { exact: true }).press('Enter');
    await expect(page.getByText('Choose a date and time')).toBeVisible();

    // Everything above was saved as a draft, and nothing asked for the post to go out.
    await expect(page.locator('[data-save-state="saved"]')).toBeVisible();
    let draft: Post | undefined;
    await expect
      .poll(async () => {
        [draft] = await drafts(serverURL, author);
        return Boolean(draft?.content.includes('Green on purpose') && draft.tags.includes('keyboards'));
      })
      .toBe(true);
    expect(draft).toMatchObject({ title: 'Unfinished', status: 'draft', tags: ['keyboards'] });
    expect(draft?.content).toContain('[Linked words](https://example.com/enter)');
    expect(draft?.content).toContain('```js');
    expect(draft?.content).toContain('![A green square]');
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.filter(publishes)).toEqual([]);
    const asReader = await fetch(`${serverURL}/api/post/blog?id=${draft?.id}`);
    expect(asReader.status).toBe(404);
    expect(new URL(page.url()).pathname).not.toBe('/allblog');

    // The Publish button still publishes.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await atPath(page, '/allblog');
    expect((await fetch(`${serverURL}/api/post/blog?id=${draft?.id}`)).status).toBe(200);
  });
});
