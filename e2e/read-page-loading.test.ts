import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createUser, signInAs } from './support/api';
import { comment, publish, readPath, tag, words } from './support/posts';

/** Every script the page has asked for so far, by file name. */
function scriptsRequested(page: Page): () => string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script')
      names.push(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  return () => names;
}

const isDiscussionCode = (name: string) => /^discussion-[\w-]+\.js$/.test(name);

// The discussion under a long post is read, if at all, a screen or more down: its code is a chunk
// of its own that the page asks for only as the reader comes near, and until then the server's
// HTML of it is what the reader sees.
test.describe('the read page’s first load', () => {
  test('leaves the discussion’s code until the reader comes near it', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Longform');
    const reader = await createUser(serverURL, 'Patient');
    const paragraphs = Array.from({ length: 40 }, (_, index) => words(60, `p${index}w`)).join('\n\n');
    const post = await publish(serverURL, author, { title: `A long read ${tag()}`, content: paragraphs });
    await comment(serverURL, author, post.id, 'The first word on it');

    const page = await newPage();
    await signInAs(page, reader);
    const scripts = scriptsRequested(page);
    await page.goto(readPath(post));

    // Rendered by the server, there before any of its code.
    const discussion = page.locator('#discussion');
    await expect(discussion.getByText('The first word on it')).toBeAttached();
    expect(scripts().filter(isDiscussionCode)).toEqual([]);

    await discussion.scrollIntoViewIfNeeded();
    await expect.poll(() => scripts().filter(isDiscussionCode).length).toBe(1);
    // Alive once its code is in: the comment box answers.
    await discussion.getByLabel('Add to the discussion').fill('Read it to the end');
    await discussion.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(discussion.getByText('Read it to the end')).toBeVisible();
  });

  // The regular text face comes in two files (decision 80): the core, which the page preloads, has
  // the characters English prose is written in; the rest of the Latin file comes only for a page
  // that uses one of its characters.
  for (const [language, content, needsRest] of [
    ['English', 'Plain words with “curly quotes” — a dash, and an ellipsis…', false],
    ['French', 'Un café au lait, s’il vous plaît.', true],
  ] as const) {
    test(`fetches the rest of the text face ${needsRest ? 'for' : 'never for'} a post in ${language}`, async ({
      newPage,
      serverURL,
    }) => {
      const author = await createUser(serverURL, `Typesetter ${language}`);
      const post = await publish(serverURL, author, { title: `In ${language} ${tag()}`, content });
      const page = await newPage();
      const fonts: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'font')
          fonts.push(new URL(request.url()).pathname.split('/').pop() ?? '');
      });
      await page.goto(readPath(post));
      await page.evaluate(() => document.fonts.ready);
      const text = page.locator('.post__content p');
      await expect
        .poll(() =>
          text.evaluate((node) => document.fonts.check('400 1rem "Noto Serif"', node.textContent ?? '')),
        )
        .toBe(true);
      // The browser has the font before Playwright hears that its request finished.
      await expect.poll(() => fonts.some((name) => name.startsWith('noto-serif-core-400-'))).toBe(true);
      if (needsRest) {
        await expect
          .poll(() => fonts.some((name) => name.startsWith('noto-serif-latin-400-normal-')))
          .toBe(true);
      }
      expect(fonts.some((name) => name.startsWith('noto-serif-latin-400-normal-'))).toBe(needsRest);
    });
  }
});
