import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, expect, type NewPage, test } from './support/fixtures';
import type { Post } from '../contracts/posts';
import { createUser, signInAs, type E2eUser } from './support/api';
import { atPath } from './support/screens';
import { hydrated } from './support/hydration';
import { apiCall, failNetwork, tag } from './support/posts';

/*
 * Drafts and scheduling in the browser: autosave, the local copy, the leave-page question, conflicts,
 * drafts, scheduling and preview, against the real server.
 */

async function api<T>(
  serverURL: string,
  path: string,
  user: E2eUser,
  method = 'GET',
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${serverURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function draftsOf(serverURL: string, user: E2eUser): Promise<Post[]> {
  return (await api<{ response: Post[] }>(serverURL, '/api/post/drafts', user)).response;
}

async function newDraft(serverURL: string, user: E2eUser, title: string, content: string): Promise<Post> {
  return (
    await api<{ response: Post }>(serverURL, '/api/post/blog', user, 'POST', {
      title,
      content,
      status: 'draft',
    })
  ).response;
}

async function openEditor(newPage: NewPage, user: E2eUser, path: string): Promise<Page> {
  const page = await newPage({ viewport: DESKTOP });
  await signInAs(page, user);
  // Leaving with unsaved work asks; these tests answer "leave" unless they say otherwise.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
  return page;
}

function saveState(page: Page, state: string) {
  return expect(page.locator(`[data-save-state="${state}"]`)).toBeVisible();
}

/** A small picture of one colour, as a PNG. */
function pngOf(width: number, height: number, background: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Chooses `file` as the cover picture through the field's file picker. */
async function chooseCover(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add a cover picture' }).click();
  await (await chooser).setFiles(file);
}

async function typeInBody(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test.describe('autosave', () => {
  test('saves a new post as a draft after a pause, at its own address, so a reload brings it back', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Autosaver');
    const title = `Autosaved ${tag()}`;
    const page = await openEditor(newPage, author, '/addblog');
    const entries = await page.evaluate(() => history.length);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await typeInBody(page, 'Words that must never be lost.');
    await saveState(page, 'saved');
    await expect(page.locator('[data-save-state="saved"]')).toHaveText('Saved');

    // On a slow machine the pause can come between the title and the body: a first save holds the
    // title alone, and the body follows in the next.
    await expect
      .poll(async () => (await draftsOf(serverURL, author)).map(({ content }) => content))
      .toEqual(['Words that must never be lost.']);
    const [draft] = await draftsOf(serverURL, author);
    expect(draft).toMatchObject({ title, status: 'draft', content: 'Words that must never be lost.' });
    // The address became the draft's, in place of /addblog rather than as a new entry.
    await atPath(page, '/updateblog', { id: draft!.id });
    expect(await page.evaluate(() => history.length)).toBe(entries);

    // Typing goes on in the same editor, and is saved to the same draft.
    await page.keyboard.type(' Still here.');
    await expect
      .poll(async () => (await draftsOf(serverURL, author)).map(({ id, content }) => ({ id, content })))
      .toEqual([{ id: draft!.id, content: 'Words that must never be lost. Still here.' }]);
    await saveState(page, 'saved');

    await page.reload();
    await hydrated(page);
    await expect
      .poll(() => page.locator('.block-editor__body').textContent())
      .toBe('Words that must never be lost. Still here.');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);

    // A new post started later offers to continue this one.
    await page.goto('/addblog');
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Your last draft' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(title);
    await banner.getByRole('link', { name: 'Continue it' }).click();
    await atPath(page, '/updateblog', { id: draft!.id });
    await expect
      .poll(() => page.locator('.block-editor__body').textContent())
      .toBe('Words that must never be lost. Still here.');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  });

  test('keeps the topics and the cover picture of a draft saved by itself, and a removed cover', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Autocover');
    const page = await openEditor(newPage, author, '/addblog');
    await page.getByLabel('Title', { exact: true }).fill(`Autosaved cover ${tag()}`);
    await typeInBody(page, 'Words first.');
    await saveState(page, 'saved');
    const topics = page.getByRole('combobox', { name: 'Topics' });
    await topics.fill('gardening');
    await topics.press('Enter');
    const png = await pngOf(90, 60, { r: 160, g: 120, b: 40 });
    await chooseCover(page, { name: 'cover.png', mimeType: 'image/png', buffer: png });
    await expect(page.locator('.cover-field__preview')).toBeVisible();
    // No button pressed: the pause after the change saves them.
    let draft: Post | undefined;
    await expect
      .poll(async () => {
        [draft] = await draftsOf(serverURL, author);
        return Boolean(draft?.cover && draft.tags.length > 0);
      })
      .toBe(true);
    expect(draft?.tags).toEqual(['gardening']);
    expect(draft?.cover?.url).toMatch(/\/media\//);

    await page.goto(`/updateblog?id=${draft?.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Remove cover' }).click();
    await expect.poll(async () => (await draftsOf(serverURL, author))[0]?.cover).toBeNull();
    const [current] = await draftsOf(serverURL, author);
    expect(current?.tags).toEqual(['gardening']);
  });

  test('keeps the work on this device when the network fails, and offers it back after a reload', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Offline');
    const draft = await newDraft(serverURL, author, `Offline ${tag()}`, 'First words.');
    const page = await openEditor(newPage, author, `/updateblog?id=${draft.id}`);
    const restoreNetwork = await failNetwork(page, apiCall('PUT', '/api/post/blog'));
    await typeInBody(page, ' Written offline.');
    await saveState(page, 'offline');
    await expect(page.locator('[data-save-state="offline"]')).toHaveText('Offline: kept on this device');

    await page.reload();
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Unsaved changes' });
    await expect(banner).toBeVisible();
    await restoreNetwork();
    await banner.getByRole('button', { name: 'Restore them' }).click();
    await expect
      .poll(() => page.locator('.block-editor__body').textContent())
      .toBe('First words. Written offline.');
    await saveState(page, 'saved');
    const [saved] = await draftsOf(serverURL, author);
    expect(saved?.content).toBe('First words. Written offline.');
  });

  test('saves on the way out of the page when the server can be reached', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Leaver');
    const draft = await newDraft(serverURL, author, `Leaving ${tag()}`, 'Before.');
    const page = await openEditor(newPage, author, `/updateblog?id=${draft.id}`);
    await typeInBody(page, ' After.');
    // At once, before the pause that would have saved it.
    await page.getByRole('banner').getByRole('link', { name: 'Inkwell' }).click();
    await atPath(page, '/allblog');
    const [saved] = await draftsOf(serverURL, author);
    expect(saved?.content).toBe('Before. After.');
  });

  test('asks before leaving with changes that are not on the server, and stays when told to', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Asker');
    const draft = await newDraft(serverURL, author, `Asking ${tag()}`, 'Kept.');
    const page = await openEditor(newPage, author, `/updateblog?id=${draft.id}`);
    await failNetwork(page, apiCall('PUT', '/api/post/blog'));
    await typeInBody(page, ' Unsent.');
    await page.getByRole('banner').getByRole('link', { name: 'Inkwell' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/updateblog');

    // A reload or closing the tab: the browser's own question.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => resolve(question.type())),
    );
    await page.reload();
    expect(await asked).toBe('beforeunload');
  });

  test('shows an edit made elsewhere instead of overwriting it, and loads the newer version on request', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Twotabs');
    const draft = await newDraft(serverURL, author, `Two tabs ${tag()}`, 'Original.');
    const page = await openEditor(newPage, author, `/updateblog?id=${draft.id}`);
    await api(serverURL, `/api/post/blog?id=${draft.id}`, author, 'PUT', {
      title: draft.title,
      content: 'Changed on the phone.',
      version: draft.version,
    });
    await typeInBody(page, ' From the laptop.');
    await saveState(page, 'conflict');
    const alert = page.getByRole('alert').filter({ hasText: 'changed in another tab' });
    await expect(alert).toBeVisible();
    const [stored] = await draftsOf(serverURL, author);
    expect(stored?.content).toBe('Changed on the phone.');
    await alert.getByRole('button', { name: 'Load the newer version' }).click();
    await expect.poll(() => page.locator('.block-editor__body').textContent()).toBe('Changed on the phone.');
  });
});

test.describe('drafts, schedules and preview', () => {
  test('lists drafts on /drafts and reopens one in the editor', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Lister');
    const draft = await newDraft(serverURL, author, `Listed ${tag()}`, 'Draft body.');
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, author);
    await page.goto('/drafts');
    await hydrated(page);
    await page.getByRole('link', { name: draft.title }).click();
    await atPath(page, '/updateblog', { id: draft.id });
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  });

  test('says when a scheduled post comes out, in a line without a stray full stop', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Planner');
    const title = `Planned ${tag()}`;
    const publishAt = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString();
    await api(serverURL, '/api/post/blog', author, 'POST', { title, content: 'Out later.', publishAt });
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, author);
    await page.goto('/drafts');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await expect(item).toBeVisible();
    await expect(item.locator('.drafts-list__meta')).toHaveText(
      /^Scheduled for [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M · 1 min read · edited /,
    );
  });

  test('schedules a draft, which appears on /allblog at its time', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Scheduler');
    const draft = await newDraft(serverURL, author, `Scheduled ${tag()}`, 'Out soon.');
    const page = await openEditor(newPage, author, `/updateblog?id=${draft.id}`);
    await page.getByRole('button', { name: 'Schedule…' }).click();
    // A few seconds ahead, in the browser's own time zone (the field's).
    const when = await page.evaluate(() => {
      const at = new Date(Date.now() + 6000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    });
    await page.getByLabel('Publish on', { exact: true }).fill(when);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await atPath(page, '/drafts');
    await expect(
      page.getByRole('status').filter({ hasText: `“${draft.title}” is scheduled for` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: draft.title })).toBeVisible();

    await page.goto('/allblog');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: draft.title })).toHaveCount(0);
    // Its time comes, with no cron: the next read shows it.
    await expect(async () => {
      await page.reload();
      await hydrated(page);
      await expect(page.getByRole('heading', { name: draft.title })).not.toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
  });

  test('previews the post through the server’s renderer', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Previewer');
    const page = await openEditor(newPage, author, '/addblog');
    await page.getByLabel('Title', { exact: true }).fill('Previewed');
    await typeInBody(page, 'Plain and **strong**');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview).toBeVisible();
    await expect(preview.locator('.post__content strong').filter({ hasText: 'strong' })).toBeVisible();
  });

  test('unpublishes a published post back to a draft', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Unpublisher');
    const post = (
      await api<{ response: Post }>(serverURL, '/api/post/blog', author, 'POST', {
        title: `Live ${tag()}`,
        content: 'Live.',
      })
    ).response;
    const page = await openEditor(newPage, author, `/updateblog?id=${post.id}`);
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Unpublished' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    const [draft] = await draftsOf(serverURL, author);
    expect(draft).toMatchObject({ id: post.id, status: 'draft' });
  });
});

test.describe('images', () => {
  test('uploads a pasted picture, shows it, and keeps its alt text and caption in the Markdown', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Illustrator');
    const page = await openEditor(newPage, author, '/addblog');
    await page.getByLabel('Title', { exact: true }).fill(`Illustrated ${tag()}`);
    await typeInBody(page, 'Above the picture.');
    const png = await pngOf(64, 48, { r: 200, g: 30, b: 30 });
    await page.evaluate((bytes) => {
      const file = new File([new Uint8Array(bytes)], 'red.png', { type: 'image/png' });
      const data = new DataTransfer();
      data.items.add(file);
      document
        .querySelector('.block-editor__body')
        ?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
    }, Array.from(png));
    const image = page.locator('.block-editor__body figure img');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /\/media\//);

    await image.click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar).toBeVisible();
    await toolbar.getByLabel('Alt text').fill('A red square');
    await toolbar.getByLabel('Caption').fill('Red, on purpose');
    await saveState(page, 'saved');
    await expect
      .poll(async () => (await draftsOf(serverURL, author))[0]?.content)
      .toMatch(/^Above the picture\.\n\n!\[A red square\]\(\S*\/media\/\S+ "Red, on purpose"\)$/);
  });

  test('sets a cover picture shown on the card, above the post and as og:image, and removes it', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Coverer');
    const page = await openEditor(newPage, author, '/addblog');
    const title = `Covered ${tag()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await typeInBody(page, 'A post with a cover.');
    const png = await pngOf(120, 60, { r: 20, g: 140, b: 90 });
    await chooseCover(page, { name: 'cover.png', mimeType: 'image/png', buffer: png });
    await expect(page.locator('.cover-field__preview')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace cover' })).toBeVisible();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await atPath(page, '/allblog');
    const card = page.locator('article', { hasText: title });
    await expect(card.locator('img.post-card__cover')).toBeVisible();
    await expect(card.locator('img.post-card__cover')).toHaveAttribute('src', /\/media\//);

    const { response: posts } = await api<{ response: Post[] }>(
      serverURL,
      `/api/post/profile?userId=${author.id}`,
      author,
    );
    const post = posts.find((candidate) => candidate.title === title)!;
    expect(post.cover?.url).toMatch(/\/media\//);
    const html = await (await fetch(`${serverURL}/readblog?id=${post.id}`)).text();
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/media\//);
    await page.goto(`/readblog?id=${post.id}`);
    await expect(page.locator('img.post__cover')).toBeVisible();

    await page.goto(`/updateblog?id=${post.id}`);
    await hydrated(page);
    await expect(page.locator('.cover-field__preview')).toBeVisible();
    await page.getByRole('button', { name: 'Remove cover' }).click();
    await expect(page.getByRole('button', { name: 'Add a cover picture' })).toBeVisible();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('img.post__cover')).toHaveCount(0);
    const updated = await api<{ response: Post }>(serverURL, `/api/post/blog?id=${post.id}`, author);
    expect(updated.response.cover).toBeNull();
  });

  test('says why a cover picture was refused, under the field', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Coverless');
    const page = await openEditor(newPage, author, '/addblog');
    // A text file named like a picture: recognized by its content and refused.
    await chooseCover(page, {
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    const error = page.getByRole('alert').filter({ hasText: 'Cover picture not added' });
    await expect(error).toBeVisible();
    await expect(error).toHaveText(/^Cover picture not added: Error: /);
    await expect(page.locator('.cover-field__preview')).toHaveCount(0);
  });

  test('uploads a picture dropped on the body and places it where it was dropped', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Dropper');
    const page = await openEditor(newPage, author, '/addblog');
    await page.getByLabel('Title', { exact: true }).fill(`Dropped ${tag()}`);
    await typeInBody(page, 'First paragraph.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second paragraph.');
    const png = await pngOf(40, 30, { r: 30, g: 90, b: 200 });
    // Dropped just after the end of the first paragraph's text, as a file dragged from the desktop.
    const second = page.locator('.block-editor__body p', { hasText: 'Second paragraph.' });
    const first = page.locator('.block-editor__body p', { hasText: 'First paragraph.' });
    const box = (await first.boundingBox())!;
    await page.evaluate(
      ({ bytes, x, y }) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'blue.png', { type: 'image/png' }));
        const target = document.elementFromPoint(x, y)!;
        for (const type of ['dragenter', 'dragover', 'drop']) {
          target.dispatchEvent(
            new DragEvent(type, {
              dataTransfer: data,
              clientX: x,
              clientY: y,
              bubbles: true,
              cancelable: true,
            }),
          );
        }
      },
      { bytes: Array.from(png), x: box.x + box.width - 2, y: box.y + box.height / 2 },
    );
    const image = page.locator('.block-editor__body figure img');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /\/media\//);
    await expect(second).toBeVisible();
    await saveState(page, 'saved');
    await expect
      .poll(async () => (await draftsOf(serverURL, author))[0]?.content)
      .toMatch(/^First paragraph\.\n\n!\[\]\(\S*\/media\/\S+\)\n\nSecond paragraph\.$/);
  });
});
