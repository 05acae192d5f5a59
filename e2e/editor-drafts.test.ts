import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Post } from '../contracts/posts';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, useBrowser } from './support/browser';
import { atPath, textOf, visible } from './support/expect-page';
import { hydrated } from './support/hydration';
import { apiCall, failNetwork, tag } from './support/posts';

/*
 * Drafts and scheduling in the browser: autosave, the local copy, the leave-page question, conflicts,
 * drafts, scheduling and preview, against the real server.
 */

const browser = useBrowser();

async function api<T>(path: string, user: E2eUser, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${browser.baseURL}${path}`, {
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

async function draftsOf(user: E2eUser): Promise<Post[]> {
  return (await api<{ response: Post[] }>('/api/post/drafts', user)).response;
}

async function newDraft(user: E2eUser, title: string, content: string): Promise<Post> {
  return (await api<{ response: Post }>('/api/post/blog', user, 'POST', { title, content, status: 'draft' }))
    .response;
}

async function openEditor(user: E2eUser, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await signInAs(page, user);
  // Leaving with unsaved work asks; these tests answer "leave" unless they say otherwise.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(path);
  await hydrated(page);
  await visible(page.locator('.block-editor__body[contenteditable="true"]'));
  return page;
}

function saveState(page: Page, state: string) {
  return page.locator(`[data-save-state="${state}"]`).waitFor();
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

describe('autosave', () => {
  it('saves a new post as a draft after a pause, at its own address, so a reload brings it back', async () => {
    const author = await createUser(browser.baseURL, 'Autosaver');
    const title = `Autosaved ${tag()}`;
    const page = await openEditor(author, '/addblog');
    const entries = await page.evaluate(() => history.length);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await typeInBody(page, 'Words that must never be lost.');
    await saveState(page, 'saved');
    expect(await textOf(page.locator('[data-save-state="saved"]'))).toBe('Saved');

    const [draft] = await draftsOf(author);
    expect(draft).toMatchObject({ title, status: 'draft', content: 'Words that must never be lost.' });
    // The address became the draft's, in place of /addblog rather than as a new entry.
    await atPath(page, '/updateblog', { id: draft!.id });
    expect(await page.evaluate(() => history.length)).toBe(entries);

    // Typing goes on in the same editor, and is saved to the same draft.
    await page.keyboard.type(' Still here.');
    await expect
      .poll(async () => (await draftsOf(author)).map(({ id, content }) => ({ id, content })))
      .toEqual([{ id: draft!.id, content: 'Words that must never be lost. Still here.' }]);
    await saveState(page, 'saved');

    await page.reload();
    await hydrated(page);
    await page.waitForFunction(
      () =>
        document.querySelector('.block-editor__body')?.textContent ===
        'Words that must never be lost. Still here.',
    );
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    expect(await page.getByRole('region', { name: 'Unsaved changes' }).count()).toBe(0);

    // A new post started later offers to continue this one.
    await page.goto('/addblog');
    await hydrated(page);
    const banner = await visible(page.getByRole('region', { name: 'Your last draft' }));
    expect(await textOf(banner)).toContain(title);
    await banner.getByRole('link', { name: 'Continue it' }).click();
    await atPath(page, '/updateblog', { id: draft!.id });
    await page.waitForFunction(
      () =>
        document.querySelector('.block-editor__body')?.textContent ===
        'Words that must never be lost. Still here.',
    );
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
  });

  it('keeps the topics and the cover picture of a draft saved by itself, and a removed cover', async () => {
    const author = await createUser(browser.baseURL, 'Autocover');
    const page = await openEditor(author, '/addblog');
    await page.getByLabel('Title', { exact: true }).fill(`Autosaved cover ${tag()}`);
    await typeInBody(page, 'Words first.');
    await saveState(page, 'saved');
    const topics = page.getByRole('combobox', { name: 'Topics' });
    await topics.fill('gardening');
    await topics.press('Enter');
    const png = await pngOf(90, 60, { r: 160, g: 120, b: 40 });
    await chooseCover(page, { name: 'cover.png', mimeType: 'image/png', buffer: png });
    await visible(page.locator('.cover-field__preview'));
    // No button pressed: the pause after the change saves them.
    let draft: Post | undefined;
    for (;;) {
      [draft] = await draftsOf(author);
      if (draft?.cover && draft.tags.length > 0) break;
      await page.waitForTimeout(300);
    }
    expect(draft.tags).toEqual(['gardening']);
    expect(draft.cover.url).toMatch(/\/media\//);

    await page.goto(`/updateblog?id=${draft.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Remove cover' }).click();
    for (;;) {
      const [current] = await draftsOf(author);
      if (current && current.cover === null) {
        expect(current.tags).toEqual(['gardening']);
        break;
      }
      await page.waitForTimeout(300);
    }
  });

  it('keeps the work on this device when the network fails, and offers it back after a reload', async () => {
    const author = await createUser(browser.baseURL, 'Offline');
    const draft = await newDraft(author, `Offline ${tag()}`, 'First words.');
    const page = await openEditor(author, `/updateblog?id=${draft.id}`);
    const restoreNetwork = await failNetwork(page, apiCall('PUT', '/api/post/blog'));
    await typeInBody(page, ' Written offline.');
    await saveState(page, 'offline');
    expect(await textOf(page.locator('[data-save-state="offline"]'))).toBe('Offline: kept on this device');

    await page.reload();
    await hydrated(page);
    const banner = await visible(page.getByRole('region', { name: 'Unsaved changes' }));
    await restoreNetwork();
    await banner.getByRole('button', { name: 'Restore them' }).click();
    await page.waitForFunction(
      () => document.querySelector('.block-editor__body')?.textContent === 'First words. Written offline.',
    );
    await saveState(page, 'saved');
    const [saved] = await draftsOf(author);
    expect(saved?.content).toBe('First words. Written offline.');
  });

  it('saves on the way out of the page when the server can be reached', async () => {
    const author = await createUser(browser.baseURL, 'Leaver');
    const draft = await newDraft(author, `Leaving ${tag()}`, 'Before.');
    const page = await openEditor(author, `/updateblog?id=${draft.id}`);
    await typeInBody(page, ' After.');
    // At once, before the pause that would have saved it.
    await page.getByRole('banner').getByRole('link', { name: 'Inkwell' }).click();
    await atPath(page, '/allblog');
    const [saved] = await draftsOf(author);
    expect(saved?.content).toBe('Before. After.');
  });

  it('asks before leaving with changes that are not on the server, and stays when told to', async () => {
    const author = await createUser(browser.baseURL, 'Asker');
    const draft = await newDraft(author, `Asking ${tag()}`, 'Kept.');
    const page = await openEditor(author, `/updateblog?id=${draft.id}`);
    await failNetwork(page, apiCall('PUT', '/api/post/blog'));
    await typeInBody(page, ' Unsent.');
    await page.getByRole('banner').getByRole('link', { name: 'Inkwell' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Leave this page?' }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/updateblog');

    // A reload or closing the tab: the browser's own question.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => resolve(question.type())),
    );
    await page.reload();
    expect(await asked).toBe('beforeunload');
  });

  it('shows an edit made elsewhere instead of overwriting it, and loads the newer version on request', async () => {
    const author = await createUser(browser.baseURL, 'Twotabs');
    const draft = await newDraft(author, `Two tabs ${tag()}`, 'Original.');
    const page = await openEditor(author, `/updateblog?id=${draft.id}`);
    await api(`/api/post/blog?id=${draft.id}`, author, 'PUT', {
      title: draft.title,
      content: 'Changed on the phone.',
      version: draft.version,
    });
    await typeInBody(page, ' From the laptop.');
    await saveState(page, 'conflict');
    const alert = await visible(page.getByRole('alert').filter({ hasText: 'changed in another tab' }));
    const [stored] = await draftsOf(author);
    expect(stored?.content).toBe('Changed on the phone.');
    await alert.getByRole('button', { name: 'Load the newer version' }).click();
    await page.waitForFunction(
      () => document.querySelector('.block-editor__body')?.textContent === 'Changed on the phone.',
    );
  });
});

describe('drafts, schedules and preview', () => {
  it('lists drafts on /drafts and reopens one in the editor', async () => {
    const author = await createUser(browser.baseURL, 'Lister');
    const draft = await newDraft(author, `Listed ${tag()}`, 'Draft body.');
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, author);
    await page.goto('/drafts');
    await hydrated(page);
    await page.getByRole('link', { name: draft.title }).click();
    await atPath(page, '/updateblog', { id: draft.id });
    await visible(page.getByRole('button', { name: 'Publish', exact: true }));
  });

  it('says when a scheduled post comes out, in a line without a stray full stop', async () => {
    const author = await createUser(browser.baseURL, 'Planner');
    const title = `Planned ${tag()}`;
    const publishAt = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString();
    await api('/api/post/blog', author, 'POST', { title, content: 'Out later.', publishAt });
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, author);
    await page.goto('/drafts');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await visible(item);
    expect(await textOf(item.locator('.drafts-list__meta'))).toMatch(
      /^Scheduled for [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M · 1 min read · edited /,
    );
  });

  it('schedules a draft, which appears on /allblog at its time', async () => {
    const author = await createUser(browser.baseURL, 'Scheduler');
    const draft = await newDraft(author, `Scheduled ${tag()}`, 'Out soon.');
    const page = await openEditor(author, `/updateblog?id=${draft.id}`);
    await page.getByRole('button', { name: 'Schedule…' }).click();
    // A few seconds ahead, in the browser's own time zone (the field's).
    const when = await page.evaluate(() => {
      const at = new Date(Date.now() + 6000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    });
    await page.getByLabel('Publish on').fill(when);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await atPath(page, '/drafts');
    await visible(page.getByRole('status').filter({ hasText: `“${draft.title}” is scheduled for` }));
    await visible(page.getByRole('link', { name: draft.title }));

    await page.goto('/allblog');
    await hydrated(page);
    expect(await page.getByRole('heading', { name: draft.title }).count()).toBe(0);
    // Its time comes, with no cron: the next read shows it.
    for (;;) {
      await page.waitForTimeout(1000);
      await page.reload();
      await hydrated(page);
      if ((await page.getByRole('heading', { name: draft.title }).count()) > 0) break;
    }
  });

  it('previews the post through the server’s renderer', async () => {
    const author = await createUser(browser.baseURL, 'Previewer');
    const page = await openEditor(author, '/addblog');
    await page.getByLabel('Title', { exact: true }).fill('Previewed');
    await typeInBody(page, 'Plain and **strong**');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = await visible(page.getByRole('region', { name: 'Preview' }));
    await visible(preview.locator('.post__content strong').filter({ hasText: 'strong' }));
  });

  it('unpublishes a published post back to a draft', async () => {
    const author = await createUser(browser.baseURL, 'Unpublisher');
    const post = (
      await api<{ response: Post }>('/api/post/blog', author, 'POST', {
        title: `Live ${tag()}`,
        content: 'Live.',
      })
    ).response;
    const page = await openEditor(author, `/updateblog?id=${post.id}`);
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Unpublished' }));
    await visible(page.getByRole('button', { name: 'Publish', exact: true }));
    const [draft] = await draftsOf(author);
    expect(draft).toMatchObject({ id: post.id, status: 'draft' });
  });
});

describe('images', () => {
  it('uploads a pasted picture, shows it, and keeps its alt text and caption in the Markdown', async () => {
    const author = await createUser(browser.baseURL, 'Illustrator');
    const page = await openEditor(author, '/addblog');
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
    const image = await visible(page.locator('.block-editor__body figure img'));
    expect(await image.getAttribute('src')).toMatch(/\/media\//);

    await image.click();
    const toolbar = await visible(page.getByRole('toolbar', { name: 'Formatting' }));
    await toolbar.getByLabel('Alt text').fill('A red square');
    await toolbar.getByLabel('Caption').fill('Red, on purpose');
    await saveState(page, 'saved');
    for (;;) {
      const [draft] = await draftsOf(author);
      if (draft?.content.includes('Red, on purpose')) {
        expect(draft.content).toMatch(
          /^Above the picture\.\n\n!\[A red square\]\(\S*\/media\/\S+ "Red, on purpose"\)$/,
        );
        break;
      }
      await page.waitForTimeout(500);
    }
  });

  it('sets a cover picture shown on the card, above the post and as og:image, and removes it', async () => {
    const author = await createUser(browser.baseURL, 'Coverer');
    const page = await openEditor(author, '/addblog');
    const title = `Covered ${tag()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await typeInBody(page, 'A post with a cover.');
    const png = await pngOf(120, 60, { r: 20, g: 140, b: 90 });
    await chooseCover(page, { name: 'cover.png', mimeType: 'image/png', buffer: png });
    await visible(page.locator('.cover-field__preview'));
    await visible(page.getByRole('button', { name: 'Replace cover' }));

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await atPath(page, '/allblog');
    const card = page.locator('article', { hasText: title });
    expect(await (await visible(card.locator('img.post-card__cover'))).getAttribute('src')).toMatch(
      /\/media\//,
    );

    const { response: posts } = await api<{ response: Post[] }>(
      `/api/post/profile?userId=${author.id}`,
      author,
    );
    const post = posts.find((candidate) => candidate.title === title)!;
    expect(post.cover?.url).toMatch(/\/media\//);
    const html = await (await fetch(`${browser.baseURL}/readblog?id=${post.id}`)).text();
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/media\//);
    await page.goto(`/readblog?id=${post.id}`);
    await visible(page.locator('img.post__cover'));

    await page.goto(`/updateblog?id=${post.id}`);
    await hydrated(page);
    await visible(page.locator('.cover-field__preview'));
    await page.getByRole('button', { name: 'Remove cover' }).click();
    await visible(page.getByRole('button', { name: 'Add a cover picture' }));
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await visible(page.getByRole('heading', { level: 1, name: title }));
    expect(await page.locator('img.post__cover').count()).toBe(0);
    const updated = await api<{ response: Post }>(`/api/post/blog?id=${post.id}`, author);
    expect(updated.response.cover).toBeNull();
  });

  it('says why a cover picture was refused, under the field', async () => {
    const author = await createUser(browser.baseURL, 'Coverless');
    const page = await openEditor(author, '/addblog');
    // A text file named like a picture: recognized by its content and refused.
    await chooseCover(page, {
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    const error = await visible(page.getByRole('alert').filter({ hasText: 'Cover picture not added' }));
    expect(await textOf(error)).toMatch(/^Cover picture not added: Error: /);
    expect(await page.locator('.cover-field__preview').count()).toBe(0);
  });

  it('uploads a picture dropped on the body and places it where it was dropped', async () => {
    const author = await createUser(browser.baseURL, 'Dropper');
    const page = await openEditor(author, '/addblog');
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
    const image = await visible(page.locator('.block-editor__body figure img'));
    expect(await image.getAttribute('src')).toMatch(/\/media\//);
    await visible(second);
    await saveState(page, 'saved');
    for (;;) {
      const [draft] = await draftsOf(author);
      if (draft?.content.includes('/media/')) {
        expect(draft.content).toMatch(
          /^First paragraph\.\n\n!\[\]\(\S*\/media\/\S+\)\n\nSecond paragraph\.$/,
        );
        break;
      }
      await page.waitForTimeout(500);
    }
  });
});
