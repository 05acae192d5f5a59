import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { createUser, signInAs } from './support/api';
import { atPath, expectNoHorizontalScroll, fillSignIn } from './support/screens';
import { startBuiltServer, type RunningServer } from './support/server-process';
import { axeViolations } from './support/axe';
import { publish } from './support/posts';
import { hydrated } from './support/hydration';

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

test.beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startBuiltServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: 'http://inkwell.test',
  });
});

test.afterAll(async () => {
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

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

test.describe('account recovery in the browser', () => {
  test('resets a forgotten password from the emailed link, at 375 px in the dark', async ({ newPage }) => {
    const user = await createUser(server.baseURL, 'Forgetful');
    const page = await newPage({
      baseURL: server.baseURL,
      viewport: PHONE,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await atPath(page, '/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expectNoAxeViolations(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.locator('.field__error')).toHaveText('Email is required');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses this address');
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-password-375-dark.png`, fullPage: true });

    const link = await mailedLink(user.email, '/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectNoAxeViolations(page, 'reset-password');
    await page.getByLabel('New password', { exact: true }).fill('a recovered password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reset-password-375-dark.png`, fullPage: true });

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a third password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Error: This link is invalid, has expired or has already been used.',
    );

    await page.goto('/signin');
    await fillSignIn(page, user.email, 'a recovered password');
    await atPath(page, '/allblog');
  });

  test('changes the email from Settings once the new address confirms it', async ({ newPage }) => {
    const user = await createUser(server.baseURL, 'Mover');
    const page = await newPage({ baseURL: server.baseURL, viewport: DESKTOP, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await expect(page.getByRole('heading', { level: 2, name: 'Email address' })).toBeVisible();
    await expect(page.getByText(`You sign in with ${user.email}`)).toBeVisible();
    await expectNoAxeViolations(page, 'settings');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-1280-light.png`, fullPage: true });

    const next = `moved-${Date.now()}@example.com`;
    const section = page.getByRole('region', { name: 'Email address' });
    await section.getByLabel('New email').fill(next);
    await section.getByLabel('Current password').fill('not my password');
    await section.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(section.locator('.field__error')).toHaveText('Your current password is not correct');
    await section.getByLabel('Current password').fill(user.password);
    await section.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(section.getByRole('status')).toContainText('We have sent a link to the new address');

    const link = await mailedLink(next, '/confirm-email');
    await page.goto(link);
    await expectNoAxeViolations(page, 'confirm-email');
    await page.getByRole('button', { name: 'Confirm this address' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Your email address has been changed. You now sign in with ${next}.`,
    );
    // Confirming ended every session but this browser's, which got a fresh token: it stays signed in.
    await page.goto('/userupdate');
    await expect(page.getByText(`You sign in with ${next}`)).toBeVisible();
  });

  test('deletes the account after the password is typed, keeping its posts anonymously', async ({
    newPage,
  }) => {
    const user = await createUser(server.baseURL, 'Leaver');
    const page = await newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await expect(section.locator('.field__error').first()).toHaveText(
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
    await expect(notice).toHaveText('Your account has been deleted.');
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-deleted-375-light.png` });
    // Once: a reload shows the page without it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('.page-notice')).toHaveCount(0);
    await page.goto('/signin');
    await fillSignIn(page, user.email, user.password);
    await expect(page.getByRole('alert')).toHaveText('Error: Invalid email or password');
  });

  test('signs out everywhere from Settings', async ({ newPage }) => {
    const user = await createUser(server.baseURL, 'Everywhere');
    const page = await newPage({ baseURL: server.baseURL, viewport: DESKTOP });
    await signInAs(page, user);
    await page.goto('/userupdate');
    // A click before the app is interactive does nothing (the page stays, with its empty statuses).
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    // Settings has statuses of its own (empty until something happens there): asking for "the"
    // status before the sign-in page has replaced it is a strict-mode violation, which Playwright
    // does not retry.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('You have been signed out on every device.');
    const me = await fetch(`${server.baseURL}/api/user/me`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(me.status).toBe(401);
  });

  test('downloads everything the writer wrote as a zip from Settings', async ({ newPage }) => {
    const user = await createUser(server.baseURL, 'Keeper');
    await publish(server.baseURL, user, {
      title: 'Worth keeping',
      content: 'Every word of it.',
      tags: ['archive'],
    });
    // axe runs as an injected script, which the page's policy would refuse.
    const page = await newPage({ baseURL: server.baseURL, viewport: PHONE, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await hydrated(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download your data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^inkwell-keeper-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const posts = Object.keys(files).filter((name) => name.startsWith('posts/'));
    expect(posts).toEqual([expect.stringMatching(/^posts\/\d{4}-\d{2}-\d{2}-worth-keeping\.md$/)]);
    expect(strFromU8(files[posts[0]!]!)).toContain('Every word of it.');
    await expect(page.getByText(download.suggestedFilename(), { exact: false })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
  });
});
