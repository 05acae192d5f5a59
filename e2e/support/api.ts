import type { Page } from '@playwright/test';

let counter = 0;

export interface E2eUser {
  id: string;
  token: string;
  username: string;
  /** What mentions and /@handle address them by (proposed from the name at sign-up). */
  handle: string;
  email: string;
  password: string;
}

export function uniqueEmail(prefix = 'reader'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now().toString(36)}@example.com`;
}

async function postJson<T>(url: string, body: unknown, token?: string, method = 'POST'): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Signs up through the real API, for tests whose subject is not the sign-up form. Usernames are
 * unique and every test file shares one server, so a name another file already took
 * gets a number ("Reader 2"); tests that show a name read it from the returned user.
 */
export async function createUser(
  baseURL: string,
  wanted = 'Reader',
  email = uniqueEmail(wanted.toLowerCase().replace(/\W/g, '')),
): Promise<E2eUser> {
  const password = 'a good password';
  for (let attempt = 1; ; attempt += 1) {
    const username = attempt === 1 ? wanted : `${wanted} ${attempt}`;
    const response = await fetch(`${baseURL}/api/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email, password }),
    });
    if (!response.ok) {
      const text = await response.text();
      const errors =
        response.status === 409
          ? (JSON.parse(text) as { errors?: Record<string, unknown> }).errors
          : undefined;
      // Taken by another file; two files signing up one name at the same instant may hear of
      // the handle instead (the unique index on handles answers first).
      if ((errors?.username || errors?.handle) && attempt < 50) continue;
      throw new Error(`POST signup: ${response.status} ${text}`);
    }
    const body = (await response.json()) as { jwt: string; userId: string; handle: string };
    return { id: body.userId, token: body.jwt, username, handle: body.handle, email, password };
  }
}

export async function createPost(
  baseURL: string,
  user: E2eUser,
  post: { title: string; content: string },
): Promise<{ id: string }> {
  const body = await postJson<{ response: { id: string } }>(`${baseURL}/api/post/blog`, post, user.token);
  return body.response;
}

/** Puts a session in local storage, as sign-in does, before the app's scripts run. */
export async function signInAs(page: Page, user: E2eUser): Promise<void> {
  await page.addInitScript(
    ({ token, username, id }) => {
      if (!window.sessionStorage.getItem('e2e-seeded')) {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('username', username);
        window.localStorage.setItem('userId', id);
        window.sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    { token: user.token, username: user.username, id: user.id },
  );
}
