import { createUser, signInAs } from './support/api';
import { DESKTOP, expect, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { publish, tag } from './support/posts';

/**
 * Adding parts one after another (decision 0078): a post chosen while the previous one is still
 * being saved stays chosen. The save is held open here until the next choice is made, which is what
 * a quick writer (or a busy server) does; clearing the choice when the save answered wiped it.
 */
test('a post chosen while the last one is being saved stays chosen, and goes in', async ({
  newPage,
  serverURL,
}) => {
  const writer = await createUser(serverURL, `Quick${tag()}`);
  const t = tag();
  const first = await publish(serverURL, writer, { title: `Opening ${t}`, content: 'One.' });
  const second = await publish(serverURL, writer, { title: `Closing ${t}`, content: 'Two.' });
  const made = await fetch(`${serverURL}/api/series`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
    body: JSON.stringify({ title: `Pair ${t}` }),
  });
  expect(made.status).toBe(201);

  const page = await newPage({ viewport: DESKTOP });
  await signInAs(page, writer);
  await page.goto('/series/manage');
  await hydrated(page);
  const series = page.getByRole('region', { name: `Pair ${t}`, exact: true });
  const choice = series.getByRole('combobox', { name: 'Add a post' });
  const add = series.getByRole('button', { name: `Add to “Pair ${t}”` });
  await expect(choice).toBeEnabled();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = true;
  await page.route('**/api/series/posts?*', async (route) => {
    if (route.request().method() === 'PUT' && holding) {
      holding = false;
      await held;
    }
    await route.continue();
  });

  await choice.selectOption({ label: first.title });
  await add.click();
  await expect(series.getByRole('listitem').filter({ hasText: first.title })).toBeVisible();
  await choice.selectOption({ label: second.title });
  release();
  await expect(
    page.getByRole('status').filter({ hasText: `“${first.title}” is added as part 1` }),
  ).toBeAttached();
  await expect(choice).toHaveValue(second.id);

  await add.click();
  await expect(series.getByRole('listitem').filter({ hasText: second.title })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `“${second.title}” is added as part 2 of 2` }),
  ).toBeAttached();
});
