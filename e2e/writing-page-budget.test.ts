import { createUser, signInAs } from './support/api';
import { expect, test } from './support/fixtures';

/** Decision 43: the writing page's first load, on the wire as Chromium receives it, at most 250 KB. */
const BUDGET_BYTES = 250_000;

/**
 * Weighs /addblog's first load as bench/editor.ts does: every file and answer the page fetches from
 * its own server until the editor works and the network is quiet (HTML, scripts, styles, the text
 * face, API answers), by the bytes of each body as they came over the wire. 1 KB = 1,000 bytes. The
 * build's report (scripts/report-bundle-size.mjs) checks the files the HTML names; this counts what
 * the page fetches once running too (the signed-in shell's parts, the text face, API answers).
 */
test('the writing page’s first load stays within its 250 KB budget on the wire', async ({
  newPage,
  serverURL,
}) => {
  const writer = await createUser(serverURL, 'Budget Writer');
  const page = await newPage();
  await signInAs(page, writer);
  const origin = new URL(serverURL).origin;
  const weighed: Promise<{ path: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin) return;
    weighed.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({ path: url.pathname, bytes: sizes.responseBodySize })),
    );
  });
  await page.goto('/addblog');
  await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(weighed);
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  const heaviest = [...files]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8)
    .map((file) => `${file.path} ${(file.bytes / 1000).toFixed(1)} KB`)
    .join(', ');
  // The editor's code is there: the page was weighed working, not half loaded.
  expect(files.some((file) => file.path.startsWith('/assets/editor-'))).toBe(true);
  expect(
    total,
    `${(total / 1000).toFixed(1)} KB in ${files.length} files; heaviest: ${heaviest}`,
  ).toBeLessThanOrEqual(BUDGET_BYTES);
});
