import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, PHONE, test } from './support/fixtures';
import { createUser, signInAs } from './support/api';
import { axeViolations } from './support/axe';
import { expectNoHorizontalScroll } from './support/screens';
import { startBuiltServer, type RunningServer } from './support/server-process';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** The writer's receiving server: a local HTTP server keeping what it was sent. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.writeHead(200).end('ok');
  });
});

/** This file's own server: it must be allowed to call a receiver on 127.0.0.1. */
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startBuiltServer({
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1',
    WEBHOOKS_POLL_INTERVAL_MS: '200',
  });
});

test.afterAll(async () => {
  await server?.stop();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test.describe('webhooks in Settings', () => {
  test('adds a hook, shows its secret once, sends a signed test event, logs it and deletes the hook', async ({
    newPage,
  }) => {
    const user = await createUser(server.baseURL, 'Hooked');
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/inkwell`;
    // axe runs as an injected script, which the page's policy would refuse.
    const page = await newPage({
      baseURL: server.baseURL,
      viewport: PHONE,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No webhooks yet.')).toBeVisible();

    // Each problem is said under its own field.
    await section.getByRole('button', { name: 'Add webhook' }).click();
    await expect(section.locator('.field__error')).toHaveText('Enter the address that should receive events');
    await section.getByLabel('Payload URL').fill(hookUrl);
    for (const box of await section.getByRole('checkbox').all()) await box.uncheck();
    await section.getByRole('button', { name: 'Add webhook' }).click();
    await expect(section.locator('.field__error')).toHaveText('Choose at least one event');
    await section.getByRole('checkbox', { name: /post\.published/ }).check();
    await section.getByRole('checkbox', { name: /comment\.created/ }).check();
    await section.getByRole('button', { name: 'Add webhook' }).click();

    const secretBox = section.getByRole('group', { name: /signing secret is shown only this once/ });
    const secretInput = secretBox.getByRole('textbox');
    await expect(secretInput).toBeVisible();
    // Focused and selected, ready to copy with the keyboard.
    expect(await secretInput.evaluate((input) => input === document.activeElement)).toBe(true);
    const secret = await secretInput.inputValue();
    expect(secret).toMatch(/^whsec_/);
    const item = section.getByRole('listitem').filter({ hasText: hookUrl });
    await expect(item.locator('.webhooks__events')).toHaveText('post.published, comment.created');
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await secretBox.getByRole('button', { name: 'I have saved it' }).click();
    await expect(secretBox).toBeHidden();

    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(item.getByRole('status')).toContainText('Test event queued');
    const row = item.locator('tbody tr').first();
    await expect(row.getByText('Delivered')).toBeVisible();
    await expect(row.locator('td').nth(0)).toHaveText('ping');
    await expect(row.locator('td').nth(2)).toHaveText('200');
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-webhooks-375-dark.png`, fullPage: true });

    // What arrived is signed with the secret the page showed (Stripe's scheme).
    expect(received).toHaveLength(1);
    const [hit] = received;
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(hit?.headers['inkwell-signature']));
    expect(match).not.toBeNull();
    const expected = createHmac('sha256', secret).update(`${match?.[1]}.${hit?.body}`).digest('hex');
    expect(match?.[2]).toBe(expected);
    expect(JSON.parse(hit?.body ?? '{}')).toMatchObject({
      event: 'ping',
      data: { webhook: { url: hookUrl } },
    });

    await item.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(section.getByText('No webhooks yet.')).toBeVisible();
    const listed = await fetch(`${server.baseURL}/api/webhooks`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(await listed.json()).toEqual({ response: [] });
  });
});
