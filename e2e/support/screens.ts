import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/*
 * What several screens share, said once: each check is a web-first assertion, so it waits for what
 * a user would see and fails with Playwright's account of what was on screen instead.
 */

/**
 * For `expect(page).toHaveURL(...)`: the page is at `pathname`, and, when given, its query string
 * holds exactly these parameters (order and encoding do not matter).
 */
export function at(pathname: string, query?: Record<string, string>): (url: URL) => boolean {
  return (url) => url.pathname === pathname && (!query || sameQuery(url, query));
}

function sameQuery(url: URL, query: Record<string, string>): boolean {
  const actual = [...url.searchParams.entries()].sort();
  const expected = Object.entries(query).sort();
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** Waits until the page is at `pathname` (and `query`, as `at` reads it), and answers its URL. */
export async function atPath(page: Page, pathname: string, query?: Record<string, string>): Promise<URL> {
  await expect(page).toHaveURL(at(pathname, query));
  return new URL(page.url());
}

export interface StoredKeys {
  token: string | null;
  username: string | null;
  userId: string | null;
  usersname: string | null;
}

/** The session keys of specification §3 as the page's local storage holds them now. */
export function storedKeys(page: Page): Promise<StoredKeys> {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    username: localStorage.getItem('username'),
    userId: localStorage.getItem('userId'),
    usersname: localStorage.getItem('usersname'),
  }));
}

/** The header as a visitor sees it: Sign In and Get started, no account menu. */
export async function expectSignedOutHeader(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Get started', exact: true })).toBeVisible();
  await expect(banner.getByRole('button', { name: /^Account menu/ })).toHaveCount(0);
}

/** The header as a signed-in user sees it: the avatar menu button with the name's initial. */
export async function expectSignedInHeader(page: Page, username: string): Promise<void> {
  const banner = page.getByRole('banner');
  const avatar = banner.getByRole('button', { name: `Account menu for ${username}` });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveText(Array.from(username.trim())[0]?.toLocaleUpperCase() ?? '');
  await expect(banner.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Get started', exact: true })).toHaveCount(0);
}

/** PRODUCT, look and feel: nothing wider than the viewport, so the page never scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${new URL(page.url()).pathname} is ${scrollWidth}px wide`).toBeLessThanOrEqual(width);
}

/** Fills the sign-in form and sends it with its Sign In button (not the header's link). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * The field is marked invalid and its error, the element its aria-describedby names last, says
 * `message` (a string is the whole text, a pattern a match).
 */
export async function expectFieldError(page: Page, label: string, message: string | RegExp): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
  await expect(page.locator(`[id="${ids[ids.length - 1]}"]`)).toHaveText(message);
}

/** Changes a password through the API, as another device would: every older token is revoked. */
export async function changePasswordElsewhere(
  baseURL: string,
  token: string,
  password: string,
  currentPassword: string,
): Promise<void> {
  const response = await fetch(`${baseURL}/api/user/userupdate`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ password, currentPassword }),
  });
  expect(response.status).toBe(200);
}
