import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPostDate } from '../contracts/dates';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { axeViolations } from './support/axe';
import { collectProblems, hydrated, recordRenders, renderCount } from './support/hydration';
import { atPath, expectNoHorizontalScroll, hidden, textOf, visible } from './support/expect-page';
import {
  apiCall,
  comment,
  commentOnPassage,
  failNetwork,
  follow,
  hold,
  profilePathOf,
  publish,
  readPath,
  stubSharing,
  tag,
  words,
} from './support/posts';

const browser = useBrowser();
const NO_RESPONSE = 'No response received from server. Please try again later.';
const getPost = apiCall('GET', '/api/post/blog');

async function openPost(path: string, user?: E2eUser, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  if (user) await signInAs(page, user);
  await page.goto(path);
  return page;
}

function menuButton(page: Page) {
  return page.getByRole('button', { name: 'More actions for this post' });
}

async function openMenu(page: Page) {
  await menuButton(page).click();
  return visible(page.getByRole('menu'));
}

async function menuItems(page: Page): Promise<string[]> {
  const menu = await openMenu(page);
  const items = await menu.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await hidden(page.getByRole('menu'));
  return items;
}

describe('/readblog', () => {
  it('shows a skeleton, then the title, the author line, the date and the content as Markdown', async () => {
    const author = await createUser(browser.baseURL, 'Marky');
    const title = `Markdown post ${tag()}`;
    const post = await publish(browser.baseURL, author, {
      title,
      content: [
        '# A section',
        '',
        'Some **strong** words and _emphasis_.',
        '',
        '- first item',
        '- second item',
        '',
        'line one',
        'line two',
        '',
        'A [link out](https://example.com/page) and `code`.',
      ].join('\n'),
    });

    // The server sends a first load with the post in it; the skeleton is what a client-side
    // navigation shows while the post is on its way, so arrive from the author's profile.
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(profilePathOf(author.id));
    const release = await hold(page, getPost);
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('status').filter({ hasText: 'Loading post…' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    release();

    await visible(page.getByRole('heading', { level: 1, name: title }));
    // A post's title names its author too.
    expect(await page.title()).toBe(`${title}, by Marky · Inkwell`);
    const article = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    const authorLink = article.getByRole('link', { name: author.username, exact: true });
    expect(await authorLink.getAttribute('href')).toBe(`/profile?userId=${author.id}`);
    expect(await article.innerText()).toContain(formatPostDate(post.createdAt));

    const content = article.locator('.post__content');
    // The author's h1 sits under the post title, so it is an h2.
    await visible(content.getByRole('heading', { level: 2, name: 'A section' }));
    expect(await textOf(content.locator('strong'))).toBe('strong');
    expect(await textOf(content.locator('em'))).toBe('emphasis');
    expect(await content.getByRole('listitem').allTextContents()).toEqual(['first item', 'second item']);
    expect(await content.innerText()).toContain('line one\nline two');
    const link = content.getByRole('link', { name: 'link out' });
    expect(await link.getAttribute('href')).toBe('https://example.com/page');
    expect(await link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(await textOf(content.locator('code'))).toBe('code');

    await authorLink.click();
    await atPath(page, '/profile', { userId: author.id });
  });

  it('renders script and HTML payloads in the title and content as inert text', async () => {
    const author = await createUser(browser.baseURL, 'Mallory');
    const title = `<script>window.__pwned = 'title'</script><img src=x onerror="window.__pwned = 'title-img'"> ${tag()}`;
    const content = [
      'Before <img src=x onerror="window.__pwned = \'inline\'"> after',
      '',
      '<script>window.__pwned = "block"</script>',
      '',
      '<iframe src="javascript:window.top.__pwned = \'frame\'"></iframe>',
      '',
      '[click me](javascript:window.__pwned=%27link%27)',
      '',
      '<a href="#" onclick="window.__pwned = \'click\'">html link</a>',
    ].join('\n');
    const post = await publish(browser.baseURL, author, { title, content });

    const page = await browser.newPage({ viewport: DESKTOP });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(readPath(post));

    // The title is shown as the characters that were typed.
    await visible(page.getByRole('heading', { level: 1, name: title }));
    const body = page.locator('.post__content');
    await visible(body.getByText('Before <img src=x onerror="window.__pwned = \'inline\'"> after'));
    await visible(body.getByText('<script>window.__pwned = "block"</script>'));
    await visible(body.getByText('<iframe src="javascript:window.top.__pwned = \'frame\'"></iframe>'));
    // The unsafe Markdown link keeps its words and loses its address.
    expect(await body.getByText('click me').getAttribute('href')).toBeNull();
    await body.getByText('click me').click();
    await body.getByText('html link', { exact: false }).click();

    await page.waitForTimeout(300);
    const injected = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
      elements: document.querySelectorAll(
        'main script, main img, main iframe, main [onclick], main [onerror]',
      ).length,
    }));
    expect(injected).toEqual({ pwned: null, elements: 0 });
    expect(dialogs).toEqual([]);
  });

  it('says Error: Post not found for an unknown post or a link without an id', async () => {
    const page = await openPost('/readblog?id=01890a5d-ac96-774b-bcce-b302099a8057&name=Nobody');
    await visible(page.getByRole('heading', { level: 1, name: 'Error: Post not found' }));
    await page.goto('/readblog');
    await visible(page.getByRole('heading', { level: 1, name: 'Error: Post not found' }));
  });

  it('shows an error with Retry when the post cannot be fetched, and the post after Retry', async () => {
    const author = await createUser(browser.baseURL, 'Flaky');
    const title = `Retry read ${tag()}`;
    await publish(browser.baseURL, author, { title, content: 'Eventually.' });

    // Arrive client-side (see the skeleton test): the browser fetches the post itself.
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(profilePathOf(author.id));
    const restore = await failNetwork(page, getPost);
    await page.getByRole('link', { name: title }).click();
    const alert = await visible(page.getByRole('alert'));
    expect(await textOf(alert)).toContain(NO_RESPONSE);
    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await visible(page.getByRole('heading', { level: 1, name: title }));
  });

  it('Share copies the link to the post and says so when there is no share sheet', async () => {
    const author = await createUser(browser.baseURL, 'Sharer');
    const post = await publish(browser.baseURL, author, { title: `Share me ${tag()}`, content: 'Worth it.' });
    const page = await browser.newPage({ viewport: DESKTOP });
    await stubSharing(page, 'absent');
    await page.goto(readPath(post));

    const menu = await openMenu(page);
    await menu.getByRole('menuitem', { name: 'Share' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Link copied' }));
    const copied = await page.evaluate(() => (window as unknown as { __copied?: string }).__copied);
    expect(copied).toBe(`${browser.baseURL}${readPath(post)}`);
  });

  it('Share opens the system share sheet where the browser has one', async () => {
    const author = await createUser(browser.baseURL, 'Sheet');
    const title = `Share sheet ${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'Worth it.' });
    const page = await browser.newPage({ viewport: PHONE });
    await stubSharing(page, 'record');
    await page.goto(readPath(post));

    const menu = await openMenu(page);
    await menu.getByRole('menuitem', { name: 'Share' }).click();
    await page.waitForFunction(() => (window as unknown as { __shared?: ShareData }).__shared !== undefined);
    const shared = await page.evaluate(() => (window as unknown as { __shared?: ShareData }).__shared);
    expect(shared).toEqual({ title, url: `${browser.baseURL}${readPath(post)}` });
    expect(
      await page.evaluate(() => (window as unknown as { __copied?: string }).__copied ?? null),
    ).toBeNull();
  });

  it('offers Edit and Delete to the author only, and Report to everyone else', async () => {
    const author = await createUser(browser.baseURL, 'Proprietor');
    const other = await createUser(browser.baseURL, 'Stranger');
    const title = `Mine alone ${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'Hands off.' });

    // Anyone but the author may report it; a visitor is asked to sign in first.
    const visitor = await openPost(readPath(post));
    await visible(visitor.getByRole('heading', { level: 1, name: title }));
    expect(await menuItems(visitor)).toEqual(['Share', 'Add to favorites', 'Report']);

    const stranger = await openPost(readPath(post), other);
    await visible(stranger.getByRole('heading', { level: 1, name: title }));
    expect(await menuItems(stranger)).toEqual(['Share', 'Add to favorites', 'Report']);

    const owner = await openPost(readPath(post), author);
    await visible(owner.getByRole('heading', { level: 1, name: title }));
    expect(await menuItems(owner)).toEqual(['Share', 'Add to favorites', 'Edit', 'Delete']);
    const menu = await openMenu(owner);
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    await atPath(owner, '/updateblog', { id: post.id });
  });

  it('works the menu by keyboard: arrows move, Escape closes and gives focus back', async () => {
    const author = await createUser(browser.baseURL, 'Keysmith');
    const post = await publish(browser.baseURL, author, { title: `Keyboard ${tag()}`, content: 'Tab tab.' });
    const page = await openPost(readPath(post), author);
    const button = await visible(menuButton(page));
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.focus();
    await page.keyboard.press('Enter');
    await visible(page.getByRole('menu'));
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focusedText()).toBe('Share');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText()).toBe('Add to favorites');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText()).toBe('Delete');
    await page.keyboard.press('Escape');
    await hidden(page.getByRole('menu'));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'More actions for this post',
    );
  });

  it('deletes after a confirmation, goes to /allblog and the post is gone', async () => {
    const author = await createUser(browser.baseURL, 'Deleter');
    const title = `Delete me ${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'Not for long.' });
    const page = await openPost(readPath(post), author);
    await visible(page.getByRole('heading', { level: 1, name: title }));

    // Cancel keeps it.
    await (await openMenu(page)).getByRole('menuitem', { name: 'Delete' }).click();
    let dialog = await visible(page.getByRole('dialog', { name: 'Delete this post?' }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(page.getByRole('dialog'));
    await visible(page.getByRole('heading', { level: 1, name: title }));

    // Escape closes it too.
    await (await openMenu(page)).getByRole('menuitem', { name: 'Delete' }).click();
    await visible(page.getByRole('dialog', { name: 'Delete this post?' }));
    await page.keyboard.press('Escape');
    await hidden(page.getByRole('dialog'));

    // A failed delete says why and stays.
    const restore = await failNetwork(page, apiCall('DELETE', '/api/post/blog/delete'));
    await (await openMenu(page)).getByRole('menuitem', { name: 'Delete' }).click();
    dialog = await visible(page.getByRole('dialog', { name: 'Delete this post?' }));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect(await textOf(dialog.getByRole('alert'))).toBe(NO_RESPONSE);
    expect(new URL(page.url()).pathname).toBe('/readblog');
    await restore();

    await dialog.getByRole('button', { name: 'Delete' }).click();
    await atPath(page, '/allblog');
    await visible(page.getByRole('status').filter({ hasText: 'Your post was deleted.' }));
    await visible(page.getByRole('article').first());
    expect(await page.getByRole('heading', { name: title }).count()).toBe(0);
    // Said once: a reload does not repeat it.
    await page.reload();
    await visible(page.getByRole('article').first());
    expect(await page.getByText('Your post was deleted.').count()).toBe(0);

    await page.goto(readPath(post));
    await visible(page.getByRole('heading', { level: 1, name: 'Error: Post not found' }));
  });

  it('passes axe for a reader who follows the author: the Follow button is named by the words it shows', async () => {
    const author = await createUser(browser.baseURL, `Followed${tag()}`);
    const reader = await createUser(browser.baseURL, `Loyal${tag()}`);
    const post = await publish(browser.baseURL, author, { title: `Followed ${tag()}`, content: 'Worth it.' });
    await follow(browser.baseURL, reader, author);
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: PHONE, bypassCSP: true, colorScheme });
      await signInAs(page, reader);
      await page.goto(readPath(post));
      const button = page.locator('.byline-follow button');
      await visible(button.filter({ hasText: 'Following' }));
      expect(await axeViolations(page), colorScheme).toEqual([]);
      // WCAG 2.5.3: the accessible name begins with the visible text, whichever it is.
      expect(await button.getAttribute('aria-label')).toBe(`Following ${author.username}`);
      await button.focus();
      await visible(page.getByRole('button', { name: `Unfollow ${author.username}`, exact: true }));
      expect(await textOf(button)).toBe('Unfollow');
      if (colorScheme === 'dark') {
        // By keyboard: Enter unfollows, and the focus stays on the button while the request runs.
        await page.keyboard.press('Enter');
        await visible(page.getByRole('button', { name: `Follow ${author.username}`, exact: true }));
        expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      }
    }
  });

  it('gives a discussion far below the post to React only as the reader comes near, and it then works', async () => {
    const author = await createUser(browser.baseURL, `Longform${tag()}`);
    const reader = await createUser(browser.baseURL, `Discussant${tag()}`);
    const content = Array.from({ length: 30 }, (_, index) => `Part ${index + 1}. ${words(40)}`).join('\n\n');
    const post = await publish(browser.baseURL, author, { title: `Long read ${tag()}`, content });
    for (let index = 1; index <= 3; index += 1) {
      await comment(browser.baseURL, reader, post.id, `Comment number ${index}.`);
    }

    const page = await browser.newPage({ viewport: PHONE });
    const problems = collectProblems(page);
    await signInAs(page, author);
    await page.goto(readPath(post));
    await hydrated(page);
    const discussion = page.getByRole('region', { name: /^Discussion/ });
    // The server's HTML is there from the first paint; hydrating it would be work for nothing yet.
    await visible(discussion.getByRole('article', { name: `Comment by ${reader.username}` }).first());
    const ownedByReact = () =>
      page.evaluate(() => {
        const section = document.getElementById('discussion');
        return section !== null && Object.keys(section).some((key) => key.startsWith('__reactFiber'));
      });
    expect(await ownedByReact()).toBe(false);

    await discussion.scrollIntoViewIfNeeded();
    await expect.poll(ownedByReact).toBe(true);
    await discussion
      .getByRole('button', { name: `Reply to ${reader.username}` })
      .first()
      .click();
    await visible(discussion.getByRole('textbox', { name: `Reply to ${reader.username}` }));
    expect(problems).toEqual([]);
  });

  it('renders the post once: the end of hydration renders only what changes with it', async () => {
    const author = await createUser(browser.baseURL, `Once${tag()}`);
    const reader = await createUser(browser.baseURL, `Glancer${tag()}`);
    const post = await publish(browser.baseURL, author, {
      title: `Rendered once ${tag()}`,
      content: 'A first sentence to mark. A second one to leave alone.',
    });
    await commentOnPassage(browser.baseURL, reader, post.id, 'Marked.', {
      quote: 'A first sentence to mark.',
    });
    await comment(browser.baseURL, reader, post.id, 'Under the post.');

    // A visitor's page: a signed-in reader's is loaded again once the session is known, for their
    // own view of the post (favorited, following), and that render is the new data's.
    const page = await browser.newPage({ viewport: PHONE });
    const problems = collectProblems(page);
    await recordRenders(page, 'article.post');
    await page.goto(readPath(post));
    await hydrated(page);
    // Everything hydration sets going has come: the reader's own date, the passage layer's marks.
    await visible(page.locator('.post__content mark.passage-mark'));
    expect(await renderCount(page)).toBe(1);
    expect(problems).toEqual([]);
  });

  it('fits a 375 px screen with a long word, a wide code block and a table', async () => {
    const author = await createUser(browser.baseURL, 'Wide');
    const post = await publish(browser.baseURL, author, {
      title: `Wide ${'w'.repeat(80)} ${tag()}`,
      content: [
        'z'.repeat(200),
        '',
        '```',
        `const long = "${'c'.repeat(200)}";`,
        '```',
        '',
        '| a | b | c | d | e | f |',
        '|---|---|---|---|---|---|',
        `| ${'cell '.repeat(6)} | ${'cell '.repeat(6)} | x | x | x | x |`,
      ].join('\n'),
    });
    const page = await openPost(readPath(post), undefined, PHONE);
    await visible(page.locator('.post__content pre'));
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
