import type { Page } from '@playwright/test';
import { DESKTOP, expect, type NewPage, test } from './support/fixtures';
import { createUser } from './support/api';
import {
  at,
  atPath,
  changePasswordElsewhere,
  expectFieldError,
  expectSignedInHeader,
  expectSignedOutHeader,
  fillSignIn,
  storedKeys,
} from './support/screens';

/** A page signed in through the real form, so it holds its own token (not the one the API gave). */
async function signedInWithForm(newPage: NewPage, user: { email: string; password: string }): Promise<Page> {
  const page = await newPage({ viewport: DESKTOP });
  await page.goto('/signin');
  await fillSignIn(page, user.email, user.password);
  await atPath(page, '/allblog');
  return page;
}

test.describe('legacy storage', () => {
  test('moves a usersname left by an older version into username', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'legacy');
    const page = await newPage({ viewport: DESKTOP });
    await page.addInitScript(
      ({ token, id }) => {
        if (!sessionStorage.getItem('e2e-seeded')) {
          localStorage.setItem('token', token);
          localStorage.setItem('usersname', 'legacy');
          localStorage.setItem('userId', id);
          sessionStorage.setItem('e2e-seeded', '1');
        }
      },
      { token: user.token, id: user.id },
    );
    await page.goto('/allblog');

    await expectSignedInHeader(page, 'legacy');
    const keys = await storedKeys(page);
    expect(keys.username).toBe('legacy');
    expect(keys.usersname).toBeNull();
    expect(keys.token).toBe(user.token);
  });
});

test.describe('session the server rejects', () => {
  async function expectSessionEnded(page: Page, next: string): Promise<void> {
    await atPath(page, '/signin', { next });
    await expect(page.getByRole('status').filter({ hasText: 'session' })).toHaveText(
      'Your session has ended. Please sign in again.',
    );
    await expectSignedOutHeader(page);
    const keys = await storedKeys(page);
    expect(keys).toEqual({ token: null, username: null, userId: null, usersname: null });
  }

  test('signs a forged token out with a message, then brings the user back after signing in', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Forged');
    const page = await newPage({ viewport: DESKTOP });
    await page.addInitScript(
      ({ id }) => {
        if (!sessionStorage.getItem('e2e-seeded')) {
          // Well-formed enough to count as signed in (specification §2), but not signed by this server.
          localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmb3JnZWQifQ.Zm9yZ2VkLXNpZ25hdHVyZQ');
          localStorage.setItem('username', 'Forged');
          localStorage.setItem('userId', id);
          sessionStorage.setItem('e2e-seeded', '1');
        }
      },
      { id: user.id },
    );
    // The app checks a stored token as it loads, so the forged one ends before anything is typed.
    await page.goto('/userupdate');
    await expectSessionEnded(page, '/userupdate');

    await fillSignIn(page, user.email, user.password);
    await atPath(page, '/userupdate');
    await expectSignedInHeader(page, 'Forged');
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeHidden();
  });

  test('says the session ended when a post is refused for a rejected token on /addblog', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Drafter');
    const page = await signedInWithForm(newPage, user);
    // The page's timers stand still while the post is written, so the request refused is the
    // Publish click's, not an autosave's (two seconds after typing, sooner than a slow click).
    await page.clock.install();
    await page.goto('/addblog');
    await expect(page.getByRole('main').getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.clock.pauseAt(Date.now() + 60_000);
    // Another device changes the password, which revokes the token this page holds.
    await changePasswordElsewhere(serverURL, user.token, 'changed elsewhere', user.password);

    await page.getByLabel('Title', { exact: true }).fill('Written just too late');
    await page
      .getByLabel('Content', { exact: true })
      .fill('The token behind this post was revoked meanwhile.');
    await page.getByRole('main').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.clock.resume();

    // Difference 8 from the specification: signed out cleanly *with a short message*, wherever the guard sends the user.
    await expect(page).not.toHaveURL(at('/addblog'));
    await expectSignedOutHeader(page);
    expect((await storedKeys(page)).token).toBeNull();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  });

  test('ends a session revoked while the tab was closed on the next visit, before any action', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Comeback');
    const page = await signedInWithForm(newPage, user);
    await expectSignedInHeader(page, 'Comeback');
    await changePasswordElsewhere(serverURL, user.token, 'changed elsewhere', user.password);
    await page.reload();
    await expectSessionEnded(page, '/allblog');
  });

  test('ends the session when the password was changed elsewhere', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Elsewhere');
    const page = await signedInWithForm(newPage, user);
    await page.goto('/userupdate');
    await expect(page.getByLabel('New username', { exact: true })).toBeVisible();
    // The page's own checks of the session (the account and the notification bell) are done, so
    // the request refused below is the Update click's.
    await page.waitForLoadState('networkidle');

    // Another device changes the password, which revokes every token issued before.
    await changePasswordElsewhere(serverURL, user.token, 'changed elsewhere', user.password);

    await page.getByLabel('New username', { exact: true }).fill('Stale');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expectSessionEnded(page, '/userupdate');
  });
});

test.describe('user update', () => {
  test('changes name and password; the new password signs in and the old one does not', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'before');
    const page = await signedInWithForm(newPage, user);
    const oldToken = (await storedKeys(page)).token;

    await page.goto('/userupdate');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByLabel('New username', { exact: true }).fill('after');
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Current password', { exact: true }).first().fill(user.password);
    await page.getByRole('button', { name: 'Update', exact: true }).click();

    // Specification §4: token and username replaced, then the profile.
    await atPath(page, '/profile', { userId: user.id });
    await expect(page.getByRole('heading', { level: 1, name: 'after' })).toBeVisible();
    await expectSignedInHeader(page, 'after');
    const keys = await storedKeys(page);
    expect(keys.username).toBe('after');
    expect(keys.userId).toBe(user.id);
    expect(keys.token).not.toBe(oldToken);
    expect(keys.token?.length).toBeGreaterThanOrEqual(10);

    await page.getByRole('button', { name: 'Account menu for after' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectSignedOutHeader(page);

    await page.goto('/signin');
    await fillSignIn(page, user.email, user.password);
    await expect(page.getByRole('alert')).toHaveText('Error: Invalid email or password');

    await fillSignIn(page, user.email, 'a brand new password');
    await atPath(page, '/allblog');
    await expectSignedInHeader(page, 'after');
    expect((await storedKeys(page)).username).toBe('after');
  });

  test('shows its validation messages and sends nothing while they stand', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Checker');
    const page = await signedInWithForm(newPage, user);
    await page.goto('/userupdate');
    await expect(page.getByText('Signed in as')).toBeVisible();
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/user/userupdate')) calls += 1;
    });
    const update = page.getByRole('button', { name: 'Update', exact: true });

    await update.click();
    await expectFieldError(page, 'New username', 'Enter a new username or a new password');

    await page.getByLabel('New username', { exact: true }).fill('X');
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await expectFieldError(page, 'New username', 'Name must be at least 2 characters');
    await expectFieldError(page, 'New password', 'Password must be at least 6 characters');
    expect(calls).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/userupdate');
  });
});
