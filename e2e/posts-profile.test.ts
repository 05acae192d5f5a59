import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPostDate } from '../contracts/dates';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { atPath, expectNoHorizontalScroll, hidden, textOf, visible } from './support/expect-page';
import { apiCall, failNetwork, profilePathOf, publish, publishMany, readPath, tag } from './support/posts';

const browser = useBrowser();
const NO_RESPONSE = 'No response received from server. Please try again later.';

async function openProfile(of: E2eUser, viewer?: E2eUser, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  if (viewer) await signInAs(page, viewer);
  await page.goto(profilePathOf(of.id));
  await visible(page.getByRole('heading', { level: 1, name: of.username }));
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

describe('the profile’s post list', () => {
  it('shows title, author line and the first 200 characters with " ..." only when cut', async () => {
    const author = await createUser(browser.baseURL, `Prof${tag()}`);
    const longContent = `${'a'.repeat(150)} ${'b'.repeat(99)}`; // 250 characters
    const shortContent = 'Short and *sweet*.';
    const long = await publish(browser.baseURL, author, { title: 'Long one', content: longContent });
    await publish(browser.baseURL, author, { title: 'Short one', content: shortContent });

    const page = await openProfile(author);
    const longItem = await visible(item(page, 'Long one'));
    expect(await textOf(longItem.locator('.profile-post__preview'))).toBe(`${longContent.slice(0, 200)} ...`);
    const byline = await textOf(longItem.locator('.profile-post__byline'));
    expect(byline).toContain(author.username);
    expect(byline).toContain(formatPostDate(long.createdAt));
    // Difference 9 from the specification: nothing was cut, so no ' ...'.
    expect(await textOf(item(page, 'Short one').locator('.profile-post__preview'))).toBe('Short and sweet.');

    await longItem.getByRole('link', { name: 'Long one' }).click();
    await atPath(page, '/readblog', { id: long.id, name: author.username });
  });

  it('tells the owner "You have no blogs yet" with a Publish Blogs button to /addblog', async () => {
    const owner = await createUser(browser.baseURL, 'Empty');
    const page = await openProfile(owner, owner);
    await visible(postsSection(page).getByText('You have no blogs yet', { exact: true }));
    await postsSection(page).getByRole('link', { name: 'Publish Blogs' }).click();
    await atPath(page, '/addblog');
  });

  it('shows another user’s empty profile without the owner’s button', async () => {
    const owner = await createUser(browser.baseURL, 'Quiet');
    const viewer = await createUser(browser.baseURL, 'Curious');
    const page = await openProfile(owner, viewer);
    await visible(postsSection(page).getByText('No blogs yet', { exact: true }));
    expect(await page.getByRole('link', { name: 'Publish Blogs' }).count()).toBe(0);
  });

  it('pages with Load more', async () => {
    const author = await createUser(browser.baseURL, 'Prolific');
    await publishMany(browser.baseURL, author, 'Entry', 23);
    const page = await openProfile(author);
    await visible(item(page, 'Entry 23'));
    expect(await postsSection(page).getByRole('article').count()).toBe(20);
    await postsSection(page).getByRole('button', { name: 'Load more' }).click();
    await visible(item(page, 'Entry 1'));
    expect(await postsSection(page).getByRole('article').count()).toBe(23);
    await hidden(postsSection(page).getByRole('button', { name: 'Load more' }));
    // Focus moved to the first post that arrived, so keyboard users carry on from there.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Entry 3');
  });

  it('shows an error with Retry when the list fails, and the posts after Retry', async () => {
    const author = await createUser(browser.baseURL, 'Shaky');
    const post = await publish(browser.baseURL, author, { title: 'Still here', content: 'Yes.' });
    // Arrive client-side, from the post's author link: the browser fetches the list itself.
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(readPath(post));
    const restore = await failNetwork(page, apiCall('GET', '/api/post/profile'));
    await page.getByRole('article').getByRole('link', { name: author.username, exact: true }).click();
    const alert = await visible(postsSection(page).getByRole('alert'));
    expect(await textOf(alert)).toContain(NO_RESPONSE);
    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await visible(item(page, 'Still here'));
  });

  it('fits a 375 px screen', async () => {
    const author = await createUser(browser.baseURL, 'Pocketbook');
    await publish(browser.baseURL, author, { title: `T${'t'.repeat(100)}`, content: 'c'.repeat(400) });
    const page = await openProfile(author, undefined, PHONE);
    await visible(postsSection(page).getByRole('article'));
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
