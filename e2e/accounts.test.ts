import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from './support/api';
import { DESKTOP, useBrowser } from './support/browser';
import {
  atPath,
  expectSignedInHeader,
  expectSignedOutHeader,
  fieldError,
  fillSignIn,
  hasFieldError,
  storedKeys,
  textOf,
  visible,
} from './support/expect-page';

const browser = useBrowser();

const NO_RESPONSE = 'No response received from server. Please try again later.';

async function openSignUp(): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto('/signup');
  await visible(page.getByRole('heading', { level: 1, name: 'Join Inkwell' }));
  return page;
}

async function openSignIn(): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto('/signin');
  await visible(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
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

describe('sign-up', () => {
  it('creates the account, stores the session, lands on /allblog signed in', async () => {
    const page = await openSignUp();
    const email = uniqueEmail('signup');
    await page.getByLabel('Name', { exact: true }).fill('nadia');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-enough');

    const release = await holdRequests(page, '**/api/user/signup');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    // Specification §2: the submit button is replaced by a loading button while the request is pending.
    const loading = await visible(page.getByRole('button', { name: 'Signing up…' }));
    expect(await loading.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign up', exact: true }).count()).toBe(0);
    release();

    await atPath(page, '/allblog');
    await expectSignedInHeader(page, 'nadia');
    const keys = await storedKeys(page);
    expect(keys.token?.length).toBeGreaterThanOrEqual(10);
    expect(keys.username).toBe('nadia');
    expect(keys.userId).toMatch(/\S/);
    expect(keys.usersname).toBeNull();
  });

  it('says so when the email is already registered', async () => {
    const existing = await createUser(browser.baseURL, 'Taken');
    const page = await openSignUp();
    await page.getByLabel('Name', { exact: true }).fill('Someone else');
    // Emails are compared without regard to case.
    await page.getByLabel('Email', { exact: true }).fill(existing.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('another password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    expect(await textOf(page.getByRole('alert'))).toBe('Error: An account with this email already exists');
    // Loading stops on error: the form can be sent again.
    await visible(page.getByRole('button', { name: 'Sign up', exact: true }));
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect((await storedKeys(page)).token).toBeNull();
    await expectSignedOutHeader(page);
  });

  it('shows each required-field message under its input without calling the server', async () => {
    const page = await openSignUp();
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/user/signup')) calls += 1;
    });
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    expect(await fieldError(page, 'Name')).toBe('Name is required');
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    expect(await fieldError(page, 'Password')).toBe('Password is required');
    // Keyboard and screen-reader users land on the first field to fix.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(
      'username',
    );
    expect(calls).toBe(0);
  });

  it('shows the minimum-length and address messages, and clears each once fixed', async () => {
    const page = await openSignUp();
    await page.getByLabel('Name', { exact: true }).fill('A');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    expect(await fieldError(page, 'Name')).toBe('Name must be at least 2 characters');
    expect(await fieldError(page, 'Email')).toBe('Email address must be a valid address');
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 6 characters');

    await page.getByLabel('Name', { exact: true }).fill('Al');
    await page.waitForFunction(
      () => !document.body.textContent?.includes('Name must be at least 2 characters'),
    );
    expect(await hasFieldError(page, 'Name')).toBe(false);
    expect(await hasFieldError(page, 'Email')).toBe(true);
    expect(await hasFieldError(page, 'Password')).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('shows the maximum-length messages the server also enforces', async () => {
    const page = await openSignUp();
    await page.getByLabel('Name', { exact: true }).fill('N'.repeat(41));
    await page.getByLabel('Email', { exact: true }).fill(`${'e'.repeat(250)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('p'.repeat(129));
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    expect(await fieldError(page, 'Name')).toBe('Name must be at most 40 characters');
    expect(await fieldError(page, 'Email')).toBe('Email must be at most 254 characters');
    expect(await fieldError(page, 'Password')).toBe('Password must be at most 128 characters');
  });

  it('has a footer link to sign-in', async () => {
    const page = await openSignUp();
    const main = page.getByRole('main');
    await visible(main.getByText('Already have an account?'));
    await main.getByRole('link', { name: 'Sign in', exact: true }).click();
    await atPath(page, '/signin');
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
  });
});

describe('sign-in', () => {
  it('signs in, stores token, username and userId (never usersname), lands on /allblog', async () => {
    const user = await createUser(browser.baseURL, 'owen');
    const page = await openSignIn();

    const release = await holdRequests(page, '**/api/user/signin');
    await fillSignIn(page, user.email, user.password);
    const loading = await visible(page.getByRole('button', { name: 'Signing in…' }));
    expect(await loading.isDisabled()).toBe(true);
    release();

    await atPath(page, '/allblog');
    await expectSignedInHeader(page, 'owen');
    const keys = await storedKeys(page);
    expect(keys.token?.length).toBeGreaterThanOrEqual(10);
    expect(keys.username).toBe('owen');
    expect(keys.userId).toBe(user.id);
    expect(keys.usersname).toBeNull();
  });

  it('works by keyboard alone, and the email is matched without regard to case or spaces', async () => {
    const user = await createUser(browser.baseURL, 'Typist');
    const page = await openSignIn();
    await page.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.type(`  ${user.email.toUpperCase()} `);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');

    await atPath(page, '/allblog');
    await expectSignedInHeader(page, 'Typist');
    expect((await storedKeys(page)).userId).toBe(user.id);
  });

  it('shows the server message for a wrong password and for an unknown email', async () => {
    const user = await createUser(browser.baseURL, 'Wrong');
    const page = await openSignIn();

    await fillSignIn(page, user.email, 'not the password');
    expect(await textOf(page.getByRole('alert'))).toBe('Error: Invalid email or password');
    await visible(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }));
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect((await storedKeys(page)).token).toBeNull();
    await expectSignedOutHeader(page);

    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/user/signin')),
      fillSignIn(page, uniqueEmail('nobody'), 'whatever123'),
    ]);
    expect(await textOf(page.getByRole('alert'))).toBe('Error: Invalid email or password');
  });

  it('says no response was received when the request never reaches the server', async () => {
    const user = await createUser(browser.baseURL, 'Offline');
    const page = await openSignIn();
    await page.route('**/api/user/signin', (route) => route.abort());

    await fillSignIn(page, user.email, user.password);
    expect(await textOf(page.getByRole('alert'))).toBe(NO_RESPONSE);
    await visible(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }));
    expect((await storedKeys(page)).token).toBeNull();
  });

  it('shows each validation message under its input', async () => {
    const page = await openSignIn();
    const submit = page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true });

    await submit.click();
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    expect(await fieldError(page, 'Password')).toBe('Password is required');

    await page.getByLabel('Email', { exact: true }).fill('reader@example');
    await page.getByLabel('Password', { exact: true }).fill('short');
    expect(await fieldError(page, 'Email')).toBe('Email address must be a valid address');
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 6 characters');
    expect(new URL(page.url()).pathname).toBe('/signin');
  });

  it('has the footer "Don\'t have an account?" with a Sign up link', async () => {
    const page = await openSignIn();
    const main = page.getByRole('main');
    await visible(main.getByText("Don't have an account?"));
    await main.getByRole('link', { name: 'Sign up', exact: true }).click();
    await atPath(page, '/signup');
    await visible(page.getByRole('heading', { level: 1, name: 'Join Inkwell' }));
  });
});
