import type { Page } from '@playwright/test';
import { DESKTOP, expect, type NewPage, type PageOptions, PHONE, test } from './support/fixtures';
import { createUser, signInAs, type E2eUser } from './support/api';
import { expectNoHorizontalScroll } from './support/screens';
import { hydrated } from './support/hydration';
import { commentOnPassage, editPost, publish, readPath, tag } from './support/posts';
import { axeViolations } from './support/axe';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

const ESSAY = [
  'Ink dries slowly in the cold, and the page waits for it.',
  'The river was quiet that morning, and the light fell on the water like a held breath.',
  'A writer needs patience more than talent, and a quiet room with a window.',
].join('\n\n');

async function open(
  newPage: NewPage,
  path: string,
  user: E2eUser | null,
  options: PageOptions = {},
): Promise<Page> {
  const page = await newPage({ viewport: DESKTOP, ...options });
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

test.describe('in-line comments on passages', () => {
  test('comments on words selected with the mouse; the passage is marked with its count and the discussion quotes it', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Essayist${tag()}`);
    const reader = await createUser(serverURL, `Margin${tag()}`);
    const post = await publish(serverURL, author, { title: `Rivers ${tag()}`, content: ESSAY });
    const page = await open(newPage, readPath(post), reader);

    await selectWithMouse(page, 'the light fell on the water');
    await page.getByRole('button', { name: 'Comment on the selection' }).click();
    const dialog = sheet(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Comment on a passage');
    await expect(dialog.getByRole('blockquote')).toHaveText('the light fell on the water');
    await dialog.getByRole('textbox', { name: 'Your comment' }).fill('A lovely image.');
    await dialog.getByRole('button', { name: 'Comment', exact: true }).click();

    // The sheet now shows the passage's comments, with the new one.
    await expect(dialog.getByRole('heading', { name: '1 comment on this passage' })).toBeVisible();
    await expect(dialog.getByRole('article', { name: `Comment by ${reader.username}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet(page)).toBeHidden();

    expect(await marks(page).allTextContents()).toEqual(['the light fell on the water']);
    const count = content(page).getByRole('button', { name: '1 comment on this passage' });
    await expect(count).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/passages-desktop.png` });
    const mine = discussion(page).getByRole('article', { name: `Comment by ${reader.username}` });
    await expect(mine).toBeVisible();
    await expect(mine.locator('.comment__quote')).toHaveText('On the passage: the light fell on the water');
    await expect(discussion(page).getByRole('heading', { level: 2 })).toHaveText('Discussion (1)');

    // The quote leads back to its passage, and the count opens its comments.
    await page.mouse.wheel(0, 2000);
    await mine.locator('.comment__quote').click();
    await expect.poll(() => count.evaluate((button) => button === document.activeElement)).toBe(true);
    await count.click();
    await expect(sheet(page).getByText('A lovely image.')).toBeVisible();

    // Every reader sees the mark after a reload, signed in or not.
    const visitor = await open(newPage, readPath(post), null);
    // The marks come once the page is interactive: the count says they are there.
    await expect(content(visitor).getByRole('button', { name: '1 comment on this passage' })).toBeVisible();
    expect(await marks(visitor).allTextContents()).toEqual(['the light fell on the water']);
  });

  test('comments on a passage chosen with the keyboard alone', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, `Keys${tag()}`);
    const reader = await createUser(serverURL, `Tabber${tag()}`);
    const post = await publish(serverURL, author, { title: `Patience ${tag()}`, content: ESSAY });
    const page = await open(newPage, readPath(post), reader);

    const start = page.getByRole('button', { name: 'Comment on a passage' });
    await expect(start).toBeVisible();
    await start.focus();
    await page.keyboard.press('Enter');
    const dialog = sheet(page);
    await expect(dialog).toBeVisible();
    const passage = dialog.getByRole('combobox', { name: 'Passage' });
    await passage.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('blockquote')).toHaveText(
      'A writer needs patience more than talent, and a quiet room with a window.',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.type('Patience, yes.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { name: '1 comment on this passage' })).toBeVisible();
    await page.keyboard.press('Escape');
    // Focus comes back to the control that opened the sheet.
    await expect.poll(() => start.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await marks(page).allTextContents()).toEqual([
      'A writer needs patience more than talent, and a quiet room with a window.',
    ]);
  });

  test('keeps marks through an edit that moves the passage, and lists a removed passage as on an earlier version', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Editor${tag()}`);
    const reader = await createUser(serverURL, `Keeper${tag()}`);
    const post = await publish(serverURL, author, { title: `Drafted ${tag()}`, content: ESSAY });
    await commentOnPassage(serverURL, reader, post.id, 'Cold ink, yes.', { quote: 'Ink dries slowly' });
    await commentOnPassage(serverURL, reader, post.id, 'Such patience.', {
      quote: 'A writer needs patience more than talent',
    });
    await editPost(serverURL, author, post, {
      title: post.title,
      content: `A new first paragraph, written later.\n\n${ESSAY.replace(
        'A writer needs patience more than talent, and a quiet room with a window.',
        'Nobody can teach you this.',
      )}`,
    });

    const page = await open(newPage, readPath(post), null);
    await expect(content(page).getByRole('button', { name: '1 comment on this passage' })).toBeVisible();
    expect(await marks(page).allTextContents()).toEqual(['Ink dries slowly']);
    const earlier = discussion(page).locator('.comment__quote--earlier');
    await expect(earlier).toHaveText(
      'On an earlier version of the post: A writer needs patience more than talent',
    );
  });

  test('marks passages in the browser’s idle time, one passage at each idle period, none while hydrating', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Idle${tag()}`);
    const reader = await createUser(serverURL, `Later${tag()}`);
    const post = await publish(serverURL, author, { title: `Unhurried ${tag()}`, content: ESSAY });
    const quotes = [
      'Ink dries slowly in the cold',
      'the light fell on the water',
      'A writer needs patience more than talent',
    ];
    for (const quote of quotes) await commentOnPassage(serverURL, reader, post.id, 'Yes.', { quote });

    // The page's idle periods, handed out by the test one at a time.
    const page = await newPage({ viewport: DESKTOP });
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
    await expect(marks(page)).toHaveCount(0);
    await runIdle(); // finds the passages in the post
    for (let passage = 1; passage <= quotes.length; passage += 1) {
      expect(await idleWaiting()).toBe(1);
      await runIdle();
      await expect(counts).toHaveCount(passage);
    }
    expect(await idleWaiting()).toBe(0);
    expect(await marks(page).allTextContents()).toEqual(quotes);
  });

  test('opens a passage’s comments in a sheet at 375 px, light and dark, and passes axe', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Phone${tag()}`);
    const reader = await createUser(serverURL, `Thumb${tag()}`);
    const post = await publish(serverURL, author, { title: `Small ${tag()}`, content: ESSAY });
    await commentOnPassage(serverURL, reader, post.id, 'Noted.', {
      quote: 'The river was quiet that morning',
    });
    await commentOnPassage(serverURL, author, post.id, 'Thank you.', { quote: 'The river was quiet' });

    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open(newPage, readPath(post), reader, {
        viewport: PHONE,
        colorScheme,
        bypassCSP: true,
      });
      const count = content(page).getByRole('button', { name: '2 comments on this passage' });
      await expect(count).toBeVisible();
      await expectNoHorizontalScroll(page, PHONE.width);
      // Overlapping passages are one mark with one count.
      expect(await marks(page).allTextContents()).toEqual(['The river was quiet that morning']);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/passages-375-${colorScheme}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await count.click();
      const dialog = sheet(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('article', { name: `Comment by ${author.username}` })).toBeVisible();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/passages-sheet-375-${colorScheme}.png` });
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
