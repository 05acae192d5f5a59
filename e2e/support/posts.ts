import type { Page, Request, Route } from '@playwright/test';
import type { Comment } from '../../contracts/comments';
import type { Post } from '../../contracts/posts';
import type { E2eUser } from './api';
import { expect } from './fixtures';

/*
 * API shortcuts and request controls for the posts, discussions and favorites browser tests.
 * Setup goes through the real API, so each test spends its browser time on the screen it covers.
 */

async function call<T>(
  baseURL: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates a post and returns it whole (createdAt for the date, author for the link). */
export async function publish(
  baseURL: string,
  user: E2eUser,
  post: { title: string; content: string; tags?: string[] },
): Promise<Post> {
  return (await call<{ response: Post }>(baseURL, 'POST', '/api/post/blog', user.token, post)).response;
}

/** Creates `count` posts, oldest first, titled `${prefix} 1` … `${prefix} ${count}`. */
export async function publishMany(
  baseURL: string,
  user: E2eUser,
  prefix: string,
  count: number,
): Promise<Post[]> {
  const posts: Post[] = [];
  for (let index = 1; index <= count; index += 1) {
    posts.push(
      await publish(baseURL, user, { title: `${prefix} ${index}`, content: `Post number ${index}.` }),
    );
  }
  return posts;
}

export async function comment(
  baseURL: string,
  user: E2eUser,
  postId: string,
  body: string,
): Promise<Comment> {
  return (
    await call<{ response: Comment }>(baseURL, 'POST', '/api/post/comments', user.token, { postId, body })
  ).response;
}

/** An in-line comment on a passage of the post. */
export async function commentOnPassage(
  baseURL: string,
  user: E2eUser,
  postId: string,
  body: string,
  anchor: { quote: string; prefix?: string; suffix?: string },
): Promise<Comment> {
  return (
    await call<{ response: Comment }>(baseURL, 'POST', '/api/post/comments', user.token, {
      postId,
      body,
      anchor,
    })
  ).response;
}

/** Replaces a post's title and content as its author. */
export async function editPost(
  baseURL: string,
  user: E2eUser,
  post: Post,
  changes: { title: string; content: string },
): Promise<Post> {
  return (
    await call<{ response: Post }>(
      baseURL,
      'PUT',
      `/api/post/blog?id=${encodeURIComponent(post.id)}`,
      user.token,
      changes,
    )
  ).response;
}

export async function follow(baseURL: string, reader: E2eUser, author: E2eUser): Promise<void> {
  await call(baseURL, 'POST', `/api/user/follow?userId=${encodeURIComponent(author.id)}`, reader.token);
}

export async function favorite(baseURL: string, reader: E2eUser, post: Post): Promise<void> {
  await call(baseURL, 'POST', `/api/post/favorite?id=${encodeURIComponent(post.id)}`, reader.token);
}

/** The address specification §2 gives a post: /readblog?id=…&name=… */
export function readPath(post: Post): string {
  return `/readblog?${new URLSearchParams({ id: post.id, name: post.author.username })}`;
}

export function profilePathOf(userId: string): string {
  return `/profile?${new URLSearchParams({ userId })}`;
}

/** A short unique tag, so a test finds its own posts in the shared all-posts list. */
export function tag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** `count` distinct words: w1 w2 … */
export function words(count: number, prefix = 'word'): string {
  return Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join(' ');
}

/** Matches API calls by method and pathname (a glob would trip over the '?' of query strings). */
export function apiCall(method: string, pathname: string, when: (url: URL) => boolean = () => true) {
  return (request: Request): boolean => {
    const url = new URL(request.url());
    return request.method() === method && url.pathname === pathname && when(url);
  };
}

/**
 * Routes the requests `matches` accepts through `handle`; everything else goes on untouched.
 * Returns a function that removes the route.
 */
export async function intercept(
  page: Page,
  matches: (request: Request) => boolean,
  handle: (route: Route) => Promise<void>,
): Promise<() => Promise<void>> {
  const handler = async (route: Route) => {
    if (matches(route.request())) await handle(route);
    else await route.fallback();
  };
  await page.route('**/api/**', handler);
  return () => page.unroute('**/api/**', handler);
}

/** Holds the matching requests until the returned function is called, then lets them through. */
export async function hold(page: Page, matches: (request: Request) => boolean): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await intercept(page, matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Makes the matching requests fail as if the network were down, until the returned function runs. */
export function failNetwork(
  page: Page,
  matches: (request: Request) => boolean,
): Promise<() => Promise<void>> {
  return intercept(page, matches, (route) => route.abort('internetdisconnected'));
}

/** Answers the matching requests with this status and JSON body. */
export function answer(
  page: Page,
  matches: (request: Request) => boolean,
  status: number,
  body: unknown,
): Promise<() => Promise<void>> {
  return intercept(page, matches, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

/**
 * Replaces the Web Share and Clipboard APIs before the app loads: Share has no sheet to open
 * (`share: 'absent'`) or records what it was given; the clipboard records what was written.
 */
export async function stubSharing(page: Page, share: 'absent' | 'record'): Promise<void> {
  await page.addInitScript((mode) => {
    const record = window as unknown as { __copied?: string; __shared?: ShareData };
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value:
        mode === 'record'
          ? async (data: ShareData) => {
              record.__shared = data;
            }
          : undefined,
    });
    Object.defineProperty(Navigator.prototype, 'clipboard', {
      configurable: true,
      get: () => ({
        writeText: async (text: string) => {
          record.__copied = text;
        },
      }),
    });
  }, share);
}

/**
 * The discussion under a post is React's, so a click in it is answered: until the reader comes
 * near it, it is the server's HTML, whose buttons do nothing (web/src/components/ui/hydrate-when-near.tsx).
 */
export async function discussionIsLive(page: Page): Promise<void> {
  await expect(page.locator('[data-live]').filter({ has: page.locator('#discussion') })).toBeAttached();
}
