import type { Page } from '@playwright/test';
import type { Post } from '../contracts/posts';
import { createUser, signInAs, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { publish, readPath } from './support/posts';
import { atPath, expectNoHorizontalScroll } from './support/screens';

/*
 * Embeds by address (decision 81): a YouTube address alone on its line shows on the post's page as
 * a card that contacts nobody, and becomes YouTube's player in a frame only when the reader asks,
 * by mouse or keyboard, whether the page was loaded for the post or reached inside the app. In the
 * editor it is a block, made by pasting the address on an empty line or from the `/` menu.
 */

const SHOTS = process.env.EDITOR_SHOTS_DIR;
const YOUTUBE = 'https://youtu.be/dQw4w9WgXcQ';
const PLAYER = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

/** Every request the page makes to another site than ours, as it makes them. */
function thirdPartyRequests(page: Page, serverURL: string): string[] {
  const own = new URL(serverURL).origin;
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== own) seen.push(url);
  });
  return seen;
}

/** The machine is offline: the player's page is answered here, so the frame shows it loaded. */
async function offlinePlayer(page: Page): Promise<void> {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Player</title><p>The player</p>',
    }),
  );
}

test.describe('embeds on the post’s page', () => {
  test('a card that loads nothing until the reader asks, then the player in a frame the CSP lets in', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Embedder');
    const post = await publish(serverURL, user, {
      title: 'A video to watch',
      content: `Watch this:\n\n${YOUTUBE}\n\nThat was it.`,
    });
    // The page's own Content-Security-Policy is in force (no bypass): it must let this frame in.
    const page = await newPage({ viewport: DESKTOP });
    const requests = thirdPartyRequests(page, serverURL);
    await offlinePlayer(page);
    await page.goto(readPath(post));
    await hydrated(page);
    const card = page.locator('.post__content .embed--youtube');
    const link = card.getByRole('link', {
      name: /^YouTube youtube\.com\/watch\?v=dQw4w9WgXcQ Load the video/,
    });
    await expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(requests).toEqual([]);

    // By keyboard: Tab reaches the card, Enter loads the player, which takes the focus.
    await link.focus();
    await page.keyboard.press('Enter');
    const frame = card.locator('iframe');
    await expect(frame).toHaveAttribute('src', PLAYER);
    await expect(frame).toHaveAttribute('title', 'YouTube video: youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(frame).toHaveAttribute('loading', 'lazy');
    await expect(frame).toBeFocused();
    await expect(page.frameLocator('.embed--youtube iframe').getByText('The player')).toBeVisible();
    expect(requests).toEqual([PLAYER]);
    await expect(page).toHaveURL(new RegExp(`/readblog\\?id=${post.id}`));
  });

  test('reached inside the app, the page comes again with its own policy and opens the player', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Navigator');
    await publish(serverURL, user, { title: 'Reached by a link', content: YOUTUBE });
    const page = await newPage({ viewport: DESKTOP });
    await offlinePlayer(page);
    await page.goto(`/profile?userId=${user.id}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Reached by a link' }).first().click();
    const card = page.locator('.post__content .embed--youtube');
    await card.getByRole('link').click();
    await expect(page.frameLocator('.embed--youtube iframe').getByText('The player')).toBeVisible();
    await expect(card.locator('iframe')).toHaveAttribute('src', PLAYER);
  });

  test('without JavaScript the card is a link to YouTube', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Plain');
    const post = await publish(serverURL, user, { title: 'No script', content: YOUTUBE });
    const page = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(readPath(post));
    await expect(page.locator('.embed--youtube').getByRole('link')).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
  });

  test('reads at 375 px and wide, light and dark, and passes axe', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Looker');
    const post = await publish(serverURL, user, {
      title: 'Cards on the page',
      content: [
        'A video, a gist and a post on Bluesky named by its author’s handle:',
        '',
        YOUTUBE,
        '',
        'https://gist.github.com/octocat/6cad326836d38bd3a7ae',
        '',
        'https://bsky.app/profile/alice.bsky.social/post/3l6oveex3ii2l',
      ].join('\n'),
    });
    for (const [viewport, colorScheme] of [
      [PHONE, 'light'],
      [PHONE, 'dark'],
      [DESKTOP, 'dark'],
    ] as const) {
      const page = await newPage({ viewport, colorScheme, bypassCSP: true });
      await page.goto(readPath(post));
      await hydrated(page);
      await expect(page.locator('.post__content .embed')).toHaveCount(3);
      await expect(page.locator('.embed--bluesky')).toContainText('Open on Bluesky');
      await expectNoHorizontalScroll(page, viewport.width);
      if (SHOTS) {
        await page.screenshot({
          path: `${SHOTS}/embeds-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
      }
      expect(await axeViolations(page), `${colorScheme} ${viewport.width}px`).toEqual([]);
    }
  });
});

/** A writer on /addblog, the body focused. */
async function writing(page: Page, user: E2eUser, title: string): Promise<void> {
  await signInAs(page, user);
  await page.goto('/addblog');
  await hydrated(page);
  await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
}

async function pasteText(page: Page, text: string): Promise<void> {
  await page.evaluate((plain) => {
    const data = new DataTransfer();
    data.setData('text/plain', plain);
    document
      .querySelector('.block-editor__body')
      ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test.describe('embeds in the editor', () => {
  test('an address pasted on an empty line becomes an embed block; published, the page shows its card', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Paster');
    const page = await newPage({ viewport: DESKTOP, bypassCSP: true });
    const requests = thirdPartyRequests(page, serverURL);
    await writing(page, user, 'Pasted video');
    await page.keyboard.type('Before the video.');
    await page.keyboard.press('Enter');
    await pasteText(page, YOUTUBE);
    const block = page.locator('.block-editor__body .editor-embed');
    await expect(block).toHaveAttribute('data-embed', 'youtube');
    await expect(block).toHaveText(`YouTube${YOUTUBE}`);
    await expect(block).toHaveAccessibleName('YouTube embed');
    // Pasted among words, an address stays a link.
    await page.locator('.block-editor__body p').first().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' See ');
    await pasteText(page, 'https://vimeo.com/76979871');
    await expect(page.locator('.block-editor__body p').first().getByRole('link')).toHaveAttribute(
      'href',
      'https://vimeo.com/76979871',
    );
    await expect(page.locator('.block-editor__body .editor-embed')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/embeds-editor.png` });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await atPath(page, '/allblog');
    const posts = (await (await page.request.get(`/api/post/profile?userId=${user.id}`)).json()) as {
      response: Post[];
    };
    const post = posts.response[0]!;
    expect(post.content).toBe(`Before the video. See <https://vimeo.com/76979871>\n\n${YOUTUBE}`);
    await page.goto(readPath(post));
    await expect(page.locator('.post__content .embed--youtube').getByRole('link')).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    // Nothing reached YouTube: not the editor, not the page.
    expect(requests).toEqual([]);
  });

  test('the / menu’s Embed asks for the address', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Chooser');
    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await writing(page, user, 'Chosen embed');
    page.once(
      'dialog',
      (dialog) => void dialog.accept('https://mastodon.social/@Gargron/109421234567890123'),
    );
    await page.keyboard.type('/embed');
    const menu = page.getByRole('listbox', { name: 'Insert a block' });
    await expect(menu.getByRole('option', { name: /^Embed/ })).toBeVisible();
    await page.keyboard.press('Enter');
    const block = page.locator('.block-editor__body .editor-embed');
    await expect(block).toHaveAttribute('data-embed', 'mastodon');
    await expect(block).toContainText('https://mastodon.social/@Gargron/109421234567890123');
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
