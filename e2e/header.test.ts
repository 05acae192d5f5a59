import type { Page } from '@playwright/test';
import { DESKTOP, expect, type NewPage, PHONE, test } from './support/fixtures';
import { createUser, signInAs, type E2eUser } from './support/api';
import { atPath, expectSignedInHeader, expectSignedOutHeader, storedKeys } from './support/screens';

async function signedInPage(
  newPage: NewPage,
  user: E2eUser,
  path = '/allblog',
  viewport = DESKTOP,
): Promise<Page> {
  const page = await newPage({ viewport });
  await signInAs(page, user);
  // The app checks the stored session on load; its answer names the account's handle for the menu.
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/me');
  await page.goto(path);
  await checked;
  await expectSignedInHeader(page, user.username);
  return page;
}

function avatarButton(page: Page, username: string) {
  return page.getByRole('banner').getByRole('button', { name: `Account menu for ${username}` });
}

/** The element that has keyboard focus, described by role and accessible text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '';
    const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}:${label.trim()}`;
  });
}

async function focusedBecomes(page: Page, expected: string): Promise<void> {
  await expect.poll(() => focused(page)).toBe(expected);
}

test.describe('header, signed out', () => {
  test('shows Sign In and Get started, and each link goes where specification §2 says', async ({
    newPage,
  }) => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/');
    await expectSignedOutHeader(page);
    const banner = page.getByRole('banner');

    await banner.getByRole('link', { name: 'Inkwell', exact: true }).click();
    await atPath(page, '/allblog');

    // A visitor who wants to write is sent to sign up first.
    await banner.getByRole('link', { name: 'Write', exact: true }).click();
    await atPath(page, '/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Inkwell' })).toBeVisible();

    await banner.getByRole('link', { name: 'Sign In', exact: true }).click();
    await atPath(page, '/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

    await banner.getByRole('link', { name: 'Get started', exact: true }).click();
    await atPath(page, '/signup');
  });

  test('treats a token that is "undefined" or shorter than 10 characters as signed out', async ({
    newPage,
  }) => {
    for (const token of ['undefined', '123456789']) {
      const page = await newPage({ viewport: DESKTOP });
      await page.addInitScript((value) => {
        localStorage.setItem('token', value);
        localStorage.setItem('username', 'Ghost');
        localStorage.setItem('userId', 'ghost-id');
      }, token);
      await page.goto('/allblog');
      await expectSignedOutHeader(page);
      await page.getByRole('banner').getByRole('link', { name: 'Write', exact: true }).click();
      await atPath(page, '/signup');
    }
  });
});

test.describe('header, signed in', () => {
  test('shows the avatar initial in uppercase, and Write goes to /addblog', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'émile');
    const page = await signedInPage(newPage, user);
    const avatar = avatarButton(page, 'émile');
    await expect(avatar).toHaveText('É');
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('banner').getByRole('link', { name: 'Inkwell', exact: true }).click();
    await atPath(page, '/allblog');
    await page.getByRole('banner').getByRole('link', { name: 'Write', exact: true }).click();
    await atPath(page, '/addblog');
  });

  test('opens a menu with the username, Your Profile, Publications, Settings, Favorites and Logout', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'rosa');
    const page = await signedInPage(newPage, user);
    const avatar = avatarButton(page, 'rosa');

    await avatar.click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu).toBeVisible();
    await expect(avatar).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner').getByText('rosa', { exact: true })).toHaveText('rosa');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Your Profile',
      'Publications',
      'Series',
      'Settings',
      'Favorites',
      'Logout',
    ]);

    await menu.getByRole('menuitem', { name: 'Your Profile' }).click();
    await atPath(page, `/@${user.handle}`);
    await expect(page.getByRole('heading', { level: 1, name: 'rosa' })).toBeVisible();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden();

    await avatar.click();
    await page.getByRole('menuitem', { name: 'Publications' }).click();
    await atPath(page, '/publications');
    await expect(page.getByRole('heading', { level: 1, name: 'Your publications' })).toBeVisible();

    await avatar.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await atPath(page, '/userupdate');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await avatar.click();
    await page.getByRole('menuitem', { name: 'Favorites' }).click();
    await atPath(page, '/favorites');
    await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
  });

  test('closes the menu on a click elsewhere', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Outside');
    const page = await signedInPage(newPage, user);
    await avatarButton(page, 'Outside').click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden();
    await expect(avatarButton(page, 'Outside')).toHaveAttribute('aria-expanded', 'false');
  });

  test('logs out: clears token, username and userId and shows the signed-out header', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Leaving');
    const page = await signedInPage(newPage, user);
    await avatarButton(page, 'Leaving').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await expectSignedOutHeader(page);
    expect(await storedKeys(page)).toEqual({ token: null, username: null, userId: null, usersname: null });
    await page.getByRole('banner').getByRole('link', { name: 'Write', exact: true }).click();
    await atPath(page, '/signup');

    // Still signed out after a reload: nothing was left behind.
    await page.reload();
    await expectSignedOutHeader(page);
  });

  test('logging out on a page that needs an account leaves it for /allblog', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Private');
    const page = await signedInPage(newPage, user, '/userupdate');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await avatarButton(page, 'Private').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await atPath(page, '/allblog');
    await expectSignedOutHeader(page);
    expect((await storedKeys(page)).token).toBeNull();
  });

  test('shows the signed-in header on a phone too', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Pocket');
    const page = await signedInPage(newPage, user, '/allblog', PHONE);
    await avatarButton(page, 'Pocket').click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Write', exact: true })).toBeVisible();
  });
});

test.describe('account menu by keyboard', () => {
  test('opens with Enter, moves with the arrows, and Escape returns focus to the avatar', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Keys');
    const page = await signedInPage(newPage, user);
    const avatar = avatarButton(page, 'Keys');
    await avatar.focus();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    await focusedBecomes(page, 'menuitem:Your Profile');
    await page.keyboard.press('ArrowDown');
    await focusedBecomes(page, 'menuitem:Publications');
    await page.keyboard.press('ArrowDown');
    await focusedBecomes(page, 'menuitem:Series');
    await page.keyboard.press('ArrowDown');
    await focusedBecomes(page, 'menuitem:Settings');
    await page.keyboard.press('ArrowDown');
    await focusedBecomes(page, 'menuitem:Favorites');
    await page.keyboard.press('ArrowDown');
    await focusedBecomes(page, 'menuitem:Logout');
    await page.keyboard.press('ArrowDown');
    await focusedBecomes(page, 'menuitem:Your Profile');
    await page.keyboard.press('ArrowUp');
    await focusedBecomes(page, 'menuitem:Logout');
    await page.keyboard.press('Home');
    await focusedBecomes(page, 'menuitem:Your Profile');
    await page.keyboard.press('End');
    await focusedBecomes(page, 'menuitem:Logout');

    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden();
    await focusedBecomes(page, 'button:Account menu for Keys');
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  });

  test('ArrowUp opens at the last item, and Enter on an item follows it', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Arrows');
    const page = await signedInPage(newPage, user);
    await avatarButton(page, 'Arrows').focus();

    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    await focusedBecomes(page, 'menuitem:Logout');
    await page.keyboard.press('ArrowUp');
    await focusedBecomes(page, 'menuitem:Favorites');
    await page.keyboard.press('ArrowUp');
    await focusedBecomes(page, 'menuitem:Settings');
    await page.keyboard.press('Enter');
    await atPath(page, '/userupdate');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden();
  });

  test('Tab leaves the menu closed and focus moves on', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Tabby');
    const page = await signedInPage(newPage, user);
    await avatarButton(page, 'Tabby').focus();
    await page.keyboard.press('ArrowDown');
    await focusedBecomes(page, 'menuitem:Your Profile');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden();
  });

  test('logs out with the keyboard', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Keyout');
    const page = await signedInPage(newPage, user);
    await avatarButton(page, 'Keyout').focus();
    await page.keyboard.press('Enter');
    await focusedBecomes(page, 'menuitem:Your Profile');
    await page.keyboard.press('End');
    await focusedBecomes(page, 'menuitem:Logout');
    await page.keyboard.press('Enter');
    await expectSignedOutHeader(page);
    expect((await storedKeys(page)).token).toBeNull();
  });
});
