import type { Page } from '@playwright/test';
import { createUser, signInAs, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { DESKTOP, expect, PHONE, type NewPage, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { expectFieldError, expectNoHorizontalScroll } from './support/screens';
import { serverWithMailSink, until } from './support/mail-server';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** This file's own server and the SMTP server it mails to (where the test email lands). */
const running = serverWithMailSink();

async function open(
  newPage: NewPage,
  user: E2eUser,
  path: string,
  options: { width?: number; scheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const page = await newPage({
    baseURL: running.server.baseURL,
    viewport: options.width === PHONE.width ? PHONE : DESKTOP,
    colorScheme: options.scheme ?? 'light',
    bypassCSP: true,
  });
  await signInAs(page, user);
  await page.goto(path);
  await hydrated(page);
  return page;
}

async function looks(page: Page, name: string, width: number, scheme: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([]);
  await expectNoHorizontalScroll(page, width);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/newsletter-${name}-${width}-${scheme}.png`, fullPage: true });
}

const settingsOf = (page: Page) => page.getByRole('region', { name: 'Newsletter settings' });

test.describe('the newsletter settings on the Subscribers page', () => {
  test('saved settings are there after a reload; a bad Reply-To is said by its field', async ({
    newPage,
  }) => {
    const writer = await createUser(running.server.baseURL, 'Settings Keeper');
    const page = await open(newPage, writer, '/subscribers');
    const settings = settingsOf(page);
    await expect(settings.getByLabel('Newsletter name', { exact: true })).toHaveValue('');
    await expect(settings.getByRole('radio', { name: /Email subscribers/ })).toBeChecked();

    // A bad address: the server's message by the field, nothing saved.
    await settings.getByLabel('Reply-To address', { exact: true }).fill('not an address');
    await settings.getByRole('button', { name: 'Save newsletter settings' }).click();
    await expectFieldError(page, 'Reply-To address', /email address/);
    await looks(page, 'settings-error', DESKTOP.width, 'light');

    await settings.getByLabel('Newsletter name', { exact: true }).fill('The Weekly Keeper');
    await settings.getByLabel('Sender name', { exact: true }).fill('Keeper at Inkwell');
    await settings.getByLabel('Reply-To address', { exact: true }).fill('replies@example.com');
    // Enter in the footer makes a new line; it saves nothing.
    const footer = settings.getByLabel('Footer text', { exact: true });
    await footer.fill('First line.');
    await footer.press('End');
    await footer.press('Enter');
    await footer.pressSequentially('Second line.');
    await expect(footer).toHaveValue('First line.\nSecond line.');
    await expect(page.getByRole('status').filter({ hasText: 'Newsletter settings saved.' })).toHaveCount(0);
    await settings.getByRole('radio', { name: /Publish on the web only/ }).check();
    // Enter in a text field saves, as in every settings form here.
    await settings.getByLabel('Sender name', { exact: true }).press('Enter');
    await expect(settings.getByRole('status')).toHaveText('Newsletter settings saved.');

    await page.reload();
    await hydrated(page);
    const again = settingsOf(page);
    await expect(again.getByLabel('Newsletter name', { exact: true })).toHaveValue('The Weekly Keeper');
    await expect(again.getByLabel('Sender name', { exact: true })).toHaveValue('Keeper at Inkwell');
    await expect(again.getByLabel('Reply-To address', { exact: true })).toHaveValue('replies@example.com');
    await expect(again.getByLabel('Footer text', { exact: true })).toHaveValue('First line.\nSecond line.');
    await expect(again.getByRole('radio', { name: /Publish on the web only/ })).toBeChecked();
  });

  test("a publication's owner sets its list's settings too", async ({ newPage }) => {
    const owner = await createUser(running.server.baseURL, 'Publication Owner');
    const slug = `letters-${Date.now().toString(36)}`;
    const created = await fetch(`${running.server.baseURL}/api/publications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ slug, name: 'Letters Quarterly' }),
    });
    expect(created.status).toBe(201);
    const page = await open(newPage, owner, `/subscribers?list=${slug}`);
    const settings = settingsOf(page);
    await settings.getByLabel('Sender name', { exact: true }).fill('The Letters Desk');
    await settings.getByRole('button', { name: 'Save newsletter settings' }).click();
    await expect(settings.getByRole('status')).toHaveText('Newsletter settings saved.');
    const stored = await fetch(`${running.server.baseURL}/api/newsletters/lists/${slug}/settings`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(((await stored.json()) as { response: { senderName: string } }).response.senderName).toBe(
      'The Letters Desk',
    );
  });

  for (const width of [PHONE.width, DESKTOP.width]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`looks right at ${width} px, ${scheme}`, async ({ newPage }) => {
        const writer = await createUser(running.server.baseURL, 'Settings Look');
        const page = await open(newPage, writer, '/subscribers', { width, scheme });
        await expect(settingsOf(page).getByLabel('Footer text', { exact: true })).toBeVisible();
        await looks(page, 'settings', width, scheme);
      });
    }
  }
});

test.describe('the email before publishing', () => {
  async function settings(writer: E2eUser): Promise<void> {
    const response = await fetch(`${running.server.baseURL}/api/newsletters/lists/${writer.id}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({
        newsletterName: 'Draft Notes',
        senderName: 'Draft Sender',
        replyTo: 'answers@example.com',
        footer: 'Thanks for reading Draft Notes.',
      }),
    });
    expect(response.status).toBe(200);
  }

  async function write(page: Page, title: string): Promise<void> {
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content', exact: true }).click();
    await page.keyboard.type('Words for the preview.');
  }

  test('the preview shows the unsaved draft in a dialog; Escape closes it and focus returns', async ({
    newPage,
  }) => {
    const writer = await createUser(running.server.baseURL, 'Preview Writer');
    await settings(writer);
    const page = await open(newPage, writer, '/addblog');
    const title = `A preview ${Date.now()}`;
    await write(page, title);

    const button = page.getByRole('button', { name: 'Preview email' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Email preview' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Subject: ${title}`);
    const frame = dialog.getByTitle(`The email: ${title}`);
    await expect(frame).toHaveAttribute('sandbox', /allow-same-origin/);
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    const email = page.frameLocator('iframe.email-preview__frame');
    await expect(email.getByText('Words for the preview.')).toBeVisible();
    await expect(email.getByText('Thanks for reading Draft Notes.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/newsletter-preview-1280-light.png` });

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("the preview keeps the email's inlined styles under the app's Content-Security-Policy", async ({
    newPage,
  }) => {
    const writer = await createUser(running.server.baseURL, 'Styled Preview');
    const page = await newPage({ baseURL: running.server.baseURL, viewport: PHONE, colorScheme: 'dark' });
    await signInAs(page, writer);
    await page.goto('/addblog');
    await hydrated(page);
    await write(page, 'Styled under the policy');
    await page.getByRole('button', { name: 'Preview email' }).scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/newsletter-editor-375-dark.png` });
    await page.getByRole('button', { name: 'Preview email' }).click();
    const frame = page.frameLocator('iframe.email-preview__frame');
    const styled = frame.locator('[style]').first();
    await expect(styled).toBeVisible();
    // The attribute the policy refused to apply is applied through the CSSOM.
    await expect
      .poll(() => styled.evaluate((element) => (element as HTMLElement).style.length))
      .toBeGreaterThan(0);
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/newsletter-preview-375-dark.png` });
  });

  test('"Send a test email to me" says where it went; it arrives with the sender name, Reply-To and footer', async ({
    newPage,
  }) => {
    const writer = await createUser(running.server.baseURL, 'Test Sender');
    await settings(writer);
    const page = await open(newPage, writer, '/addblog');
    const title = `A test email ${Date.now()}`;
    await write(page, title);
    await page.getByRole('button', { name: 'Send a test email to me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Test email sent to' })).toHaveText(
      `Test email sent to ${writer.email}.`,
    );
    const mail = await until(
      () =>
        running.sink.inbox.find(
          (received) => received.to === writer.email && received.subject.includes(title),
        ),
      'the test email',
    );
    expect(mail.subject).toContain('[Test]');
    expect(mail.from.name).toBe('Draft Sender');
    expect(mail.replyTo).toBe('answers@example.com');
    expect(mail.text).toContain('Thanks for reading Draft Notes.');
    expect(mail.html).toContain('Thanks for reading Draft Notes.');
  });

  test("an empty draft: the server's refusal is said, nothing is sent", async ({ newPage }) => {
    const writer = await createUser(running.server.baseURL, 'Empty Draft');
    const page = await open(newPage, writer, '/addblog');
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    const before = running.sink.inbox.length;
    await page.getByRole('button', { name: 'Send a test email to me' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /required/ })).toBeVisible();
    expect(running.sink.inbox.slice(before).filter((mail) => mail.to === writer.email)).toEqual([]);
  });
});
