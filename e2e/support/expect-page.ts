import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Waits on what a user would see. vitest has no Playwright `expect(locator)` matchers, so each
 * helper waits for the outcome (auto-retrying through Playwright) and then asserts on it.
 */

/** Resolves once the locator is visible; fails the test with Playwright's message otherwise. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Resolves once no element matches the locator (or none is visible). */
export async function hidden(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'hidden' });
}

/** The trimmed text of a visible element. */
export async function textOf(locator: Locator): Promise<string> {
  await visible(locator);
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Waits until the page is at `pathname`, and, when given, until its query string holds exactly
 * these parameters (order and encoding do not matter).
 */
export async function atPath(page: Page, pathname: string, query?: Record<string, string>): Promise<URL> {
  await page.waitForURL((url) => url.pathname === pathname && (!query || sameQuery(url, query)));
  return new URL(page.url());
}

function sameQuery(url: URL, query: Record<string, string>): boolean {
  const actual = [...url.searchParams.entries()].sort();
  const expected = Object.entries(query).sort();
  return JSON.stringify(actual) === JSON.stringify(expected);
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
  await visible(banner.getByRole('link', { name: 'Sign In', exact: true }));
  await visible(banner.getByRole('link', { name: 'Get started', exact: true }));
  expect(await banner.getByRole('button', { name: /^Account menu/ }).count()).toBe(0);
}

/** The header as a signed-in user sees it: the avatar menu button with the name's initial. */
export async function expectSignedInHeader(page: Page, username: string): Promise<void> {
  const banner = page.getByRole('banner');
  const avatar = await visible(banner.getByRole('button', { name: `Account menu for ${username}` }));
  expect(await textOf(avatar)).toBe(Array.from(username.trim())[0]?.toLocaleUpperCase());
  expect(await banner.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);
  expect(await banner.getByRole('link', { name: 'Get started', exact: true }).count()).toBe(0);
}

/** Nothing wider than the viewport, so the page never scrolls sideways. */
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

/** The field error shown under an input: the element its aria-describedby names last. */
export async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  await page.waitForFunction(
    (element) => element?.getAttribute('aria-invalid') === 'true',
    await input.elementHandle(),
  );
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
  return textOf(page.locator(`[id="${ids[ids.length - 1]}"]`));
}

export async function hasFieldError(page: Page, label: string): Promise<boolean> {
  return (await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')) === 'true';
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
