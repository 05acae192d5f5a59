import { DESKTOP, expect, test } from './support/fixtures';
import { createUser, signInAs, uniqueEmail } from './support/api';
import { atPath, expectFieldError } from './support/screens';

const TAKEN = 'This name is already taken';
const tag = () => Math.random().toString(36).slice(2, 7);

test.describe('unique usernames, bio and picture', () => {
  test('shows a name taken in another case under the Name field of the sign-up form', async ({
    newPage,
    serverURL,
  }) => {
    const existing = await createUser(serverURL, `Claimed ${tag()}`);
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Inkwell' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(existing.username.toUpperCase());
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('claimed'));
    await page.getByLabel('Password', { exact: true }).fill('a good password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await expectFieldError(page, 'Name', TAKEN);
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  test('shows a taken name under New username in Settings', async ({ newPage, serverURL }) => {
    const existing = await createUser(serverURL, `Holder ${tag()}`);
    const user = await createUser(serverURL, `Renamer ${tag()}`);
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await page.getByLabel('New username', { exact: true }).fill(existing.username.toLowerCase());
    await page.getByRole('button', { name: 'Update', exact: true }).click();

    await expectFieldError(page, 'New username', TAKEN);
    expect(new URL(page.url()).pathname).toBe('/userupdate');
  });

  test('saves a bio and picture in Settings and shows them on the profile', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, `Biographer ${tag()}`);
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const bio = page.getByLabel('Bio', { exact: true });
    await expect(bio).toBeVisible();
    await bio.fill('I write about ink and paper.');
    await page.getByLabel('Picture', { exact: true }).fill('not a web address');
    await page.getByRole('button', { name: 'Save profile', exact: true }).click();
    await expectFieldError(page, 'Picture', /http/);

    await page.getByLabel('Picture', { exact: true }).fill('https://example.com/me.png');
    await page.getByRole('button', { name: 'Save profile', exact: true }).click();
    await expect(page.getByText('Your profile is saved.')).toBeVisible();

    await page.goto(`/profile?userId=${encodeURIComponent(user.id)}`);
    await atPath(page, '/profile', { userId: user.id });
    await expect(page.locator('.profile-header__bio')).toHaveText('I write about ink and paper.');
    await expect(page.locator('.profile-header img')).toHaveAttribute('src', 'https://example.com/me.png');
  });
});
