import type { Page } from '@playwright/test';
import { DESKTOP, expect, type NewPage, PHONE, test } from './support/fixtures';
import { createUser, signInAs, type E2eUser } from './support/api';
import { atPath, expectNoHorizontalScroll } from './support/screens';
import { favorite, follow, publish, publishMany, readPath, tag } from './support/posts';

async function open(newPage: NewPage, path: string, user?: E2eUser, viewport = DESKTOP): Promise<Page> {
  const page = await newPage({ viewport });
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
  await expect(page.getByRole('menu')).toBeVisible();
  const items = await page.getByRole('menu').getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  return items;
}

test.describe('favorites', () => {
  test('toggles from the read page menu and lists the post on /favorites', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Liked');
    const reader = await createUser(serverURL, 'Fan');
    const title = `Keep this ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Worth keeping.' });

    const page = await open(newPage, readPath(post), reader);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await chooseFromMenu(page, 'Add to favorites');
    await expect(page.getByRole('status').filter({ hasText: 'Added to favorites' })).toBeVisible();
    await expect(page.getByText('1 favorite', { exact: true })).toBeVisible();
    expect(await menuItems(page)).toContain('Remove from favorites');

    // Kept by the server, not only on this page. The page comes rendered for everyone, and the
    // reader's own state follows once their session is checked: wait for it as a reader would.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect.poll(() => menuItems(page)).toContain('Remove from favorites');

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
    expect(await page.title()).toBe('Favorites · Inkwell');
    const kept = card(page, title);
    await expect(kept).toBeVisible();
    await expect(kept.locator('.post-card__author-name')).toHaveText(author.username);
    await kept.getByRole('link', { name: title }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });

    await chooseFromMenu(page, 'Remove from favorites');
    await expect(page.getByRole('status').filter({ hasText: 'Removed from favorites' })).toBeVisible();
    expect(await menuItems(page)).toContain('Add to favorites');
    await page.goto('/favorites');
    await expect(page.getByRole('heading', { level: 2, name: 'No favorites yet' })).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
  });

  test('sends a visitor who wants to favorite to sign in, and back to the post', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Publican');
    const post = await publish(serverURL, author, { title: `Sign in first ${tag()}`, content: 'Hi.' });
    const page = await open(newPage, readPath(post));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await chooseFromMenu(page, 'Add to favorites');
    const url = await atPath(page, '/signin');
    expect(url.searchParams.get('next')).toBe(readPath(post));
  });

  test('keeps /favorites for signed-in readers', async ({ newPage }) => {
    const page = await open(newPage, '/favorites');
    const url = await atPath(page, '/signin');
    expect(url.searchParams.get('next')).toBe('/favorites');
  });

  test('pages a long list of favorites with Load more', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Many');
    const reader = await createUser(serverURL, 'Collector');
    const posts = await publishMany(serverURL, author, `Fav ${tag()}`, 22);
    for (const post of posts) await favorite(serverURL, reader, post);

    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, reader);
    // Only the button loads more here: scrolling to it must not race an automatic load.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    await page.goto('/favorites');
    await expect(page.getByRole('article').first()).toBeVisible();
    // Newest favorite first: the last one favorited.
    await expect(card(page, posts[21]?.title ?? '')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.locator('article')).toHaveCount(22);
    await expect(card(page, posts[0]?.title ?? '')).toBeVisible();
  });

  test('fits a 375 px screen', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Tiny');
    const reader = await createUser(serverURL, 'Thumb');
    const post = await publish(serverURL, author, {
      title: `Pocket fav ${'p'.repeat(60)}`,
      content: 'x',
    });
    await favorite(serverURL, reader, post);
    const page = await open(newPage, '/favorites', reader, PHONE);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});

test.describe('the Following tab', () => {
  test('shows posts by the authors the reader follows, and only those', async ({ newPage, serverURL }) => {
    const followed = await createUser(serverURL, `Followed${tag()}`);
    const unfollowed = await createUser(serverURL, `Ignored${tag()}`);
    const reader = await createUser(serverURL, 'Follower');
    const followedTitle = `From followed ${tag()}`;
    const otherTitle = `From someone else ${tag()}`;
    await publish(serverURL, followed, { title: followedTitle, content: 'For my followers.' });
    await publish(serverURL, unfollowed, { title: otherTitle, content: 'For everyone.' });
    await follow(serverURL, reader, followed);

    const page = await open(newPage, '/allblog', reader);
    const tabs = page.getByRole('navigation', { name: 'Feeds' });
    await expect(tabs).toBeVisible();
    await expect(card(page, otherTitle)).toBeVisible();

    await tabs.getByRole('link', { name: 'Following' }).click();
    await atPath(page, '/allblog', { tab: 'following' });
    // The address changes before React commits the new feed; wait for the marker, not the URL.
    await expect(tabs.locator('a[aria-current="page"]', { hasText: 'Following' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'All posts' })).not.toHaveAttribute('aria-current');
    await expect(card(page, followedTitle)).toBeVisible();
    await expect(card(page, otherTitle)).toHaveCount(0);
    expect(await page.title()).toBe('Following · Inkwell');

    // Other test files write to the same server meanwhile, so the earlier post may have left the
    // first page: a post written now is the newest, and All posts shows it.
    const latestTitle = `Just now ${tag()}`;
    await publish(serverURL, unfollowed, { title: latestTitle, content: 'Newest of all.' });
    await tabs.getByRole('link', { name: 'All posts' }).click();
    await atPath(page, '/allblog');
    await expect(card(page, latestTitle)).toBeVisible();
  });

  test('says what to do when the reader follows nobody yet', async ({ newPage, serverURL }) => {
    const reader = await createUser(serverURL, 'Loner');
    const page = await open(newPage, '/allblog?tab=following', reader);
    await expect(page.getByRole('heading', { level: 2, name: 'Nothing here yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse all posts' }).click();
    await atPath(page, '/allblog');
  });

  test('follows from the profile, and the author’s posts arrive in the Following tab', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Writer${tag()}`);
    const reader = await createUser(serverURL, 'Newfan');
    const title = `Followed through the UI ${tag()}`;
    await publish(serverURL, author, { title, content: 'Hello, followers.' });

    const page = await open(newPage, `/profile?userId=${author.id}`, reader);
    const main = page.getByRole('main');
    await expect(main.getByText('0 followers', { exact: true })).toBeVisible();
    await main.getByRole('button', { name: `Follow ${author.username}` }).click();
    // The new state first, then, under the pointer or the focus again, what a click does: Unfollow.
    // Its name begins with the words it shows (WCAG 2.5.3), whichever they are.
    await expect(main.getByRole('button', { name: `Following ${author.username}` })).toBeVisible();
    await expect(main.getByText('1 follower', { exact: true })).toBeVisible();
    const button = main.locator('.follow-button button');
    await expect(button).toHaveText('Following');
    await page.mouse.move(0, 0);
    await button.hover();
    await expect(main.getByRole('button', { name: `Unfollow ${author.username}` })).toBeVisible();
    await expect(button).toHaveText('Unfollow');

    await page.goto('/allblog?tab=following');
    await expect(card(page, title)).toBeVisible();

    // The count comes from the server: a reload shows it, and unfollowing takes it back.
    await page.goto(`/profile?userId=${author.id}`);
    await expect(main.getByText('1 follower', { exact: true })).toBeVisible();
    await main.getByRole('button', { name: `Following ${author.username}` }).click();
    await expect(main.getByRole('button', { name: `Follow ${author.username}` })).toBeVisible();
    await expect(main.getByText('0 followers', { exact: true })).toBeVisible();
  });
});
