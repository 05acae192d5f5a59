import type { Page } from '@playwright/test';
import type { PostVersionSummary } from '../contracts/post-versions';
import type { Post } from '../contracts/posts';
import { axeViolations } from './support/axe';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, expect, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { expectNoHorizontalScroll } from './support/screens';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results';

async function versionsOf(serverURL: string, user: E2eUser, postId: string): Promise<PostVersionSummary[]> {
  const answer = await fetch(`${serverURL}/api/post/versions?id=${postId}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return ((await answer.json()) as { response: PostVersionSummary[] }).response;
}

/** Types at the end of the body, then saves with the button, waiting for the server's answer. */
async function addAndSave(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/post/blog',
  );
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
}

for (const { name, viewport, colorScheme } of [
  { name: '375', viewport: PHONE, colorScheme: 'light' as const },
  { name: 'wide-dark', viewport: DESKTOP, colorScheme: 'dark' as const },
]) {
  test(`a writer compares an older version with the text and restores it (${name})`, async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, 'Historian');
    const created = await fetch(`${serverURL}/api/post/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({ title: 'Versions', content: 'The first words.', status: 'draft' }),
    });
    const draft = ((await created.json()) as { response: Post }).response;

    const page = await newPage({ viewport, colorScheme, bypassCSP: true });
    await signInAs(page, writer);
    await page.goto(`/updateblog?id=${draft.id}`);
    await hydrated(page);
    await addAndSave(page, ' Second thoughts.');
    await addAndSave(page, ' Third thoughts.');
    const body = page.getByRole('textbox', { name: 'Content', exact: true });
    await expect(body).toHaveText('The first words. Second thoughts. Third thoughts.');

    const opener = page.getByRole('button', { name: 'Version history' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Version history' });
    await expect(dialog.getByRole('heading', { name: 'Version history' })).toBeFocused();
    const items = dialog.getByRole('list', { name: 'Saved versions, newest first' }).getByRole('button');
    // The draft as created, then each save (an autosave in between holds a text a save then marks).
    await expect(items.last()).toContainText('Saved');
    await expect(items.first()).toContainText(/Saved.*\+2 \/ −0/);
    await items.last().click();
    await expect(items.last()).toHaveAttribute('aria-current', 'true');
    await expect(dialog.locator('pre del')).toHaveText(
      /^\[taken out:\s+Second thoughts\. Third thoughts\.\]$/,
    );
    await expect(dialog.locator('pre ins')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await expectNoHorizontalScroll(page, viewport.width);
    await page.screenshot({ path: `${SHOTS}/post-versions-${name}.png` });

    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(body).toHaveText('The first words.');
    await expect(page.getByRole('status').filter({ hasText: /^Restored the version saved / })).toBeVisible();
    await expect(opener).toBeFocused();
    const versions = await versionsOf(serverURL, writer, draft.id);
    expect(versions[0]).toMatchObject({ kind: 'restore', wordsAdded: 0, wordsRemoved: 4 });

    // Escape closes the history; focus goes back to its button.
    await opener.click();
    await expect(dialog.getByRole('heading', { name: 'Version history' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}
