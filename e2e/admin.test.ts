import { mkdirSync } from 'node:fs';
import { DESKTOP, expect, type NewPage, PHONE, test } from './support/fixtures';
import { createUser, signInAs, uniqueEmail, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { expectFieldError, expectNoHorizontalScroll } from './support/screens';
import { comment, publish, readPath } from './support/posts';
import { startBuiltServer, type RunningServer } from './support/server-process';

/** Where the admin page's screenshots go (E2E_SCREENSHOTS_DIR, as in the other files). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** This file's own server, whose operator is the account ADMIN_EMAILS names. */
let server: RunningServer;
const operatorEmail = uniqueEmail('operator');
/**
 * Signed up with the server, not by the first test: after a failure Playwright goes on in a new
 * worker, which loads this file again (a new server, a new address), and the tests after it need
 * their operator all the same.
 */
let operator: E2eUser;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startBuiltServer({ ADMIN_EMAILS: operatorEmail.toUpperCase() });
  operator = await createUser(server.baseURL, 'Operator', operatorEmail);
});

test.afterAll(async () => {
  await server?.stop();
});

async function pageFor(
  newPage: NewPage,
  user: E2eUser | null,
  options: { viewport?: typeof PHONE; colorScheme?: 'light' | 'dark' } = {},
) {
  // axe runs as an injected script, which the page's policy would refuse.
  const page = await newPage({ baseURL: server.baseURL, bypassCSP: true, ...options });
  if (user) await signInAs(page, user);
  return page;
}

test.describe('operators and moderation', () => {
  test('takes a reader’s report, lets the operator hide the post from /admin, and the post is gone for visitors', async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, 'Spammer');
    const reader = await createUser(server.baseURL, 'Careful Reader');
    const post = await publish(server.baseURL, writer, {
      title: 'Miracle pills, cheap',
      content: 'Buy them at my shop today.',
    });
    await comment(server.baseURL, reader, post.id, 'This looks like spam to me.');

    // The reader reports the post from its menu.
    const readerPage = await pageFor(newPage, reader, { viewport: PHONE });
    await readerPage.goto(readPath(post));
    await readerPage.getByRole('button', { name: 'More actions for this post' }).click();
    await readerPage.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = readerPage.getByRole('dialog', { name: 'Report this post' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.locator('.field__error')).toHaveText('Choose a reason');
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await dialog.getByLabel(/Anything the operators should know/).fill('Sells pills.');
    expect(await axeViolations(readerPage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thanks, an operator will look at it.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // No Admin link for a reader, and /admin says 403.
    await readerPage
      .getByRole('banner')
      .getByRole('button', { name: /Account menu/ })
      .click();
    expect(
      await readerPage.getByRole('menu', { name: 'Account' }).getByRole('menuitem').allTextContents(),
    ).not.toContain('Admin');
    await readerPage.keyboard.press('Escape');
    await readerPage.goto('/admin');
    await expect(
      readerPage.getByRole('heading', { level: 1, name: 'Only operators can see this page' }),
    ).toBeVisible();
    expect(await axeViolations(readerPage)).toEqual([]);

    // The operator finds it in the queue, through the account menu.
    const adminPage = await pageFor(newPage, operator, { viewport: DESKTOP, colorScheme: 'light' });
    await adminPage.goto('/allblog');
    await adminPage
      .getByRole('banner')
      .getByRole('button', { name: /Account menu/ })
      .click();
    await adminPage.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    const report = adminPage.getByRole('article', { name: /Report of a post: Miracle pills, cheap/ });
    await expect(report).toBeVisible();
    await expect(report.locator('.admin-card__note')).toHaveText('Sells pills.');
    expect(await axeViolations(adminPage)).toEqual([]);
    await report.getByRole('button', { name: 'Hide post' }).click();
    await expect(adminPage.locator('.admin__status').first()).toHaveText('The post is hidden');
    await expect(adminPage.getByText('No open reports. Nothing needs you right now.')).toBeVisible();

    // A visitor gets the not-found page, with its honest status.
    const visitor = await pageFor(newPage, null);
    const answer = await visitor.goto(readPath(post));
    expect(answer?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Error: Post not found' })).toBeVisible();

    // The audit log says who did it.
    await adminPage.getByRole('tab', { name: 'Audit log' }).click();
    const entry = adminPage.getByRole('tabpanel').getByRole('listitem').first();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Operator hid the post');
  });

  test('adds a staff pick by its id, saying under the field, until the operator types, what is not a post or is picked already', async ({
    newPage,
  }) => {
    const writer = await createUser(server.baseURL, 'Picked Writer');
    const post = await publish(server.baseURL, writer, {
      title: 'A post worth picking',
      content: 'Worth its place in the side panel.',
    });
    const page = await pageFor(newPage, operator);
    await page.goto('/admin?tab=staff-picks');
    const panel = page.getByRole('tabpanel');
    const field = panel.getByLabel('Add a post', { exact: true });

    await field.fill('not a post');
    await field.press('Enter');
    await expectFieldError(page, 'Add a post', "Paste a post's link or id");
    // What was wrong goes as the operator types, as under the blocked servers' field.
    await field.fill(post.id);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await field.press('Enter');
    await expect(panel.getByRole('status')).toHaveText('Post added to the staff picks');
    await expect(field).toHaveValue('');
    await expect(panel.getByRole('link', { name: 'A post worth picking' })).toBeVisible();

    await field.fill(post.id);
    await field.press('Enter');
    await expectFieldError(page, 'Add a post', 'That post is already picked');
  });

  // Each size and scheme is a test of its own: six tabs, each checked with axe, take a while.
  for (const [viewport, colorScheme] of [
    [PHONE, 'light'],
    [PHONE, 'dark'],
    [DESKTOP, 'light'],
    [DESKTOP, 'dark'],
  ] as const) {
    test(`shows every tab of /admin at ${viewport.width} px in ${colorScheme}, without horizontal scrolling or axe violations`, async ({
      newPage,
    }) => {
      await openReportAndPicks(operator);
      const page = await pageFor(newPage, operator, { viewport, colorScheme });
      for (const tab of [
        'reports',
        'users',
        'staff-picks',
        'testimonials',
        'servers',
        'log',
        'figures',
      ] as const) {
        await page.goto(tab === 'reports' ? '/admin' : `/admin?tab=${tab}`);
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toBeHidden();
        await expectNoHorizontalScroll(page, viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({
            path: `${SHOTS}/admin-${tab}-${viewport.width}-${colorScheme}.png`,
            fullPage: true,
          });
        }
      }
    });
  }
});

let seeded = false;

/** Something in each tab: an open report on a comment, a staff pick, a testimonial (once). */
async function openReportAndPicks(operator: E2eUser): Promise<void> {
  if (seeded) return;
  seeded = true;
  const writer = await createUser(server.baseURL, 'Essayist');
  const reader = await createUser(server.baseURL, 'Commenter');
  const post = await publish(server.baseURL, writer, {
    title: 'On reading slowly',
    content: 'Reading slowly is the surest way to remember what a book said.',
  });
  const remark = await comment(server.baseURL, reader, post.id, 'Rude remark with a link to a shop.');
  const call = async (method: string, path: string, token: string, body: unknown) => {
    const response = await fetch(`${server.baseURL}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  };
  await call('POST', '/api/reports', writer.token, {
    target: { kind: 'comment', id: remark.id },
    reason: 'harassment',
    note: 'Not the first time this account posts such links under my posts.',
  });
  await call('PUT', '/api/admin/staff-picks', operator.token, { postIds: [post.id] });
  await call('PUT', '/api/admin/testimonials', operator.token, {
    testimonials: [
      { source: { kind: 'post', id: post.id }, quote: 'the surest way to remember what a book said' },
    ],
  });
}
