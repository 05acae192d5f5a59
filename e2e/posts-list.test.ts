import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DESKTOP, expect, PHONE, test as shared } from './support/fixtures';
import { formatPostDate } from '../contracts/dates';
import { createUser, signInAs } from './support/api';
import { atPath, expectNoHorizontalScroll } from './support/screens';
import { apiCall, comment, failNetwork, hold, publish, publishMany, tag, words } from './support/posts';
import { startBuiltServer } from './support/server-process';

/*
 * These tests read the newest posts of the whole site: on the server the other worker shares, its
 * files' posts (23 at once on a profile) can push this file's off the first page between a publish
 * and a look. So this file has a server of its own.
 */
const test = shared.extend<object, { serverURL: string }>({
  serverURL: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const server = await startBuiltServer();
      await use(server.baseURL);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

const NO_RESPONSE = 'No response received from server. Please try again later.';
const allPosts = apiCall('GET', '/api/post/blog/all');

/** The card of the post with this title: the article whose heading names it. */
function card(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('/allblog', () => {
  test('shows skeleton cards while loading, then cards with author, date, title, preview and the real Discuss count', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Carda${tag()}`);
    const reader = await createUser(serverURL, 'Commenter');
    const title = `Card contents ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'A *short* post, shown in full.' });
    await comment(serverURL, reader, post.id, 'First!');
    await comment(serverURL, reader, post.id, 'Second.');

    // The server's first load of /allblog carries the posts; the skeleton is what a client-side
    // navigation shows while they are on their way, so arrive from the landing page.
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/');
    const release = await hold(page, allPosts);
    await page.getByRole('link', { name: 'Start Reading' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'All posts' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading posts…' })).toBeAttached();
    expect(await page.locator('.post-card--skeleton').count()).toBeGreaterThan(0);
    await expect(page.getByRole('article')).toHaveCount(0);

    release();
    const shown = card(page, title);
    await expect(shown).toBeVisible();
    await expect(page.locator('.post-card--skeleton')).toHaveCount(0);
    const text = (await shown.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(author.username);
    expect(text).toContain(formatPostDate(post.createdAt));
    // The preview is the plain text of the Markdown.
    expect(text).toContain('A short post, shown in full.');
    await expect(shown.locator('.discuss-count')).toHaveText('Discuss 2 comments');
    // The avatar initial of specification §2.
    await expect(shown.locator('.avatar')).toHaveText(author.username[0]?.toUpperCase() ?? '');

    await shown.getByRole('link', { name: title }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('cuts a preview over 50 words to its first 15 words and "...", and shows shorter ones whole', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Previewer');
    const longTitle = `Long preview ${tag()}`;
    const shortTitle = `Exactly fifty ${tag()}`;
    await publish(serverURL, author, { title: longTitle, content: words(51) });
    await publish(serverURL, author, { title: shortTitle, content: words(50, 'fifty') });

    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    await expect(card(page, longTitle).locator('.post-card__preview')).toHaveText(`${words(15)}...`);
    await expect(card(page, shortTitle).locator('.post-card__preview')).toHaveText(words(50, 'fifty'));
  });

  test('pages with the Load more button when the browser cannot observe scrolling', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Pager');
    const prefix = `Button page ${tag()}`;
    await publishMany(serverURL, author, prefix, 25);

    const page = await newPage({ viewport: DESKTOP });
    // The fallback path: no IntersectionObserver, so only the button loads more.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    await page.goto('/allblog');
    await expect(card(page, `${prefix} 25`)).toBeVisible();
    await expect(card(page, `${prefix} 1`)).toHaveCount(0);
    const before = await page.getByRole('article').count();
    expect(before).toBe(20);

    const loadMore = page.getByRole('button', { name: 'Load more' });
    while ((await card(page, `${prefix} 1`).count()) === 0) {
      await loadMore.click();
      await expect.poll(() => page.locator('article').count()).toBeGreaterThan(before);
    }
    await expect(card(page, `${prefix} 1`)).toBeVisible();
    // Every one of the 25 is there once, newest first.
    const titles = await page.getByRole('article').getByRole('heading').allTextContents();
    const mine = titles.filter((title) => title.startsWith(prefix));
    expect(mine).toEqual(Array.from({ length: 25 }, (_, index) => `${prefix} ${25 - index}`));
  });

  test('moves focus to the first new post after Load more, so keyboard readers carry on there', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Focuser');
    const prefix = `Focus page ${tag()}`;
    await publishMany(serverURL, author, prefix, 22);

    const page = await newPage({ viewport: DESKTOP });
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    await page.goto('/allblog');
    await expect(card(page, `${prefix} 22`)).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('article').count()).toBeGreaterThan(20);
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.closest('article') === document.querySelectorAll('article')[20],
        ),
      )
      .toBe(true);
  });

  test('loads more posts by itself as the reader scrolls down', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Scroller');
    const prefix = `Scroll page ${tag()}`;
    await publishMany(serverURL, author, prefix, 23);

    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    await expect(card(page, `${prefix} 23`)).toBeVisible();
    await expect(card(page, `${prefix} 1`)).toHaveCount(0);

    // Scroll as a reader would, never touching the button.
    await expect(async () => {
      await page.mouse.wheel(0, 4000);
      await expect(card(page, `${prefix} 1`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  });

  test('says why the list failed and loads it again on Retry, instead of an endless skeleton', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Retrier');
    const title = `After retry ${tag()}`;
    await publish(serverURL, author, { title, content: 'Back again.' });

    // Arrive client-side (see the skeleton test): the browser fetches the list itself.
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/');
    const restore = await failNetwork(page, allPosts);
    await page.getByRole('link', { name: 'Start Reading' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(NO_RESPONSE);
    await expect(page.locator('.post-card--skeleton')).toHaveCount(0);

    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(card(page, title)).toBeVisible();
    await expect(page.getByRole('alert')).toBeHidden();
  });

  test('keeps the cards when a later page fails, and fetches it on Retry', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Halfway');
    const prefix = `Later page ${tag()}`;
    await publishMany(serverURL, author, prefix, 21);

    const page = await newPage({ viewport: DESKTOP });
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    const restore = await failNetwork(
      page,
      apiCall('GET', '/api/post/blog/all', (url) => url.searchParams.has('cursor')),
    );
    await page.goto('/allblog');
    await expect(card(page, `${prefix} 21`)).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(NO_RESPONSE);
    await expect(page.getByRole('article')).toHaveCount(20);

    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('article').count()).toBeGreaterThan(20);
    await expect(page.getByRole('alert')).toBeHidden();
  });

  test('has the side panel of specification §1, made of real data and no invented people', async ({
    newPage,
  }) => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    const panel = page.getByRole('complementary', { name: 'Around Inkwell' });
    await expect(panel).toBeVisible();
    // The release notes ship with the build, so this section is never empty.
    await expect(panel.getByRole('heading', { level: 2, name: 'Changelog' })).toBeVisible();
    for (const invented of ['Amara Okafor', 'Lucas Meyer', 'Hana Sato', 'Diego Alvarez', 'Ines Laurent']) {
      await expect(panel).not.toContainText(invented);
    }
  });

  test('shows readers the release notes written for them, never the developers’ changelog', async ({
    newPage,
  }) => {
    // As the panel shows a note: plain text on one line (Markdown's code marks and wrapping gone).
    const asText = (file: string) =>
      readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')
        .replace(/`/g, '')
        .replace(/\s+/g, ' ');
    const forReaders = asText('docs/release-notes.md');
    const forDevelopers = asText('CHANGELOG.md');

    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    const notes = page.getByRole('region', { name: 'Changelog' });
    await expect(notes).toBeVisible();
    const lines = await notes.getByRole('listitem').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const words = line.replace(/…$/, '');
      expect(forReaders.includes(words), `in docs/release-notes.md: ${words}`).toBe(true);
      expect(forDevelopers.includes(words), `in CHANGELOG.md: ${words}`).toBe(false);
    }
    // Notes not yet in a release already run here: new since the last one, not "coming".
    await expect(notes).toContainText('New since 0.1.0');
  });

  test('fits a 375 px screen, even with a long unbroken title', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Narrowcast');
    const title = `Unbroken${'x'.repeat(120)}${tag()}`;
    await publish(serverURL, author, { title, content: `${'y'.repeat(300)} and more` });

    const page = await newPage({ viewport: PHONE });
    await page.goto('/allblog');
    await expect(card(page, title)).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  test('shows the All posts and Following tabs only to signed-in readers', async ({ newPage, serverURL }) => {
    const visitor = await newPage({ viewport: DESKTOP });
    await visitor.goto('/allblog');
    await expect(visitor.getByRole('heading', { level: 1, name: 'All posts' })).toBeVisible();
    await expect(visitor.getByRole('navigation', { name: 'Feeds' })).toHaveCount(0);

    const reader = await createUser(serverURL, 'Tabber');
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, reader);
    await page.goto('/allblog');
    const tabs = page.getByRole('navigation', { name: 'Feeds' });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'All posts' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Following' })).not.toHaveAttribute('aria-current');
  });
});
