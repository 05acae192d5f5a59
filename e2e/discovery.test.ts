import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signInAs } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { atPath, expectNoHorizontalScroll, textOf, visible } from './support/expect-page';
import { collectProblems, hydrated } from './support/hydration';
import { apiCall, favorite, follow, hold, publish, tag } from './support/posts';
import { axeViolations } from './support/axe';

/*
 * Topics and search in the browser: the tag input, search from the header, the search page, the topic page
 * (with and without JavaScript), following a topic, and the side panel's links.
 */

const browser = useBrowser();
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** A topic name of this test run alone (letters and digits, as a tag keeps them). */
const topicName = (base: string) => `${base}-${tag()}`;

async function shoot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

describe('the tag input', () => {
  it('adds, suggests, refuses and removes topics by keyboard, and the post carries them', async () => {
    const existing = topicName('knitting');
    const author = await createUser(browser.baseURL, 'Tagger');
    await publish(browser.baseURL, author, { title: `Seed ${tag()}`, content: 'Seed.', tags: [existing] });

    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, author);
    await page.goto('/addblog');
    const title = `Tagged post ${tag()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Content', { exact: true }).fill('A post with topics.');

    const input = page.getByRole('combobox', { name: 'Topics' });
    await input.focus();
    // Typed as a person would: normalized on the way in.
    await page.keyboard.type('Machine Learning');
    await page.keyboard.press('Enter');
    const chips = page.getByRole('list', { name: 'Topics of this post' });
    await visible(chips.getByText('machine-learning', { exact: true }));

    // An existing topic is suggested; arrows and Enter choose it.
    await page.keyboard.type(existing.slice(0, 8));
    const option = page.getByRole('option', { name: new RegExp(existing) });
    await visible(option);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await shoot(page, 'tag-input-375');
    await page.keyboard.press('Enter');
    await visible(chips.getByText(existing, { exact: true }));

    // A comma ends a tag too; a sixth is refused with the server's own words.
    await page.keyboard.type('one, two, three,');
    await page.keyboard.type('four');
    await page.keyboard.press('Enter');
    expect(await textOf(page.getByRole('alert'))).toBe('A post can have at most 5 tags');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    // Backspace in the empty box removes the last topic.
    await page.keyboard.press('Backspace');
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(4);
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await atPath(page, '/allblog');
    const card = await visible(page.getByRole('article').filter({ hasText: title }));
    const topics = card.getByRole('list', { name: `Topics of ${title}` });
    expect(await topics.getByRole('link').allTextContents()).toEqual([
      'machine-learning',
      existing,
      'one',
      'two',
    ]);
  });
});

describe('the tag input by pointer', () => {
  it('takes a tapped suggestion and lets a chip’s button remove it, at 375 px', async () => {
    const existing = topicName('origami');
    const author = await createUser(browser.baseURL, 'Tapper');
    const post = await publish(browser.baseURL, author, {
      title: `Folded ${tag()}`,
      content: 'Paper.',
      tags: ['paper'],
    });
    await publish(browser.baseURL, author, { title: `Seed ${tag()}`, content: 'Seed.', tags: [existing] });

    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, author);
    await page.goto(`/updateblog?id=${post.id}`);
    const chips = page.getByRole('list', { name: 'Topics of this post' });
    // The edit form starts with the post's own topics.
    await visible(chips.getByText('paper', { exact: true }));
    await page.getByRole('combobox', { name: 'Topics' }).click();
    await page.keyboard.type(existing.slice(0, 7));
    await page.getByRole('option', { name: new RegExp(existing) }).click();
    await visible(chips.getByText(existing, { exact: true }));
    await page.getByRole('button', { name: 'Remove topic paper' }).click();
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual([`${existing}×`]);

    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    const topics = page.getByRole('list', { name: 'Topics' });
    await visible(topics.getByRole('link', { name: existing }));
    expect(await topics.getByRole('link').count()).toBe(1);
  });
});

describe('search', () => {
  it('opens from anywhere with /, suggests while typing, and searches with Enter', async () => {
    const word = `quasar${tag()}`;
    const author = await createUser(browser.baseURL, 'Astronomer');
    const post = await publish(browser.baseURL, author, {
      title: `Notes on the ${word}`,
      content: `The ${word} is bright. It <b>shines</b>.`,
    });
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search posts' });
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(word);
    await visible(page.getByRole('option', { name: new RegExp(`Notes on the ${word}`) }));
    await page.keyboard.press('Enter');
    await atPath(page, '/search', { q: word });
    const result = page.getByRole('article').filter({ hasText: `Notes on the ${word}` });
    await visible(result);
    expect(await result.locator('mark').first().textContent()).toBe(word);
    // The author's markup stays text.
    expect(await result.locator('b').count()).toBe(0);

    // A suggestion chosen with the arrows opens the post itself.
    await page.keyboard.press('/');
    await page.keyboard.type(word);
    await visible(page.getByRole('option', { name: new RegExp(`Notes on the ${word}`) }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await atPath(page, '/readblog', { id: post.id, name: author.username });
  });

  it('asks for suggestions once typing pauses, and abandons a question a newer one replaces', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    const asked: string[] = [];
    const abandoned: string[] = [];
    page.on('request', (request) => {
      if (apiCall('GET', '/api/search/suggest')(request))
        asked.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    page.on('requestfailed', (request) => {
      if (apiCall('GET', '/api/search/suggest')(request))
        abandoned.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    const release = await hold(page, apiCall('GET', '/api/search/suggest'));
    await page.keyboard.press('/');
    // Typed in one go: a question once typing pauses, not one per letter. (A machine busy enough
    // to stall between two keystrokes may pause typing too, so "fewer than the letters".)
    await page.keyboard.type('lighthouse');
    await expect.poll(() => asked.at(-1)).toBe('lighthouse');
    expect(asked.length).toBeLessThan('lighthouse'.length);
    await page.keyboard.type(' keeper');
    await expect.poll(() => asked.at(-1)).toBe('lighthouse keeper');
    // Every question a newer one replaced was abandoned, the word typed first among them.
    await expect.poll(() => abandoned).toEqual(asked.slice(0, -1));
    expect(abandoned).toContain('lighthouse');
    release();
    await visible(page.getByRole('option', { name: 'Search for “lighthouse keeper”' }));
  });

  it('does not steal / from someone typing in a field', async () => {
    const author = await createUser(browser.baseURL, 'Slasher');
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, author);
    await page.goto('/addblog');
    const titleField = page.getByLabel('Title', { exact: true });
    await titleField.focus();
    await page.keyboard.type('either/or');
    expect(await titleField.inputValue()).toBe('either/or');
  });

  it('shows results, an honest empty state, and passes axe, at 375 px light and dark', async () => {
    const word = `nebula${tag()}`;
    const author = await createUser(browser.baseURL, 'Stargazer');
    await publish(browser.baseURL, author, {
      title: `A ${word} at dusk`,
      content: `Watching the ${word}.`,
      tags: ['sky'],
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: PHONE, colorScheme, bypassCSP: true });
      await page.goto(`/search?q=${word}`);
      await visible(page.getByRole('heading', { level: 1, name: `Results for “${word}”` }));
      await visible(page.getByRole('article').filter({ hasText: `A ${word} at dusk` }));
      await shoot(page, `search-375-${colorScheme}`);
      await expectNoHorizontalScroll(page, PHONE.width);
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`/search?q=${encodeURIComponent('"no such phrase anywhere" zzqx')}`);
    await visible(page.getByRole('heading', { level: 2, name: /No posts match/ }));
    // On a phone the header's box opens over the header, with its suggestions, and fits.
    await page.keyboard.press('/');
    await page.keyboard.type(word);
    await visible(page.getByRole('option', { name: new RegExp(`A ${word} at dusk`) }));
    await expectNoHorizontalScroll(page, PHONE.width);
    await shoot(page, 'header-search-375');
  });
});

describe('the topic page', () => {
  it('is whole without JavaScript: posts, links and feeds', async () => {
    const topic = topicName('pottery');
    const author = await createUser(browser.baseURL, 'Potter');
    const title = `Glazes ${tag()}`;
    await publish(browser.baseURL, author, { title, content: 'On glazes.', tags: [topic] });
    const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    const response = await page.goto(`/tag?name=${topic}`);
    expect(response?.status()).toBe(200);
    await visible(page.getByRole('heading', { level: 1, name: topic }));
    await visible(page.getByRole('link', { name: title }));
    await visible(page.getByRole('main').getByRole('link', { name: 'RSS feed' }));
    const missing = await page.goto('/tag?name=nobody-wrote-this');
    expect(missing?.status()).toBe(404);
    await visible(page.getByRole('heading', { level: 1, name: 'Error: Topic not found' }));
  });

  it('is reached from a card, passes axe, and a reader follows it into their Following feed', async () => {
    const topic = topicName('beekeeping');
    const author = await createUser(browser.baseURL, 'Keeper');
    const reader = await createUser(browser.baseURL, 'Follower');
    const title = `Hives ${tag()}`;
    await publish(browser.baseURL, author, { title, content: 'On hives.', tags: [topic] });

    const page = await browser.newPage({ viewport: PHONE, bypassCSP: true });
    await signInAs(page, reader);
    await page.goto('/allblog');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByRole('link', { name: topic }).click();
    await atPath(page, '/tag', { name: topic });
    await visible(page.getByRole('heading', { level: 1, name: topic }));
    await visible(page.getByRole('link', { name: title }));
    await expectNoHorizontalScroll(page, PHONE.width);
    await shoot(page, 'topic-375');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Follow topic ${topic}` }).click();
    await visible(page.getByRole('button', { name: `Following topic ${topic}` }));
    await visible(page.getByText('1 follower'));
    await page.goto('/allblog?tab=following');
    await visible(page.getByRole('article').filter({ hasText: title }));
  });
});

describe('paging', () => {
  it('loads more search results and more of a topic’s posts, each once', async () => {
    const word = `pagingword${tag()}`;
    const topic = topicName('paging');
    const author = await createUser(browser.baseURL, 'Pager');
    for (let index = 1; index <= 21; index += 1) {
      await publish(browser.baseURL, author, {
        title: `Page ${index} ${word}`,
        content: `Number ${index} about ${word}.`,
        tags: [topic],
      });
    }
    for (const path of [`/search?q=${word}`, `/tag?name=${topic}`]) {
      const page = await browser.newPage({ viewport: DESKTOP });
      await page.goto(path);
      const articles = page.getByRole('main').getByRole('article');
      await expect.poll(() => articles.count()).toBe(20);
      await visible(
        page.getByRole('button', { name: path.startsWith('/search') ? 'More results' : 'Load more' }),
      );
      // Both lists load their next page by themselves as the reader nears the end (the button is
      // the fallback, clicked in the /allblog tests): a click here would race that load.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => articles.count()).toBe(21);
      const titles = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
      expect(new Set(titles).size, path).toBe(21);
    }
  });
});

describe('the new pages', () => {
  it('hydrate without a warning or an error', async () => {
    const topic = topicName('hydrating');
    const author = await createUser(browser.baseURL, 'Hydrator');
    await publish(browser.baseURL, author, { title: `Hydrated ${tag()}`, content: 'Water.', tags: [topic] });
    for (const path of [`/tag?name=${topic}`, '/search?q=water', '/search', '/tag?name=nothing-here']) {
      const page = await browser.newPage({ viewport: DESKTOP });
      const problems = collectProblems(page);
      await page.goto(path);
      await hydrated(page);
      expect(problems, path).toEqual([]);
    }
  });
});

describe('the side panel', () => {
  it('links topics and writers to their pages, and follows a writer for real', async () => {
    const topic = topicName('panelling');
    const author = await createUser(browser.baseURL, `Writer${tag()}`);
    const reader = await createUser(browser.baseURL, 'Browser');
    // Someone the reader already follows is not suggested again.
    const followed = await createUser(browser.baseURL, `Known${tag()}`);
    await publish(browser.baseURL, followed, { title: `Known ${tag()}`, content: 'Known.' });
    await follow(browser.baseURL, reader, followed);
    // Three posts, so the topic is among the most used of the shared test server.
    for (let index = 1; index <= 3; index += 1) {
      await publish(browser.baseURL, author, {
        title: `Panel ${index} ${tag()}`,
        content: 'Panel post.',
        tags: [topic],
      });
    }

    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, reader);
    await page.goto('/allblog');
    const panel = await visible(page.getByRole('complementary', { name: 'Around Inkwell' }));
    await visible(panel.getByRole('heading', { level: 2, name: 'Changelog' }));
    // Who to follow names the writers active last; other test files publish at the same time, so
    // whoever comes first is the one followed here.
    const whoToFollow = await visible(panel.getByRole('region', { name: 'Who to follow' }));
    const first = whoToFollow.getByRole('listitem').first();
    const writerLink = first.getByRole('link');
    const writerName = (await writerLink.textContent()) ?? '';
    expect(await writerLink.getAttribute('href')).toMatch(/^\/profile\?userId=[0-9a-f-]{36}$/);
    expect(writerName).not.toBe(reader.username);
    await expect.poll(() => whoToFollow.getByRole('link', { name: followed.username }).count()).toBe(0);
    await shoot(page, 'side-panel-desktop');
    await first.getByRole('button', { name: `Follow ${writerName}` }).click();
    await visible(first.getByRole('button', { name: `Following ${writerName}` }));

    await panel
      .getByRole('region', { name: 'Recommended topics' })
      .getByRole('link', { name: topic })
      .click();
    await atPath(page, '/tag', { name: topic });
    await visible(page.getByRole('heading', { level: 1, name: topic }));
  });

  it('gives every link a target of at least 24 × 24 px (WCAG 2.5.8), on a phone and a wide screen', async () => {
    const author = await createUser(browser.baseURL, `Picked${tag()}`);
    const reader = await createUser(browser.baseURL, 'Picker');
    // A favorite of the last 30 days: the panel has staff picks, with their bylines.
    await favorite(
      browser.baseURL,
      reader,
      await publish(browser.baseURL, author, { title: 'Short', content: 'Pick.' }),
    );

    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage({ viewport, bypassCSP: true });
      await page.goto('/allblog');
      const panel = await visible(page.getByRole('complementary', { name: 'Around Inkwell' }));
      await visible(panel.getByRole('region', { name: 'Staff picks' }).getByRole('link').first());
      const boxes = await panel.getByRole('link').evaluateAll((links) =>
        links.map((link) => {
          const box = link.getBoundingClientRect();
          return { link: `${link.className}: ${link.textContent}`, width: box.width, height: box.height };
        }),
      );
      expect(boxes.length, `${viewport.width}px`).toBeGreaterThan(2);
      expect(
        boxes.filter((box) => box.width < 24 || box.height < 24),
        `${viewport.width}px`,
      ).toEqual([]);
      expect(await axeViolations(page, { alsoRun: ['target-size'] }), `${viewport.width}px`).toEqual([]);
    }
  });
});
