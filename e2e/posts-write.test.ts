import type { Page, Request } from '@playwright/test';
import { DESKTOP, expect, type NewPage, PHONE, test } from './support/fixtures';
import { createUser, signInAs, type E2eUser } from './support/api';
import { atPath, expectFieldError, expectNoHorizontalScroll } from './support/screens';
import { answer, apiCall, failNetwork, hold, publish, tag } from './support/posts';

const NO_RESPONSE = 'No response received from server. Please try again later.';
const REQUIRED = 'Blog content is required';

async function signedIn(newPage: NewPage, user: E2eUser, path: string, viewport = DESKTOP): Promise<Page> {
  const page = await newPage({ viewport });
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

test.describe('/addblog', () => {
  test('shows Blog content is required under each empty field, then publishes and goes to /allblog', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Scribe');
    const page = await signedIn(newPage, author, '/addblog');
    await expect(page.getByRole('heading', { level: 1, name: 'Write a post' })).toBeVisible();
    expect(await page.title()).toBe('Write a post · Inkwell');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    // The checks load at the writer's first change: on an untouched form the
    // messages follow their fetch.
    await expectFieldError(page, 'Title', REQUIRED);
    await expectFieldError(page, 'Content', REQUIRED);
    // Keyboard users land on the first field to fix.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');

    const title = `Fresh post ${tag()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await expect(page.getByLabel('Title', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    // Whitespace alone is still empty.
    await page.getByLabel('Content', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectFieldError(page, 'Content', REQUIRED);

    await page.getByLabel('Content', { exact: true }).fill('Hello world.');
    const release = await hold(page, publishCall);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const loading = page.getByRole('button', { name: 'Publishing…' });
    await expect(loading).toBeVisible();
    await expect(loading).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    release();

    await atPath(page, '/allblog');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    // A confirmation, with a link to the new post.
    const notice = page.getByRole('status').filter({ hasText: 'Your post is published.' });
    await expect(notice).toBeVisible();
    // Reading time on the card and on the read page.
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toContainText('1 min read');
    await notice.getByRole('link', { name: title }).click();
    await atPath(page, '/readblog');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.post__byline')).toContainText('1 min read');
  });

  test('moves from the title to the content on Enter, and both fields grow with their text', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Grower');
    const page = await signedIn(newPage, author, '/addblog');
    const titleField = page.getByLabel('Title', { exact: true });
    await expect(titleField).toBeVisible();
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    await titleField.fill('A title');
    await titleField.press('Enter');
    await expect(page.getByLabel('Content', { exact: true })).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('textbox');
    await expect(titleField).toHaveValue('A title');

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

  test('shows the server error line of specification §8 and keeps what was written', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Unlucky');
    const page = await signedIn(newPage, author, '/addblog');
    await page.getByLabel('Title', { exact: true }).fill('Will fail');
    await page.getByLabel('Content', { exact: true }).fill('Twice.');

    const restoreServer = await answer(page, publishCall, 500, {
      message: 'Database is down',
    });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Error: Database is down');
    await restoreServer();

    const restoreNetwork = await failNetwork(page, publishCall);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: NO_RESPONSE })).toBeVisible();
    await restoreNetwork();

    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Will fail');
    expect(new URL(page.url()).pathname).toBe('/addblog');
  });

  test('fits a 375 px screen', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Phone');
    const page = await signedIn(newPage, author, '/addblog', PHONE);
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});

test.describe('/updateblog', () => {
  test('prefills the post, shows Updating… and goes to /readblog?id=…&name=… with the change', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Editor');
    const title = `Before edit ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Old words.' });
    const page = await signedIn(newPage, author, `/updateblog?id=${post.id}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
    const titleField = page.getByLabel('Title', { exact: true });
    await expect(page.locator('textarea[name="title"]')).toBeAttached();
    await expect(titleField).toHaveValue(title);
    await expect.poll(() => bodyText(page)).toBe('Old words.');

    await titleField.fill('');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    // The checks were asked for at the first change and may still be on their way.
    await expectFieldError(page, 'Title', REQUIRED);

    const newTitle = `After edit ${tag()}`;
    await titleField.fill(newTitle);
    // Typed, so the Markdown shortcut makes the emphasis as the writer types it.
    await page.getByLabel('Content', { exact: true }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('New _words_.');
    const release = await hold(page, apiCall('PUT', '/api/post/blog'));
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Updating…' })).toBeVisible();
    release();

    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
    await expect(page.locator('.post__content em')).toHaveText('words');
  });

  test('tells someone who is not the author that they can only edit their own posts, and links to the post', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Original');
    const other = await createUser(serverURL, 'Intruder');
    const title = `Not yours ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Mine.' });
    const page = await signedIn(newPage, other, `/updateblog?id=${post.id}`);

    await expect(
      page.getByRole('heading', { level: 1, name: 'You can only edit your own posts' }),
    ).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Read the post' }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('says Error: Post not found for an unknown post', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Seeker');
    const page = await signedIn(newPage, author, '/updateblog?id=01890a5d-ac96-774b-bcce-b302099a8057');
    await expect(page.getByRole('heading', { level: 1, name: 'Error: Post not found' })).toBeVisible();
  });

  test('shows an error with Retry when the post cannot be fetched, and the form after Retry', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Patient');
    const post = await publish(serverURL, author, { title: `Fetch fails ${tag()}`, content: 'Hm.' });
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, author);
    const restore = await failNetwork(page, apiCall('GET', '/api/post/blog'));
    await page.goto(`/updateblog?id=${post.id}`);
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(NO_RESPONSE);
    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(post.title);
  });

  test('shows why an update failed and stays on the form', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Stuck');
    const post = await publish(serverURL, author, { title: `Update fails ${tag()}`, content: 'Hm.' });
    const page = await signedIn(newPage, author, `/updateblog?id=${post.id}`);
    await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
    const restore = await failNetwork(page, apiCall('PUT', '/api/post/blog'));
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(NO_RESPONSE);
    await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
    await restore();
    expect(new URL(page.url()).pathname).toBe('/updateblog');
  });

  test('sends a signed-out visitor to sign in and back', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Returner');
    const post = await publish(serverURL, author, { title: `Come back ${tag()}`, content: 'Here.' });
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`/updateblog?id=${post.id}`);
    const url = await atPath(page, '/signin');
    expect(url.searchParams.get('next')).toBe(`/updateblog?id=${post.id}`);

    await page.getByLabel('Email', { exact: true }).fill(author.email);
    await page.getByLabel('Password', { exact: true }).fill(author.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/updateblog', { id: post.id });
    await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
  });
});
