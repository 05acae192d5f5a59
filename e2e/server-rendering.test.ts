import type { Page } from '@playwright/test';
import { createUser, signInAs } from './support/api';
import { axeViolations } from './support/axe';
import { DESKTOP, expect, faraway, PHONE, test } from './support/fixtures';
import { collectProblems, hydrated, layoutShifts, recordLayoutShifts } from './support/hydration';
import { profilePathOf, publish, readPath, tag } from './support/posts';
import { atPath } from './support/screens';
import { splitHtmlProxy } from './support/split-html-proxy';

/** A post with what a reader meets in the wild: headings at any level, wide code, a table, a link. */
const RICH_CONTENT = [
  '### Straight to a third level',
  '',
  'Some **bold** and _italic_ words, and [a link](https://example.com/page).',
  '',
  '```ts',
  `const wide = "${'w'.repeat(160)}"; // a line much wider than the column`,
  '```',
  '',
  '| name | value |',
  '| --- | --- |',
  '| width | wide |',
  '',
  '# Back to the top level',
  '',
  'The end.',
].join('\n');

async function richPost(serverURL: string, name = 'Hydra') {
  const author = await createUser(serverURL, `${name}${tag()}`);
  const title = `Rich post ${tag()}`;
  const post = await publish(serverURL, author, { title, content: RICH_CONTENT });
  return { author, post, title };
}

const canonical = (page: Page) => page.locator('link[rel="canonical"]');

test.describe('server-rendered pages in the browser', () => {
  test('hydrate without a warning or an error, and then work', async ({ newPage, serverURL }) => {
    const { author, post, title } = await richPost(serverURL);
    for (const path of ['/', '/allblog', readPath(post), profilePathOf(author.id), '/no/such/page']) {
      // Where the date is not UTC's: the server's dates must not clash with the reader's.
      const page = await newPage({ viewport: DESKTOP, timezoneId: faraway() });
      const problems = collectProblems(page);
      await page.goto(path);
      await hydrated(page);
      expect(problems, path).toEqual([]);
    }

    // Hydrated means working: the post's menu opens, which only the app can do.
    const page = await newPage({ viewport: DESKTOP });
    const problems = collectProblems(page);
    await page.goto(readPath(post));
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'More actions for this post' }).click();
    await expect(page.getByRole('menuitem', { name: 'Share' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('navigates client-side after a server-rendered first load, keeping the head right', async ({
    newPage,
    serverURL,
  }) => {
    const { author, post, title } = await richPost(serverURL, 'Navi');
    const page = await newPage({ viewport: DESKTOP });
    const problems = collectProblems(page);
    await page.goto(profilePathOf(author.id));
    await hydrated(page);
    const profileCanonical = await canonical(page).getAttribute('href');
    // A profile's canonical address is its handle's (/@handle), whichever address opened it.
    expect(profileCanonical).toMatch(new RegExp(`/@${author.handle}$`));
    // Survives only as long as the document does: a full page load would lose it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await page.getByRole('link', { name: title }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title}, by ${author.username} · Inkwell`);
    await expect(canonical(page)).toHaveAttribute(
      'href',
      profileCanonical?.replace(/\/@.*$/, `/readblog?id=${post.id}`) ?? '',
    );
    await expect
      .poll(async () =>
        JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}'),
      )
      .toMatchObject({ '@type': 'BlogPosting', headline: title });

    await page.getByRole('article').getByRole('link', { name: author.username, exact: true }).click();
    // People's pages live at their handle's address.
    await expect(page).toHaveURL(new RegExp(`/@${author.handle}$`));
    await expect(page.getByRole('heading', { level: 1, name: author.username })).toBeVisible();
    await expect(page).toHaveTitle(`${author.username} · Inkwell`);

    await page.getByRole('banner').getByRole('link', { name: 'Inkwell' }).click();
    await atPath(page, '/allblog');
    await expect(page.getByRole('heading', { level: 1, name: 'All posts' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(problems).toEqual([]);
  });

  test('reads a post with JavaScript turned off', async ({ newPage, serverURL }) => {
    const { author, post, title } = await richPost(serverURL, 'Plain');
    const page = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(readPath(post));
    const article = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { level: 1, name: title }) });
    await expect(article).toBeVisible();
    await expect(article.getByRole('link', { name: author.username, exact: true })).toHaveAttribute(
      'href',
      `/@${author.handle}`,
    );
    await expect(article.getByRole('heading', { level: 2, name: 'Straight to a third level' })).toBeVisible();
    await expect(article.locator('strong')).toHaveText('bold');
    await expect(article.locator('pre code')).toBeVisible();
    await expect(article.getByRole('table')).toBeVisible();
    await expect(article.locator('[aria-busy="true"]')).toHaveCount(0);
    // The visitor's header, and the feeds in the footer.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'RSS feed' })).toBeVisible();
  });

  test('shows a signed-in reader their header from the first paint, with no layout shift', async ({
    newPage,
    serverURL,
  }) => {
    // Plain words: bold and italic weights load when used and swap in (font-display: swap), which
    // moves text a little by design; this test is about what the session changes.
    const author = await createUser(serverURL, `Shifty${tag()}`);
    const title = `Steady post ${tag()}`;
    const post = await publish(serverURL, author, {
      title,
      content: 'Nothing moves here.\n\nNot even this.',
    });
    const reader = await createUser(serverURL, 'Steady');
    for (const path of ['/allblog', readPath(post)]) {
      const page = await newPage({ viewport: DESKTOP });
      await signInAs(page, reader);
      await recordLayoutShifts(page);
      const problems = collectProblems(page);
      await page.goto(path);
      await hydrated(page);
      await expect(
        page.getByRole('banner').getByRole('button', { name: `Account menu for ${reader.username}` }),
      ).toBeVisible();
      if (path === '/allblog') await expect(page.getByRole('navigation', { name: 'Feeds' })).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(
        0,
      );
      const shifts = await layoutShifts(page);
      expect(shifts.total, `${path}: ${shifts.moved.join(', ')}`).toBe(0);
      expect(problems, path).toEqual([]);
    }
  });

  test('keeps the byline still while the page arrives in pieces', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, `Pieces${tag()}`);
    const post = await publish(serverURL, author, { title: `Slow wire ${tag()}`, content: 'Word by word.' });
    // Cut right after the Follow button, before the post's menu beside it.
    const proxy = await splitHtmlProxy(serverURL, {
      path: readPath(post),
      cutAfter: '>Follow</button></div></div>',
      pause: 1500,
    });
    try {
      const page = await newPage({ viewport: DESKTOP, baseURL: proxy.origin });
      await recordLayoutShifts(page);
      await page.goto(readPath(post), { waitUntil: 'commit' });
      // The first part is in: let the browser paint it, as it does on its own when it has time.
      await expect(page.locator('.byline-follow')).toBeAttached();
      await page.evaluate(
        () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
      );
      await expect(page.getByRole('button', { name: 'More actions for this post' })).toBeVisible();
      await hydrated(page);
      // What this test holds still is the byline. (The header's search once moved too while the
      // page waited for its second part; the header's columns hold it now, and the first-paint test
      // above watches the whole page.)
      const { moved } = await layoutShifts(page);
      expect(moved.filter((what) => what.includes('byline'))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  test('passes axe on the read page, light and dark, wide and narrow', async ({ newPage, serverURL }) => {
    const { post, title } = await richPost(serverURL, 'Axe');
    for (const [viewport, colorScheme] of [
      [DESKTOP, 'light'],
      [PHONE, 'dark'],
    ] as const) {
      const page = await newPage({ viewport, colorScheme, bypassCSP: true });
      await page.goto(readPath(post));
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await axeViolations(page), `${colorScheme} ${viewport.width}px`).toEqual([]);
    }
  });
});
