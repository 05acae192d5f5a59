import { createUser, signInAs } from './support/api';
import { axeViolations } from './support/axe';
import { commentBy, discussion, openAs } from './support/discussion';
import { expect, PHONE, test } from './support/fixtures';
import { comment, commentOnPassage, discussionIsLive, publish, readPath, tag } from './support/posts';
import { expectNoHorizontalScroll } from './support/screens';

/** The author's own moderation of the discussion under their posts (decision 0077). */
test.describe("the author's own moderation", () => {
  test('the author closes comments; a reader sees them closed instead of the form', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Closer${tag()}`);
    const reader = await createUser(serverURL, `Closed${tag()}`);
    const post = await publish(serverURL, author, { title: `Closing ${tag()}`, content: 'Enough said.' });

    const own = await openAs(newPage, readPath(post), author);
    await discussionIsLive(own);
    await discussion(own).getByRole('button', { name: 'Close comments' }).click();
    await expect(discussion(own).getByRole('button', { name: 'Open comments' })).toBeVisible();

    const page = await openAs(newPage, readPath(post), reader);
    await discussionIsLive(page);
    await expect(discussion(page).getByText('Comments are closed.')).toBeVisible();
    await expect(discussion(page).getByLabel('Add to the discussion')).toHaveCount(0);
  });

  test('closed comments offer no in-line comment either: the passage keeps its comments, the sheet says closed', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Shut${tag()}`);
    const reader = await createUser(serverURL, `Late${tag()}`);
    const post = await publish(serverURL, author, {
      title: `Passages closed ${tag()}`,
      content: 'The tide came in over the flats at dusk.',
    });
    await commentOnPassage(serverURL, reader, post.id, 'Before it closed.', { quote: 'the flats' });

    // The author closes from the discussion: the passages' button goes at once.
    const own = await openAs(newPage, readPath(post), author);
    await discussionIsLive(own);
    await expect(own.getByRole('button', { name: 'Comment on a passage' })).toBeVisible();
    await discussion(own).getByRole('button', { name: 'Close comments' }).click();
    await expect(discussion(own).getByRole('button', { name: 'Open comments' })).toBeVisible();
    await expect(own.getByRole('button', { name: 'Comment on a passage' })).toHaveCount(0);

    const page = await openAs(newPage, readPath(post), reader);
    await discussionIsLive(page);
    await expect(page.getByRole('button', { name: 'Comment on a passage' })).toHaveCount(0);
    await page.locator('.post__content').getByRole('button', { name: '1 comment on this passage' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByText('Before it closed.')).toBeVisible();
    await expect(sheet.getByText('Comments are closed on this post.')).toBeVisible();
    await expect(sheet.getByRole('textbox')).toHaveCount(0);
  });

  test('the comments the author hid are listed under the queue, each to show again', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Hider${tag()}`);
    const reader = await createUser(serverURL, `Hidden${tag()}`);
    const post = await publish(serverURL, author, { title: `Hiding ${tag()}`, content: 'Quiet, please.' });
    const words = `Too loud ${tag()}`;
    const loud = await comment(serverURL, reader, post.id, words);
    const hid = await fetch(`${serverURL}/api/post/comments/moderate?id=${loud.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'hide' }),
    });
    expect(hid.status).toBe(200);

    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await signInAs(page, author);
    await page.goto('/comments/held');
    const hiddenList = page.getByRole('region', { name: 'Comments you hid' });
    const line = hiddenList.getByRole('article', { name: `Comment by ${reader.username}` });
    await expect(line).toContainText(words);
    await expect(line.getByRole('link', { name: post.title })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await line.getByRole('button', { name: `Show again comment by ${reader.username}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Comment shown again' })).toBeAttached();
    await expect(hiddenList.getByText('You have hidden no comments.')).toBeVisible();

    // Every reader sees it again.
    const other = await newPage();
    await other.goto(readPath(post));
    await discussionIsLive(other);
    await expect(commentBy(other, reader.username)).toContainText(words);
  });

  test("a first-time commenter's comment waits, and the author approves it from the queue", async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Holder${tag()}`);
    const reader = await createUser(serverURL, `Newcomer${tag()}`);
    const post = await publish(serverURL, author, { title: `Holding ${tag()}`, content: 'Say hello.' });
    const words = `Hello from a stranger ${tag()}`;

    // The setting, ticked in Settings.
    const settings = await openAs(newPage, '/userupdate', author);
    const hold = settings.getByLabel('Hold first-time commenters’ comments for approval');
    await expect(hold).toBeEnabled();
    await hold.check();
    await expect(settings.getByText('Comment settings saved')).toBeAttached();

    const page = await openAs(newPage, readPath(post), reader);
    await discussionIsLive(page);
    await discussion(page).getByLabel('Add to the discussion').fill(words);
    await discussion(page).getByRole('button', { name: 'Comment', exact: true }).click();
    const mine = commentBy(page, reader.username);
    await expect(mine.getByText("Awaiting the author's approval: only you see it for now.")).toBeVisible();
    await expect(discussion(page).getByRole('heading', { level: 2 })).toHaveText('Discussion (0)');

    // No one else sees it yet.
    const other = await newPage();
    await other.goto(readPath(post));
    await discussionIsLive(other);
    await expect(discussion(other).getByText('No comments yet. Start the discussion.')).toBeVisible();

    // The author hears of it; the notification leads to the queue.
    const told = await openAs(newPage, '/notifications', author);
    const notice = told.getByRole('link', { name: /left a comment awaiting your approval on/ });
    await expect(notice).toHaveAttribute('href', '/comments/held');
    // On its first word: the link wraps, and the middle of its box is between its lines.
    await notice.click({ position: { x: 4, y: 4 } });
    await expect(told).toHaveURL(/\/comments\/held$/);

    // The queue, at 375 px and dark: the author approves the comment there.
    // bypassCSP: axe is a script the page's Content-Security-Policy would refuse.
    const queue = await newPage({ viewport: PHONE, colorScheme: 'dark', bypassCSP: true });
    await signInAs(queue, author);
    await queue.goto('/comments/held');
    await expect(queue.getByRole('heading', { level: 1, name: 'Comments awaiting approval' })).toBeVisible();
    const held = queue.getByRole('article', { name: `Comment by ${reader.username}` });
    await expect(held).toContainText(words);
    await expectNoHorizontalScroll(queue, PHONE.width);
    expect(await axeViolations(queue)).toEqual([]);
    await queue.screenshot({ path: 'test-results/author-moderation-queue.png', fullPage: true });
    await held.getByRole('button', { name: `Approve comment by ${reader.username}` }).click();
    await expect(queue.getByText('Nothing awaits your approval')).toBeVisible();

    // Now everyone reads it.
    await other.reload();
    await discussionIsLive(other);
    await expect(commentBy(other, reader.username)).toContainText(words);
    await expect(commentBy(other, reader.username).getByText(/Awaiting/)).toHaveCount(0);
  });
});
