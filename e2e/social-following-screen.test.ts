import type { Page } from '@playwright/test';
import { FakeMastodon, type RemoteAccount } from '../tests/api/support/fake-mastodon';
import { axeViolations } from './support/axe';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, expect, test, type NewPage } from './support/fixtures';
import { hydrated } from './support/hydration';
import { tag } from './support/posts';
import { expectNoHorizontalScroll } from './support/screens';
import { startBuiltServer, type RunningServer } from './support/server-process';

/*
 * The reader's screen for following the social web (decisions 0090 and 0094): follow @name@host,
 * see the follow wait and then be accepted, read the account's posts, like, boost and reply to one
 * by keyboard and see the answer to the reply, unfollow. A fake Mastodon on this
 * machine answers WebFinger and its actors, receives the signed Follow and sends signed activities,
 * as Mastodon does; the server may fetch from loopback.
 */

/** Where to keep screenshots to look at (unset: none are taken). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const AS = 'https://www.w3.org/ns/activitystreams';
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let server: RunningServer;
let mastodon: FakeMastodon;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  mastodon = await FakeMastodon.start();
  server = await startBuiltServer((port) => ({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FEDERATION_ALLOW_PRIVATE_NETWORKS: '1',
    FEDERATION_POLL_INTERVAL_MS: '100',
  }));
});

test.afterAll(async () => {
  await server?.stop();
  await mastodon?.close();
});

/** POSTs `activity` from `account` to the reader's inbox, signed as Mastodon signs. */
async function send(
  account: RemoteAccount,
  reader: E2eUser,
  activity: Record<string, unknown>,
): Promise<void> {
  const inbox = new URL(`${server.baseURL}/ap/users/${reader.id}/inbox`);
  const body = JSON.stringify({ '@context': AS, ...activity });
  // The Host header fetch sends is the signed one: the inbox's own address.
  const { host: _host, ...headers } = mastodon.sign(account, inbox, body);
  const answer = await fetch(inbox, { method: 'POST', headers, body });
  expect(answer.status, await answer.text()).toBe(202);
}

/** The reader's signed Follow of `account`, once it arrived there; then its Accept, sent back. */
async function accept(account: RemoteAccount, reader: E2eUser): Promise<void> {
  const delivery = await mastodon.waitForDelivery((candidate) => {
    const json = JSON.parse(candidate.body) as { type?: string; actor?: string; object?: string };
    return json.type === 'Follow' && json.object === account.id && json.actor?.endsWith(reader.id) === true;
  });
  const { '@context': _context, ...follow } = JSON.parse(delivery.body) as Record<string, unknown>;
  await send(account, reader, {
    id: `${account.id}#accepts/${tag()}`,
    type: 'Accept',
    actor: account.id,
    object: follow,
  });
}

async function article(account: RemoteAccount, reader: E2eUser, title: string, html: string): Promise<void> {
  const id = `${account.id}/statuses/${tag().replace(/\W/g, '')}`;
  await send(account, reader, {
    id: `${id}/activity`,
    type: 'Create',
    actor: account.id,
    to: [`${AS}#Public`],
    object: {
      id,
      type: 'Article',
      attributedTo: account.id,
      name: title,
      content: html,
      summary: `${title}, in short`,
      url: `${mastodon.origin}/@${account.username}/1`,
      published: new Date().toISOString(),
      to: [`${AS}#Public`],
    },
  });
}

/** The reader's signed activity of `type` that reached the fake Mastodon, naming `about`. */
async function delivered(reader: E2eUser, type: string, about: string): Promise<Record<string, unknown>> {
  const delivery = await mastodon.waitForDelivery(
    (candidate) =>
      candidate.body.includes(`"type":"${type}"`) &&
      candidate.body.includes(about) &&
      candidate.body.includes(`/ap/users/${reader.id}`),
  );
  return JSON.parse(delivery.body) as Record<string, unknown>;
}

/** The reader's API, as the screen calls it. */
async function call(reader: E2eUser, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${reader.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function openAs(
  newPage: NewPage,
  user: E2eUser,
  options: { viewport?: typeof PHONE; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const page = await newPage({ baseURL: server.baseURL, bypassCSP: true, viewport: DESKTOP, ...options });
  await page.route('https://files.example/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') }),
  );
  await signInAs(page, user);
  await page.goto('/userupdate');
  await hydrated(page);
  await page.getByRole('link', { name: 'Following on the social web' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Following on the social web' })).toBeVisible();
  return page;
}

const section = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

test.describe('following the social web', () => {
  test('follows @name@host, waits for the Accept, reads the posts, unfollows; a bad name is said', async ({
    newPage,
  }) => {
    const reader = await createUser(server.baseURL, `Fedireader ${tag()}`);
    const t = tag().replace(/\W/g, '');
    const ida = mastodon.account(`ida${t}`);
    const host = new URL(mastodon.origin).host;
    const page = await openAs(newPage, reader);
    await expect(section(page, 'You follow')).toContainText('You follow nobody on other servers yet.');
    await expect(section(page, 'Their posts')).toContainText('Nothing yet.');

    const field = page.getByRole('textbox', { name: 'Account to follow' });
    await field.fill('not a handle');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByText('Give the account as @name@host, or its address')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(`@ida${t}@${host}`);
    await field.press('Enter');
    const line = section(page, 'You follow')
      .getByRole('listitem')
      .filter({ hasText: `ida${t} on Mastodon` });
    await expect(line).toContainText('Waiting for their server');
    await expect(field).toHaveValue('');
    await accept(ida, reader);
    await article(
      ida,
      reader,
      'Notes from the coast',
      '<p>Waves <strong>again</strong><script>alert(1)</script></p>',
    );

    await page.reload();
    await hydrated(page);
    await expect(line).toContainText('Following');
    const post = section(page, 'Their posts').getByRole('article', { name: 'Notes from the coast' });
    await expect(post).toContainText('Waves again');
    await expect(post.locator('strong')).toHaveText('again');
    await expect(post.locator('script')).toHaveCount(0);
    await expect(post.getByRole('link', { name: `ida${t} on Mastodon` })).toHaveAttribute(
      'href',
      `${mastodon.origin}/@ida${t}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Like and boost by keyboard: each toggle says its state with aria-pressed.
    const like = post.getByRole('button', { name: 'Like', exact: true });
    const boost = post.getByRole('button', { name: 'Boost', exact: true });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.focus();
    await page.keyboard.press('Enter');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    const liked = await delivered(reader, 'Like', ida.id);
    await boost.focus();
    await page.keyboard.press('Space');
    await expect(boost).toHaveAttribute('aria-pressed', 'true');
    await delivered(reader, 'Announce', ida.id);

    // Reply: the button opens the form, its field takes the focus; sent, it shows as the reader's.
    await post.getByRole('button', { name: 'Reply', exact: true }).press('Enter');
    const replyField = post.getByRole('textbox', { name: `Your reply to ida${t} on Mastodon` });
    await expect(replyField).toBeFocused();
    await replyField.fill('Lovely *waves*.');
    await post.getByRole('button', { name: 'Send reply' }).press('Enter');
    const replies = post.getByRole('list', { name: 'Replies to Notes from the coast' });
    await expect(replies.getByRole('listitem')).toHaveCount(1);
    await expect(replies.locator('em')).toHaveText('waves');
    await expect(post.getByRole('button', { name: 'Reply', exact: true })).toBeFocused();
    const create = await delivered(reader, 'Create', ida.id);
    const note = create.object as { id: string; inReplyTo: string };

    // Ida answers the reply; the answer shows under it, its script dropped.
    const answerId = `${ida.id}/statuses/${tag().replace(/\W/g, '')}`;
    await send(ida, reader, {
      id: `${answerId}/activity`,
      type: 'Create',
      actor: ida.id,
      to: [`${AS}#Public`],
      object: {
        id: answerId,
        type: 'Note',
        attributedTo: ida.id,
        inReplyTo: note.id,
        content: '<p>Thanks, they were <b>loud</b><script>alert(2)</script></p>',
        url: `${mastodon.origin}/@ida${t}/2`,
        published: new Date().toISOString(),
        to: [`${AS}#Public`],
      },
    });
    await page.reload();
    await hydrated(page);
    await expect(replies.getByRole('listitem')).toHaveCount(2);
    await expect(replies.getByRole('listitem').nth(1)).toContainText('Thanks, they were loud');
    await expect(replies.locator('script')).toHaveCount(0);
    await expect(like).toHaveAttribute('aria-pressed', 'true');

    // Unliking sends the Undo of the same Like.
    await like.focus();
    await page.keyboard.press('Enter');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await delivered(reader, 'Undo', String(liked.id));

    await line.getByRole('button', { name: `Unfollow ida${t} on Mastodon` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `You no longer follow ida${t} on Mastodon` }),
    ).toBeAttached();
    await expect(section(page, 'You follow')).toContainText('You follow nobody on other servers yet.');
    await mastodon.waitForDelivery((delivery) => {
      const json = JSON.parse(delivery.body) as { type?: string; object?: { object?: string } };
      return json.type === 'Undo' && json.object?.object === ida.id;
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`shows whom the reader follows and their posts at ${viewport.width} px in ${colorScheme}, without horizontal scrolling or axe violations`, async ({
        newPage,
      }) => {
        const reader = await createUser(server.baseURL, `Shown ${tag()}`);
        const t = tag().replace(/\W/g, '');
        const jo = mastodon.account(`jo_with_a_rather_long_name${t}`);
        const answer = await fetch(`${server.baseURL}/api/user/social-following`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
          body: JSON.stringify({ account: jo.id }),
        });
        expect(answer.status).toBe(201);
        await accept(jo, reader);
        await article(
          jo,
          reader,
          'A title long enough to wrap on a phone, and then some more words',
          '<p>Body</p>',
        );
        // Liked, boosted and replied to: the pressed toggles and the reply are part of the layout.
        const [item] = (
          (await (await call(reader, 'GET', '/api/user/social-timeline')).json()) as {
            response: { id: string }[];
          }
        ).response;
        for (const what of ['like', 'boost']) {
          expect(
            (await call(reader, 'POST', `/api/user/social-timeline/${what}?id=${item?.id}`)).status,
          ).toBe(200);
        }
        const replied = await call(reader, 'POST', `/api/user/social-timeline/reply?id=${item?.id}`, {
          body: 'A reply long enough to wrap on a phone, with a link to https://example.com/a/rather/long/path',
        });
        expect(replied.status).toBe(201);
        // Jo boosts a Note by Kim, whom the reader does not follow: it shows with who boosted it.
        const kim = mastodon.account(`kim_also_with_a_long_name${t}`);
        const kimsNote = {
          id: `${kim.id}/statuses/${t}`,
          type: 'Note',
          attributedTo: kim.id,
          content: '<p>Boosted words</p>',
          url: `${mastodon.origin}/@${kim.username}/1`,
          published: new Date(Date.now() - 60_000).toISOString(),
          to: [`${AS}#Public`],
        };
        mastodon.serve(kimsNote);
        await send(jo, reader, {
          id: `${jo.id}/statuses/${t}/activity`,
          type: 'Announce',
          actor: jo.id,
          published: new Date().toISOString(),
          to: [`${AS}#Public`],
          object: kimsNote.id,
        });
        const page = await openAs(newPage, reader, { viewport, colorScheme });
        const posts = section(page, 'Their posts').getByRole('article');
        await expect(posts).toHaveCount(2);
        await expect(posts.first()).toContainText(`Boosted by jo_with_a_rather_long_name${t} on Mastodon`);
        await expect(posts.first()).toContainText('Boosted words');
        const post = posts.nth(1);
        await expect(post.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await post.getByRole('button', { name: 'Reply', exact: true }).click();
        await expect(post.getByRole('textbox', { name: /^Your reply to/ })).toBeFocused();
        await expectNoHorizontalScroll(page, viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        if (SHOTS) {
          await page.screenshot({
            path: `${SHOTS}/social-following-${viewport.width}-${colorScheme}.png`,
            fullPage: true,
          });
        }
      });
    }
  }
});
