import type { Page } from '@playwright/test';
import { createUser, signInAs, uniqueEmail, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { DESKTOP, expect, type NewPage, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { serverWithMailSink, until } from './support/mail-server';

/** This file's own server and the SMTP server it mails to (what the subscriber receives). */
const running = serverWithMailSink();

/** A confirmed subscriber of the writer's own blog, by the API and the emailed link. */
async function subscriber(writer: E2eUser): Promise<string> {
  const email = uniqueEmail('inbox');
  await fetch(`${running.server.baseURL}/api/newsletters/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publication: writer.id, email }),
  });
  const token = await until(
    () => running.sink.inbox.find((mail) => mail.to === email)?.text.match(/confirm\?token=([\w-]+)/)?.[1],
    'the confirmation',
  );
  const confirmed = await fetch(`${running.server.baseURL}/api/newsletters/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(confirmed.status).toBe(200);
  return email;
}

async function openEditor(newPage: NewPage, user: E2eUser): Promise<Page> {
  const page = await newPage({ baseURL: running.server.baseURL, viewport: DESKTOP, bypassCSP: true });
  await signInAs(page, user);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/addblog');
  await hydrated(page);
  await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
  return page;
}

async function write(page: Page, title: string): Promise<void> {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.type('Words for the inbox.');
}

test.describe('publishing with or without an email', () => {
  test('"Publish on the web only" is chosen by keyboard and sends nothing; "Publish and email" sends', async ({
    newPage,
  }) => {
    const writer = await createUser(running.server.baseURL, 'Letter Sender');
    const email = await subscriber(writer);
    const page = await openEditor(newPage, writer);
    const choice = page.getByRole('group', { name: 'When it is published' });
    await expect(choice.getByRole('radio', { name: /Publish and email/ })).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);

    const webTitle = `On the web only ${Date.now()}`;
    await write(page, webTitle);
    // By keyboard: focus the checked radio, move with the arrow key; Enter publishes nothing.
    await choice.getByRole('radio', { name: /Publish and email/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(choice.getByRole('radio', { name: /Publish on the web only/ })).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/addblog|\/updateblog/);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.waitForURL(/\/allblog/);

    const page2 = await openEditor(newPage, writer);
    const emailTitle = `Publish and email ${Date.now()}`;
    await write(page2, emailTitle);
    await page2.getByRole('button', { name: 'Publish', exact: true }).click();
    await page2.waitForURL(/\/allblog/);

    const received = await until(
      () => running.sink.inbox.find((mail) => mail.to === email && mail.subject === emailTitle),
      'the post by email',
    );
    expect(received.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The web-only post, published first, never arrives.
    expect(running.sink.inbox.filter((mail) => mail.subject === webTitle)).toEqual([]);

    // The Subscribers page says what became of the emailed post, and lists no other. The sink has
    // the email before the sender hears its answer and marks it sent: wait for that first.
    await expect
      .poll(async () => {
        const response = await fetch(`${running.server.baseURL}/api/newsletters/lists/${writer.id}/sends`, {
          headers: { authorization: `Bearer ${writer.token}` },
        });
        const body = (await response.json()) as { response: { emails: { sent: number } }[] };
        return body.response[0]?.emails.sent;
      })
      .toBe(1);
    await page2.goto('/subscribers');
    const sent = page2.getByRole('list', { name: 'Posts emailed' });
    await expect(sent.getByRole('listitem')).toHaveCount(1);
    await expect(sent.getByRole('link', { name: emailTitle })).toBeVisible();
    await expect(sent.getByRole('listitem')).toContainText('1 sent');
    expect(await axeViolations(page2)).toEqual([]);
  });
});
