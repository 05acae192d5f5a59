import type { Page } from '@playwright/test';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { createUser, signInAs } from './support/api';
import { atPath, expectNoHorizontalScroll } from './support/screens';
import { collectProblems, hydrated } from './support/hydration';
import { apiCall, favorite, follow, hold, publish, tag } from './support/posts';
import { axeViolations } from './support/axe';

/*
 * Topics and search in the browser: the tag input, search from the header, the search page, the topic page
 * (with and without JavaScript), following a topic, and the side panel's links.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** A topic name of this test run alone (letters and digits, as a tag keeps them). */
const topicName = (base: string) => `${base}-${tag()}`;

async function shoot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

test.describe('the tag input', () => {
  test('adds, suggests, refuses and removes topics by keyboard, and the post carries them', async ({
    newPage,
    serverURL,
  }) => {
    const existing = topicName('knitting');
    const author = await createUser(serverURL, 'Tagger');
    await publish(serverURL, author, { title: `Seed ${tag()}`, content: 'Seed.', tags: [existing] });

    const page = await newPage({ viewport: PHONE });
    await signInAs(page, author);
    await page.goto('/addblog');
    const title = `Tagged post ${tag()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Content', { exact: true }).fill('A post with topics.');

    const input = page.getByRole('combobox', { name: 'Topics' });
    await input.focus();
    // Typed as a person would: kept as typed (its address, machine-learning, is the server's).
    await page.keyboard.type('Machine Learning');
    await page.keyboard.press('Enter');
    const chips = page.getByRole('list', { name: 'Topics of this post' });
    await expect(chips.getByText('Machine Learning', { exact: true })).toBeVisible();

    // An existing topic is suggested; arrows and Enter choose it.
    await page.keyboard.type(existing.slice(0, 8));
    const option = page.getByRole('option', { name: new RegExp(existing) });
    await expect(option).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await shoot(page, 'tag-input-375');
    await page.keyboard.press('Enter');
    await expect(chips.getByText(existing, { exact: true })).toBeVisible();

    // A comma ends a tag too; a sixth is refused with the server's own words.
    await page.keyboard.type('one, two, three,');
    await page.keyboard.type('four');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('A post can have at most 5 tags');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    // Backspace in the empty box removes the last topic.
    await page.keyboard.press('Backspace');
    await expect.poll(() => chips.getByRole('listitem').count()).toBe(4);
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await atPath(page, '/allblog');
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible();
    const topics = card.getByRole('list', { name: `Topics of ${title}` });
    expect(await topics.getByRole('link').allTextContents()).toEqual([
      'Machine Learning',
      existing,
      'one',
      'two',
    ]);
  });
});

test.describe('the tag input by pointer', () => {
  test('takes a tapped suggestion and lets a chip’s button remove it, at 375 px', async ({
    newPage,
    serverURL,
  }) => {
    const existing = topicName('origami');
    const author = await createUser(serverURL, 'Tapper');
    const post = await publish(serverURL, author, {
      title: `Folded ${tag()}`,
      content: 'Paper.',
      tags: ['paper'],
    });
    await publish(serverURL, author, { title: `Seed ${tag()}`, content: 'Seed.', tags: [existing] });

    const page = await newPage({ viewport: PHONE });
    await signInAs(page, author);
    await page.goto(`/updateblog?id=${post.id}`);
    const chips = page.getByRole('list', { name: 'Topics of this post' });
    // The edit form starts with the post's own topics.
    await expect(chips.getByText('paper', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Topics' }).click();
    await page.keyboard.type(existing.slice(0, 7));
    await page.getByRole('option', { name: new RegExp(existing) }).click();
    await expect(chips.getByText(existing, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Remove topic paper' }).click();
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual([`${existing}×`]);

    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    const topics = page.getByRole('list', { name: 'Topics' });
    await expect(topics.getByRole('link', { name: existing })).toBeVisible();
    await expect(topics.getByRole('link')).toHaveCount(1);
  });
});

test.describe('search', () => {
  test('opens from anywhere with /, suggests while typing, and searches with Enter', async ({
    newPage,
    serverURL,
  }) => {
    const word = `quasar${tag()}`;
    const author = await createUser(serverURL, 'Astronomer');
    const post = await publish(serverURL, author, {
      title: `Notes on the ${word}`,
      content: `The ${word} is bright. It <b>shines</b>.`,
    });
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/allblog');
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search posts' });
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(word);
    await expect(page.getByRole('option', { name: new RegExp(`Notes on the ${word}`) })).toBeVisible();
    await page.keyboard.press('Enter');
    await atPath(page, '/search', { q: word });
    const result = page.getByRole('article').filter({ hasText: `Notes on the ${word}` });
    await expect(result).toBeVisible();
    expect(await result.locator('mark').first().textContent()).toBe(word);
    // The author's markup stays text.
    await expect(result.locator('b')).toHaveCount(0);

    // A suggestion chosen with the arrows opens the post itself.
    await page.keyboard.press('/');
    await page.keyboard.type(word);
    await expect(page.getByRole('option', { name: new RegExp(`Notes on the ${word}`) })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await atPath(page, '/readblog', { id: post.id, name: author.username });
  });

  test('asks for suggestions once typing pauses, and abandons a question a newer one replaces', async ({
    newPage,
  }) => {
    const page = await newPage({ viewport: DESKTOP });
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
    await expect(page.getByRole('option', { name: 'Search for “lighthouse keeper”' })).toBeVisible();
  });

  test('does not steal / from someone typing in a field', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Slasher');
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, author);
    await page.goto('/addblog');
    const titleField = page.getByLabel('Title', { exact: true });
    await titleField.focus();
    await page.keyboard.type('either/or');
    await expect(titleField).toHaveValue('either/or');
  });

  test('shows results, an honest empty state, and passes axe, at 375 px light and dark', async ({
    newPage,
    serverURL,
  }) => {
    const word = `nebula${tag()}`;
    const author = await createUser(serverURL, 'Stargazer');
    await publish(serverURL, author, {
      title: `A ${word} at dusk`,
      content: `Watching the ${word}.`,
      tags: ['sky'],
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await newPage({ viewport: PHONE, colorScheme, bypassCSP: true });
      await page.goto(`/search?q=${word}`);
      await expect(page.getByRole('heading', { level: 1, name: `Results for “${word}”` })).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: `A ${word} at dusk` })).toBeVisible();
      await shoot(page, `search-375-${colorScheme}`);
      await expectNoHorizontalScroll(page, PHONE.width);
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
    const page = await newPage({ viewport: PHONE });
    await page.goto(`/search?q=${encodeURIComponent('"no such phrase anywhere" zzqx')}`);
    await expect(page.getByRole('heading', { level: 2, name: /No posts match/ })).toBeVisible();
    // On a phone the header's box opens over the header, with its suggestions, and fits.
    await page.keyboard.press('/');
    await page.keyboard.type(word);
    await expect(page.getByRole('option', { name: new RegExp(`A ${word} at dusk`) })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await shoot(page, 'header-search-375');
  });
});

test.describe('topics by the names they were typed with', () => {
  test('a card, the read page and the topic page show C++, linked by an address of its own', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Stroustrup');
    const title = `Templates ${tag()}`;
    await publish(serverURL, author, { title, content: 'On templates.', tags: ['C++', 'C'] });

    // bypassCSP: axe is injected as a script of its own.
    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await page.goto('/allblog');
    const card = page.getByRole('article').filter({ hasText: title });
    const cardTopics = card.getByRole('list', { name: `Topics of ${title}` });
    await expect(cardTopics.getByRole('link')).toHaveText(['C++', 'C']);
    // C++ and C are two topics, two addresses.
    await expect(cardTopics.getByRole('link', { name: 'C++' })).toHaveAttribute('href', '/tag?name=c%2B%2B');
    await expect(cardTopics.getByRole('link', { name: 'C', exact: true })).toHaveAttribute(
      'href',
      '/tag?name=c',
    );

    await card.getByRole('link', { name: title }).click();
    await atPath(page, '/readblog');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Topics' }).getByRole('link')).toHaveText(['C++', 'C']);

    await page.getByRole('list', { name: 'Topics' }).getByRole('link', { name: 'C++' }).click();
    await atPath(page, '/tag', { name: 'c++' });
    await expect(page.getByRole('heading', { level: 1, name: 'C++', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^Posts about C\+\+/);
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('the topic page', () => {
  test('is whole without JavaScript: posts, links and feeds', async ({ newPage, serverURL }) => {
    const topic = topicName('pottery');
    const author = await createUser(serverURL, 'Potter');
    const title = `Glazes ${tag()}`;
    await publish(serverURL, author, { title, content: 'On glazes.', tags: [topic] });
    const page = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    const response = await page.goto(`/tag?name=${topic}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'RSS feed' })).toBeVisible();
    const missing = await page.goto('/tag?name=nobody-wrote-this');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Error: Topic not found' })).toBeVisible();
  });

  test('is reached from a card, passes axe, and a reader follows it into their Following feed', async ({
    newPage,
    serverURL,
  }) => {
    const topic = topicName('beekeeping');
    const author = await createUser(serverURL, 'Keeper');
    const reader = await createUser(serverURL, 'Follower');
    const title = `Hives ${tag()}`;
    await publish(serverURL, author, { title, content: 'On hives.', tags: [topic] });

    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await signInAs(page, reader);
    await page.goto('/allblog');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByRole('link', { name: topic }).click();
    await atPath(page, '/tag', { name: topic });
    await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await shoot(page, 'topic-375');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Follow topic ${topic}` }).click();
    await expect(page.getByRole('button', { name: `Following topic ${topic}` })).toBeVisible();
    await expect(page.getByText('1 follower')).toBeVisible();
    await page.goto('/allblog?tab=following');
    await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  });
});

test.describe('paging', () => {
  test('loads more search results and more of a topic’s posts, each once', async ({ newPage, serverURL }) => {
    const word = `pagingword${tag()}`;
    const topic = topicName('paging');
    const author = await createUser(serverURL, 'Pager');
    for (let index = 1; index <= 21; index += 1) {
      await publish(serverURL, author, {
        title: `Page ${index} ${word}`,
        content: `Number ${index} about ${word}.`,
        tags: [topic],
      });
    }
    for (const path of [`/search?q=${word}`, `/tag?name=${topic}`]) {
      const page = await newPage({ viewport: DESKTOP });
      await page.goto(path);
      const articles = page.getByRole('main').getByRole('article');
      await expect.poll(() => articles.count()).toBe(20);
      await expect(
        page.getByRole('button', { name: path.startsWith('/search') ? 'More results' : 'Load more' }),
      ).toBeVisible();
      // Both lists load their next page by themselves as the reader nears the end (the button is
      // the fallback, clicked in the /allblog tests): a click here would race that load.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => articles.count()).toBe(21);
      const titles = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
      expect(new Set(titles).size, path).toBe(21);
    }
  });
});

test.describe('the new pages', () => {
  test('hydrate without a warning or an error', async ({ newPage, serverURL }) => {
    const topic = topicName('hydrating');
    const author = await createUser(serverURL, 'Hydrator');
    await publish(serverURL, author, { title: `Hydrated ${tag()}`, content: 'Water.', tags: [topic] });
    for (const path of [`/tag?name=${topic}`, '/search?q=water', '/search', '/tag?name=nothing-here']) {
      const page = await newPage({ viewport: DESKTOP });
      const problems = collectProblems(page);
      await page.goto(path);
      await hydrated(page);
      expect(problems, path).toEqual([]);
    }
  });
});

test.describe('the side panel', () => {
  test('links topics and writers to their pages, and follows a writer for real', async ({
    newPage,
    serverURL,
  }) => {
    const topic = topicName('panelling');
    const author = await createUser(serverURL, `Writer${tag()}`);
    const reader = await createUser(serverURL, 'Browser');
    // Someone the reader already follows is not suggested again.
    const followed = await createUser(serverURL, `Known${tag()}`);
    await publish(serverURL, followed, { title: `Known ${tag()}`, content: 'Known.' });
    await follow(serverURL, reader, followed);
    // Three posts, so the topic is among the most used of the shared test server.
    for (let index = 1; index <= 3; index += 1) {
      await publish(serverURL, author, {
        title: `Panel ${index} ${tag()}`,
        content: 'Panel post.',
        tags: [topic],
      });
    }

    // A wide but short window (a laptop's, with the browser's bars): the panel is taller than it.
    const page = await newPage({ viewport: { width: DESKTOP.width, height: 600 } });
    await signInAs(page, reader);
    await page.goto('/allblog');
    const panel = page.getByRole('complementary', { name: 'Around Inkwell' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { level: 2, name: 'Changelog' })).toBeVisible();
    const panelEnd = await panel.evaluate(
      (element) => element.getBoundingClientRect().top + element.scrollHeight,
    );
    expect(panelEnd).toBeGreaterThan(600);
    // Stuck under the header as the page scrolls, it fits the window, so none of it is out of reach
    // (the list of posts below grows as one scrolls: the page's end need not come).
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect
      .poll(() => panel.evaluate((element) => element.getBoundingClientRect().bottom))
      .toBeLessThanOrEqual(600);
    // Who to follow names the writers active last.
    const whoToFollow = panel.getByRole('region', { name: 'Who to follow' });
    await expect(whoToFollow).toBeVisible();
    const first = whoToFollow.getByRole('listitem').first();
    const writerLink = first.getByRole('link');
    // Writers are addressed by their handle (/@handle).
    await expect(writerLink).toHaveAttribute('href', /^\/@[a-z0-9_]{2,30}$/);
    await expect(writerLink).not.toHaveText(reader.username);
    await expect(whoToFollow.getByRole('link', { name: followed.username })).toHaveCount(0);
    await shoot(page, 'side-panel-desktop');
    // The writer followed is this test's own. Other files publish at the same time, and following
    // whoever came first once followed another file's new writer, whose follower count that file
    // then found one too high. Should others' posts have pushed ours out of the list, ours writes
    // again, and the list is read anew.
    const own = whoToFollow
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: author.username, exact: true }) });
    await expect(async () => {
      if ((await own.count()) === 0) {
        await publish(serverURL, author, { title: `Panel again ${tag()}`, content: 'Panel post.' });
        await page.reload();
      }
      await expect(own).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // With the pointer, wherever it sits in the list: the panel stays put as the page scrolls, so
    // what lies below the window's end is reached by scrolling the panel itself.
    await own.getByRole('button', { name: `Follow ${author.username}` }).click();
    await expect(own.getByRole('button', { name: `Following ${author.username}` })).toBeVisible();
    const lastLink = panel.getByRole('link').last();
    await lastLink.scrollIntoViewIfNeeded();
    await expect(lastLink).toBeInViewport();

    await panel
      .getByRole('region', { name: 'Recommended topics' })
      .getByRole('link', { name: topic })
      .click();
    await atPath(page, '/tag', { name: topic });
    await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible();
  });

  test('gives every link a target of at least 24 × 24 px (WCAG 2.5.8), on a phone and a wide screen', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Picked${tag()}`);
    const reader = await createUser(serverURL, 'Picker');
    // A favorite of the last 30 days: the panel has staff picks, with their bylines.
    await favorite(serverURL, reader, await publish(serverURL, author, { title: 'Short', content: 'Pick.' }));

    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage({ viewport, bypassCSP: true });
      await page.goto('/allblog');
      const panel = page.getByRole('complementary', { name: 'Around Inkwell' });
      await expect(panel).toBeVisible();
      await expect(
        panel.getByRole('region', { name: 'Staff picks' }).getByRole('link').first(),
      ).toBeVisible();
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
