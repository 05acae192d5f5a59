import type { Page } from '@playwright/test';
import { formatPostDate } from '../contracts/dates';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, expect, type NewPage, PHONE, test } from './support/fixtures';
import { atPath, expectNoHorizontalScroll } from './support/screens';
import { apiCall, comment, discussionIsLive, failNetwork, publish, readPath, tag } from './support/posts';

const NO_RESPONSE = 'No response received from server. Please try again later.';

async function openPost(newPage: NewPage, path: string, user?: E2eUser, viewport = DESKTOP): Promise<Page> {
  const page = await newPage({ viewport });
  if (user) await signInAs(page, user);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

function discussion(page: Page) {
  return page.getByRole('region', { name: /^Discussion/ });
}

function commentBy(page: Page, username: string) {
  return discussion(page).getByRole('article', { name: `Comment by ${username}` });
}

/** The footer's 'Discuss' link of the read page, as a user reads it. */
function discussLink(page: Page) {
  return page.getByRole('article').getByRole('link', { name: /^Discuss/ });
}

test.describe('discussions on the read page', () => {
  test('lets a signed-in reader add a comment in Markdown, and every count follows', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Poster');
    const reader = await createUser(serverURL, `Talker${tag()}`);
    const title = `Discuss this ${tag()}`;
    const topic = `talk-${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Thoughts?', tags: [topic] });
    const page = await openPost(newPage, readPath(post), reader);
    await expect(discussLink(page)).toHaveText('Discuss 0 comments');
    await expect(discussion(page).getByText('No comments yet. Start the discussion.')).toBeVisible();

    // The shared rule under the field.
    await discussion(page).getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(discussion(page).getByText('Comment is required', { exact: true })).toBeVisible();

    await discussion(page).getByLabel('Add to the discussion').fill('Really **good** point.\nSecond line.');
    await discussion(page).getByRole('button', { name: 'Comment', exact: true }).click();

    const added = commentBy(page, reader.username);
    await expect(added).toBeVisible();
    await expect(added.locator('strong')).toHaveText('good');
    expect(await added.locator('.comment__body').innerText()).toContain('Really good point.\nSecond line.');
    const saved = (await (await fetch(`${serverURL}/api/post/comments?postId=${post.id}`)).json()) as {
      response: { createdAt: string }[];
    };
    await expect(added).toContainText(formatPostDate(saved.response[0]?.createdAt ?? ''));
    await expect(added.getByRole('link', { name: reader.username })).toHaveAttribute(
      'href',
      `/@${reader.handle}`,
    );
    await expect(discussLink(page)).toHaveText('Discuss 1 comment');
    await expect(discussion(page).getByRole('heading', { level: 2 })).toHaveText('Discussion (1)');
    // The box is empty again for the next one.
    await expect(discussion(page).getByLabel('Add to the discussion')).toHaveValue('');

    // The count is real on a list too, and survives a reload. A topic of this post's own: other test
    // files publish on the same server all the while, which can push it off /allblog's first page.
    await page.goto(`/tag?name=${topic}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.locator('.discuss-count')).toHaveText('Discuss 1 comment');
    await page.goto(readPath(post));
    await expect(commentBy(page, reader.username)).toBeVisible();
  });

  test('shows the specification §8 error line under the box when the comment cannot be sent', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Host');
    const reader = await createUser(serverURL, 'Offline');
    const post = await publish(serverURL, author, { title: `No network ${tag()}`, content: 'Hm.' });
    const page = await openPost(newPage, readPath(post), reader);
    const restore = await failNetwork(page, apiCall('POST', '/api/post/comments'));
    await discussion(page).getByLabel('Add to the discussion').fill('Lost?');
    await discussion(page).getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(discussion(page).getByRole('alert')).toHaveText(NO_RESPONSE);
    await expect(discussion(page).getByLabel('Add to the discussion')).toHaveValue('Lost?');
    await restore();
  });

  test('offers visitors a sign-in link that brings them back to the post', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Inviter');
    const reader = await createUser(serverURL, 'Latecomer');
    const title = `Come in ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Join us.' });
    await comment(serverURL, author, post.id, 'Welcome, everyone.');

    const page = await openPost(newPage, readPath(post));
    await expect(commentBy(page, author.username)).toBeVisible();
    // Once React has the discussion: a box or a button it would add for a visitor would be there.
    await discussionIsLive(page);
    await expect(discussion(page).getByLabel('Add to the discussion')).toHaveCount(0);
    await expect(commentBy(page, author.username).getByRole('button', { name: /Delete/ })).toHaveCount(0);

    await discussion(page).getByRole('link', { name: 'Sign in' }).click();
    const url = await atPath(page, '/signin');
    expect(url.searchParams.get('next')).toBe(readPath(post));
    await page.getByLabel('Email', { exact: true }).fill(reader.email);
    await page.getByLabel('Password', { exact: true }).fill(reader.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await expect(discussion(page).getByLabel('Add to the discussion')).toBeVisible();
  });

  test('lets the comment’s author and the post’s author delete it, after a confirmation, and nobody else', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Moderator');
    const writer = await createUser(serverURL, 'Commenter');
    const bystander = await createUser(serverURL, 'Bystander');
    const post = await publish(serverURL, author, { title: `Moderated ${tag()}`, content: 'Be nice.' });
    await comment(serverURL, writer, post.id, 'One from the writer.');
    await comment(serverURL, bystander, post.id, 'One from the bystander.');

    const asBystander = await openPost(newPage, readPath(post), bystander);
    await expect(commentBy(asBystander, writer.username)).toBeVisible();
    // Anyone signed in may reply; only Edit and Delete are the author's. Read once the bystander's
    // own Delete is there, so the session is known and the buttons drawn.
    const ownerActions = { name: /^(Edit|Delete) comment/ };
    await expect(
      commentBy(asBystander, bystander.username).getByRole('button', { name: /^Delete comment/ }),
    ).toBeVisible();
    await expect(commentBy(asBystander, writer.username).getByRole('button', ownerActions)).toHaveCount(0);

    const asWriter = await openPost(newPage, readPath(post), writer);
    await expect(
      commentBy(asWriter, writer.username).getByRole('button', { name: /^Delete comment/ }),
    ).toBeVisible();
    await expect(commentBy(asWriter, bystander.username).getByRole('button', ownerActions)).toHaveCount(0);

    // The post's author may delete anyone's comment on it.
    const asAuthor = await openPost(newPage, readPath(post), author);
    await expect(discussLink(asAuthor)).toHaveText('Discuss 2 comments');
    const target = commentBy(asAuthor, writer.username);
    await target.getByRole('button', { name: `Delete comment by ${writer.username}` }).click();
    const dialog = asAuthor.getByRole('dialog', { name: 'Delete this comment?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(target).toBeVisible();

    await target.getByRole('button', { name: `Delete comment by ${writer.username}` }).click();
    await asAuthor.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(target).toBeHidden();
    await expect(commentBy(asAuthor, bystander.username)).toBeVisible();
    await expect(discussLink(asAuthor)).toHaveText('Discuss 1 comment');

    await asAuthor.reload();
    await expect(commentBy(asAuthor, bystander.username)).toBeVisible();
    await expect(commentBy(asAuthor, writer.username)).toHaveCount(0);
  });

  test('pages the discussion, oldest first, with Show more comments', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Popular');
    const post = await publish(serverURL, author, { title: `Busy ${tag()}`, content: 'Go.' });
    for (let index = 1; index <= 23; index += 1) {
      await comment(serverURL, author, post.id, `Reply number ${index}`);
    }
    const page = await openPost(newPage, readPath(post));
    const comments = discussion(page).getByRole('article');
    await expect(discussion(page).getByText('Reply number 20', { exact: true })).toBeVisible();
    await expect(comments).toHaveCount(20);
    await expect(comments.first().locator('.comment__body')).toHaveText('Reply number 1');

    await discussionIsLive(page);
    await discussion(page).getByRole('button', { name: 'Show more comments' }).click();
    await expect(discussion(page).getByText('Reply number 23', { exact: true })).toBeVisible();
    await expect(comments).toHaveCount(23);
    await expect(discussion(page).getByRole('button', { name: 'Show more comments' })).toBeHidden();
    await expect(discussLink(page)).toHaveText('Discuss 23 comments');
  });

  test('jumps from Discuss to the discussion', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Jumper');
    const post = await publish(serverURL, author, {
      title: `Long read ${tag()}`,
      content: Array.from({ length: 60 }, (_, index) => `Paragraph ${index + 1}.`).join('\n\n'),
    });
    const page = await openPost(newPage, readPath(post), undefined, PHONE);
    await discussLink(page).click();
    await expect(page.locator('#discussion')).toBeFocused();
    await expect(page.locator('#discussion-heading')).toBeInViewport({ ratio: 1 });
  });

  test('shows a comment’s script and HTML as inert text', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Target');
    const mallory = await createUser(serverURL, 'Mallory');
    const post = await publish(serverURL, author, { title: `Guarded ${tag()}`, content: 'Safe.' });
    const payload = '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>';
    await comment(serverURL, mallory, post.id, payload);
    const page = await openPost(newPage, readPath(post));
    await expect(commentBy(page, mallory.username).getByText(payload)).toBeVisible();
    // Both renderings: the server's HTML, and React's once it has the discussion.
    await discussionIsLive(page);
    await expect(commentBy(page, mallory.username).getByText(payload)).toBeVisible();
    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
      elements: document.querySelectorAll('#discussion img, #discussion script').length,
    }));
    expect(state).toEqual({ pwned: null, elements: 0 });
  });

  test('fits a 375 px screen', async ({ newPage, serverURL }) => {
    const author = await createUser(serverURL, 'Small');
    const post = await publish(serverURL, author, { title: `Phone talk ${tag()}`, content: 'Hi.' });
    await comment(serverURL, author, post.id, `A very ${'long'.repeat(60)} word.`);
    const page = await openPost(newPage, readPath(post), author, PHONE);
    await expect(commentBy(page, author.username)).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
