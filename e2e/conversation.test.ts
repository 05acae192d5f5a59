import type { Page } from '@playwright/test';
import { createUser, signInAs } from './support/api';
import { expect, PHONE, test } from './support/fixtures';
import { atPath, expectNoHorizontalScroll } from './support/screens';
import { hydrated } from './support/hydration';
import { comment, favorite, publish, readPath, tag } from './support/posts';
import { axeViolations } from './support/axe';
import { commentBy, discussion, openAs } from './support/discussion';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

test.describe('conversation on the read page', () => {
  test('replies under a comment, edits one’s own reply (marked edited), and a deleted comment reads "[deleted]"', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Host${tag()}`);
    const reader = await createUser(serverURL, `Guest${tag()}`);
    const post = await publish(serverURL, author, { title: `Threads ${tag()}`, content: 'Talk.' });
    await comment(serverURL, author, post.id, 'What do you think?');
    const page = await openAs(newPage, readPath(post), reader);

    await commentBy(page, author.username)
      .getByRole('button', { name: `Reply to ${author.username}` })
      .click();
    const box = discussion(page).getByRole('textbox', { name: `Reply to ${author.username}` });
    // The reply starts by mentioning whom it answers, by handle (a name may hold a space).
    await expect(box).toHaveValue(`@${author.handle} `);
    await box.fill('I think **so**.');
    await discussion(page).getByRole('button', { name: 'Reply', exact: true }).click();
    const replies = discussion(page).getByRole('list', { name: 'Replies (1)' });
    const mine = replies.getByRole('article', { name: `Comment by ${reader.username}` });
    await expect(mine).toBeVisible();
    await expect(mine.locator('strong')).toHaveText('so');
    await expect(discussion(page).getByRole('heading', { level: 2 })).toHaveText('Discussion (2)');

    await mine.getByRole('button', { name: `Edit comment by ${reader.username}` }).click();
    const editBox = mine.getByLabel('Edit your comment');
    await expect(editBox).toHaveValue('I think **so**.');
    await editBox.fill('On second thought, _maybe_.');
    await mine.getByRole('button', { name: 'Save' }).click();
    await expect(mine.locator('em').filter({ hasText: 'maybe' })).toBeVisible();
    await expect(mine.getByText('· edited')).toBeVisible();

    // After a reload, from the server: still a reply, still edited.
    await page.reload();
    const again = discussion(page)
      .getByRole('list', { name: 'Replies (1)' })
      .getByRole('article', { name: `Comment by ${reader.username}` });
    await expect(again).toBeVisible();
    await expect(again.getByText('· edited')).toBeVisible();

    // The host deletes their question: it stays as "[deleted]" above the reply.
    const hostPage = await openAs(newPage, readPath(post), author);
    await commentBy(hostPage, author.username)
      .getByRole('button', { name: `Delete comment by ${author.username}` })
      .click();
    await expect(hostPage.getByText('its replies stay, under “[deleted]”', { exact: false })).toBeVisible();
    await hostPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(discussion(hostPage).getByRole('article', { name: 'Deleted comment' })).toBeVisible();
    await page.reload();
    const tombstone = discussion(page).getByRole('article', { name: 'Deleted comment' });
    await expect(tombstone).toHaveText('[deleted]');
    await expect(discussion(page).getByText('What do you think?')).toBeHidden();
    await expect(discussion(page).getByRole('list', { name: 'Replies (1)' })).toBeVisible();

    const phone = await openAs(newPage, readPath(post), reader, PHONE);
    await expect(discussion(phone).getByRole('article', { name: 'Deleted comment' })).toBeVisible();
    await expectNoHorizontalScroll(phone, PHONE.width);
    if (SHOTS) await discussion(phone).screenshot({ path: `${SHOTS}/thread-375.png` });
  });

  test('links @mentions to the profile', async ({ newPage, serverURL }) => {
    const name = `Mira${tag()}`;
    const mira = await createUser(serverURL, name);
    const author = await createUser(serverURL, `Writer${tag()}`);
    const post = await publish(serverURL, author, { title: `Mentions ${tag()}`, content: 'Hi.' });
    await comment(serverURL, author, post.id, `Ask @${name} about it.`);
    const page = await newPage();
    await page.goto(readPath(post));
    await expect(commentBy(page, author.username).getByRole('link', { name: `@${name}` })).toHaveAttribute(
      'href',
      `/@${mira.handle}`,
    );
  });

  test('favorites from the read page with the count, in sync with the menu; follows from the byline', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Byline${tag()}`);
    const reader = await createUser(serverURL, `Fan${tag()}`);
    const title = `Reactions ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Like me.' });
    const page = await openAs(newPage, readPath(post), reader, PHONE);
    const heart = page.getByRole('button', { name: /^Favorite “/ });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toHaveText('0 favorites');
    await heart.click();
    await expect(page.getByText('1 favorite', { exact: true })).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'More actions for this post' }).click();
    await expect(page.getByRole('menuitem', { name: 'Remove from favorites' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Follow ${author.username}` }).click();
    await expect(page.getByRole('button', { name: `Following ${author.username}` })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/read-page-reactions-375.png`, fullPage: true });

    // Stored by the server: the profile counts the follower, the card counts the favorite.
    const profile = (await (await fetch(`${serverURL}/api/user/profile?userId=${author.id}`)).json()) as {
      response: { followerCount: number };
    };
    expect(profile.response.followerCount).toBe(1);
    // The reader's favorites hold this one card, whatever other tests publish meanwhile.
    await page.goto('/favorites');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.locator('.favorite-button')).toHaveText('1');
  });

  test('lists a profile’s followers', async ({ newPage, serverURL }) => {
    const star = await createUser(serverURL, `Star${tag()}`);
    const fan = await createUser(serverURL, `Follower${tag()}`);
    await fetch(`${serverURL}/api/user/follow?userId=${star.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fan.token}` },
    });
    const page = await newPage();
    await page.goto(`/profile?userId=${star.id}`);
    await page.getByRole('button', { name: 'Show followers' }).click();
    await expect(
      page.getByRole('region', { name: 'Followers and following' }).getByRole('link', { name: fan.username }),
    ).toBeVisible();
  });
});

test.describe('notifications', () => {
  test('updates the bell without a reload, lists the news, marks it read; passes axe at 375 px, light and dark', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, `Bell${tag()}`);
    const reader = await createUser(serverURL, `Ringer${tag()}`);
    const title = `Ring ${tag()}`;
    const post = await publish(serverURL, writer, { title, content: 'Ding.' });
    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await page.clock.install();
    await signInAs(page, writer);
    await page.goto('/allblog');
    await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');

    await comment(serverURL, reader, post.id, 'Loud and **clear**');
    await favorite(serverURL, reader, post);
    // The next poll, half a minute later, brings the count: no reload.
    await page.clock.fastForward(31_000);
    await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
    await expect(bell(page).locator('.notification-bell__count')).toHaveText('2');

    await bell(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const list = page.getByRole('list').filter({ hasText: title });
    await expect(
      list.getByRole('link', { name: `Unread: ${reader.username} favorited “${title}”` }),
    ).toBeVisible();
    await expect(
      list.getByRole('link', { name: `Unread: ${reader.username} commented on “${title}”` }),
    ).toBeVisible();
    await expect(list.getByText('Loud and clear')).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/notifications-375.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Mark as read: ${reader.username} favorited “${title}”` }).click();
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true }),
    ).toBeVisible();
    await expect(
      list.getByRole('link', { name: `${reader.username} commented on “${title}”`, exact: true }),
    ).toBeVisible();

    const dark = await newPage({ viewport: PHONE, colorScheme: 'dark', bypassCSP: true });
    await signInAs(dark, writer);
    await dark.goto('/notifications');
    await hydrated(dark);
    await expect(dark.getByRole('link', { name: `${reader.username} favorited “${title}”` })).toBeVisible();
    if (SHOTS) await dark.screenshot({ path: `${SHOTS}/notifications-375-dark.png`, fullPage: true });
    expect(await axeViolations(dark)).toEqual([]);
  });

  test('keeps /notifications for signed-in readers', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/notifications');
    await atPath(page, '/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/notifications');
  });
});
