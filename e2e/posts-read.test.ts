import type { Page } from '@playwright/test';
import { formatPostDate } from '../contracts/dates';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, expect, type NewPage, PHONE, test } from './support/fixtures';
import { axeViolations } from './support/axe';
import { collectProblems, hydrated, recordRenders, renderCount } from './support/hydration';
import { atPath, expectNoHorizontalScroll } from './support/screens';
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

const NO_RESPONSE = 'No response received from server. Please try again later.';
const getPost = apiCall('GET', '/api/post/blog');

async function openPost(newPage: NewPage, path: string, user?: E2eUser, viewport = DESKTOP): Promise<Page> {
  const page = await newPage({ viewport });
  if (user) await signInAs(page, user);
  await page.goto(path);
  return page;
}

function menuButton(page: Page) {
  return page.getByRole('button', { name: 'More actions for this post' });
}

async function openMenu(page: Page) {
  await menuButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** The post's menu offers exactly these items, in this order; closed again after. */
async function expectMenuItems(page: Page, items: string[]): Promise<void> {
  const menu = await openMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText(items);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

test.describe('/readblog', () => {
  test('shows a skeleton, then the title, the author line, the date and the content as Markdown', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Marky');
    const title = `Markdown post ${tag()}`;
    const post = await publish(serverURL, author, {
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
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(profilePathOf(author.id));
    const release = await hold(page, getPost);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading post…' })).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    release();

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // A post's title names its author too.
    await expect(page).toHaveTitle(`${title}, by Marky · Inkwell`);
    const article = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    const authorLink = article.getByRole('link', { name: author.username, exact: true });
    await expect(authorLink).toHaveAttribute('href', `/@${author.handle}`);
    await expect(article).toContainText(formatPostDate(post.createdAt), { useInnerText: true });

    const content = article.locator('.post__content');
    // The author's h1 sits under the post title, so it is an h2.
    await expect(content.getByRole('heading', { level: 2, name: 'A section' })).toBeVisible();
    await expect(content.locator('strong')).toHaveText('strong');
    await expect(content.locator('em')).toHaveText('emphasis');
    await expect(content.getByRole('listitem')).toHaveText(['first item', 'second item']);
    // Read as it is laid out: toContainText would take a line break for any space.
    expect(await content.innerText()).toContain('line one\nline two');
    const link = content.getByRole('link', { name: 'link out' });
    await expect(link).toHaveAttribute('href', 'https://example.com/page');
    await expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    await expect(content.locator('code')).toHaveText('code');

    await authorLink.click();
    await atPath(page, `/@${author.handle}`);
  });

  test('renders script and HTML payloads in the title and content as inert text', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Mallory');
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
    const post = await publish(serverURL, author, { title, content });

    const page = await newPage({ viewport: DESKTOP });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(readPath(post));

    // The title is shown as the characters that were typed.
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const body = page.locator('.post__content');
    await expect(
      body.getByText('Before <img src=x onerror="window.__pwned = \'inline\'"> after'),
    ).toBeVisible();
    await expect(body.getByText('<script>window.__pwned = "block"</script>')).toBeVisible();
    await expect(
      body.getByText('<iframe src="javascript:window.top.__pwned = \'frame\'"></iframe>'),
    ).toBeVisible();
    // The unsafe Markdown link keeps its words and loses its address.
    await expect(body.getByText('click me')).not.toHaveAttribute('href');
    await body.getByText('click me').click();
    await body.getByText('html link', { exact: false }).click();

    // An element a payload made would still be there, whether or not its script has run.
    const injected = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
      elements: document.querySelectorAll(
        'main script, main img, main iframe, main [onclick], main [onerror]',
      ).length,
    }));
    expect(injected).toEqual({ pwned: null, elements: 0 });
    expect(dialogs).toEqual([]);
  });

  test('says Error: Post not found for an unknown post or a link without an id', async ({ newPage }) => {
    const page = await openPost(newPage, '/readblog?id=01890a5d-ac96-774b-bcce-b302099a8057&name=Nobody');
    await expect(page.getByRole('heading', { level: 1, name: 'Error: Post not found' })).toBeVisible();
    await page.goto('/readblog');
    await expect(page.getByRole('heading', { level: 1, name: 'Error: Post not found' })).toBeVisible();
  });

  test('shows an error with Retry when the post cannot be fetched, and the post after Retry', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Flaky');
    const title = `Retry read ${tag()}`;
    await publish(serverURL, author, { title, content: 'Eventually.' });

    // Arrive client-side (see the skeleton test): the browser fetches the post itself.
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(profilePathOf(author.id));
    const restore = await failNetwork(page, getPost);
    await page.getByRole('link', { name: title }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(NO_RESPONSE);
    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('Share copies the link to the post and says so when there is no share sheet', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Sharer');
    const post = await publish(serverURL, author, { title: `Share me ${tag()}`, content: 'Worth it.' });
    const page = await newPage({ viewport: DESKTOP });
    await stubSharing(page, 'absent');
    await page.goto(readPath(post));

    const menu = await openMenu(page);
    await menu.getByRole('menuitem', { name: 'Share' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const copied = await page.evaluate(() => (window as unknown as { __copied?: string }).__copied);
    expect(copied).toBe(`${serverURL}${readPath(post)}`);
  });

  test('Share opens the system share sheet where the browser has one', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Sheet');
    const title = `Share sheet ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Worth it.' });
    const page = await newPage({ viewport: PHONE });
    await stubSharing(page, 'record');
    await page.goto(readPath(post));

    const menu = await openMenu(page);
    await menu.getByRole('menuitem', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared?: ShareData }).__shared))
      .toEqual({ title, url: `${serverURL}${readPath(post)}` });
    expect(
      await page.evaluate(() => (window as unknown as { __copied?: string }).__copied ?? null),
    ).toBeNull();
  });

  test('offers Edit and Delete to the author only, and Report to everyone else', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Proprietor');
    const other = await createUser(serverURL, 'Stranger');
    const title = `Mine alone ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Hands off.' });

    // Anyone but the author may report it; a visitor is asked to sign in first.
    const visitor = await openPost(newPage, readPath(post));
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectMenuItems(visitor, ['Share', 'Add to favorites', 'Report']);

    const stranger = await openPost(newPage, readPath(post), other);
    await expect(stranger.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectMenuItems(stranger, ['Share', 'Add to favorites', 'Report']);

    const owner = await openPost(newPage, readPath(post), author);
    await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectMenuItems(owner, ['Share', 'Add to favorites', 'Edit', 'Delete']);
    const menu = await openMenu(owner);
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    await atPath(owner, '/updateblog', { id: post.id });
  });

  test('works the menu by keyboard: arrows move, Escape closes and gives focus back', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Keysmith');
    const post = await publish(serverURL, author, { title: `Keyboard ${tag()}`, content: 'Tab tab.' });
    const page = await openPost(newPage, readPath(post), author);
    const button = menuButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const focused = page.locator(':focus');
    await expect(focused).toHaveText('Share');
    await page.keyboard.press('ArrowDown');
    await expect(focused).toHaveText('Add to favorites');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(focused).toHaveText('Delete');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('deletes after a confirmation, goes to /allblog and the post is gone', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Deleter');
    const title = `Delete me ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Not for long.' });
    const page = await openPost(newPage, readPath(post), author);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });

    // Cancel keeps it.
    await (await openMenu(page)).getByRole('menuitem', { name: 'Delete' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Escape closes it too.
    await (await openMenu(page)).getByRole('menuitem', { name: 'Delete' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // A failed delete says why and stays.
    const restore = await failNetwork(page, apiCall('DELETE', '/api/post/blog/delete'));
    await (await openMenu(page)).getByRole('menuitem', { name: 'Delete' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(NO_RESPONSE);
    expect(new URL(page.url()).pathname).toBe('/readblog');
    await restore();

    await dialog.getByRole('button', { name: 'Delete' }).click();
    await atPath(page, '/allblog');
    await expect(page.getByRole('status').filter({ hasText: 'Your post was deleted.' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    // Said once: a reload does not repeat it.
    await page.reload();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByText('Your post was deleted.')).toHaveCount(0);

    await page.goto(readPath(post));
    await expect(page.getByRole('heading', { level: 1, name: 'Error: Post not found' })).toBeVisible();
  });

  test('passes axe for a reader who follows the author: the Follow button is named by the words it shows', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Followed${tag()}`);
    const reader = await createUser(serverURL, `Loyal${tag()}`);
    const post = await publish(serverURL, author, { title: `Followed ${tag()}`, content: 'Worth it.' });
    await follow(serverURL, reader, author);
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await newPage({ viewport: PHONE, bypassCSP: true, colorScheme });
      await signInAs(page, reader);
      await page.goto(readPath(post));
      const button = page.locator('.byline-follow button');
      await expect(button.filter({ hasText: 'Following' })).toBeVisible();
      expect(await axeViolations(page), colorScheme).toEqual([]);
      // WCAG 2.5.3: the accessible name begins with the visible text, whichever it is.
      await expect(button).toHaveAttribute('aria-label', `Following ${author.username}`);
      await button.focus();
      await expect(
        page.getByRole('button', { name: `Unfollow ${author.username}`, exact: true }),
      ).toBeVisible();
      await expect(button).toHaveText('Unfollow');
      if (colorScheme === 'dark') {
        // By keyboard: Enter unfollows, and the focus stays on the button while the request runs.
        await page.keyboard.press('Enter');
        await expect(
          page.getByRole('button', { name: `Follow ${author.username}`, exact: true }),
        ).toBeVisible();
        await expect(button).toBeFocused();
      }
    }
  });

  test('gives a discussion far below the post to React only as the reader comes near, and it then works', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Longform${tag()}`);
    const reader = await createUser(serverURL, `Discussant${tag()}`);
    const content = Array.from({ length: 30 }, (_, index) => `Part ${index + 1}. ${words(40)}`).join('\n\n');
    const post = await publish(serverURL, author, { title: `Long read ${tag()}`, content });
    for (let index = 1; index <= 3; index += 1) {
      await comment(serverURL, reader, post.id, `Comment number ${index}.`);
    }

    const page = await newPage({ viewport: PHONE });
    const problems = collectProblems(page);
    await signInAs(page, author);
    await page.goto(readPath(post));
    await hydrated(page);
    const discussion = page.getByRole('region', { name: /^Discussion/ });
    // The server's HTML is there from the first paint; hydrating it would be work for nothing yet.
    await expect(
      discussion.getByRole('article', { name: `Comment by ${reader.username}` }).first(),
    ).toBeVisible();
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
    await expect(discussion.getByRole('textbox', { name: `Reply to ${reader.username}` })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('renders the post once: the end of hydration renders only what changes with it', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Once${tag()}`);
    const reader = await createUser(serverURL, `Glancer${tag()}`);
    const post = await publish(serverURL, author, {
      title: `Rendered once ${tag()}`,
      content: 'A first sentence to mark. A second one to leave alone.',
    });
    await commentOnPassage(serverURL, reader, post.id, 'Marked.', {
      quote: 'A first sentence to mark.',
    });
    await comment(serverURL, reader, post.id, 'Under the post.');

    // A visitor's page: a signed-in reader's is loaded again once the session is known, for their
    // own view of the post (favorited, following), and that render is the new data's.
    const page = await newPage({ viewport: PHONE });
    const problems = collectProblems(page);
    await recordRenders(page, 'article.post');
    await page.goto(readPath(post));
    await hydrated(page);
    // Everything hydration sets going has come: the reader's own date, the passage layer's marks.
    await expect(page.locator('.post__content mark.passage-mark')).toBeVisible();
    expect(await renderCount(page)).toBe(1);
    expect(problems).toEqual([]);
  });

  test('fits a 375 px screen with a long word, a wide code block and a table', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Wide');
    const post = await publish(serverURL, author, {
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
    const page = await openPost(newPage, readPath(post), undefined, PHONE);
    await expect(page.locator('.post__content pre')).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
