import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInAs } from './support/api';
import { axeViolations } from './support/axe';
import { PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, hidden, textOf, visible } from './support/expect-page';
import { startBuiltServer, type RunningServer } from './support/server-process';

const browser = useBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;

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

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startBuiltServer({
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1',
    WEBHOOKS_POLL_INTERVAL_MS: '200',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('webhooks in Settings', () => {
  it('adds a hook, shows its secret once, sends a signed test event, logs it and deletes the hook', async () => {
    const user = await createUser(server.baseURL, 'Hooked');
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/inkwell`;
    // axe runs as an injected script, which the page's policy would refuse.
    const page = await browser.newPage({
      baseURL: server.baseURL,
      viewport: PHONE,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await visible(section.getByText('No webhooks yet.'));

    // Each problem is said under its own field.
    await section.getByRole('button', { name: 'Add webhook' }).click();
    expect(await textOf(section.locator('.field__error'))).toBe(
      'Enter the address that should receive events',
    );
    await section.getByLabel('Payload URL').fill(hookUrl);
    for (const box of await section.getByRole('checkbox').all()) await box.uncheck();
    await section.getByRole('button', { name: 'Add webhook' }).click();
    expect(await textOf(section.locator('.field__error'))).toBe('Choose at least one event');
    await section.getByRole('checkbox', { name: /post\.published/ }).check();
    await section.getByRole('checkbox', { name: /comment\.created/ }).check();
    await section.getByRole('button', { name: 'Add webhook' }).click();

    const secretBox = section.getByRole('group', { name: /signing secret is shown only this once/ });
    const secretInput = await visible(secretBox.getByRole('textbox'));
    // Focused and selected, ready to copy with the keyboard.
    expect(await secretInput.evaluate((input) => input === document.activeElement)).toBe(true);
    const secret = await secretInput.inputValue();
    expect(secret).toMatch(/^whsec_/);
    const item = section.getByRole('listitem').filter({ hasText: hookUrl });
    expect(await textOf(item.locator('.webhooks__events'))).toBe('post.published, comment.created');
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await secretBox.getByRole('button', { name: 'I have saved it' }).click();
    await hidden(secretBox);

    await item.getByRole('button', { name: 'Send test event' }).click();
    expect(await textOf(item.getByRole('status'))).toContain('Test event queued');
    const row = item.locator('tbody tr').first();
    await visible(row.getByText('Delivered'));
    expect(await textOf(row.locator('td').nth(0))).toBe('ping');
    expect(await textOf(row.locator('td').nth(2))).toBe('200');
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
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await visible(section.getByText('No webhooks yet.'));
    const listed = await fetch(`${server.baseURL}/api/webhooks`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(await listed.json()).toEqual({ response: [] });
  });
});
