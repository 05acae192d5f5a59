import type { Page } from '@playwright/test';
import { startMailSink, type MailSink } from '../tests/api/support/mail-sink';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { createPost, createUser, signInAs, uniqueEmail } from './support/api';
import { axeViolations } from './support/axe';
import { expectNoHorizontalScroll } from './support/screens';
import { startBuiltServer, type RunningServer } from './support/server-process';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** The server's emails, as a real SMTP server received and mailparser read them. */
let sink: MailSink;

/** This file's own server, mailing to the SMTP server above; its PUBLIC_URL is its own address. */
let server: RunningServer;
let site = '';

test.beforeAll(async () => {
  sink = await startMailSink();
  server = await startBuiltServer({ SMTP_URL: sink.url });
  // Without PUBLIC_URL the server's links are http://localhost:PORT: the pages are opened there.
  site = `http://localhost:${new URL(server.baseURL).port}`;
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

/** The path and query of the confirmation link mailed to `address`. */
async function confirmationLink(address: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const match = sink.inbox
      .filter((mail) => mail.to === address)
      .at(-1)
      ?.text.match(/https?:\/\/[^/\s]+(\/newsletters\/confirm\?token=[\w-]+)/);
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation reached ${address}`);
}

async function ownBlogSlug(token: string): Promise<string> {
  const response = await fetch(`${server.baseURL}/api/user/publications`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { response: { publication: { slug: string } }[] };
  const slug = body.response[0]?.publication.slug;
  if (!slug) throw new Error('no own blog');
  return slug;
}

async function looks(page: Page, name: string, width: number, scheme: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([]);
  await expectNoHorizontalScroll(page, width);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/newsletter-${name}-${width}-${scheme}.png`, fullPage: true });
}

test.describe('newsletter subscriptions in the browser', () => {
  test('a reader without JavaScript subscribes on a profile, confirms from the email, and unsubscribes', async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, 'Letter Writer');
    const address = uniqueEmail('subscriber');
    const page = await newPage({ baseURL: site, javaScriptEnabled: false });

    await page.goto(`/profile?userId=${writer.id}`);
    const form = page.getByRole('region', { name: `Get new posts from ${writer.username} by email` });
    await form.getByLabel('Email address').fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();

    // Opening the link shows a button; only pressing it confirms.
    await page.goto(await confirmationLink(address));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribed' })).toBeVisible();

    await page.getByRole('link', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeVisible();
    // The undo, for a button pressed by mistake.
    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribed' })).toBeVisible();
  });

  test('a signed-in reader subscribes with one click, with their account’s address', async ({ newPage }) => {
    const writer = await createUser(server.baseURL, 'Letter Writer');
    const reader = await createUser(server.baseURL, 'Letter Reader');
    const page = await newPage({ baseURL: site });
    await signInAs(page, reader);
    await page.goto(`/profile?userId=${writer.id}`);
    const form = page.getByRole('region', { name: `Get new posts from ${writer.username} by email` });
    await expect(form.getByText('Sent to your account’s address, once you confirm.')).toBeVisible();
    await expect(form.getByLabel('Email address')).toHaveCount(0);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toContainText('Check your inbox');
    expect(await confirmationLink(reader.email)).toMatch(/^\/newsletters\/confirm\?token=/);
  });

  test('a wrong address gets its message by the field', async ({ newPage }) => {
    const writer = await createUser(server.baseURL, 'Letter Writer');
    const page = await newPage({ baseURL: site, javaScriptEnabled: false });
    await page.goto(`/profile?userId=${writer.id}`);
    const field = page.getByLabel('Email address');
    // The browser's own check is off here, so the server's answer is what is seen.
    await field.evaluate((input) => input.removeAttribute('type'));
    await field.fill('not an address');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Subscribe to / })).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#subscribe-email-error')).toHaveText('Email address must be a valid address');
  });

  test('under a post, a reader without JavaScript subscribes to its writer, and a team post names its publication', async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, 'Post Writer');
    const post = await createPost(server.baseURL, writer, { title: 'Worth a letter', content: 'Body.' });
    const address = uniqueEmail('post-reader');
    const page = await newPage({ baseURL: site, javaScriptEnabled: false });

    await page.goto(`/readblog?id=${post.id}`);
    const form = page.getByRole('region', { name: `Get new posts from ${writer.username} by email` });
    await form.getByLabel('Email address').fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await confirmationLink(address);
    // The writer's own list: the confirmation names it.
    expect(sink.inbox.find((mail) => mail.to === address)?.text).toContain(writer.username);

    const slug = `letters-${Date.now().toString(36)}`;
    const created = await fetch(`${server.baseURL}/api/publications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({ slug, name: 'The Letter Press' }),
    });
    expect(created.status).toBe(201);
    const teamPost = await fetch(`${server.baseURL}/api/post/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({ title: 'From the press', content: 'Body.', publication: slug }),
    });
    const { response } = (await teamPost.json()) as { response: { id: string } };
    await page.goto(`/readblog?id=${response.id}`);
    const teamForm = page.getByRole('region', { name: 'Get new posts from The Letter Press by email' });
    await expect(teamForm.locator('input[name="publication"]')).toHaveValue(slug);
  });

  test('under a post, React takes the form over near the end: one click for a reader, none for its writer', async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, 'Own Letter');
    const reader = await createUser(server.baseURL, 'Near Reader');
    const post = await createPost(server.baseURL, writer, { title: 'Read to the end', content: 'Body.' });

    const readerPage = await newPage({ baseURL: site });
    await signInAs(readerPage, reader);
    await readerPage.goto(`/readblog?id=${post.id}`);
    const form = readerPage.getByRole('region', { name: `Get new posts from ${writer.username} by email` });
    await readerPage.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(form.getByText('Sent to your account’s address, once you confirm.')).toBeVisible();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toContainText('Check your inbox');
    expect(await confirmationLink(reader.email)).toMatch(/^\/newsletters\/confirm\?token=/);

    const writerPage = await newPage({ baseURL: site });
    await signInAs(writerPage, writer);
    await writerPage.goto(`/readblog?id=${post.id}`);
    await expect(writerPage.getByRole('heading', { level: 1, name: 'Read to the end' })).toBeVisible();
    await expect(writerPage.getByRole('region', { name: /by email$/ })).toHaveCount(0);
  });

  for (const [viewport, scheme] of [
    [PHONE, 'light'],
    [PHONE, 'dark'],
    [DESKTOP, 'light'],
    [DESKTOP, 'dark'],
  ] as const) {
    test(`the pages read well and pass axe at ${viewport.width} px, ${scheme}`, async ({ newPage }) => {
      const writer = await createUser(server.baseURL, 'Letter Writer');
      const address = uniqueEmail('looker');
      // axe is an injected script, which the pages' policy refuses.
      const page = await newPage({ baseURL: site, viewport, colorScheme: scheme, bypassCSP: true });
      const post = await createPost(server.baseURL, writer, { title: 'A post to look at', content: 'Body.' });
      await page.goto(`/readblog?id=${post.id}`);
      const underPost = page.getByRole('region', { name: `Get new posts from ${writer.username} by email` });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(underPost.getByLabel('Email address')).toBeVisible();
      await looks(page, 'read-page', viewport.width, scheme);

      await page.goto(`/profile?userId=${writer.id}`);
      const form = page.getByRole('region', { name: `Get new posts from ${writer.username} by email` });
      await expect(form).toBeVisible();
      await looks(page, 'profile', viewport.width, scheme);
      await form.getByLabel('Email address').fill(address);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
      await looks(page, 'check-inbox', viewport.width, scheme);

      await page.mainFrame().goto(await confirmationLink(address));
      await looks(page, 'confirm', viewport.width, scheme);
      await page.getByRole('button', { name: 'Confirm subscription' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Subscribed' })).toBeVisible();
      await looks(page, 'confirmed', viewport.width, scheme);
      await page.getByRole('link', { name: 'Unsubscribe' }).click();
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeVisible();
      await looks(page, 'unsubscribed', viewport.width, scheme);

      const home = await page.mainFrame().goto(`/pub/${await ownBlogSlug(writer.token)}`);
      expect(home?.status()).toBe(200);
      await expect(page.getByRole('region', { name: /by email$/ })).toBeVisible();
      await looks(page, 'site-home', viewport.width, scheme);
    });
  }
});
