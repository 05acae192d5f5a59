import type { Page } from '@playwright/test';
import { createUser, signInAs } from './support/api';
import { axeViolations } from './support/axe';
import { DESKTOP, expect, PHONE, test, type NewPage } from './support/fixtures';
import { hydrated } from './support/hydration';
import { publish, readPath, tag } from './support/posts';
import { expectNoHorizontalScroll } from './support/screens';
import type { E2eUser } from './support/api';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function open(
  newPage: NewPage,
  path: string,
  user: E2eUser,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const page = await newPage({ viewport: DESKTOP, bypassCSP: true, ...options });
  await signInAs(page, user);
  await page.goto(path);
  await hydrated(page);
  return page;
}

const manager = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Series (decision 0078): made, filled and reordered on the management page, read in that order. */
test.describe('series', () => {
  test('a writer makes a series of three posts, reorders it by keyboard, and readers follow the new order', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, `Serial${tag()}`);
    const t = tag();
    const [one, two, three] = [
      await publish(serverURL, writer, { title: `First ${t}`, content: 'The first part.' }),
      await publish(serverURL, writer, { title: `Second ${t}`, content: 'The second part.' }),
      await publish(serverURL, writer, { title: `Third ${t}`, content: 'The third part.' }),
    ];
    const page = await open(newPage, '/series/manage', writer);
    await expect(page.getByRole('heading', { level: 1, name: 'Your series' })).toBeVisible();
    await expect(page.getByText('No series yet.')).toBeVisible();

    // Each mistake is said by its field.
    await page.getByRole('button', { name: 'Create series' }).click();
    const titleField = page.getByRole('textbox', { name: 'Title' });
    await expect(titleField).toBeFocused();
    await expect(titleField).toHaveAccessibleDescription(/Title is required/);
    const name = `Notes ${t}`;
    await titleField.fill(name);
    await page.getByRole('textbox', { name: 'Description' }).fill('Three notes, in order.');
    await titleField.press('Enter');
    const series = manager(page, name);
    await expect(series).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Created “${name}”` })).toBeAttached();
    await expect(titleField).toHaveValue('');

    // Adding with nothing chosen says so by the list.
    const choice = series.getByRole('combobox', { name: 'Add a post' });
    await expect(choice).toBeEnabled();
    await series.getByRole('button', { name: `Add to “${name}”` }).click();
    await expect(choice).toHaveAccessibleDescription('Choose a post to add');
    for (const post of [one, two, three]) {
      await choice.selectOption({ label: post.title });
      await series.getByRole('button', { name: `Add to “${name}”` }).click();
      await expect(series.getByRole('listitem').filter({ hasText: post.title })).toBeVisible();
    }
    const titles = () => series.getByRole('listitem').locator('.series-parts__title a').allTextContents();
    await expect.poll(titles).toEqual([one.title, two.title, three.title]);

    // Third moves up by keyboard, twice: the button keeps the focus, each place is announced.
    const up = series.getByRole('button', { name: `Move “${three.title}” up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `“${three.title}” is now part 2 of 3.` }),
    ).toBeAttached();
    await expect(up).toBeFocused();
    await page.keyboard.press('Space');
    await expect(
      page.getByRole('status').filter({ hasText: `“${three.title}” is now part 1 of 3.` }),
    ).toBeAttached();
    await expect.poll(titles).toEqual([three.title, one.title, two.title]);
    expect(await axeViolations(page)).toEqual([]);

    // Saved: a fresh page shows the same order.
    await page.reload();
    await hydrated(page);
    await expect.poll(titles).toEqual([three.title, one.title, two.title]);

    // The read page: part 2 of 3, with the previous and next parts.
    await page.goto(readPath(one));
    const box = page.getByRole('navigation', { name: 'Series' });
    await expect(box).toContainText(`Part 2 of 3 in ${name}`);
    const steps = page.getByRole('navigation', { name: 'Previous and next parts' });
    await expect(steps.getByRole('link', { name: `← Previous: ${three.title}` })).toBeVisible();
    await expect(steps.getByRole('link', { name: `Next: ${two.title} →` })).toBeVisible();

    // The series page lists the parts in the new order.
    await box.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.series-page__part-title')).toHaveText([three.title, one.title, two.title]);
    expect(await axeViolations(page)).toEqual([]);

    // The writer's profile lists the series with its parts, leading to its page.
    await page.goto(`/profile?userId=${writer.id}`);
    const listed = page.getByRole('region', { name: 'Series' });
    await expect(listed.getByRole('listitem')).toHaveText(`${name} · 3 parts`);
    await listed.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('the management page at 375 px, light and dark: no sideways scroll, axe 0; a failed load says so', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, `Narrow${tag()}`);
    const t = tag();
    const posts = [
      await publish(serverURL, writer, { title: `A rather long first title ${t}`, content: 'One.' }),
      await publish(serverURL, writer, { title: `Two ${t}`, content: 'Two.' }),
    ];
    const name = `Course ${t}`;
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open(newPage, '/series/manage', writer, { viewport: PHONE, colorScheme });
      if (colorScheme === 'light') {
        await page.getByRole('textbox', { name: 'Title' }).fill(name);
        await page.getByRole('button', { name: 'Create series' }).click();
        const series = manager(page, name);
        for (const post of posts) {
          await series.getByRole('combobox', { name: 'Add a post' }).selectOption({ label: post.title });
          await series.getByRole('button', { name: `Add to “${name}”` }).click();
          await expect(series.getByRole('listitem').filter({ hasText: post.title })).toBeVisible();
        }
      }
      await expect(manager(page, name).getByRole('listitem')).toHaveCount(2);
      await expectNoHorizontalScroll(page, PHONE.width);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/series-manage-375-${colorScheme}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
    }

    // A failed load: the error and Retry, which loads again.
    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await signInAs(page, writer);
    let fail = true;
    await page.route('**/api/series/mine', (route) =>
      fail ? route.fulfill({ status: 500, json: { message: 'Something went wrong' } }) : route.continue(),
    );
    await page.goto('/series/manage');
    await hydrated(page);
    await expect(page.getByRole('alert')).toContainText('Something went wrong');
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(manager(page, name)).toBeVisible();
  });
});
