import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { atPath, expectNoHorizontalScroll, hidden, textOf, visible } from './support/expect-page';
import { favorite, follow, publish, publishMany, readPath, tag } from './support/posts';

const browser = useBrowser();

async function open(path: string, user?: E2eUser, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  if (user) await signInAs(page, user);
  await page.goto(path);
  return page;
}

function card(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

async function chooseFromMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'More actions for this post' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

async function menuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'More actions for this post' }).click();
  const items = await (await visible(page.getByRole('menu'))).getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await hidden(page.getByRole('menu'));
  return items;
}

describe('favorites', () => {
  it('toggles from the read page menu and lists the post on /favorites', async () => {
    const author = await createUser(browser.baseURL, 'Liked');
    const reader = await createUser(browser.baseURL, 'Fan');
    const title = `Keep this ${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'Worth keeping.' });

    const page = await open(readPath(post), reader);
    await visible(page.getByRole('heading', { level: 1, name: title }));
    await chooseFromMenu(page, 'Add to favorites');
    await visible(page.getByRole('status').filter({ hasText: 'Added to favorites' }));
    await visible(page.getByText('1 favorite', { exact: true }));
    expect(await menuItems(page)).toContain('Remove from favorites');

    // Kept by the server, not only on this page. The page comes rendered for everyone, and the
    // reader's own state follows once their session is checked: wait for it as a reader would.
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: title }));
    await expect.poll(() => menuItems(page)).toContain('Remove from favorites');

    await page.goto('/favorites');
    await visible(page.getByRole('heading', { level: 1, name: 'Favorites' }));
    expect(await page.title()).toBe('Favorites · Inkwell');
    const kept = await visible(card(page, title));
    expect(await textOf(kept.locator('.post-card__author-name'))).toBe(author.username);
    await kept.getByRole('link', { name: title }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });

    await chooseFromMenu(page, 'Remove from favorites');
    await visible(page.getByRole('status').filter({ hasText: 'Removed from favorites' }));
    expect(await menuItems(page)).toContain('Add to favorites');
    await page.goto('/favorites');
    await visible(page.getByRole('heading', { level: 2, name: 'No favorites yet' }));
    expect(await card(page, title).count()).toBe(0);
  });

  it('sends a visitor who wants to favorite to sign in, and back to the post', async () => {
    const author = await createUser(browser.baseURL, 'Publican');
    const post = await publish(browser.baseURL, author, { title: `Sign in first ${tag()}`, content: 'Hi.' });
    const page = await open(readPath(post));
    await visible(page.getByRole('heading', { level: 1 }));
    await chooseFromMenu(page, 'Add to favorites');
    const url = await atPath(page, '/signin');
    expect(url.searchParams.get('next')).toBe(readPath(post));
  });

  it('keeps /favorites for signed-in readers', async () => {
    const page = await open('/favorites');
    const url = await atPath(page, '/signin');
    expect(url.searchParams.get('next')).toBe('/favorites');
  });

  it('pages a long list of favorites with Load more', async () => {
    const author = await createUser(browser.baseURL, 'Many');
    const reader = await createUser(browser.baseURL, 'Collector');
    const posts = await publishMany(browser.baseURL, author, `Fav ${tag()}`, 22);
    for (const post of posts) await favorite(browser.baseURL, reader, post);

    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, reader);
    // Only the button loads more here: scrolling to it must not race an automatic load.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    await page.goto('/favorites');
    await visible(page.getByRole('article').first());
    // Newest favorite first: the last one favorited.
    await visible(card(page, posts[21]?.title ?? ''));
    expect(await page.getByRole('article').count()).toBe(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 22);
    await visible(card(page, posts[0]?.title ?? ''));
  });

  it('fits a 375 px screen', async () => {
    const author = await createUser(browser.baseURL, 'Tiny');
    const reader = await createUser(browser.baseURL, 'Thumb');
    const post = await publish(browser.baseURL, author, {
      title: `Pocket fav ${'p'.repeat(60)}`,
      content: 'x',
    });
    await favorite(browser.baseURL, reader, post);
    const page = await open('/favorites', reader, PHONE);
    await visible(page.getByRole('article').first());
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});

describe('the Following tab', () => {
  it('shows posts by the authors the reader follows, and only those', async () => {
    const followed = await createUser(browser.baseURL, `Followed${tag()}`);
    const unfollowed = await createUser(browser.baseURL, `Ignored${tag()}`);
    const reader = await createUser(browser.baseURL, 'Follower');
    const followedTitle = `From followed ${tag()}`;
    const otherTitle = `From someone else ${tag()}`;
    await publish(browser.baseURL, followed, { title: followedTitle, content: 'For my followers.' });
    await publish(browser.baseURL, unfollowed, { title: otherTitle, content: 'For everyone.' });
    await follow(browser.baseURL, reader, followed);

    const page = await open('/allblog', reader);
    const tabs = await visible(page.getByRole('navigation', { name: 'Feeds' }));
    await visible(card(page, otherTitle));

    await tabs.getByRole('link', { name: 'Following' }).click();
    await atPath(page, '/allblog', { tab: 'following' });
    // The address changes before React commits the new feed; wait for the marker, not the URL.
    await visible(tabs.locator('a[aria-current="page"]', { hasText: 'Following' }));
    expect(await tabs.getByRole('link', { name: 'All posts' }).getAttribute('aria-current')).toBeNull();
    await visible(card(page, followedTitle));
    expect(await card(page, otherTitle).count()).toBe(0);
    expect(await page.title()).toBe('Following · Inkwell');

    // Other test files write to the same server meanwhile, so the earlier post may have left the
    // first page: a post written now is the newest, and All posts shows it.
    const latestTitle = `Just now ${tag()}`;
    await publish(browser.baseURL, unfollowed, { title: latestTitle, content: 'Newest of all.' });
    await tabs.getByRole('link', { name: 'All posts' }).click();
    await atPath(page, '/allblog');
    await visible(card(page, latestTitle));
  });

  it('says what to do when the reader follows nobody yet', async () => {
    const reader = await createUser(browser.baseURL, 'Loner');
    const page = await open('/allblog?tab=following', reader);
    await visible(page.getByRole('heading', { level: 2, name: 'Nothing here yet' }));
    await page.getByRole('link', { name: 'Browse all posts' }).click();
    await atPath(page, '/allblog');
  });

  it('follows from the profile, and the author’s posts arrive in the Following tab', async () => {
    const author = await createUser(browser.baseURL, `Writer${tag()}`);
    const reader = await createUser(browser.baseURL, 'Newfan');
    const title = `Followed through the UI ${tag()}`;
    await publish(browser.baseURL, author, { title, content: 'Hello, followers.' });

    const page = await open(`/profile?userId=${author.id}`, reader);
    const main = page.getByRole('main');
    await visible(main.getByText('0 followers', { exact: true }));
    await main.getByRole('button', { name: `Follow ${author.username}` }).click();
    // The new state first, then, under the pointer or the focus again, what a click does: Unfollow.
    // Its name begins with the words it shows (WCAG 2.5.3), whichever they are.
    await visible(main.getByRole('button', { name: `Following ${author.username}` }));
    await visible(main.getByText('1 follower', { exact: true }));
    const button = main.locator('.follow-button button');
    expect(await textOf(button)).toBe('Following');
    await page.mouse.move(0, 0);
    await button.hover();
    await visible(main.getByRole('button', { name: `Unfollow ${author.username}` }));
    expect(await textOf(button)).toBe('Unfollow');

    await page.goto('/allblog?tab=following');
    await visible(card(page, title));

    // The count comes from the server: a reload shows it, and unfollowing takes it back.
    await page.goto(`/profile?userId=${author.id}`);
    await visible(main.getByText('1 follower', { exact: true }));
    await main.getByRole('button', { name: `Following ${author.username}` }).click();
    await visible(main.getByRole('button', { name: `Follow ${author.username}` }));
    await visible(main.getByText('0 followers', { exact: true }));
  });
});
