import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createPost, createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, useBrowser } from './support/browser';
import {
  atPath,
  expectSignedInHeader,
  expectSignedOutHeader,
  fillSignIn,
  hidden,
  visible,
} from './support/expect-page';

const browser = useBrowser();

async function visitorPage(): Promise<Page> {
  return browser.newPage({ viewport: DESKTOP });
}

async function signedInPage(user: E2eUser): Promise<Page> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await signInAs(page, user);
  return page;
}

async function signInWithForm(page: Page, user: E2eUser): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
  await fillSignIn(page, user.email, user.password);
}

describe('guest-only pages', () => {
  it('sends a signed-in user from /signin and /signup to /allblog', async () => {
    const user = await createUser(browser.baseURL, 'Already');
    const page = await signedInPage(user);
    await page.goto('/signin');
    await atPath(page, '/allblog');
    await expectSignedInHeader(page, 'Already');

    await page.goto('/signup');
    await atPath(page, '/allblog');
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
  });

  it('follows a `next` on this site only', async () => {
    const user = await createUser(browser.baseURL, 'Nexus');
    const page = await signedInPage(user);
    await page.goto('/signin?next=%2Fuserupdate');
    await atPath(page, '/userupdate');

    await page.goto('/signin?next=%2F%2Fevil.example%2F');
    await atPath(page, '/allblog');
    expect(new URL(page.url()).host).toBe(new URL(browser.baseURL).host);
  });
});

describe('pages that need an account', () => {
  it('sends a visitor from /addblog to /signup', async () => {
    const page = await visitorPage();
    await page.goto('/addblog');
    await atPath(page, '/signup', { next: '/addblog' });
    await visible(page.getByRole('heading', { level: 1, name: 'Join Inkwell' }));
    await expectSignedOutHeader(page);
  });

  it('lets a signed-in user stay on /addblog', async () => {
    const user = await createUser(browser.baseURL, 'Writer');
    const page = await signedInPage(user);
    await page.goto('/addblog');
    await expectSignedInHeader(page, 'Writer');
    await visible(page.getByRole('main').getByRole('button', { name: 'Publish', exact: true }));
    expect(new URL(page.url()).pathname).toBe('/addblog');
    expect(await page.getByRole('heading', { level: 1, name: 'Join Inkwell' }).count()).toBe(0);
  });

  it('sends a visitor from /userupdate to /signin and back after signing in', async () => {
    const user = await createUser(browser.baseURL, 'Returning');
    const page = await visitorPage();
    await page.goto('/userupdate');
    await atPath(page, '/signin', { next: '/userupdate' });

    await signInWithForm(page, user);
    await atPath(page, '/userupdate');
    await visible(page.getByRole('heading', { level: 1, name: 'Settings' }));
    await visible(page.getByLabel('New username', { exact: true }));
    await expectSignedInHeader(page, 'Returning');
  });

  it('sends a visitor from /updateblog?id= to /signin and back to the same post', async () => {
    const author = await createUser(browser.baseURL, 'Author');
    const post = await createPost(browser.baseURL, author, {
      title: 'A post to edit later',
      content: 'Some content that will be edited after signing in.',
    });
    const page = await visitorPage();
    await page.goto(`/updateblog?id=${encodeURIComponent(post.id)}`);
    await atPath(page, '/signin', { next: `/updateblog?id=${post.id}` });

    await signInWithForm(page, author);
    await atPath(page, '/updateblog', { id: post.id });
    await expectSignedInHeader(page, 'Author');
    await visible(page.getByRole('main').getByRole('button', { name: 'Update', exact: true }));
  });

  it('keeps the way back when the visitor goes on to sign up instead', async () => {
    const page = await visitorPage();
    await page.goto('/userupdate');
    await atPath(page, '/signin', { next: '/userupdate' });
    await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click();
    await atPath(page, '/signup', { next: '/userupdate' });
  });
});

describe('/profile', () => {
  it('without a userId sends a visitor to /signin, and after signing in shows their own profile', async () => {
    const user = await createUser(browser.baseURL, 'Selfie');
    const page = await visitorPage();
    await page.goto('/profile');
    await atPath(page, '/signin', { next: '/profile' });

    await signInWithForm(page, user);
    await atPath(page, '/profile', { userId: user.id });
    await visible(page.getByRole('heading', { level: 1, name: 'Selfie' }));
    await visible(page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }));
  });

  it('without a userId takes a signed-in user to their own profile, whose Edit goes to /userupdate', async () => {
    const user = await createUser(browser.baseURL, 'Owner');
    const page = await signedInPage(user);
    await page.goto('/profile');
    await atPath(page, '/profile', { userId: user.id });
    await visible(page.getByRole('heading', { level: 1, name: 'Owner' }));
    expect(
      await page
        .getByRole('main')
        .getByRole('button', { name: /^Follow/ })
        .count(),
    ).toBe(0);

    await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
    await atPath(page, '/userupdate');
  });

  it('with a userId is public: a visitor sees the name and a Follow button, no Edit', async () => {
    const user = await createUser(browser.baseURL, 'Public');
    const page = await visitorPage();
    await page.goto(`/profile?userId=${encodeURIComponent(user.id)}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Public' }));
    expect(new URL(page.url()).pathname).toBe('/profile');
    await visible(page.getByRole('main').getByRole('button', { name: 'Follow Public' }));
    expect(await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    await expectSignedOutHeader(page);
  });

  it("shows Follow, not Edit, on another user's profile", async () => {
    const viewer = await createUser(browser.baseURL, 'Viewer');
    const other = await createUser(browser.baseURL, 'Other');
    const page = await signedInPage(viewer);
    await page.goto(`/profile?userId=${encodeURIComponent(other.id)}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Other' }));
    await visible(page.getByRole('main').getByRole('button', { name: 'Follow Other' }));
    await hidden(page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }));
  });

  it('says so for a user that does not exist', async () => {
    const page = await visitorPage();
    await page.goto('/profile?userId=no-such-user');
    await visible(page.getByRole('heading', { level: 1, name: 'User not found' }));
  });
});
