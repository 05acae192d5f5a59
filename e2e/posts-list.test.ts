import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPostDate } from '../contracts/dates';
import { createUser, signInAs } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { atPath, expectNoHorizontalScroll, hidden, textOf, visible } from './support/expect-page';
import { apiCall, comment, failNetwork, hold, publish, publishMany, tag, words } from './support/posts';

const browser = useBrowser();
const NO_RESPONSE = 'No response received from server. Please try again later.';
const allPosts = apiCall('GET', '/api/post/blog/all');

/** The card of the post with this title: the article whose heading names it. */
function card(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

describe('/allblog', () => {
  it('shows skeleton cards while loading, then cards with author, date, title, preview and the real Discuss count', async () => {
    const author = await createUser(browser.baseURL, `Carda${tag()}`);
    const reader = await createUser(browser.baseURL, 'Commenter');
    const title = `Card contents ${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'A *short* post, shown in full.' });
    await comment(browser.baseURL, reader, post.id, 'First!');
    await comment(browser.baseURL, reader, post.id, 'Second.');

    // The server's first load of /allblog carries the posts; the skeleton is what a client-side
    // navigation shows while they are on their way, so arrive from the landing page.
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/');
    const release = await hold(page, allPosts);
    await page.getByRole('link', { name: 'Start Reading' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'All posts' }));
    await page.getByRole('status').filter({ hasText: 'Loading posts…' }).waitFor({ state: 'attached' });
    expect(await page.locator('.post-card--skeleton').count()).toBeGreaterThan(0);
    expect(await page.getByRole('article').count()).toBe(0);

    release();
    const shown = await visible(card(page, title));
    expect(await page.locator('.post-card--skeleton').count()).toBe(0);
    const text = (await shown.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(author.username);
    expect(text).toContain(formatPostDate(post.createdAt));
    // The preview is the plain text of the Markdown.
    expect(text).toContain('A short post, shown in full.');
    expect(await textOf(shown.locator('.discuss-count'))).toBe('Discuss 2 comments');
    // The avatar initial of specification §2.
    expect(await textOf(shown.locator('.avatar'))).toBe(author.username[0]?.toUpperCase());

    await shown.getByRole('link', { name: title }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await visible(page.getByRole('heading', { level: 1, name: title }));
  });

  it('cuts a preview over 50 words to its first 15 words and "...", and shows shorter ones whole', async () => {
    const author = await createUser(browser.baseURL, 'Previewer');
    const longTitle = `Long preview ${tag()}`;
    const shortTitle = `Exactly fifty ${tag()}`;
    await publish(browser.baseURL, author, { title: longTitle, content: words(51) });
    await publish(browser.baseURL, author, { title: shortTitle, content: words(50, 'fifty') });

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    const long = await textOf(card(page, longTitle).locator('.post-card__preview'));
    expect(long).toBe(`${words(15)}...`);
    const short = await textOf(card(page, shortTitle).locator('.post-card__preview'));
    expect(short).toBe(words(50, 'fifty'));
  });

  it('pages with the Load more button when the browser cannot observe scrolling', async () => {
    const author = await createUser(browser.baseURL, 'Pager');
    const prefix = `Button page ${tag()}`;
    await publishMany(browser.baseURL, author, prefix, 25);

    const page = await browser.newPage({ viewport: DESKTOP });
    // The fallback path: no IntersectionObserver, so only the button loads more.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    await page.goto('/allblog');
    await visible(card(page, `${prefix} 25`));
    expect(await card(page, `${prefix} 1`).count()).toBe(0);
    const before = await page.getByRole('article').count();
    expect(before).toBe(20);

    const loadMore = page.getByRole('button', { name: 'Load more' });
    while ((await card(page, `${prefix} 1`).count()) === 0) {
      await loadMore.click();
      await page.waitForFunction((count) => document.querySelectorAll('article').length > count, before);
    }
    await visible(card(page, `${prefix} 1`));
    // Every one of the 25 is there once, newest first.
    const titles = await page.getByRole('article').getByRole('heading').allTextContents();
    const mine = titles.filter((title) => title.startsWith(prefix));
    expect(mine).toEqual(Array.from({ length: 25 }, (_, index) => `${prefix} ${25 - index}`));
  });

  it('moves focus to the first new post after Load more, so keyboard readers carry on there', async () => {
    const author = await createUser(browser.baseURL, 'Focuser');
    const prefix = `Focus page ${tag()}`;
    await publishMany(browser.baseURL, author, prefix, 22);

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    await page.goto('/allblog');
    await visible(card(page, `${prefix} 22`));
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('article').length > 20);
    await page.waitForFunction(
      () => document.activeElement?.closest('article') === document.querySelectorAll('article')[20],
    );
  });

  it('loads more posts by itself as the reader scrolls down', async () => {
    const author = await createUser(browser.baseURL, 'Scroller');
    const prefix = `Scroll page ${tag()}`;
    await publishMany(browser.baseURL, author, prefix, 23);

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    await visible(card(page, `${prefix} 23`));
    expect(await card(page, `${prefix} 1`).count()).toBe(0);

    // Scroll as a reader would, never touching the button.
    for (let attempt = 0; attempt < 20 && (await card(page, `${prefix} 1`).count()) === 0; attempt += 1) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(150);
    }
    await visible(card(page, `${prefix} 1`));
  });

  it('says why the list failed and loads it again on Retry, instead of an endless skeleton', async () => {
    const author = await createUser(browser.baseURL, 'Retrier');
    const title = `After retry ${tag()}`;
    await publish(browser.baseURL, author, { title, content: 'Back again.' });

    // Arrive client-side (see the skeleton test): the browser fetches the list itself.
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/');
    const restore = await failNetwork(page, allPosts);
    await page.getByRole('link', { name: 'Start Reading' }).click();
    const alert = await visible(page.getByRole('alert'));
    expect(await textOf(alert)).toContain(NO_RESPONSE);
    expect(await page.locator('.post-card--skeleton').count()).toBe(0);

    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await visible(card(page, title));
    await hidden(page.getByRole('alert'));
  });

  it('keeps the cards when a later page fails, and fetches it on Retry', async () => {
    const author = await createUser(browser.baseURL, 'Halfway');
    const prefix = `Later page ${tag()}`;
    await publishMany(browser.baseURL, author, prefix, 21);

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    const restore = await failNetwork(
      page,
      apiCall('GET', '/api/post/blog/all', (url) => url.searchParams.has('cursor')),
    );
    await page.goto('/allblog');
    await visible(card(page, `${prefix} 21`));
    await page.getByRole('button', { name: 'Load more' }).click();
    const alert = await visible(page.getByRole('alert'));
    expect(await textOf(alert)).toContain(NO_RESPONSE);
    expect(await page.getByRole('article').count()).toBe(20);

    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length > 20);
    await hidden(page.getByRole('alert'));
  });

  it('has the side panel of specification §1, made of real data and no invented people', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    const panel = await visible(page.getByRole('complementary', { name: 'Around Inkwell' }));
    // The release notes ship with the build, so this section is never empty.
    await visible(panel.getByRole('heading', { level: 2, name: 'Changelog' }));
    const text = await textOf(panel);
    for (const invented of ['Amara Okafor', 'Lucas Meyer', 'Hana Sato', 'Diego Alvarez', 'Ines Laurent']) {
      expect(text).not.toContain(invented);
    }
  });

  it('shows readers the release notes written for them, never the developers’ changelog', async () => {
    // As the panel shows a note: plain text on one line (Markdown's code marks and wrapping gone).
    const asText = (file: string) =>
      readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')
        .replace(/`/g, '')
        .replace(/\s+/g, ' ');
    const forReaders = asText('docs/release-notes.md');
    const forDevelopers = asText('CHANGELOG.md');

    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    const notes = await visible(page.getByRole('region', { name: 'Changelog' }));
    const lines = await notes.getByRole('listitem').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const words = line.replace(/…$/, '');
      expect(forReaders.includes(words), `in docs/release-notes.md: ${words}`).toBe(true);
      expect(forDevelopers.includes(words), `in CHANGELOG.md: ${words}`).toBe(false);
    }
    // Notes not yet in a release already run here: new since the last one, not "coming".
    expect(await textOf(notes)).toContain('New since 0.1.0');
  });

  it('fits a 375 px screen, even with a long unbroken title', async () => {
    const author = await createUser(browser.baseURL, 'Narrowcast');
    const title = `Unbroken${'x'.repeat(120)}${tag()}`;
    await publish(browser.baseURL, author, { title, content: `${'y'.repeat(300)} and more` });

    const page = await browser.newPage({ viewport: PHONE });
    await page.goto('/allblog');
    await visible(card(page, title));
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  it('shows the All posts and Following tabs only to signed-in readers', async () => {
    const visitor = await browser.newPage({ viewport: DESKTOP });
    await visitor.goto('/allblog');
    await visible(visitor.getByRole('heading', { level: 1, name: 'All posts' }));
    expect(await visitor.getByRole('navigation', { name: 'Feeds' }).count()).toBe(0);

    const reader = await createUser(browser.baseURL, 'Tabber');
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, reader);
    await page.goto('/allblog');
    const tabs = await visible(page.getByRole('navigation', { name: 'Feeds' }));
    expect(await tabs.getByRole('link', { name: 'All posts' }).getAttribute('aria-current')).toBe('page');
    expect(await tabs.getByRole('link', { name: 'Following' }).getAttribute('aria-current')).toBeNull();
  });
});
