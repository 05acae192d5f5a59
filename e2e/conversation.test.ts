import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, hidden, textOf, visible } from './support/expect-page';
import { hydrated } from './support/hydration';
import { comment, favorite, publish, readPath, tag } from './support/posts';
import { axeViolations } from './support/axe';

const browser = useBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function openAs(path: string, user: E2eUser, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await signInAs(page, user);
  await page.goto(path);
  return page;
}

const discussion = (page: Page) => page.getByRole('region', { name: /^Discussion/ });
const commentBy = (page: Page, username: string) =>
  discussion(page).getByRole('article', { name: `Comment by ${username}` });
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

describe('conversation on the read page', () => {
  it('replies under a comment, edits one’s own reply (marked edited), and a deleted comment reads "[deleted]"', async () => {
    const author = await createUser(browser.baseURL, `Host${tag()}`);
    const reader = await createUser(browser.baseURL, `Guest${tag()}`);
    const post = await publish(browser.baseURL, author, { title: `Threads ${tag()}`, content: 'Talk.' });
    await comment(browser.baseURL, author, post.id, 'What do you think?');
    const page = await openAs(readPath(post), reader);

    await commentBy(page, author.username)
      .getByRole('button', { name: `Reply to ${author.username}` })
      .click();
    const box = await visible(discussion(page).getByRole('textbox', { name: `Reply to ${author.username}` }));
    // The reply starts by naming whom it answers.
    expect(await box.inputValue()).toBe(`@${author.username} `);
    await box.fill('I think **so**.');
    await discussion(page).getByRole('button', { name: 'Reply', exact: true }).click();
    const replies = await visible(discussion(page).getByRole('list', { name: 'Replies (1)' }));
    const mine = await visible(replies.getByRole('article', { name: `Comment by ${reader.username}` }));
    expect(await textOf(mine.locator('strong'))).toBe('so');
    expect(await textOf(discussion(page).getByRole('heading', { level: 2 }))).toBe('Discussion (2)');

    await mine.getByRole('button', { name: `Edit comment by ${reader.username}` }).click();
    const editBox = await visible(mine.getByLabel('Edit your comment'));
    expect(await editBox.inputValue()).toBe('I think **so**.');
    await editBox.fill('On second thought, _maybe_.');
    await mine.getByRole('button', { name: 'Save' }).click();
    await visible(mine.locator('em').filter({ hasText: 'maybe' }));
    await visible(mine.getByText('· edited'));

    // After a reload, from the server: still a reply, still edited.
    await page.reload();
    const again = await visible(
      discussion(page)
        .getByRole('list', { name: 'Replies (1)' })
        .getByRole('article', { name: `Comment by ${reader.username}` }),
    );
    await visible(again.getByText('· edited'));

    // The host deletes their question: it stays as "[deleted]" above the reply.
    const hostPage = await openAs(readPath(post), author);
    await commentBy(hostPage, author.username)
      .getByRole('button', { name: `Delete comment by ${author.username}` })
      .click();
    await visible(hostPage.getByText('its replies stay, under “[deleted]”', { exact: false }));
    await hostPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await visible(discussion(hostPage).getByRole('article', { name: 'Deleted comment' }));
    await page.reload();
    const tombstone = await visible(discussion(page).getByRole('article', { name: 'Deleted comment' }));
    expect(await textOf(tombstone)).toBe('[deleted]');
    await hidden(discussion(page).getByText('What do you think?'));
    await visible(discussion(page).getByRole('list', { name: 'Replies (1)' }));

    const phone = await openAs(readPath(post), reader, PHONE);
    await visible(discussion(phone).getByRole('article', { name: 'Deleted comment' }));
    await expectNoHorizontalScroll(phone, PHONE.width);
    if (SHOTS) await discussion(phone).screenshot({ path: `${SHOTS}/thread-375.png` });
  });

  it('links @mentions to the profile', async () => {
    const name = `Mira${tag()}`;
    const mira = await createUser(browser.baseURL, name);
    const author = await createUser(browser.baseURL, `Writer${tag()}`);
    const post = await publish(browser.baseURL, author, { title: `Mentions ${tag()}`, content: 'Hi.' });
    await comment(browser.baseURL, author, post.id, `Ask @${name} about it.`);
    const page = await browser.newPage();
    await page.goto(readPath(post));
    const link = await visible(commentBy(page, author.username).getByRole('link', { name: `@${name}` }));
    expect(await link.getAttribute('href')).toBe(`/profile?userId=${mira.id}`);
  });

  it('favorites from the read page with the count, in sync with the menu; follows from the byline', async () => {
    const author = await createUser(browser.baseURL, `Byline${tag()}`);
    const reader = await createUser(browser.baseURL, `Fan${tag()}`);
    const title = `Reactions ${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'Like me.' });
    const page = await openAs(readPath(post), reader, PHONE);
    const heart = page.getByRole('button', { name: /^Favorite “/ });
    expect(await (await visible(heart)).getAttribute('aria-pressed')).toBe('false');
    expect(await textOf(heart)).toBe('0 favorites');
    await heart.click();
    await visible(page.getByText('1 favorite', { exact: true }));
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'More actions for this post' }).click();
    await visible(page.getByRole('menuitem', { name: 'Remove from favorites' }));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Follow ${author.username}` }).click();
    await visible(page.getByRole('button', { name: `Following ${author.username}` }));
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/read-page-reactions-375.png`, fullPage: true });

    // Stored by the server: the profile counts the follower, the card counts the favorite.
    const profile = (await (
      await fetch(`${browser.baseURL}/api/user/profile?userId=${author.id}`)
    ).json()) as { response: { followerCount: number } };
    expect(profile.response.followerCount).toBe(1);
    // The reader's favorites hold this one card, whatever other tests publish meanwhile.
    await page.goto('/favorites');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    expect(await textOf(card.locator('.favorite-button'))).toBe('1');
  });

  it('lists a profile’s followers', async () => {
    const star = await createUser(browser.baseURL, `Star${tag()}`);
    const fan = await createUser(browser.baseURL, `Follower${tag()}`);
    await fetch(`${browser.baseURL}/api/user/follow?userId=${star.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fan.token}` },
    });
    const page = await browser.newPage();
    await page.goto(`/profile?userId=${star.id}`);
    await page.getByRole('button', { name: 'Show followers' }).click();
    await visible(
      page.getByRole('region', { name: 'Followers and following' }).getByRole('link', { name: fan.username }),
    );
  });
});

describe('notifications', () => {
  it('updates the bell without a reload, lists the news, marks it read; passes axe at 375 px, light and dark', async () => {
    const writer = await createUser(browser.baseURL, `Bell${tag()}`);
    const reader = await createUser(browser.baseURL, `Ringer${tag()}`);
    const title = `Ring ${tag()}`;
    const post = await publish(browser.baseURL, writer, { title, content: 'Ding.' });
    const page = await browser.newPage({ viewport: PHONE, bypassCSP: true });
    await page.clock.install();
    await signInAs(page, writer);
    await page.goto('/allblog');
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');

    await comment(browser.baseURL, reader, post.id, 'Loud and **clear**');
    await favorite(browser.baseURL, reader, post);
    // The next poll, half a minute later, brings the count: no reload.
    await page.clock.fastForward(31_000);
    await visible(page.getByRole('link', { name: 'Notifications, 2 unread' }));
    expect(await textOf(bell(page).locator('.notification-bell__count'))).toBe('2');

    await bell(page).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Notifications' }));
    const list = page.getByRole('list').filter({ hasText: title });
    await visible(list.getByRole('link', { name: `Unread: ${reader.username} favorited “${title}”` }));
    await visible(list.getByRole('link', { name: `Unread: ${reader.username} commented on “${title}”` }));
    await visible(list.getByText('Loud and clear'));
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/notifications-375.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Mark as read: ${reader.username} favorited “${title}”` }).click();
    await visible(page.getByRole('link', { name: 'Notifications, 1 unread' }));
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await visible(page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true }));
    await visible(
      list.getByRole('link', { name: `${reader.username} commented on “${title}”`, exact: true }),
    );

    const dark = await browser.newPage({ viewport: PHONE, colorScheme: 'dark', bypassCSP: true });
    await signInAs(dark, writer);
    await dark.goto('/notifications');
    await hydrated(dark);
    await visible(dark.getByRole('link', { name: `${reader.username} favorited “${title}”` }));
    if (SHOTS) await dark.screenshot({ path: `${SHOTS}/notifications-375-dark.png`, fullPage: true });
    expect(await axeViolations(dark)).toEqual([]);
  });

  it('keeps /notifications for signed-in readers', async () => {
    const page = await browser.newPage();
    await page.goto('/notifications');
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/notifications');
  });
});
