import type { Page } from '@playwright/test';
import { signInAs, type E2eUser } from './api';
import { DESKTOP, type NewPage } from './fixtures';

/** A fresh page signed in as `user`, at `path`. */
export async function openAs(
  newPage: NewPage,
  path: string,
  user: E2eUser,
  viewport = DESKTOP,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const page = await newPage({ viewport, colorScheme });
  await signInAs(page, user);
  await page.goto(path);
  return page;
}

/** The discussion under a post, and one person's comment in it. */
export const discussion = (page: Page) => page.getByRole('region', { name: /^Discussion/ });
export const commentBy = (page: Page, username: string) =>
  discussion(page).getByRole('article', { name: `Comment by ${username}` });
