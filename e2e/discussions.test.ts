import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPostDate } from '../contracts/dates';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { atPath, expectNoHorizontalScroll, hidden, textOf, visible } from './support/expect-page';
import { apiCall, comment, failNetwork, publish, readPath, tag } from './support/posts';

const browser = useBrowser();
const NO_RESPONSE = 'No response received from server. Please try again later.';

async function openPost(path: string, user?: E2eUser, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  if (user) await signInAs(page, user);
  await page.goto(path);
  await visible(page.getByRole('heading', { level: 1 }));
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

describe('discussions on the read page', () => {
  it('lets a signed-in reader add a comment in Markdown, and every count follows', async () => {
    const author = await createUser(browser.baseURL, 'Poster');
    const reader = await createUser(browser.baseURL, `Talker${tag()}`);
    const title = `Discuss this ${tag()}`;
    const topic = `talk-${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'Thoughts?', tags: [topic] });
    const page = await openPost(readPath(post), reader);
    expect(await textOf(discussLink(page))).toBe('Discuss 0 comments');
    await visible(discussion(page).getByText('No comments yet. Start the discussion.'));

    // The shared rule under the field.
    await discussion(page).getByRole('button', { name: 'Comment', exact: true }).click();
    await visible(discussion(page).getByText('Comment is required', { exact: true }));

    await discussion(page).getByLabel('Add to the discussion').fill('Really **good** point.\nSecond line.');
    await discussion(page).getByRole('button', { name: 'Comment', exact: true }).click();

    const added = await visible(commentBy(page, reader.username));
    expect(await textOf(added.locator('strong'))).toBe('good');
    expect(await added.locator('.comment__body').innerText()).toContain('Really good point.\nSecond line.');
    const saved = (await (await fetch(`${browser.baseURL}/api/post/comments?postId=${post.id}`)).json()) as {
      response: { createdAt: string }[];
    };
    expect(await added.innerText()).toContain(formatPostDate(saved.response[0]?.createdAt ?? ''));
    expect(await added.getByRole('link', { name: reader.username }).getAttribute('href')).toBe(
      `/profile?userId=${reader.id}`,
    );
    expect(await textOf(discussLink(page))).toBe('Discuss 1 comment');
    expect(await textOf(discussion(page).getByRole('heading', { level: 2 }))).toBe('Discussion (1)');
    // The box is empty again for the next one.
    expect(await discussion(page).getByLabel('Add to the discussion').inputValue()).toBe('');

    // The count is real on a list too, and survives a reload. A topic of this post's own: other test
    // files publish on the same server all the while, which can push it off /allblog's first page.
    await page.goto(`/tag?name=${topic}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    expect(await textOf(card.locator('.discuss-count'))).toBe('Discuss 1 comment');
    await page.goto(readPath(post));
    await visible(commentBy(page, reader.username));
  });

  it('shows the specification §8 error line under the box when the comment cannot be sent', async () => {
    const author = await createUser(browser.baseURL, 'Host');
    const reader = await createUser(browser.baseURL, 'Offline');
    const post = await publish(browser.baseURL, author, { title: `No network ${tag()}`, content: 'Hm.' });
    const page = await openPost(readPath(post), reader);
    const restore = await failNetwork(page, apiCall('POST', '/api/post/comments'));
    await discussion(page).getByLabel('Add to the discussion').fill('Lost?');
    await discussion(page).getByRole('button', { name: 'Comment', exact: true }).click();
    expect(await textOf(discussion(page).getByRole('alert'))).toBe(NO_RESPONSE);
    expect(await discussion(page).getByLabel('Add to the discussion').inputValue()).toBe('Lost?');
    await restore();
  });

  it('offers visitors a sign-in link that brings them back to the post', async () => {
    const author = await createUser(browser.baseURL, 'Inviter');
    const reader = await createUser(browser.baseURL, 'Latecomer');
    const title = `Come in ${tag()}`;
    const post = await publish(browser.baseURL, author, { title, content: 'Join us.' });
    await comment(browser.baseURL, author, post.id, 'Welcome, everyone.');

    const page = await openPost(readPath(post));
    await visible(commentBy(page, author.username));
    expect(await discussion(page).getByLabel('Add to the discussion').count()).toBe(0);
    expect(
      await commentBy(page, author.username)
        .getByRole('button', { name: /Delete/ })
        .count(),
    ).toBe(0);

    await discussion(page).getByRole('link', { name: 'Sign in' }).click();
    const url = await atPath(page, '/signin');
    expect(url.searchParams.get('next')).toBe(readPath(post));
    await page.getByLabel('Email', { exact: true }).fill(reader.email);
    await page.getByLabel('Password', { exact: true }).fill(reader.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/readblog', { id: post.id, name: author.username });
    await visible(discussion(page).getByLabel('Add to the discussion'));
  });

  it('lets the comment’s author and the post’s author delete it, after a confirmation, and nobody else', async () => {
    const author = await createUser(browser.baseURL, 'Moderator');
    const writer = await createUser(browser.baseURL, 'Commenter');
    const bystander = await createUser(browser.baseURL, 'Bystander');
    const post = await publish(browser.baseURL, author, { title: `Moderated ${tag()}`, content: 'Be nice.' });
    await comment(browser.baseURL, writer, post.id, 'One from the writer.');
    await comment(browser.baseURL, bystander, post.id, 'One from the bystander.');

    const asBystander = await openPost(readPath(post), bystander);
    await visible(commentBy(asBystander, writer.username));
    // Anyone signed in may reply; only Edit and Delete are the author's.
    const ownerActions = { name: /^(Edit|Delete) comment/ };
    expect(await commentBy(asBystander, writer.username).getByRole('button', ownerActions).count()).toBe(0);
    await visible(
      commentBy(asBystander, bystander.username).getByRole('button', { name: /^Delete comment/ }),
    );

    const asWriter = await openPost(readPath(post), writer);
    await visible(commentBy(asWriter, writer.username).getByRole('button', { name: /^Delete comment/ }));
    expect(await commentBy(asWriter, bystander.username).getByRole('button', ownerActions).count()).toBe(0);

    // The post's author may delete anyone's comment on it.
    const asAuthor = await openPost(readPath(post), author);
    expect(await textOf(discussLink(asAuthor))).toBe('Discuss 2 comments');
    const target = commentBy(asAuthor, writer.username);
    await target.getByRole('button', { name: `Delete comment by ${writer.username}` }).click();
    const dialog = await visible(asAuthor.getByRole('dialog', { name: 'Delete this comment?' }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    await visible(target);

    await target.getByRole('button', { name: `Delete comment by ${writer.username}` }).click();
    await asAuthor.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await hidden(target);
    await visible(commentBy(asAuthor, bystander.username));
    expect(await textOf(discussLink(asAuthor))).toBe('Discuss 1 comment');

    await asAuthor.reload();
    await visible(commentBy(asAuthor, bystander.username));
    expect(await commentBy(asAuthor, writer.username).count()).toBe(0);
  });

  it('pages the discussion, oldest first, with Show more comments', async () => {
    const author = await createUser(browser.baseURL, 'Popular');
    const post = await publish(browser.baseURL, author, { title: `Busy ${tag()}`, content: 'Go.' });
    for (let index = 1; index <= 23; index += 1) {
      await comment(browser.baseURL, author, post.id, `Reply number ${index}`);
    }
    const page = await openPost(readPath(post));
    const comments = discussion(page).getByRole('article');
    await visible(discussion(page).getByText('Reply number 20', { exact: true }));
    expect(await comments.count()).toBe(20);
    expect(await textOf(comments.first().locator('.comment__body'))).toBe('Reply number 1');

    await discussion(page).getByRole('button', { name: 'Show more comments' }).click();
    await visible(discussion(page).getByText('Reply number 23', { exact: true }));
    expect(await comments.count()).toBe(23);
    await hidden(discussion(page).getByRole('button', { name: 'Show more comments' }));
    expect(await textOf(discussLink(page))).toBe('Discuss 23 comments');
  });

  it('jumps from Discuss to the discussion', async () => {
    const author = await createUser(browser.baseURL, 'Jumper');
    const post = await publish(browser.baseURL, author, {
      title: `Long read ${tag()}`,
      content: Array.from({ length: 60 }, (_, index) => `Paragraph ${index + 1}.`).join('\n\n'),
    });
    const page = await openPost(readPath(post), undefined, PHONE);
    await discussLink(page).click();
    await page.waitForFunction(() => document.activeElement?.id === 'discussion');
    await page.waitForFunction(() => {
      const heading = document.getElementById('discussion-heading')?.getBoundingClientRect();
      return heading !== undefined && heading.top >= 0 && heading.bottom <= window.innerHeight;
    });
  });

  it('shows a comment’s script and HTML as inert text', async () => {
    const author = await createUser(browser.baseURL, 'Target');
    const mallory = await createUser(browser.baseURL, 'Mallory');
    const post = await publish(browser.baseURL, author, { title: `Guarded ${tag()}`, content: 'Safe.' });
    const payload = '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>';
    await comment(browser.baseURL, mallory, post.id, payload);
    const page = await openPost(readPath(post));
    await visible(commentBy(page, mallory.username).getByText(payload));
    await page.waitForTimeout(200);
    const state = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
      elements: document.querySelectorAll('#discussion img, #discussion script').length,
    }));
    expect(state).toEqual({ pwned: null, elements: 0 });
  });

  it('fits a 375 px screen', async () => {
    const author = await createUser(browser.baseURL, 'Small');
    const post = await publish(browser.baseURL, author, { title: `Phone talk ${tag()}`, content: 'Hi.' });
    await comment(browser.baseURL, author, post.id, `A very ${'long'.repeat(60)} word.`);
    const page = await openPost(readPath(post), author, PHONE);
    await visible(commentBy(page, author.username));
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
