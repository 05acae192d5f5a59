import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { atPath, expectNoHorizontalScroll, textOf, visible } from './support/expect-page';
import { answer, apiCall, failNetwork, hold, publish, tag } from './support/posts';

const browser = useBrowser();
const NO_RESPONSE = 'No response received from server. Please try again later.';
const REQUIRED = 'Blog content is required';

async function signedIn(user: E2eUser, path: string, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await signInAs(page, user);
  await page.goto(path);
  return page;
}

/** Publishing sends POST, or PUT when the draft was already saved on the way. */
function publishCall(request: Request): boolean {
  return apiCall('POST', '/api/post/blog')(request) || apiCall('PUT', '/api/post/blog')(request);
}

/** The block editor's text (a contenteditable has no input value). */
async function bodyText(page: Page): Promise<string> {
  return (await page.getByLabel('Content', { exact: true }).textContent()) ?? '';
}

/** The field error under a labelled field: what its aria-describedby names last. */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
  return textOf(page.locator(`[id="${ids[ids.length - 1]}"]`));
}

describe('/addblog', () => {
  it('shows Blog content is required under each empty field, then publishes and goes to /allblog', async () => {
    const author = await createUser(browser.baseURL, 'Scribe');
    const page = await signedIn(author, '/addblog');
    await visible(page.getByRole('heading', { level: 1, name: 'Write a post' }));
    expect(await page.title()).toBe('Write a post · Inkwell');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    // The checks load at the writer's first change: on an untouched form the
    // messages follow their fetch.
    await expect.poll(() => fieldError(page, 'Title')).toBe(REQUIRED);
    expect(await fieldError(page, 'Content')).toBe(REQUIRED);
    // Keyboard users land on the first field to fix.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');

    const title = `Fresh post ${tag()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    expect(await fieldError(page, 'Title')).toBeNull();
    // Whitespace alone is still empty.
    await page.getByLabel('Content', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect(await fieldError(page, 'Content')).toBe(REQUIRED);

    await page.getByLabel('Content', { exact: true }).fill('Hello world.');
    const release = await hold(page, publishCall);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const loading = await visible(page.getByRole('button', { name: 'Publishing…' }));
    expect(await loading.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    release();

    await atPath(page, '/allblog');
    await visible(page.getByRole('heading', { name: title }));
    // A confirmation, with a link to the new post.
    const notice = await visible(page.getByRole('status').filter({ hasText: 'Your post is published.' }));
    // Reading time on the card and on the read page.
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    expect(await textOf(card)).toContain('1 min read');
    await notice.getByRole('link', { name: title }).click();
    await atPath(page, '/readblog');
    await visible(page.getByRole('heading', { level: 1, name: title }));
    expect(await textOf(page.locator('.post__byline'))).toContain('1 min read');
  });

  it('moves from the title to the content on Enter, and both fields grow with their text', async () => {
    const author = await createUser(browser.baseURL, 'Grower');
    const page = await signedIn(author, '/addblog');
    const titleField = await visible(page.getByLabel('Title', { exact: true }));
    await visible(page.locator('.block-editor__body[contenteditable="true"]'));
    await titleField.fill('A title');
    await titleField.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-labelledby') !== null);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('textbox');
    expect(await titleField.inputValue()).toBe('A title');

    const content = page.getByLabel('Content', { exact: true });
    const before = (await content.boundingBox())?.height ?? 0;
    for (let line = 1; line <= 40; line += 1) {
      await page.keyboard.type(`Line ${line}`);
      await page.keyboard.press('Enter');
    }
    const after = (await content.boundingBox())?.height ?? 0;
    expect(after).toBeGreaterThan(before + 200);
    // Grown, not scrolling inside itself: every line is on the page.
    expect(await content.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  });

  it('shows the server error line of specification §8 and keeps what was written', async () => {
    const author = await createUser(browser.baseURL, 'Unlucky');
    const page = await signedIn(author, '/addblog');
    await page.getByLabel('Title', { exact: true }).fill('Will fail');
    await page.getByLabel('Content', { exact: true }).fill('Twice.');

    const restoreServer = await answer(page, publishCall, 500, {
      message: 'Database is down',
    });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect(await textOf(page.getByRole('alert'))).toBe('Error: Database is down');
    await restoreServer();

    const restoreNetwork = await failNetwork(page, publishCall);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: NO_RESPONSE }).waitFor();
    await restoreNetwork();

    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Will fail');
    expect(new URL(page.url()).pathname).toBe('/addblog');
  });

  it('fits a 375 px screen', async () => {
    const author = await createUser(browser.baseURL, 'Phone');
    const page = await signedIn(author, '/addblog', PHONE);
    await visible(page.locator('.block-editor__body[contenteditable="true"]'));
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});

describe('/updateblog', () => {
  it('prefills the post, shows Updating… and goes to /readblog?id=…&name=… with the change', async () => {
    const author = await createUser(browser.baseURL, 'Editor');
    const title = `Before edit ${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'Old words.' });
    const page = await signedIn(author, `/updateblog?id=${post.id}`);

    await visible(page.getByRole('heading', { level: 1, name: 'Edit post' }));
    const titleField = page.getByLabel('Title', { exact: true });
    await page.waitForFunction(() => document.querySelector('textarea[name="title"]') !== null);
    expect(await titleField.inputValue()).toBe(title);
    await page.waitForFunction(
      () => document.querySelector('.block-editor__body')?.textContent === 'Old words.',
    );
    expect(await bodyText(page)).toBe('Old words.');

    await titleField.fill('');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    // The checks were asked for at the first change and may still be on their way.
    await expect.poll(() => fieldError(page, 'Title')).toBe(REQUIRED);

    const newTitle = `After edit ${tag()}`;
    await titleField.fill(newTitle);
    // Typed, so the Markdown shortcut makes the emphasis as the writer types it.
    await page.getByLabel('Content', { exact: true }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('New _words_.');
    const release = await hold(page, apiCall('PUT', '/api/post/blog'));
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await visible(page.getByRole('button', { name: 'Updating…' }));
    release();

    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await visible(page.getByRole('heading', { level: 1, name: newTitle }));
    expect(await textOf(page.locator('.post__content em'))).toBe('words');
  });

  it('tells someone who is not the author that they can only edit their own posts, and links to the post', async () => {
    const author = await createUser(browser.baseURL, 'Original');
    const other = await createUser(browser.baseURL, 'Intruder');
    const title = `Not yours ${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'Mine.' });
    const page = await signedIn(other, `/updateblog?id=${post.id}`);

    await visible(page.getByRole('heading', { level: 1, name: 'You can only edit your own posts' }));
    expect(await page.getByLabel('Title', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Read the post' }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await visible(page.getByRole('heading', { level: 1, name: title }));
  });

  it('says Error: Post not found for an unknown post', async () => {
    const author = await createUser(browser.baseURL, 'Seeker');
    const page = await signedIn(author, '/updateblog?id=01890a5d-ac96-774b-bcce-b302099a8057');
    await visible(page.getByRole('heading', { level: 1, name: 'Error: Post not found' }));
  });

  it('shows an error with Retry when the post cannot be fetched, and the form after Retry', async () => {
    const author = await createUser(browser.baseURL, 'Patient');
    const post = await publish(browser.baseURL, author, { title: `Fetch fails ${tag()}`, content: 'Hm.' });
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, author);
    const restore = await failNetwork(page, apiCall('GET', '/api/post/blog'));
    await page.goto(`/updateblog?id=${post.id}`);
    const alert = await visible(page.getByRole('alert'));
    expect(await textOf(alert)).toContain(NO_RESPONSE);
    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await visible(page.getByLabel('Title', { exact: true }));
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(post.title);
  });

  it('shows why an update failed and stays on the form', async () => {
    const author = await createUser(browser.baseURL, 'Stuck');
    const post = await publish(browser.baseURL, author, { title: `Update fails ${tag()}`, content: 'Hm.' });
    const page = await signedIn(author, `/updateblog?id=${post.id}`);
    await visible(page.getByLabel('Title', { exact: true }));
    const restore = await failNetwork(page, apiCall('PUT', '/api/post/blog'));
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    expect(await textOf(page.getByRole('alert'))).toBe(NO_RESPONSE);
    await visible(page.getByRole('button', { name: 'Update', exact: true }));
    await restore();
    expect(new URL(page.url()).pathname).toBe('/updateblog');
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const author = await createUser(browser.baseURL, 'Returner');
    const post = await publish(browser.baseURL, author, { title: `Come back ${tag()}`, content: 'Here.' });
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`/updateblog?id=${post.id}`);
    const url = await atPath(page, '/signin');
    expect(url.searchParams.get('next')).toBe(`/updateblog?id=${post.id}`);

    await page.getByLabel('Email', { exact: true }).fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/updateblog', { id: post.id });
    await visible(page.getByLabel('Title', { exact: true }));
  });
});
