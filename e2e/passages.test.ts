import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, useBrowser, type PageOptions } from './support/browser';
import { expectNoHorizontalScroll, hidden, textOf, visible } from './support/expect-page';
import { hydrated } from './support/hydration';
import { commentOnPassage, editPost, publish, readPath, tag } from './support/posts';
import { axeViolations } from './support/axe';

const browser = useBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

const ESSAY = [
  'Ink dries slowly in the cold, and the page waits for it.',
  'The river was quiet that morning, and the light fell on the water like a held breath.',
  'A writer needs patience more than talent, and a quiet room with a window.',
].join('\n\n');

async function open(path: string, user: E2eUser | null, options: PageOptions = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP, ...options });
  if (user) await signInAs(page, user);
  await page.goto(path);
  await hydrated(page);
  return page;
}

const content = (page: Page) => page.locator('.post__content');
const discussion = (page: Page) => page.getByRole('region', { name: /^Discussion/ });
const sheet = (page: Page) => page.getByRole('dialog');
const marks = (page: Page) => content(page).locator('mark.passage-mark');

/** Drags the mouse across `words` in the post, as a reader selects a passage. */
async function selectWithMouse(page: Page, words: string): Promise<void> {
  const ends = await content(page).evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(wanted);
      if (at === -1) continue;
      const first = document.createRange();
      first.setStart(node, at);
      first.setEnd(node, at + 1);
      const last = document.createRange();
      last.setStart(node, at + wanted.length - 1);
      last.setEnd(node, at + wanted.length);
      const a = first.getBoundingClientRect();
      const b = last.getBoundingClientRect();
      return {
        from: { x: a.left + 1, y: a.top + a.height / 2 },
        to: { x: b.right - 1, y: b.top + b.height / 2 },
      };
    }
    return null;
  }, words);
  if (!ends) throw new Error(`"${words}" is not in the post`);
  await page.mouse.move(ends.from.x, ends.from.y);
  await page.mouse.down();
  await page.mouse.move(ends.to.x, ends.to.y, { steps: 8 });
  await page.mouse.up();
}

describe('in-line comments on passages', () => {
  it('comments on words selected with the mouse; the passage is marked with its count and the discussion quotes it', async () => {
    const author = await createUser(browser.baseURL, `Essayist${tag()}`);
    const reader = await createUser(browser.baseURL, `Margin${tag()}`);
    const post = await publish(browser.baseURL, author, { title: `Rivers ${tag()}`, content: ESSAY });
    const page = await open(readPath(post), reader);

    await selectWithMouse(page, 'the light fell on the water');
    await page.getByRole('button', { name: 'Comment on the selection' }).click();
    const dialog = await visible(sheet(page));
    expect(await textOf(dialog.getByRole('heading', { level: 2 }))).toBe('Comment on a passage');
    expect(await textOf(dialog.getByRole('blockquote'))).toBe('the light fell on the water');
    await dialog.getByRole('textbox', { name: 'Your comment' }).fill('A lovely image.');
    await dialog.getByRole('button', { name: 'Comment', exact: true }).click();

    // The sheet now shows the passage's comments, with the new one.
    await visible(dialog.getByRole('heading', { name: '1 comment on this passage' }));
    await visible(dialog.getByRole('article', { name: `Comment by ${reader.username}` }));
    await page.keyboard.press('Escape');
    await hidden(sheet(page));

    expect(await marks(page).allTextContents()).toEqual(['the light fell on the water']);
    const count = await visible(content(page).getByRole('button', { name: '1 comment on this passage' }));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/passages-desktop.png` });
    const mine = await visible(
      discussion(page).getByRole('article', { name: `Comment by ${reader.username}` }),
    );
    expect(await textOf(mine.locator('.comment__quote'))).toBe('On the passage: the light fell on the water');
    expect(await textOf(discussion(page).getByRole('heading', { level: 2 }))).toBe('Discussion (1)');

    // The quote leads back to its passage, and the count opens its comments.
    await page.mouse.wheel(0, 2000);
    await mine.locator('.comment__quote').click();
    await expect.poll(() => count.evaluate((button) => button === document.activeElement)).toBe(true);
    await count.click();
    await visible(sheet(page).getByText('A lovely image.'));

    // Every reader sees the mark after a reload, signed in or not.
    const visitor = await open(readPath(post), null);
    // The marks come once the page is interactive: the count says they are there.
    await visible(content(visitor).getByRole('button', { name: '1 comment on this passage' }));
    expect(await marks(visitor).allTextContents()).toEqual(['the light fell on the water']);
  });

  it('comments on a passage chosen with the keyboard alone', async () => {
    const author = await createUser(browser.baseURL, `Keys${tag()}`);
    const reader = await createUser(browser.baseURL, `Tabber${tag()}`);
    const post = await publish(browser.baseURL, author, { title: `Patience ${tag()}`, content: ESSAY });
    const page = await open(readPath(post), reader);

    const start = await visible(page.getByRole('button', { name: 'Comment on a passage' }));
    await start.focus();
    await page.keyboard.press('Enter');
    const dialog = await visible(sheet(page));
    const passage = dialog.getByRole('combobox', { name: 'Passage' });
    await passage.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await textOf(dialog.getByRole('blockquote'))).toBe(
      'A writer needs patience more than talent, and a quiet room with a window.',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.type('Patience, yes.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await visible(dialog.getByRole('heading', { name: '1 comment on this passage' }));
    await page.keyboard.press('Escape');
    // Focus comes back to the control that opened the sheet.
    await expect.poll(() => start.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await marks(page).allTextContents()).toEqual([
      'A writer needs patience more than talent, and a quiet room with a window.',
    ]);
  });

  it('keeps marks through an edit that moves the passage, and lists a removed passage as on an earlier version', async () => {
    const author = await createUser(browser.baseURL, `Editor${tag()}`);
    const reader = await createUser(browser.baseURL, `Keeper${tag()}`);
    const post = await publish(browser.baseURL, author, { title: `Drafted ${tag()}`, content: ESSAY });
    await commentOnPassage(browser.baseURL, reader, post.id, 'Cold ink, yes.', { quote: 'Ink dries slowly' });
    await commentOnPassage(browser.baseURL, reader, post.id, 'Such patience.', {
      quote: 'A writer needs patience more than talent',
    });
    await editPost(browser.baseURL, author, post, {
      title: post.title,
      content: `A new first paragraph, written later.\n\n${ESSAY.replace(
        'A writer needs patience more than talent, and a quiet room with a window.',
        'Nobody can teach you this.',
      )}`,
    });

    const page = await open(readPath(post), null);
    await visible(content(page).getByRole('button', { name: '1 comment on this passage' }));
    expect(await marks(page).allTextContents()).toEqual(['Ink dries slowly']);
    const earlier = discussion(page).locator('.comment__quote--earlier');
    expect(await textOf(earlier)).toBe(
      'On an earlier version of the post: A writer needs patience more than talent',
    );
  });

  it('marks passages in the browser’s idle time, one passage at each idle period, none while hydrating', async () => {
    const author = await createUser(browser.baseURL, `Idle${tag()}`);
    const reader = await createUser(browser.baseURL, `Later${tag()}`);
    const post = await publish(browser.baseURL, author, { title: `Unhurried ${tag()}`, content: ESSAY });
    const quotes = [
      'Ink dries slowly in the cold',
      'the light fell on the water',
      'A writer needs patience more than talent',
    ];
    for (const quote of quotes) await commentOnPassage(browser.baseURL, reader, post.id, 'Yes.', { quote });

    // The page's idle periods, handed out by the test one at a time.
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(() => {
      const waiting: (() => void)[] = [];
      let ran = 0;
      Object.assign(window, {
        requestIdleCallback: (callback: IdleRequestCallback) =>
          waiting.push(() => callback({ didTimeout: false, timeRemaining: () => 0 })),
        cancelIdleCallback: (handle: number) => {
          waiting[handle - 1] = () => {};
        },
        idleWaiting: () => waiting.length - ran,
        runIdle: () => waiting[ran++]?.(),
      });
    });
    const idleWaiting = () =>
      page.evaluate(() => (window as unknown as { idleWaiting(): number }).idleWaiting());
    const runIdle = () => page.evaluate(() => (window as unknown as { runIdle(): void }).runIdle());
    const counts = content(page).getByRole('button', { name: '1 comment on this passage' });

    await page.goto(readPath(post));
    await hydrated(page);
    // The passages' comments have come, and nothing is marked until the page is idle.
    await expect.poll(idleWaiting).toBe(1);
    expect(await marks(page).count()).toBe(0);
    await runIdle(); // finds the passages in the post
    for (let passage = 1; passage <= quotes.length; passage += 1) {
      expect(await idleWaiting()).toBe(1);
      await runIdle();
      expect(await counts.count()).toBe(passage);
    }
    expect(await idleWaiting()).toBe(0);
    expect(await marks(page).allTextContents()).toEqual(quotes);
  });

  it('opens a passage’s comments in a sheet at 375 px, light and dark, and passes axe', async () => {
    const author = await createUser(browser.baseURL, `Phone${tag()}`);
    const reader = await createUser(browser.baseURL, `Thumb${tag()}`);
    const post = await publish(browser.baseURL, author, { title: `Small ${tag()}`, content: ESSAY });
    await commentOnPassage(browser.baseURL, reader, post.id, 'Noted.', {
      quote: 'The river was quiet that morning',
    });
    await commentOnPassage(browser.baseURL, author, post.id, 'Thank you.', { quote: 'The river was quiet' });

    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open(readPath(post), reader, { viewport: PHONE, colorScheme, bypassCSP: true });
      const count = await visible(content(page).getByRole('button', { name: '2 comments on this passage' }));
      await expectNoHorizontalScroll(page, PHONE.width);
      // Overlapping passages are one mark with one count.
      expect(await marks(page).allTextContents()).toEqual(['The river was quiet that morning']);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/passages-375-${colorScheme}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await count.click();
      const dialog = await visible(sheet(page));
      await visible(dialog.getByRole('article', { name: `Comment by ${author.username}` }));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/passages-sheet-375-${colorScheme}.png` });
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
