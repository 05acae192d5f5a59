import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInAs } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { atPath, expectNoHorizontalScroll, fillSignIn, textOf, visible } from './support/expect-page';
import { startBuiltServer, type RunningServer } from './support/server-process';
import { axeViolations } from './support/axe';
import { publish } from './support/posts';

const browser = useBrowser();

/** Mail the server sent, as received by a local SMTP server (smtp-server, from npm). */
const inbox: { to: string[]; text: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      // Quoted-printable soft breaks and =XX escapes, enough for the links.
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
      callback();
    });
  },
});

/** This file's own server, sending its email to the SMTP server above. */
let server: RunningServer;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startBuiltServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: 'http://inkwell.test',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** The path and query of the newest link to `path` mailed to `address`. */
async function mailedLink(address: string, path: string): Promise<string> {
  const pattern = new RegExp(`http://inkwell\\.test(${path}\\?token=[A-Za-z0-9_-]+)`);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mails = inbox.filter((mail) => mail.to.includes(address));
    const match = mails.at(-1)?.text.match(pattern);
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${path} link reached ${address}`);
}

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), label).toEqual([]);
}

const SHOTS = process.env.E2E_SCREENSHOTS;

describe('account recovery in the browser', () => {
  it('resets a forgotten password from the emailed link, at 375 px in the dark', async () => {
    const user = await createUser(server.baseURL, 'Forgetful');
    const page = await browser.newPage({
      baseURL: server.baseURL,
      viewport: PHONE,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await atPath(page, '/forgot-password');
    await visible(page.getByRole('heading', { level: 1, name: 'Forgot your password?' }));
    await expectNoAxeViolations(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    expect(await textOf(page.locator('.field__error'))).toBe('Email is required');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    expect(await textOf(page.getByRole('status'))).toContain('If an account uses this address');
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-password-375-dark.png`, fullPage: true });

    const link = await mailedLink(user.email, '/reset-password');
    await page.goto(link);
    await visible(page.getByRole('heading', { level: 1, name: 'Choose a new password' }));
    await expectNoAxeViolations(page, 'reset-password');
    await page.getByLabel('New password', { exact: true }).fill('a recovered password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    expect(await textOf(page.getByRole('status'))).toContain('Your password has been changed');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reset-password-375-dark.png`, fullPage: true });

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a third password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    expect(await textOf(page.getByRole('alert'))).toBe(
      'Error: This link is invalid, has expired or has already been used.',
    );

    await page.goto('/signin');
    await fillSignIn(page, user.email, 'a recovered password');
    await atPath(page, '/allblog');
  });

  it('changes the email from Settings once the new address confirms it', async () => {
    const user = await createUser(server.baseURL, 'Mover');
    const page = await browser.newPage({ baseURL: server.baseURL, viewport: DESKTOP, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await visible(page.getByRole('heading', { level: 2, name: 'Email address' }));
    await visible(page.getByText(`You sign in with ${user.email}`));
    await expectNoAxeViolations(page, 'settings');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-1280-light.png`, fullPage: true });

    const next = `moved-${Date.now()}@example.com`;
    const section = page.getByRole('region', { name: 'Email address' });
    await section.getByLabel('New email').fill(next);
    await section.getByLabel('Current password').fill('not my password');
    await section.getByRole('button', { name: 'Send confirmation link' }).click();
    expect(await textOf(section.locator('.field__error'))).toBe('Your current password is not correct');
    await section.getByLabel('Current password').fill(user.password);
    await section.getByRole('button', { name: 'Send confirmation link' }).click();
    expect(await textOf(section.getByRole('status'))).toContain('We have sent a link to the new address');

    const link = await mailedLink(next, '/confirm-email');
    await page.goto(link);
    await expectNoAxeViolations(page, 'confirm-email');
    await page.getByRole('button', { name: 'Confirm this address' }).click();
    expect(await textOf(page.getByRole('status'))).toBe(
      `Your email address has been changed. You now sign in with ${next}.`,
    );
  });

  it('deletes the account after the password is typed, keeping its posts anonymously', async () => {
    const user = await createUser(server.baseURL, 'Leaver');
    const page = await browser.newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    expect(await textOf(section.locator('.field__error').first())).toBe(
      'Choose whether to delete or keep your posts and comments',
    );
    await section.getByLabel('Keep my posts and comments', { exact: false }).check();
    await section.getByLabel('Password', { exact: true }).fill(user.password);
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-delete-375-light.png`, fullPage: true });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    // Not /signin?next=/userupdate: there is no account to sign in to. The posts, with a word.
    const landed = await atPath(page, '/allblog');
    expect(landed.search).toBe('');
    const notice = page.locator('.page-notice').getByRole('status');
    expect(await textOf(notice)).toBe('Your account has been deleted.');
    await visible(page.getByRole('link', { name: 'Sign In', exact: true }));
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-deleted-375-light.png` });
    // Once: a reload shows the page without it.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.locator('.page-notice').count()).toBe(0);
    await page.goto('/signin');
    await fillSignIn(page, user.email, user.password);
    expect(await textOf(page.getByRole('alert'))).toBe('Error: Invalid email or password');
  });

  it('signs out everywhere from Settings', async () => {
    const user = await createUser(server.baseURL, 'Everywhere');
    const page = await browser.newPage({ baseURL: server.baseURL, viewport: DESKTOP });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    expect(await textOf(page.getByRole('status'))).toBe('You have been signed out on every device.');
    const me = await fetch(`${server.baseURL}/api/user/me`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(me.status).toBe(401);
  });

  it('downloads everything the writer wrote as a zip from Settings', async () => {
    const user = await createUser(server.baseURL, 'Keeper');
    await publish(server.baseURL, user, {
      title: 'Worth keeping',
      content: 'Every word of it.',
      tags: ['archive'],
    });
    // axe runs as an injected script, which the page's policy would refuse.
    const page = await browser.newPage({ baseURL: server.baseURL, viewport: PHONE, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download your data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^inkwell-keeper-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const posts = Object.keys(files).filter((name) => name.startsWith('posts/'));
    expect(posts).toEqual([expect.stringMatching(/^posts\/\d{4}-\d{2}-\d{2}-worth-keeping\.md$/)]);
    expect(strFromU8(files[posts[0]!]!)).toContain('Every word of it.');
    await visible(page.getByText(download.suggestedFilename(), { exact: false }));
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
  });
});
