import type { Post } from '../contracts/posts';
import { axeViolations } from './support/axe';
import { createUser, signInAs } from './support/api';
import { DESKTOP, PHONE, expect, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { expectNoHorizontalScroll } from './support/screens';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

test('a writer shares a draft by a preview link, a reader opens it, and a revoked link stops working', async ({
  newPage,
  serverURL,
}) => {
  const writer = await createUser(serverURL, 'Previewer');
  const created = await fetch(`${serverURL}/api/post/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
    body: JSON.stringify({ title: 'Before it is out', content: 'An *early* look.', status: 'draft' }),
  });
  const draft = ((await created.json()) as { response: Post }).response;

  const editor = await newPage({ viewport: PHONE, bypassCSP: true });
  await signInAs(editor, writer);
  await editor.goto(`/updateblog?id=${draft.id}`);
  await hydrated(editor);
  const share = editor.getByRole('region', { name: 'Share a preview' });
  await expect(share.getByText('No preview links yet.')).toBeVisible();
  await share.getByLabel('Link works for').selectOption({ label: '1 day' });
  await share.getByRole('button', { name: 'Create a preview link' }).click();
  await expect(share.getByRole('status').first()).toHaveText(/Preview link created/);
  const field = share.getByRole('list', { name: 'Preview links' }).getByRole('textbox');
  await expect(field).toHaveCount(1);
  const url = await field.inputValue();
  expect(url).toMatch(/\/preview\?token=[A-Za-z0-9_-]{32}$/);
  await expect(share.getByText(/works until/)).toBeVisible();
  expect(await axeViolations(editor)).toEqual([]);
  await expectNoHorizontalScroll(editor, PHONE.width);
  await share.screenshot({ path: `${SHOTS ?? 'test-results'}/share-preview-375.png` });

  // Someone without an account, in the dark, on a wide screen.
  const reader = await newPage({ viewport: DESKTOP, colorScheme: 'dark', bypassCSP: true });
  const answer = await reader.goto(new URL(url).pathname + new URL(url).search);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  await expect(reader.getByRole('heading', { level: 1, name: 'Before it is out' })).toBeVisible();
  await expect(reader.getByRole('complementary', { name: 'Preview' })).toContainText('not published yet');
  await expect(reader.locator('.post__content em')).toHaveText('early');
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await axeViolations(reader)).toEqual([]);
  await reader.screenshot({ path: `${SHOTS ?? 'test-results'}/preview-page-wide-dark.png`, fullPage: true });

  await share.getByRole('button', { name: 'Revoke' }).click();
  await expect(share.getByText('No preview links yet.')).toBeVisible();
  const gone = await reader.reload();
  expect(gone?.status()).toBe(404);
  await expect(reader.getByRole('heading', { level: 1 })).toContainText('This preview link does not work');
});
