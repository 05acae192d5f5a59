import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signInAs } from './support/api';
import { DESKTOP, faraway, PHONE, useBrowser } from './support/browser';
import { atPath, textOf, visible } from './support/expect-page';
import { collectProblems, hydrated, layoutShiftTotal, recordLayoutShifts } from './support/hydration';
import { profilePathOf, publish, readPath, tag } from './support/posts';

const browser = useBrowser();
const require = createRequire(import.meta.url);

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

async function richPost(name = 'Hydra') {
  const author = await createUser(browser.baseURL, `${name}${tag()}`);
  const title = `Rich post ${tag()}`;
  const post = await publish(browser.baseURL, author, { title, content: RICH_CONTENT });
  return { author, post, title };
}

function canonicalOf(page: Page): Promise<string | null> {
  return page.locator('link[rel="canonical"]').getAttribute('href');
}

describe('server-rendered pages in the browser', () => {
  it('hydrate without a warning or an error, and then work', async () => {
    const { author, post, title } = await richPost();
    for (const path of ['/', '/allblog', readPath(post), profilePathOf(author.id), '/no/such/page']) {
      // Where the date is not UTC's: the server's dates must not clash with the reader's.
      const page = await browser.newPage({ viewport: DESKTOP, timezoneId: faraway() });
      const problems = collectProblems(page);
      await page.goto(path);
      await hydrated(page);
      expect(problems, path).toEqual([]);
    }

    // Hydrated means working: the post's menu opens, which only the app can do.
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = collectProblems(page);
    await page.goto(readPath(post));
    await hydrated(page);
    await visible(page.getByRole('heading', { level: 1, name: title }));
    await page.getByRole('button', { name: 'More actions for this post' }).click();
    await visible(page.getByRole('menuitem', { name: 'Share' }));
    expect(problems).toEqual([]);
  });

  it('navigates client-side after a server-rendered first load, keeping the head right', async () => {
    const { author, post, title } = await richPost('Navi');
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = collectProblems(page);
    await page.goto(profilePathOf(author.id));
    await hydrated(page);
    const profileCanonical = await canonicalOf(page);
    expect(profileCanonical).toMatch(new RegExp(`/profile\\?userId=${author.id}$`));
    // Survives only as long as the document does: a full page load would lose it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await page.getByRole('link', { name: title }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await visible(page.getByRole('heading', { level: 1, name: title }));
    await page.waitForFunction(
      (expected) => document.title === expected,
      `${title}, by ${author.username} · Inkwell`,
    );
    expect(await canonicalOf(page)).toBe(
      profileCanonical?.replace(/\/profile\?userId=.*$/, `/readblog?id=${post.id}`),
    );
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: title });

    await page.getByRole('article').getByRole('link', { name: author.username, exact: true }).click();
    await atPath(page, '/profile', { userId: author.id });
    await visible(page.getByRole('heading', { level: 1, name: author.username }));
    expect(await page.title()).toBe(`${author.username} · Inkwell`);

    await page.getByRole('banner').getByRole('link', { name: 'Inkwell' }).click();
    await atPath(page, '/allblog');
    await visible(page.getByRole('heading', { level: 1, name: 'All posts' }));
    await visible(page.getByRole('article').first());
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(problems).toEqual([]);
  });

  it('reads a post with JavaScript turned off', async () => {
    const { author, post, title } = await richPost('Plain');
    const page = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(readPath(post));
    const article = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { level: 1, name: title }) });
    await visible(article);
    expect(await article.getByRole('link', { name: author.username, exact: true }).getAttribute('href')).toBe(
      profilePathOf(author.id),
    );
    await visible(article.getByRole('heading', { level: 2, name: 'Straight to a third level' }));
    expect(await textOf(article.locator('strong'))).toBe('bold');
    await visible(article.locator('pre code'));
    await visible(article.getByRole('table'));
    expect(await article.locator('[aria-busy="true"]').count()).toBe(0);
    // The visitor's header, and the feeds in the footer.
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }));
    await visible(page.getByRole('contentinfo').getByRole('link', { name: 'RSS feed' }));
  });

  it('shows a signed-in reader their header from the first paint, with no layout shift', async () => {
    // Plain words: bold and italic weights load when used and swap in (font-display: swap), which
    // moves text a little by design; this test is about what the session changes.
    const author = await createUser(browser.baseURL, `Shifty${tag()}`);
    const title = `Steady post ${tag()}`;
    const post = await publish(browser.baseURL, author, {
      title,
      content: 'Nothing moves here.\n\nNot even this.',
    });
    const reader = await createUser(browser.baseURL, 'Steady');
    for (const path of ['/allblog', readPath(post)]) {
      const page = await browser.newPage({ viewport: DESKTOP });
      await signInAs(page, reader);
      await recordLayoutShifts(page);
      const problems = collectProblems(page);
      await page.goto(path);
      await hydrated(page);
      await visible(
        page.getByRole('banner').getByRole('button', { name: `Account menu for ${reader.username}` }),
      );
      if (path === '/allblog') await visible(page.getByRole('navigation', { name: 'Feeds' }));
      else await visible(page.getByRole('heading', { level: 1, name: title }));
      expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(
        0,
      );
      expect(await layoutShiftTotal(page), path).toBe(0);
      expect(problems, path).toEqual([]);
    }
  });

  it('passes axe on the read page, light and dark, wide and narrow', async () => {
    const { post, title } = await richPost('Axe');
    const axePath = require.resolve('axe-core/axe.min.js');
    for (const [viewport, colorScheme] of [
      [DESKTOP, 'light'],
      [PHONE, 'dark'],
    ] as const) {
      const page = await browser.newPage({ viewport, colorScheme, bypassCSP: true });
      await page.goto(readPath(post));
      await hydrated(page);
      await visible(page.getByRole('heading', { level: 1, name: title }));
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
        interface AxeResults {
          violations: { id: string; help: string; nodes: { target: string[] }[] }[];
        }
        const results = await axe.run(document);
        return results.violations.map((violation) => ({
          id: violation.id,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        }));
      });
      expect(violations, `${colorScheme} ${viewport.width}px`).toEqual([]);
    }
  });
});
