import { request as httpRequest } from 'node:http';
import { FakeMastodon, type RemoteAccount } from '../tests/api/support/fake-mastodon';
import { createPost, createUser, signInAs, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { atPath, expectNoHorizontalScroll } from './support/screens';
import { startBuiltServer, type RunningServer } from './support/server-process';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const AS = 'https://www.w3.org/ns/activitystreams';

/** This file's own server: it must be allowed to fetch the fake Mastodon's actors on 127.0.0.1. */
let server: RunningServer;
let mastodon: FakeMastodon;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  mastodon = await FakeMastodon.start();
  server = await startBuiltServer({ FEDERATION_ALLOW_PRIVATE_NETWORKS: '1' });
});

test.afterAll(async () => {
  await server?.stop();
  await mastodon?.close();
});

/** POSTs an activity to the shared inbox, signed by `account` as Mastodon signs it. */
function deliver(account: RemoteAccount, activity: Record<string, unknown>): Promise<number> {
  const url = new URL(`${server.baseURL}/ap/inbox`);
  const body = JSON.stringify({ '@context': AS, ...activity });
  const headers = mastodon.sign(account, url, body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.baseURL}${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The writer's actor and post ids as this server names them (its PUBLIC_URL, not its socket). */
async function idsOf(writer: E2eUser, postId: string) {
  const actor = await json<{ id: string }>(`/ap/users/${writer.id}`, {
    headers: { accept: 'application/activity+json' },
  });
  return { actor: actor.id, post: actor.id.replace(/\/ap\/users\/.*$/, `/ap/posts/${postId}`) };
}

test.describe('notifications from the social web', () => {
  test('names who liked, boosted, followed and asked to follow, links their profile there and the right page here; passes axe at 375 px and wide, light and dark', async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, 'Federated Writer');
    const title = 'Notes from the harbour';
    const post = await createPost(server.baseURL, writer, { title, content: 'Boats and gulls.' });
    const ids = await idsOf(writer, post.id);
    const ada = mastodon.account('ada');
    const bo = mastodon.account('bo');
    const cy = mastodon.account('cy');
    const di = mastodon.account('di');
    const host = new URL(mastodon.origin).host;

    expect(
      await deliver(ada, { id: `${ada.id}#likes/1`, type: 'Like', actor: ada.id, object: ids.post }),
    ).toBe(202);
    expect(await deliver(bo, { id: `${bo.id}#likes/1`, type: 'Like', actor: bo.id, object: ids.post })).toBe(
      202,
    );
    expect(
      await deliver(ada, {
        id: `${ada.id}/statuses/1/activity`,
        type: 'Announce',
        actor: ada.id,
        object: ids.post,
      }),
    ).toBe(202);
    expect(
      await deliver(cy, { id: `${cy.id}#follows/1`, type: 'Follow', actor: cy.id, object: ids.actor }),
    ).toBe(202);
    // From now on the writer approves followers by hand: Di's follow is a request.
    await json('/api/user/social-followers/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({ approveFollowers: true }),
    });
    expect(
      await deliver(di, { id: `${di.id}#follows/1`, type: 'Follow', actor: di.id, object: ids.actor }),
    ).toBe(202);

    const page = await newPage({ baseURL: server.baseURL, viewport: PHONE, bypassCSP: true });
    await signInAs(page, writer);
    await page.goto('/notifications');
    await hydrated(page);
    const list = page.getByRole('list').filter({ hasText: title });
    const request = list.getByRole('link', {
      name: 'Unread: di on Mastodon asked to follow you on the social web',
    });
    const follower = list.getByRole('link', {
      name: 'Unread: cy on Mastodon started following you on the social web',
    });
    const boost = list.getByRole('link', {
      name: `Unread: ada on Mastodon boosted “${title}” on the social web`,
    });
    const likes = list.getByRole('link', {
      name: `Unread: bo on Mastodon and 1 other liked “${title}” on the social web`,
    });
    for (const line of [request, follower, boost, likes]) await expect(line).toBeVisible();
    // Newest first.
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list.getByRole('listitem').first()).toContainText('asked to follow you');

    // Each line names its newest actor by their handle there, linked to their profile on their server.
    const handle = list.getByRole('link', { name: `@di@${host}`, exact: true });
    await expect(handle).toHaveAttribute('href', `${mastodon.origin}/@di`);
    await expect(handle).toHaveAttribute('rel', 'nofollow noopener ugc');
    await expect(list.getByRole('link', { name: `@bo@${host}`, exact: true })).toHaveAttribute(
      'href',
      `${mastodon.origin}/@bo`,
    );
    // A request and a follower lead to the writer's list of them; a like or a boost to the post.
    await expect(request).toHaveAttribute('href', '/social-web/followers');
    await expect(follower).toHaveAttribute('href', '/social-web/followers');
    await expect(likes).toHaveAttribute('href', new RegExp(`^/readblog\\?id=${post.id}&`));
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/social-notifications-375.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: the line's link is reached and followed with Enter.
    await likes.focus();
    await page.keyboard.press('Enter');
    const read = await atPath(page, '/readblog');
    expect(read.searchParams.get('id')).toBe(post.id);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Followed, the line was marked read: the bell says so.
    await expect(page.getByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible();

    const dark = await newPage({
      baseURL: server.baseURL,
      viewport: DESKTOP,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    await signInAs(dark, writer);
    await dark.goto('/notifications');
    await hydrated(dark);
    // Following a line marks it read: its sentence no longer says "Unread".
    await expect(
      dark.getByRole('link', {
        name: `bo on Mastodon and 1 other liked “${title}” on the social web`,
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      dark.getByRole('link', { name: /^Unread: cy on Mastodon started following you/ }),
    ).toBeVisible();
    await expect(dark.getByRole('link', { name: `@cy@${host}`, exact: true })).toBeVisible();
    if (SHOTS) await dark.screenshot({ path: `${SHOTS}/social-notifications-wide-dark.png`, fullPage: true });
    expect(await axeViolations(dark)).toEqual([]);

    const light = await newPage({ baseURL: server.baseURL, viewport: DESKTOP, bypassCSP: true });
    await signInAs(light, writer);
    await light.goto('/notifications');
    await hydrated(light);
    await expect(light.getByRole('link', { name: `@ada@${host}`, exact: true }).first()).toBeVisible();
    expect(await axeViolations(light)).toEqual([]);
  });
});
