import type { Page } from '@playwright/test';
import { DESKTOP, expect, type NewPage, test } from './support/fixtures';
import { createPost, createUser, signInAs, type E2eUser } from './support/api';
import { atPath, expectSignedInHeader, expectSignedOutHeader, fillSignIn } from './support/screens';

async function visitorPage(newPage: NewPage): Promise<Page> {
  return newPage({ viewport: DESKTOP });
}

async function signedInPage(newPage: NewPage, user: E2eUser): Promise<Page> {
  const page = await newPage({ viewport: DESKTOP });
  await signInAs(page, user);
  return page;
}

async function signInWithForm(page: Page, user: E2eUser): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await fillSignIn(page, user.email, user.password);
}

test.describe('guest-only pages', () => {
  test('sends a signed-in user from /signin and /signup to /allblog', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Already');
    const page = await signedInPage(newPage, user);
    await page.goto('/signin');
    await atPath(page, '/allblog');
    await expectSignedInHeader(page, 'Already');

    await page.goto('/signup');
    await atPath(page, '/allblog');
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  });

  test('follows a `next` on this site only', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Nexus');
    const page = await signedInPage(newPage, user);
    await page.goto('/signin?next=%2Fuserupdate');
    await atPath(page, '/userupdate');

    await page.goto('/signin?next=%2F%2Fevil.example%2F');
    await atPath(page, '/allblog');
    expect(new URL(page.url()).host).toBe(new URL(serverURL).host);
  });
});

test.describe('pages that need an account', () => {
  test('sends a visitor from /addblog to /signup', async ({ newPage }) => {
    const page = await visitorPage(newPage);
    await page.goto('/addblog');
    await atPath(page, '/signup', { next: '/addblog' });
    await expect(page.getByRole('heading', { level: 1, name: 'Join Inkwell' })).toBeVisible();
    await expectSignedOutHeader(page);
  });

  test('lets a signed-in user stay on /addblog', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Writer');
    const page = await signedInPage(newPage, user);
    await page.goto('/addblog');
    await expectSignedInHeader(page, 'Writer');
    await expect(page.getByRole('main').getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/addblog');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Inkwell' })).toHaveCount(0);
  });

  test('sends a visitor from /userupdate to /signin and back after signing in', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Returning');
    const page = await visitorPage(newPage);
    await page.goto('/userupdate');
    await atPath(page, '/signin', { next: '/userupdate' });

    await signInWithForm(page, user);
    await atPath(page, '/userupdate');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('New username', { exact: true })).toBeVisible();
    await expectSignedInHeader(page, 'Returning');
  });

  test('sends a visitor from /updateblog?id= to /signin and back to the same post', async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, 'Author');
    const post = await createPost(serverURL, author, {
      title: 'A post to edit later',
      content: 'Some content that will be edited after signing in.',
    });
    const page = await visitorPage(newPage);
    await page.goto(`/updateblog?id=${encodeURIComponent(post.id)}`);
    await atPath(page, '/signin', { next: `/updateblog?id=${post.id}` });

    await signInWithForm(page, author);
    await atPath(page, '/updateblog', { id: post.id });
    await expectSignedInHeader(page, 'Author');
    await expect(page.getByRole('main').getByRole('button', { name: 'Update', exact: true })).toBeVisible();
  });

  test('keeps the way back when the visitor goes on to sign up instead', async ({ newPage }) => {
    const page = await visitorPage(newPage);
    await page.goto('/userupdate');
    await atPath(page, '/signin', { next: '/userupdate' });
    await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click();
    await atPath(page, '/signup', { next: '/userupdate' });
  });
});

test.describe('/profile', () => {
  test('without a userId sends a visitor to /signin, and after signing in shows their own profile', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Selfie');
    const page = await visitorPage(newPage);
    await page.goto('/profile');
    await atPath(page, '/signin', { next: '/profile' });

    await signInWithForm(page, user);
    await atPath(page, '/profile', { userId: user.id });
    await expect(page.getByRole('heading', { level: 1, name: 'Selfie' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  });

  test('without a userId takes a signed-in user to their own profile, whose Edit goes to /userupdate', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Owner');
    const page = await signedInPage(newPage, user);
    await page.goto('/profile');
    await atPath(page, '/profile', { userId: user.id });
    await expect(page.getByRole('heading', { level: 1, name: 'Owner' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: /^Follow/ })).toHaveCount(0);

    await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
    await atPath(page, '/userupdate');
  });

  test('with a userId is public: a visitor sees the name and a Follow button, no Edit', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Public');
    const page = await visitorPage(newPage);
    await page.goto(`/profile?userId=${encodeURIComponent(user.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Public' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await expect(page.getByRole('main').getByRole('button', { name: 'Follow Public' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expectSignedOutHeader(page);
  });

  test("shows Follow, not Edit, on another user's profile", async ({ newPage, serverURL }) => {
    const viewer = await createUser(serverURL, 'Viewer');
    const other = await createUser(serverURL, 'Other');
    const page = await signedInPage(newPage, viewer);
    await page.goto(`/profile?userId=${encodeURIComponent(other.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Other' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Follow Other' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Edit', exact: true })).toBeHidden();
  });

  test('says so for a user that does not exist', async ({ newPage }) => {
    const page = await visitorPage(newPage);
    await page.goto('/profile?userId=no-such-user');
    await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
  });
});
