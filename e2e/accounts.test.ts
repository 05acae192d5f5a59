import type { Page, Route } from '@playwright/test';
import { DESKTOP, expect, type NewPage, test } from './support/fixtures';
import { createUser, uniqueEmail } from './support/api';
import {
  atPath,
  expectFieldError,
  expectSignedInHeader,
  expectSignedOutHeader,
  fillSignIn,
  storedKeys,
} from './support/screens';

const NO_RESPONSE = 'No response received from server. Please try again later.';

async function openSignUp(newPage: NewPage): Promise<Page> {
  const page = await newPage({ viewport: DESKTOP });
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Inkwell' })).toBeVisible();
  return page;
}

async function openSignIn(newPage: NewPage): Promise<Page> {
  const page = await newPage({ viewport: DESKTOP });
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  return page;
}

/** Holds every request to `url` until the returned function is called, then lets them through. */
async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('sign-up', () => {
  test('creates the account, stores the session, lands on /allblog signed in', async ({ newPage }) => {
    const page = await openSignUp(newPage);
    const email = uniqueEmail('signup');
    await page.getByLabel('Name', { exact: true }).fill('nadia');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-enough');

    const release = await holdRequests(page, '**/api/user/signup');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    // Specification §2: the submit button is replaced by a loading button while the request is pending.
    const loading = page.getByRole('button', { name: 'Signing up…' });
    await expect(loading).toBeVisible();
    await expect(loading).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toHaveCount(0);
    release();

    await atPath(page, '/allblog');
    await expectSignedInHeader(page, 'nadia');
    const keys = await storedKeys(page);
    expect(keys.token?.length).toBeGreaterThanOrEqual(10);
    expect(keys.username).toBe('nadia');
    expect(keys.userId).toMatch(/\S/);
    expect(keys.usersname).toBeNull();
  });

  test('says so when the email is already registered', async ({ newPage, serverURL }) => {
    const existing = await createUser(serverURL, 'Taken');
    const page = await openSignUp(newPage);
    await page.getByLabel('Name', { exact: true }).fill('Someone else');
    // Emails are compared without regard to case.
    await page.getByLabel('Email', { exact: true }).fill(existing.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('another password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expect(page.getByRole('alert')).toHaveText('Error: An account with this email already exists');
    // Loading stops on error: the form can be sent again.
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect((await storedKeys(page)).token).toBeNull();
    await expectSignedOutHeader(page);
  });

  test('shows each required-field message under its input without calling the server', async ({
    newPage,
  }) => {
    const page = await openSignUp(newPage);
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/user/signup')) calls += 1;
    });
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expectFieldError(page, 'Name', 'Name is required');
    await expectFieldError(page, 'Email', 'Email is required');
    await expectFieldError(page, 'Password', 'Password is required');
    // Keyboard and screen-reader users land on the first field to fix.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(
      'username',
    );
    expect(calls).toBe(0);
  });

  test('shows the minimum-length and address messages, and clears each once fixed', async ({ newPage }) => {
    const page = await openSignUp(newPage);
    await page.getByLabel('Name', { exact: true }).fill('A');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expectFieldError(page, 'Name', 'Name must be at least 2 characters');
    await expectFieldError(page, 'Email', 'Email address must be a valid address');
    await expectFieldError(page, 'Password', 'Password must be at least 6 characters');

    await page.getByLabel('Name', { exact: true }).fill('Al');
    await expect(page.locator('body')).not.toContainText('Name must be at least 2 characters');
    await expect(page.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  test('shows the maximum-length messages the server also enforces', async ({ newPage }) => {
    const page = await openSignUp(newPage);
    await page.getByLabel('Name', { exact: true }).fill('N'.repeat(41));
    await page.getByLabel('Email', { exact: true }).fill(`${'e'.repeat(250)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('p'.repeat(129));
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expectFieldError(page, 'Name', 'Name must be at most 40 characters');
    await expectFieldError(page, 'Email', 'Email must be at most 254 characters');
    await expectFieldError(page, 'Password', 'Password must be at most 128 characters');
  });

  test('has a footer link to sign-in', async ({ newPage }) => {
    const page = await openSignUp(newPage);
    const main = page.getByRole('main');
    await expect(main.getByText('Already have an account?')).toBeVisible();
    await main.getByRole('link', { name: 'Sign in', exact: true }).click();
    await atPath(page, '/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  });
});

test.describe('sign-in', () => {
  test('signs in, stores token, username and userId (never usersname), lands on /allblog', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'owen');
    const page = await openSignIn(newPage);

    const release = await holdRequests(page, '**/api/user/signin');
    await fillSignIn(page, user.email, user.password);
    const loading = page.getByRole('button', { name: 'Signing in…' });
    await expect(loading).toBeVisible();
    await expect(loading).toBeDisabled();
    release();

    await atPath(page, '/allblog');
    await expectSignedInHeader(page, 'owen');
    const keys = await storedKeys(page);
    expect(keys.token?.length).toBeGreaterThanOrEqual(10);
    expect(keys.username).toBe('owen');
    expect(keys.userId).toBe(user.id);
    expect(keys.usersname).toBeNull();
  });

  test('works by keyboard alone, and the email is matched without regard to case or spaces', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Typist');
    const page = await openSignIn(newPage);
    await page.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.type(`  ${user.email.toUpperCase()} `);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');

    await atPath(page, '/allblog');
    await expectSignedInHeader(page, 'Typist');
    expect((await storedKeys(page)).userId).toBe(user.id);
  });

  test('shows the server message for a wrong password and for an unknown email', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Wrong');
    const page = await openSignIn(newPage);

    await fillSignIn(page, user.email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('Error: Invalid email or password');
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect((await storedKeys(page)).token).toBeNull();
    await expectSignedOutHeader(page);

    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/user/signin')),
      fillSignIn(page, uniqueEmail('nobody'), 'whatever123'),
    ]);
    await expect(page.getByRole('alert')).toHaveText('Error: Invalid email or password');
  });

  test('says no response was received when the request never reaches the server', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Offline');
    const page = await openSignIn(newPage);
    await page.route('**/api/user/signin', (route) => route.abort());

    await fillSignIn(page, user.email, user.password);
    await expect(page.getByRole('alert')).toHaveText(NO_RESPONSE);
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect((await storedKeys(page)).token).toBeNull();
  });

  test('shows each validation message under its input', async ({ newPage }) => {
    const page = await openSignIn(newPage);
    const submit = page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true });

    await submit.click();
    await expectFieldError(page, 'Email', 'Email is required');
    await expectFieldError(page, 'Password', 'Password is required');

    await page.getByLabel('Email', { exact: true }).fill('reader@example');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await expectFieldError(page, 'Email', 'Email address must be a valid address');
    await expectFieldError(page, 'Password', 'Password must be at least 6 characters');
    expect(new URL(page.url()).pathname).toBe('/signin');
  });

  test('has the footer "Don\'t have an account?" with a Sign up link', async ({ newPage }) => {
    const page = await openSignIn(newPage);
    const main = page.getByRole('main');
    await expect(main.getByText("Don't have an account?")).toBeVisible();
    await main.getByRole('link', { name: 'Sign up', exact: true }).click();
    await atPath(page, '/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Inkwell' })).toBeVisible();
  });
});
