import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { createUser, signInAs, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { expectNoHorizontalScroll } from './support/screens';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** A list brought in through the API, as a writer coming from Substack would. */
async function importList(baseURL: string, writer: E2eUser, csv: string): Promise<void> {
  const body = new FormData();
  body.append('consent', 'true');
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'list.csv');
  const response = await fetch(`${baseURL}/api/newsletters/lists/${writer.id}/subscribers/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writer.token}` },
    body,
  });
  if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
}

const addresses = (count: number, tag: string) =>
  Array.from({ length: count }, (_, n) => `${tag}${String(n).padStart(2, '0')}@example.com`);

async function looks(page: Page, name: string, width: number, scheme: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([]);
  await expectNoHorizontalScroll(page, width);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/subscribers-${name}-${width}-${scheme}.png`, fullPage: true });
}

test.describe('the Subscribers page', () => {
  test('a writer finds it in Settings, searches, removes, exports and imports with consent', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, 'List Keeper');
    await importList(serverURL, writer, `email\n${addresses(55, 'reader').join('\n')}\n`);
    const page = await newPage();
    await signInAs(page, writer);

    await page.goto('/userupdate');
    await page.getByRole('link', { name: 'Your subscribers', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your subscribers' })).toBeVisible();
    const counts = page.locator('.subscriber-counts');
    await expect(counts.getByText('Active')).toBeVisible();
    await expect(counts.locator('.subscriber-counts__item--active dd')).toHaveText('55');
    await expect(page.getByRole('figure')).toContainText('55 new, 0 unsubscribed in the last 30 days.');

    // 50 a page, then the rest.
    const rows = page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem');
    await expect(rows).toHaveCount(50);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(rows).toHaveCount(55);

    // Enter in the search field searches: that is its form's job.
    await page.getByLabel('Search by address').fill('READER0');
    await page.getByLabel('Search by address').press('Enter');
    await expect(rows).toHaveCount(10);

    // Removal asks first; Cancel keeps the address, Remove takes it off.
    await page.getByRole('button', { name: 'Remove reader03@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this subscriber?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(10);
    await page.getByRole('button', { name: 'Remove reader03@example.com' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(rows).toHaveCount(9);
    await expect(counts.locator('.subscriber-counts__item--active dd')).toHaveText('54');

    await page.getByLabel('State').selectOption('unsubscribed');
    await expect(page.getByText('No subscriber matches.')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await readFile(await download.path(), 'utf8');
    expect(exported.split('\n')[0]).toBe('email,status,created_at,confirmed_at,unsubscribed_at');
    expect(exported.trimEnd().split('\n')).toHaveLength(1 + 54);
    expect(exported).not.toContain('reader03@example.com');

    // Import: the consent box is required, and bad lines are named by number by the file field.
    const file = page.getByLabel('CSV file');
    await file.setInputFiles({
      name: 'substack.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'email,active_subscription,email_disabled\nnew.one@example.com,true,false\nnope,true,false\nmuted@example.com,true,true\nreader00@example.com,true,false\n',
      ),
    });
    await page.getByRole('button', { name: 'Import' }).click();
    const consent = page.getByRole('checkbox', { name: /I confirm these people consented/ });
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Confirm that everyone in the file agreed')).toBeVisible();
    await consent.check();
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Read as Substack' })).toContainText(
      '1 new subscriber, 1 already subscribed',
    );
    await expect(page.getByText('Line 3: Email address must be a valid address: nope')).toBeVisible();
    await expect(file).toHaveAttribute('aria-invalid', 'true');
    await expect(counts.locator('.subscriber-counts__item--active dd')).toHaveText('55');
  });

  test("a publication's owner reaches its list from the publication's page", async ({
    newPage,
    serverURL,
  }) => {
    const owner = await createUser(serverURL, 'Team Keeper');
    const slug = `letters-${Date.now().toString(36)}`;
    const created = await fetch(`${serverURL}/api/publications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ slug, name: 'Team Letters', description: 'Letters' }),
    });
    expect(created.status).toBe(201);
    const page = await newPage();
    await signInAs(page, owner);
    await page.goto(`/publication?slug=${slug}`);
    await page
      .getByRole('region', { name: 'Newsletter subscribers' })
      .getByRole('link', { name: 'Subscribers' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribers of Team Letters' })).toBeVisible();
    await expect(page.getByText('Nobody has subscribed yet.')).toBeVisible();
  });

  test('answers a writer who is not an editor of the list with a clear refusal', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, 'List Keeper');
    const stranger = await createUser(serverURL, 'Curious Reader');
    const page = await newPage();
    await signInAs(page, stranger);
    await page.goto(`/subscribers?list=${writer.id}`);
    await expect(page.getByRole('alert')).toContainText(
      "Only the list's owner and editors can see its subscribers",
    );
  });

  for (const [viewport, scheme] of [
    [PHONE, 'light'],
    [PHONE, 'dark'],
    [DESKTOP, 'light'],
    [DESKTOP, 'dark'],
  ] as const) {
    test(`reads well and passes axe at ${viewport.width} px, ${scheme}`, async ({ newPage, serverURL }) => {
      const writer = await createUser(serverURL, 'List Keeper');
      await importList(
        serverURL,
        writer,
        `email\n${addresses(12, 'a.rather.long.address.for.a.phone.screen').join('\n')}\n`,
      );
      const page = await newPage({ viewport, colorScheme: scheme, bypassCSP: true });
      await signInAs(page, writer);
      await page.goto('/subscribers');
      await expect(page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem')).toHaveCount(12);
      await looks(page, 'page', viewport.width, scheme);
      await page.getByRole('button', { name: 'Year' }).click();
      await expect(page.getByRole('button', { name: 'Year' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('figure')).toContainText('in the last year');
      await page.getByRole('button', { name: 'Import' }).click();
      await expect(page.getByText('Choose a CSV file to import')).toBeVisible();
      await looks(page, 'import-errors', viewport.width, scheme);
    });
  }
});
