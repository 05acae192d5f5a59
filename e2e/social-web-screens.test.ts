import type { Page } from '@playwright/test';
import { FakeMastodon, type RemoteAccount } from '../tests/api/support/fake-mastodon';
import { axeViolations } from './support/axe';
import { createUser, signInAs, uniqueEmail, type E2eUser } from './support/api';
import { DESKTOP, PHONE, expect, test, type NewPage } from './support/fixtures';
import { hydrated } from './support/hydration';
import { failNetwork, hold, tag } from './support/posts';
import { expectFieldError, expectNoHorizontalScroll } from './support/screens';
import { startBuiltServer, type RunningServer } from './support/server-process';

/*
 * The screens of the social web (decision 0086): a writer's followers from other servers and their
 * requests (decisions 0084's approval by hand), and the operator's blocked servers. This file runs
 * its own server, whose PUBLIC_URL is its loopback address and which may fetch from loopback, so a
 * fake Mastodon on this machine can follow its writers with signed activities, as Mastodon does.
 */

/** Where to keep screenshots to look at (unset: none are taken). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const AS = 'https://www.w3.org/ns/activitystreams';
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let server: RunningServer;
let mastodon: FakeMastodon;
const operatorEmail = uniqueEmail('operator');
let operatorAccount: Promise<E2eUser> | undefined;

/** The operator (ADMIN_EMAILS names their address), signed up once for the file. */
function theOperator(): Promise<E2eUser> {
  operatorAccount ??= createUser(server.baseURL, 'Operator', operatorEmail);
  return operatorAccount;
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  mastodon = await FakeMastodon.start();
  server = await startBuiltServer((port) => ({
    ADMIN_EMAILS: operatorEmail,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FEDERATION_ALLOW_PRIVATE_NETWORKS: '1',
  }));
});

test.afterAll(async () => {
  await server?.stop();
  await mastodon?.close();
});

/** A signed Follow of `writer` from `account`, delivered to the shared inbox as Mastodon does. */
async function follow(account: RemoteAccount, writer: E2eUser): Promise<string> {
  const id = `${account.id}#follows/${tag()}`;
  const body = JSON.stringify({
    '@context': AS,
    id,
    type: 'Follow',
    actor: account.id,
    object: `${server.baseURL}/ap/users/${writer.id}`,
  });
  // The Host header fetch sends is the signed one: the inbox's own address.
  const { host: _host, ...headers } = mastodon.sign(account, new URL(`${server.baseURL}/ap/inbox`), body);
  const answer = await fetch(`${server.baseURL}/ap/inbox`, { method: 'POST', headers, body });
  expect(answer.status, await answer.text()).toBe(202);
  return id;
}

async function approveByHand(writer: E2eUser): Promise<void> {
  const answer = await fetch(`${server.baseURL}/api/user/social-followers/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
    body: JSON.stringify({ approveFollowers: true }),
  });
  expect(answer.status).toBe(200);
}

async function openAs(
  newPage: NewPage,
  user: E2eUser,
  path: string,
  options: { viewport?: typeof PHONE; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const page = await newPage({ baseURL: server.baseURL, bypassCSP: true, viewport: DESKTOP, ...options });
  // The fake accounts' pictures (https://files.example/{username}.png): served, but for `cal…`'s,
  // whose server does not answer.
  await page.route('https://files.example/**', (route) =>
    new URL(route.request().url()).pathname.startsWith('/cal')
      ? route.abort('connectionrefused')
      : route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') }),
  );
  await signInAs(page, user);
  await page.goto(path);
  await hydrated(page);
  return page;
}

const section = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

test.describe('a writer’s followers on the social web', () => {
  test('turns approval on, then accepts, rejects, removes and blocks, each sent to the follower’s server', async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, `Fediwriter ${tag()}`);
    const page = await openAs(newPage, writer, '/userupdate');
    await page.getByRole('link', { name: 'Followers on the social web' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Followers on the social web' })).toBeVisible();
    const approval = page.getByRole('checkbox', { name: 'Approve new followers by hand' });
    await expect(approval).not.toBeChecked();
    await approval.focus();
    await page.keyboard.press('Space');
    await expect(approval).toBeChecked();
    await expect(
      page.getByRole('status').filter({ hasText: 'New followers now wait for your approval' }),
    ).toBeAttached();

    const t = tag().replace(/\W/g, '');
    const ann = mastodon.account(`ann${t}`);
    const ben = mastodon.account(`ben${t}`);
    const cal = mastodon.account(`cal${t}`);
    const annFollow = await follow(ann, writer);
    const benFollow = await follow(ben, writer);
    const calFollow = await follow(cal, writer);

    await page.reload();
    await hydrated(page);
    const requests = section(page, 'Follow requests');
    await expect(requests.getByRole('listitem')).toHaveCount(3);
    const annLine = requests.getByRole('listitem').filter({ hasText: `ann${t} on Mastodon` });
    await expect(annLine.getByRole('link', { name: `ann${t} on Mastodon` })).toHaveAttribute(
      'href',
      `${mastodon.origin}/@ann${t}`,
    );
    await expect(annLine).toContainText(`@ann${t}@${new URL(mastodon.origin).host}`);
    await expect(annLine.locator('img')).toHaveAttribute('alt', '');
    await expect(annLine.locator('img')).toHaveAttribute('src', `https://files.example/ann${t}.png`);
    // A picture its server does not give gives way to the initial, never a broken image.
    const calLine = requests.getByRole('listitem').filter({ hasText: `cal${t} on Mastodon` });
    await expect(calLine.locator('.avatar')).toHaveText(/^\S$/);
    await expect(calLine.locator('img')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // Accept by keyboard: the request becomes a follower, and a signed Accept goes to its server.
    await requests.getByRole('button', { name: `Accept ann${t} on Mastodon` }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `ann${t} on Mastodon now follows you` }),
    ).toBeAttached();
    await expect(page.getByRole('heading', { name: /^Follow requests/ })).toBeFocused();
    const followers = section(page, 'Followers');
    await expect(followers.getByRole('listitem').filter({ hasText: `ann${t} on Mastodon` })).toBeVisible();
    await mastodon.waitForDelivery((delivery) => {
      const json = JSON.parse(delivery.body) as { type?: string; object?: { id?: string } };
      return json.type === 'Accept' && json.object?.id === annFollow;
    });

    await requests.getByRole('button', { name: `Reject ben${t} on Mastodon` }).click();
    await expect(requests.getByRole('listitem').filter({ hasText: `ben${t}` })).toHaveCount(0);
    await mastodon.waitForDelivery((delivery) => {
      const json = JSON.parse(delivery.body) as { type?: string; object?: { id?: string } };
      return json.type === 'Reject' && json.object?.id === benFollow;
    });

    await requests.getByRole('button', { name: `Accept cal${t} on Mastodon` }).click();
    await expect(followers.getByRole('listitem')).toHaveCount(2);
    await followers.getByRole('button', { name: `Remove cal${t} on Mastodon` }).click();
    await expect(followers.getByRole('listitem')).toHaveCount(1);
    await mastodon.waitForDelivery((delivery) => {
      const json = JSON.parse(delivery.body) as { type?: string; object?: { id?: string } };
      return json.type === 'Reject' && json.object?.id === calFollow;
    });
    await expect(requests).toContainText('No requests wait for you.');

    // Block asks first; Cancel keeps them.
    await followers.getByRole('button', { name: `Block ann${t} on Mastodon` }).click();
    const dialog = page.getByRole('dialog', { name: `Block ann${t} on Mastodon?` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(followers.getByRole('listitem')).toHaveCount(1);
    await followers.getByRole('button', { name: `Block ann${t} on Mastodon` }).click();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(followers).toContainText('Nobody on another server follows you yet.');
    // A block holds: their Follow is refused from now on.
    const again = JSON.stringify({
      '@context': AS,
      id: `${ann.id}#follows/again`,
      type: 'Follow',
      actor: ann.id,
      object: `${server.baseURL}/ap/users/${writer.id}`,
    });
    const { host: _host, ...headers } = mastodon.sign(ann, new URL(`${server.baseURL}/ap/inbox`), again);
    expect((await fetch(`${server.baseURL}/ap/inbox`, { method: 'POST', headers, body: again })).status).toBe(
      403,
    );

    await page.reload();
    await hydrated(page);
    await expect(section(page, 'Followers')).toContainText('Nobody on another server follows you yet.');
    await expect(page.getByRole('checkbox', { name: 'Approve new followers by hand' })).toBeChecked();
  });

  test('shows a skeleton while the list loads, and a failure with Retry', async ({ newPage }) => {
    const writer = await createUser(server.baseURL, `Waiting ${tag()}`);
    const page = await newPage({ baseURL: server.baseURL, viewport: DESKTOP });
    await signInAs(page, writer);
    const release = await hold(
      page,
      (request) => new URL(request.url()).pathname === '/api/user/social-followers',
    );
    await page.goto('/social-web/followers');
    await expect(page.getByLabel('Loading your followers')).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByRole('checkbox', { name: 'Approve new followers by hand' })).toBeVisible();

    const restore = await failNetwork(
      page,
      (request) => new URL(request.url()).pathname === '/api/user/social-followers',
    );
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('No response received from server');
    await restore();
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(section(page, 'Followers')).toContainText('Nobody on another server follows you yet.');
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`shows requests and followers at ${viewport.width} px in ${colorScheme}, without horizontal scrolling or axe violations`, async ({
        newPage,
      }) => {
        const writer = await createUser(server.baseURL, `Shown ${tag()}`);
        await approveByHand(writer);
        const t = tag().replace(/\W/g, '');
        await follow(mastodon.account(`dee${t}`), writer);
        await follow(mastodon.account(`eve_with_a_rather_long_name${t}`), writer);
        const page = await openAs(newPage, writer, '/social-web/followers', { viewport, colorScheme });
        await expect(section(page, 'Follow requests').getByRole('listitem')).toHaveCount(2);
        await expectNoHorizontalScroll(page, viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        if (SHOTS) {
          await page.screenshot({
            path: `${SHOTS}/social-followers-${viewport.width}-${colorScheme}.png`,
            fullPage: true,
          });
        }
      });
    }
  }
});

test.describe('the operator’s blocked servers', () => {
  test('lists, adds (checked by the field, confirmed) and removes a blocked server', async ({ newPage }) => {
    const operator = await theOperator();
    const page = await openAs(newPage, operator, '/admin');
    await page.getByRole('tab', { name: 'Blocked servers' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('No server is blocked.')).toBeVisible();

    const field = panel.getByLabel('Server to block', { exact: true });
    await field.fill('not a server');
    await field.press('Enter');
    await expectFieldError(page, 'Server to block', 'Give the server’s name, like mastodon.example');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await field.fill('https://Spam.Example/@someone');
    await field.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Block spam.example?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('status')).toHaveText('spam.example is blocked');
    await expect(field).toHaveValue('');
    const list = panel.getByRole('list', { name: 'Blocked servers' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('spam.example');

    // The same again is said by the field.
    await field.fill('spam.example');
    await field.press('Enter');
    await expectFieldError(page, 'Server to block', 'spam.example is already blocked');

    // The fake Mastodon's server, blocked: its Follow is refused.
    const host = new URL(mastodon.origin).host;
    await field.fill(host);
    await field.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const writer = await createUser(server.baseURL, `Shielded ${tag()}`);
    const body = JSON.stringify({
      '@context': AS,
      id: `${mastodon.origin}/users/fay#follow`,
      type: 'Follow',
      actor: mastodon.account('fay').id,
      object: `${server.baseURL}/ap/users/${writer.id}`,
    });
    const { host: _host, ...headers } = mastodon.sign(
      mastodon.account('fay'),
      new URL(`${server.baseURL}/ap/inbox`),
      body,
    );
    expect((await fetch(`${server.baseURL}/ap/inbox`, { method: 'POST', headers, body })).status).toBe(403);

    await panel.getByRole('button', { name: `Unblock ${host}` }).click();
    await panel.getByRole('button', { name: 'Unblock spam.example' }).click();
    await expect(panel.getByText('No server is blocked.')).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText('spam.example is no longer blocked');
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`shows the blocked servers at ${viewport.width} px in ${colorScheme}, without horizontal scrolling or axe violations`, async ({
        newPage,
      }) => {
        const operator = await theOperator();
        const name = `shown-${tag().replace(/\W/g, '')}.example`;
        await fetch(`${server.baseURL}/api/admin/social-web/blocked-servers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}` },
          body: JSON.stringify({ host: name }),
        });
        const page = await openAs(newPage, operator, '/admin?tab=servers', { viewport, colorScheme });
        await expect(page.getByRole('tabpanel').getByText(name)).toBeVisible();
        await expectNoHorizontalScroll(page, viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        if (SHOTS) {
          await page.screenshot({
            path: `${SHOTS}/blocked-servers-${viewport.width}-${colorScheme}.png`,
            fullPage: true,
          });
        }
        await fetch(`${server.baseURL}/api/admin/social-web/blocked-servers?host=${name}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${operator.token}` },
        });
      });
    }
  }
});
