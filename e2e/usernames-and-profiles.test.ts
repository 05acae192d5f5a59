import { describe, expect, it } from 'vitest';
import { createUser, signInAs, uniqueEmail } from './support/api';
import { DESKTOP, useBrowser } from './support/browser';
import { atPath, fieldError, textOf, visible } from './support/expect-page';

const browser = useBrowser();

const TAKEN = 'This name is already taken';
const tag = () => Math.random().toString(36).slice(2, 7);

describe('unique usernames, bio and picture', () => {
  it('shows a name taken in another case under the Name field of the sign-up form', async () => {
    const existing = await createUser(browser.baseURL, `Claimed ${tag()}`);
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/signup');
    await visible(page.getByRole('heading', { level: 1, name: 'Join Inkwell' }));
    await page.getByLabel('Name', { exact: true }).fill(existing.username.toUpperCase());
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('claimed'));
    await page.getByLabel('Password', { exact: true }).fill('a good password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    expect(await fieldError(page, 'Name')).toBe(TAKEN);
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('shows a taken name under New username in Settings', async () => {
    const existing = await createUser(browser.baseURL, `Holder ${tag()}`);
    const user = await createUser(browser.baseURL, `Renamer ${tag()}`);
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await page.getByLabel('New username', { exact: true }).fill(existing.username.toLowerCase());
    await page.getByRole('button', { name: 'Update', exact: true }).click();

    expect(await fieldError(page, 'New username')).toBe(TAKEN);
    expect(new URL(page.url()).pathname).toBe('/userupdate');
  });

  it('saves a bio and picture in Settings and shows them on the profile', async () => {
    const user = await createUser(browser.baseURL, `Biographer ${tag()}`);
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const bio = page.getByLabel('Bio', { exact: true });
    await visible(bio);
    await bio.fill('I write about ink and paper.');
    await page.getByLabel('Picture', { exact: true }).fill('not a web address');
    await page.getByRole('button', { name: 'Save profile', exact: true }).click();
    expect(await fieldError(page, 'Picture')).toContain('http');

    await page.getByLabel('Picture', { exact: true }).fill('https://example.com/me.png');
    await page.getByRole('button', { name: 'Save profile', exact: true }).click();
    await visible(page.getByText('Your profile is saved.'));

    await page.goto(`/profile?userId=${encodeURIComponent(user.id)}`);
    await atPath(page, '/profile', { userId: user.id });
    expect(await textOf(page.locator('.profile-header__bio'))).toBe('I write about ink and paper.');
    expect(await page.locator('.profile-header img').getAttribute('src')).toBe('https://example.com/me.png');
  });
});
