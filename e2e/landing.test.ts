import type { Page } from '@playwright/test';
import { DESKTOP, expect, type NewPage, PHONE, test } from './support/fixtures';
import { createUser, signInAs } from './support/api';
import {
  atPath,
  expectNoHorizontalScroll,
  expectSignedInHeader,
  expectSignedOutHeader,
  fillSignIn,
} from './support/screens';

/** Specification §1: the landing page's static marketing sections, by the name each one shows. */
const MARKETING_SECTIONS = [
  'Custom domain',
  'Free sub-domain',
  'Headless mode with APIs',
  'Block-based editor',
  'In-line commenting',
  'Enterprise and teams',
];

async function openLanding(newPage: NewPage, viewport = DESKTOP): Promise<Page> {
  const page = await newPage({ viewport });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

test.describe('landing page', () => {
  test('presents the product as a place to read, write and deepen understanding', async ({ newPage }) => {
    const page = await openLanding(newPage);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toContainText('read', { ignoreCase: true });
    await expect(title).toContainText('write', { ignoreCase: true });
    await expect(title).toContainText('understanding', { ignoreCase: true });
    await expectSignedOutHeader(page);
  });

  test('has every marketing section of specification §1, each a named region with a heading', async ({
    newPage,
  }) => {
    const page = await openLanding(newPage);
    const main = page.getByRole('main');
    for (const name of MARKETING_SECTIONS) {
      const section = main.getByRole('region').filter({ has: page.getByText(name, { exact: true }) });
      await expect(section, name).toHaveCount(1);
      await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
      expect((await section.innerText()).replace(/\s+/g, ' ').trim().length, name).toBeGreaterThan(
        name.length + 40,
      );
    }
  });

  test('shows no invented people: no testimonial wall until an operator picks real quotes', async ({
    newPage,
  }) => {
    const page = await openLanding(newPage);
    const main = page.getByRole('main');
    await expect(main.getByRole('region', { name: /readers and writers|testimonial/i })).toHaveCount(0);
    await expect(main.locator('blockquote')).toHaveCount(0);
  });

  test('In-line commenting describes the passage comments that exist and leads to the posts to use them on', async ({
    newPage,
  }) => {
    const page = await openLanding(newPage, PHONE);
    const section = page
      .getByRole('main')
      .getByRole('region')
      .filter({ has: page.getByText('In-line commenting', { exact: true }) });
    // What the read page does: select words (or pick a paragraph) and Comment; readers see the
    // passage marked, with a count; the discussion's quotes lead back to it.
    await expect(section).toContainText('Select a few words in any post and choose Comment');
    await expect(section).toContainText('sees the passage marked');
    await expect(section).not.toContainText('under the story they just read');
    const open = section.getByRole('link', { name: 'Open a post and comment on a passage', exact: true });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute('href', '/allblog');
    await open.click();
    await atPath(page, '/allblog');
  });

  test('Start Reading leads to the all-posts list', async ({ newPage }) => {
    const page = await openLanding(newPage);
    await page.getByRole('main').getByRole('link', { name: 'Start Reading', exact: true }).click();
    await atPath(page, '/allblog');
  });

  test('Start a publication, under Enterprise and teams, asks a visitor to sign in and then opens /publications', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Team Starter');
    const page = await openLanding(newPage);
    const teams = page
      .getByRole('main')
      .getByRole('region')
      .filter({ has: page.getByText('Enterprise and teams', { exact: true }) });
    const start = teams.getByRole('link', { name: 'Start a publication', exact: true });
    await expect(start).toBeVisible();
    await expect(start).toHaveAttribute('href', '/publications');
    await start.click();
    await atPath(page, '/signin', { next: '/publications' });
    await fillSignIn(page, user.email, user.password);
    await atPath(page, '/publications');
    await expect(page.getByRole('heading', { level: 1, name: 'Your publications' })).toBeVisible();
  });

  test('Start a publication takes a signed-in writer straight to their publications', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Team Lead');
    const page = await newPage({ viewport: PHONE });
    await signInAs(page, user);
    await page.goto('/');
    await expectSignedInHeader(page, user.username);
    await page.getByRole('main').getByRole('link', { name: 'Start a publication', exact: true }).click();
    await atPath(page, '/publications');
    await expect(page.getByRole('heading', { level: 1, name: 'Your publications' })).toBeVisible();
  });

  test('works signed in too, with the signed-in header', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Lander');
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, user);
    await page.goto('/');
    await expectSignedInHeader(page, 'Lander');
    await page.getByRole('main').getByRole('link', { name: 'Start Reading', exact: true }).click();
    await atPath(page, '/allblog');
  });
});

test.describe('375 px wide, no horizontal scroll', () => {
  async function settle(page: Page, heading: string | RegExp): Promise<void> {
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }

  test('for a visitor on /, /signin (with its errors) and /signup (with its errors)', async ({ newPage }) => {
    const page = await openLanding(newPage, PHONE);
    await settle(page, /understanding/);
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/signin');
    await settle(page, 'Welcome back');
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByLabel('Email', { exact: true }).fill('reader@example');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Email address must be a valid address')).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByLabel('Email', { exact: true }).fill('nobody-at-all@example.com');
    await page.getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Error: Invalid email or password' }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/signup');
    await settle(page, 'Join Inkwell');
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  test('for a signed-in user on /, /userupdate and /profile, with the account menu open', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Narrow');
    const page = await newPage({ viewport: PHONE });
    await signInAs(page, user);

    await page.goto('/');
    await settle(page, /understanding/);
    await expectSignedInHeader(page, 'Narrow');
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu for Narrow' }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/userupdate');
    await settle(page, 'Settings');
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/profile');
    await atPath(page, '/profile', { userId: user.id });
    await settle(page, 'Narrow');
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  test('on /userupdate for a user with the longest name allowed', async ({ newPage, serverURL }) => {
    // 40 characters (USERNAME_MAX) without a space: it must wrap, not push the page sideways.
    const name = 'Bartholomew_Featherstonehaugh_Cholmondel';
    expect(name.length).toBe(40);
    const user = await createUser(serverURL, name);
    const page = await newPage({ viewport: PHONE });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await settle(page, 'Settings');
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/profile');
    await settle(page, name);
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  test("for a visitor on someone's /profile", async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Seen on a phone');
    const page = await newPage({ viewport: PHONE });
    await page.goto(`/profile?userId=${encodeURIComponent(user.id)}`);
    await settle(page, 'Seen on a phone');
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
