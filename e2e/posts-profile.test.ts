import type { Page } from '@playwright/test';
import { DESKTOP, expect, type NewPage, PHONE, test } from './support/fixtures';
import { formatPostDate } from '../contracts/dates';
import { createUser, signInAs, type E2eUser } from './support/api';
import { atPath, expectNoHorizontalScroll } from './support/screens';
import { apiCall, failNetwork, profilePathOf, publish, publishMany, readPath, tag } from './support/posts';

const NO_RESPONSE = 'No response received from server. Please try again later.';

async function openProfile(
  newPage: NewPage,
  of: E2eUser,
  viewer?: E2eUser,
  viewport = DESKTOP,
): Promise<Page> {
  const page = await newPage({ viewport });
  if (viewer) await signInAs(page, viewer);
  await page.goto(profilePathOf(of.id));
  await expect(page.getByRole('heading', { level: 1, name: of.username })).toBeVisible();
  return page;
}

function postsSection(page: Page) {
  return page.getByRole('region', { name: /posts/i });
}

function item(page: Page, title: string) {
  return postsSection(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('the profile’s post list', () => {
  test('shows title, author line and the first 200 characters with " ..." only when cut', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Prof${tag()}`);
    const longContent = `${'a'.repeat(150)} ${'b'.repeat(99)}`; // 250 characters
    const shortContent = 'Short and *sweet*.';
    const long = await publish(serverURL, author, { title: 'Long one', content: longContent });
    await publish(serverURL, author, { title: 'Short one', content: shortContent });

    const page = await openProfile(newPage, author);
    const longItem = item(page, 'Long one');
    await expect(longItem).toBeVisible();
    await expect(longItem.locator('.profile-post__preview')).toHaveText(`${longContent.slice(0, 200)} ...`);
    const byline = longItem.locator('.profile-post__byline');
    await expect(byline).toContainText(author.username);
    await expect(byline).toContainText(formatPostDate(long.createdAt));
    // Difference 9 from the specification: nothing was cut, so no ' ...'.
    await expect(item(page, 'Short one').locator('.profile-post__preview')).toHaveText('Short and sweet.');

    await longItem.getByRole('link', { name: 'Long one' }).click();
    await atPath(page, '/readblog', { id: long.id, name: author.username });
  });

  test('tells the owner "You have no blogs yet" with a Publish Blogs button to /addblog', async ({
    newPage,
    serverURL,
  }) => {
    const owner = await createUser(serverURL, 'Empty');
    const page = await openProfile(newPage, owner, owner);
    await expect(postsSection(page).getByText('You have no blogs yet', { exact: true })).toBeVisible();
    await postsSection(page).getByRole('link', { name: 'Publish Blogs' }).click();
    await atPath(page, '/addblog');
  });

  test('shows another user’s empty profile without the owner’s button', async ({ newPage, serverURL }) => {
    const owner = await createUser(serverURL, 'Quiet');
    const viewer = await createUser(serverURL, 'Curious');
    const page = await openProfile(newPage, owner, viewer);
    await expect(postsSection(page).getByText('No blogs yet', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Publish Blogs' })).toHaveCount(0);
  });

  test('pages with Load more', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Prolific');
    await publishMany(serverURL, author, 'Entry', 23);
    const page = await openProfile(newPage, author);
    await expect(item(page, 'Entry 23')).toBeVisible();
    await expect(postsSection(page).getByRole('article')).toHaveCount(20);
    await postsSection(page).getByRole('button', { name: 'Load more' }).click();
    await expect(item(page, 'Entry 1')).toBeVisible();
    await expect(postsSection(page).getByRole('article')).toHaveCount(23);
    await expect(postsSection(page).getByRole('button', { name: 'Load more' })).toBeHidden();
    // Focus moved to the first post that arrived, so keyboard users carry on from there.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Entry 3');
  });

  test('shows an error with Retry when the list fails, and the posts after Retry', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Shaky');
    const post = await publish(serverURL, author, { title: 'Still here', content: 'Yes.' });
    // Arrive client-side, from the post's author link: the browser fetches the list itself.
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(readPath(post));
    const restore = await failNetwork(page, apiCall('GET', '/api/post/profile'));
    await page.getByRole('article').getByRole('link', { name: author.username, exact: true }).click();
    const alert = postsSection(page).getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(NO_RESPONSE);
    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(item(page, 'Still here')).toBeVisible();
  });

  test('fits a 375 px screen', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Pocketbook');
    await publish(serverURL, author, { title: `T${'t'.repeat(100)}`, content: 'c'.repeat(400) });
    const page = await openProfile(newPage, author, undefined, PHONE);
    await expect(postsSection(page).getByRole('article')).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
