import type { Page } from '@playwright/test';
import type { Series } from '../contracts/series';
import { axeViolations } from './support/axe';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, expect, test, type NewPage, type PageOptions } from './support/fixtures';
import { hydrated } from './support/hydration';
import { failNetwork, tag } from './support/posts';
import { atPath, expectNoHorizontalScroll } from './support/screens';

/*
 * The writing page's series (decision 0086): a post is put in one of the writer's series, as its
 * last part, or taken out, from the page where it is written; a new post's choice goes with its
 * first save.
 */

/** Where to keep screenshots to look at (unset: none are taken). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function api<T>(serverURL: string, user: E2eUser, path: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${serverURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { response: T }).response;
}

const makeSeries = (serverURL: string, user: E2eUser, title: string) =>
  api<Series>(serverURL, user, '/api/series', 'POST', { title });

/** Each series the writer manages, by title, with its parts' titles in order. */
async function seriesOf(serverURL: string, user: E2eUser): Promise<Record<string, string[]>> {
  const all = await api<Series[]>(serverURL, user, '/api/series/mine');
  return Object.fromEntries(all.map((series) => [series.title, series.parts.map((part) => part.title)]));
}

async function openEditor(newPage: NewPage, user: E2eUser, path: string, options: PageOptions = {}) {
  const page = await newPage({ viewport: DESKTOP, ...options });
  await signInAs(page, user);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
  // At work on the page: the field is fetched then, not with the page.
  await page.getByLabel('Title', { exact: true }).click();
  return page;
}

const seriesField = (page: Page) => page.getByRole('combobox', { name: 'Series', exact: true });

test.describe('the series of the post being written (decision 0086)', () => {
  test('puts a new draft in the chosen series with its first save, and says so', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, `Serial ${tag()}`);
    const t = tag();
    const course = await makeSeries(serverURL, writer, `Course ${t}`);
    await makeSeries(serverURL, writer, `Other ${t}`);
    const existing = await api<{ id: string }>(serverURL, writer, '/api/post/blog', 'POST', {
      title: `Lesson one ${t}`,
      content: 'First.',
    });
    await api(serverURL, writer, `/api/series/posts?id=${course.id}`, 'PUT', { postIds: [existing.id] });

    const page = await openEditor(newPage, writer, '/addblog');
    const field = seriesField(page);
    await expect(field).toBeEnabled();
    await expect(field).toHaveValue('');
    await field.selectOption({ label: `Course ${t}` });
    await expect(field).toHaveAccessibleDescription(
      `Joins “Course ${t}” as part 2 of 2 when the post is next saved.`,
    );

    const title = `Lesson two ${t}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content', exact: true }).click();
    await page.keyboard.type('Second, in order.');
    await expect(page.locator('[data-save-state="saved"]')).toBeVisible();
    await expect
      .poll(async () => (await seriesOf(serverURL, writer))[`Course ${t}`])
      .toEqual([`Lesson one ${t}`, title]);
  });

  test('sends the choice once: a part then taken out in Your series stays out at the next save', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, `Once ${tag()}`);
    const t = tag();
    const course = await makeSeries(serverURL, writer, `Course ${t}`);
    const page = await openEditor(newPage, writer, '/addblog');
    const field = seriesField(page);
    await field.selectOption({ label: `Course ${t}` });
    const title = `Only once ${t}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content', exact: true }).click();
    await page.keyboard.type('First words.');
    // Saved, and read again: the field says the post's place, not what a save would do.
    await expect(field).toHaveAccessibleDescription(
      `Part 1 of 1 in “Course ${t}”. Its order is set in Your series.`,
    );
    await expect(field).toHaveValue(course.id);
    expect((await seriesOf(serverURL, writer))[`Course ${t}`]).toEqual([title]);

    // Taken out elsewhere (Your series, another tab); the writer goes on writing here.
    await api(serverURL, writer, `/api/series/posts?id=${course.id}`, 'PUT', { postIds: [] });
    const nextSave = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/post/blog',
    );
    await page.keyboard.type(' More words.');
    expect((await nextSave).ok()).toBe(true);
    expect((await seriesOf(serverURL, writer))[`Course ${t}`]).toEqual([]);
  });

  test('says where a post being edited is, and None takes it out at the next save', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, `Editing ${tag()}`);
    const t = tag();
    const course = await makeSeries(serverURL, writer, `Course ${t}`);
    const ids: string[] = [];
    for (const title of [`Lesson one ${t}`, `Lesson two ${t}`]) {
      const made = await api<{ id: string }>(serverURL, writer, '/api/post/blog', 'POST', {
        title,
        content: 'Words.',
        status: 'draft',
      });
      ids.push(made.id);
    }
    await api(serverURL, writer, `/api/series/posts?id=${course.id}`, 'PUT', { postIds: ids });

    const page = await openEditor(newPage, writer, `/updateblog?id=${ids[1]}`);
    await expect(seriesField(page)).toHaveValue(course.id);
    await expect(seriesField(page)).toHaveAccessibleDescription(
      `Part 2 of 2 in “Course ${t}”. Its order is set in Your series.`,
    );
    await seriesField(page).selectOption({ label: 'None' });
    await expect(seriesField(page)).toHaveAccessibleDescription(
      `Leaves “Course ${t}” when the post is next saved.`,
    );
    await expect
      .poll(async () => (await seriesOf(serverURL, writer))[`Course ${t}`])
      .toEqual([`Lesson one ${t}`]);
  });

  test('publishes a new post straight into a series, with the keyboard', async ({ newPage, serverURL }) => {
    const writer = await createUser(serverURL, `Direct ${tag()}`);
    const t = tag();
    await makeSeries(serverURL, writer, `Notes ${t}`);
    const page = await openEditor(newPage, writer, '/addblog');
    const title = `Published part ${t}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content', exact: true }).click();
    await page.keyboard.type('Out at once.');
    // Its series are read once the writer is at work; until then the field is a disabled placeholder
    // that takes no focus, so the arrow would go elsewhere.
    await expect(seriesField(page)).toBeEnabled();
    await seriesField(page).focus();
    await expect(seriesField(page)).toBeFocused();
    // The arrow moves the choice; Enter on it sends nothing.
    await page.keyboard.press('ArrowDown');
    await expect(seriesField(page)).not.toHaveValue('');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/(addblog|updateblog)/);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await atPath(page, '/allblog');
    await expect.poll(async () => (await seriesOf(serverURL, writer))[`Notes ${t}`]).toEqual([title]);
  });

  test('is not part of the page’s first load: fetched once the writer is at work', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, `Patient ${tag()}`);
    await makeSeries(serverURL, writer, `Later ${tag()}`);
    const page = await newPage({ viewport: PHONE });
    await signInAs(page, writer);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/series/mine' || url.pathname.includes('series-picker'))
        asked.push(url.pathname);
    });
    await page.goto('/addblog');
    await hydrated(page);
    const field = seriesField(page);
    // Below the screen on a phone, and nobody has touched the page yet.
    expect(await field.evaluate((element) => element.getBoundingClientRect().top > window.innerHeight)).toBe(
      true,
    );
    await expect(field).toBeDisabled();
    expect(asked).toEqual([]);
    await page.getByLabel('Title', { exact: true }).click();
    await expect(field).toBeEnabled();
    expect(asked).toContain('/api/series/mine');
  });

  test('says when the writer has no series yet, and when they could not be read, with Retry', async ({
    newPage,
    serverURL,
  }) => {
    const writer = await createUser(serverURL, `Seriesless ${tag()}`);
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, writer);
    const restore = await failNetwork(
      page,
      (request) => new URL(request.url()).pathname === '/api/series/mine',
    );
    await page.goto('/addblog');
    await hydrated(page);
    await page.getByLabel('Title', { exact: true }).click();
    await expect(page.getByText(/Your series could not be loaded/)).toBeVisible();
    await restore();
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(seriesField(page)).toBeDisabled();
    await expect(seriesField(page)).toHaveAccessibleDescription(
      'You have no series yet: make one in Your series, then choose it here.',
    );
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`fits the writing page at ${viewport.width} px in ${colorScheme}, without axe violations`, async ({
        newPage,
        serverURL,
      }) => {
        const writer = await createUser(serverURL, `Fitting ${tag()}`);
        await makeSeries(serverURL, writer, `A series with a rather long title to wrap ${tag()}`);
        const page = await openEditor(newPage, writer, '/addblog', {
          viewport,
          colorScheme,
          bypassCSP: true,
        });
        const field = seriesField(page);
        await expect(field).toBeEnabled();
        await field.scrollIntoViewIfNeeded();
        await expectNoHorizontalScroll(page, viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        if (SHOTS) {
          await page
            .locator('.field')
            .filter({ has: field })
            .screenshot({
              path: `${SHOTS}/series-picker-${viewport.width}-${colorScheme}.png`,
            });
        }
      });
    }
  }
});
