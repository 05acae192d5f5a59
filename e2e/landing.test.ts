import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signInAs } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import {
  atPath,
  expectNoHorizontalScroll,
  expectSignedInHeader,
  expectSignedOutHeader,
  fillSignIn,
  textOf,
  visible,
} from './support/expect-page';

const browser = useBrowser();

/** Specification §1: the landing page's static marketing sections, by the name each one shows. */
const MARKETING_SECTIONS = [
  'Custom domain',
  'Free sub-domain',
  'Headless mode with APIs',
  'Block-based editor',
  'In-line commenting',
  'Enterprise and teams',
];

async function openLanding(viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto('/');
  await visible(page.getByRole('heading', { level: 1 }));
  return page;
}

describe('landing page', () => {
  it('presents the product as a place to read, write and deepen understanding', async () => {
    const page = await openLanding();
    const title = (await textOf(page.getByRole('heading', { level: 1 }))).toLowerCase();
    expect(title).toContain('read');
    expect(title).toContain('write');
    expect(title).toContain('understanding');
    await expectSignedOutHeader(page);
  });

  it('has every marketing section of specification §1, each a named region with a heading', async () => {
    const page = await openLanding();
    const main = page.getByRole('main');
    for (const name of MARKETING_SECTIONS) {
      const section = main.getByRole('region').filter({ has: page.getByText(name, { exact: true }) });
      expect(await section.count(), name).toBe(1);
      await visible(section.getByRole('heading', { level: 2 }));
      expect((await textOf(section)).length, name).toBeGreaterThan(name.length + 40);
    }
  });

  it('shows no invented people: no testimonial wall until an operator picks real quotes', async () => {
    const page = await openLanding();
    const main = page.getByRole('main');
    expect(await main.getByRole('region', { name: /readers and writers|testimonial/i }).count()).toBe(0);
    expect(await main.locator('blockquote').count()).toBe(0);
  });

  it('In-line commenting describes the passage comments that exist and leads to the posts to use them on', async () => {
    const page = await openLanding(PHONE);
    const section = page
      .getByRole('main')
      .getByRole('region')
      .filter({ has: page.getByText('In-line commenting', { exact: true }) });
    const text = await textOf(section);
    // What the read page does: select words (or pick a paragraph) and Comment; readers see the
    // passage marked, with a count; the discussion's quotes lead back to it.
    expect(text).toContain('Select a few words in any post and choose Comment');
    expect(text).toContain('sees the passage marked');
    expect(text).not.toMatch(/under the story they just read/);
    const open = section.getByRole('link', { name: 'Open a post and comment on a passage', exact: true });
    expect(await (await visible(open)).getAttribute('href')).toBe('/allblog');
    await open.click();
    await atPath(page, '/allblog');
  });

  it('Start Reading leads to the all-posts list', async () => {
    const page = await openLanding();
    await page.getByRole('main').getByRole('link', { name: 'Start Reading', exact: true }).click();
    await atPath(page, '/allblog');
  });

  it('Start a publication, under Enterprise and teams, asks a visitor to sign in and then opens /publications', async () => {
    const user = await createUser(browser.baseURL, 'Team Starter');
    const page = await openLanding();
    const teams = page
      .getByRole('main')
      .getByRole('region')
      .filter({ has: page.getByText('Enterprise and teams', { exact: true }) });
    const start = teams.getByRole('link', { name: 'Start a publication', exact: true });
    expect(await (await visible(start)).getAttribute('href')).toBe('/publications');
    await start.click();
    await atPath(page, '/signin', { next: '/publications' });
    await fillSignIn(page, user.email, user.password);
    await atPath(page, '/publications');
    await visible(page.getByRole('heading', { level: 1, name: 'Your publications' }));
  });

  it('Start a publication takes a signed-in writer straight to their publications', async () => {
    const user = await createUser(browser.baseURL, 'Team Lead');
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, user);
    await page.goto('/');
    await expectSignedInHeader(page, user.username);
    await page.getByRole('main').getByRole('link', { name: 'Start a publication', exact: true }).click();
    await atPath(page, '/publications');
    await visible(page.getByRole('heading', { level: 1, name: 'Your publications' }));
  });

  it('works signed in too, with the signed-in header', async () => {
    const user = await createUser(browser.baseURL, 'Lander');
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, user);
    await page.goto('/');
    await expectSignedInHeader(page, 'Lander');
    await page.getByRole('main').getByRole('link', { name: 'Start Reading', exact: true }).click();
    await atPath(page, '/allblog');
  });
});

describe('375 px wide, no horizontal scroll', () => {
  async function settle(page: Page, heading: string | RegExp): Promise<void> {
    await visible(page.getByRole('main').getByRole('heading', { level: 1, name: heading }));
    await page.waitForLoadState('networkidle');
  }

  it('for a visitor on /, /signin (with its errors) and /signup (with its errors)', async () => {
    const page = await openLanding(PHONE);
    await settle(page, /understanding/);
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/signin');
    await settle(page, 'Welcome back');
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByLabel('Email', { exact: true }).fill('reader@example');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByText('Email address must be a valid address'));
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByLabel('Email', { exact: true }).fill('nobody-at-all@example.com');
    await page.getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Error: Invalid email or password' }));
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/signup');
    await settle(page, 'Join Inkwell');
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await visible(page.getByText('Name is required'));
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  it('for a signed-in user on /, /userupdate and /profile, with the account menu open', async () => {
    const user = await createUser(browser.baseURL, 'Narrow');
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, user);

    await page.goto('/');
    await settle(page, /understanding/);
    await expectSignedInHeader(page, 'Narrow');
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu for Narrow' }).click();
    await visible(page.getByRole('menuitem', { name: 'Logout' }));
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/userupdate');
    await settle(page, 'Settings');
    await expectNoHorizontalScroll(page, PHONE.width);
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await visible(page.getByText('Password must be at least 6 characters'));
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/profile');
    await atPath(page, '/profile', { userId: user.id });
    await settle(page, 'Narrow');
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  it('on /userupdate for a user with the longest name allowed', async () => {
    // 40 characters (USERNAME_MAX) without a space: it must wrap, not push the page sideways.
    const name = 'Bartholomew_Featherstonehaugh_Cholmondel';
    expect(name.length).toBe(40);
    const user = await createUser(browser.baseURL, name);
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await settle(page, 'Settings');
    await visible(page.getByText(name, { exact: true }).first());
    await expectNoHorizontalScroll(page, PHONE.width);

    await page.goto('/profile');
    await settle(page, name);
    await expectNoHorizontalScroll(page, PHONE.width);
  });

  it("for a visitor on someone's /profile", async () => {
    const user = await createUser(browser.baseURL, 'Seen on a phone');
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`/profile?userId=${encodeURIComponent(user.id)}`);
    await settle(page, 'Seen on a phone');
    await expectNoHorizontalScroll(page, PHONE.width);
  });
});
