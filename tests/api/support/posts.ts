import { expect } from 'vitest';
import type { Page, Post } from '../../../contracts/posts';
import { request, type ApiContext, type TestUser } from './harness';

/** Creates a post through the API and returns it, failing the test on anything but a 201. */
export async function createPost(
  ctx: ApiContext,
  author: TestUser,
  input: Partial<{ title: string; content: string; tags: string[] }> = {},
): Promise<Post> {
  const response = await request<{ response: Post }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: author.token,
    payload: {
      title: input.title ?? 'A title',
      content: input.content ?? 'Some **Markdown** content.',
      ...(input.tags ? { tags: input.tags } : {}),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.response;
}

/** Creates posts one after another, so their ids (UUIDv7) are in creation order. */
export async function createPosts(ctx: ApiContext, author: TestUser, count: number): Promise<Post[]> {
  const posts: Post[] = [];
  for (let index = 0; index < count; index += 1) {
    posts.push(await createPost(ctx, author, { title: `Post ${index + 1}`, content: `Body ${index + 1}` }));
  }
  return posts;
}

/** PUTs a post's new fields, failing the test on anything but a 200. */
export async function updatePost(
  ctx: ApiContext,
  author: TestUser,
  id: string,
  input: { title: string; content: string; tags?: string[] },
): Promise<Post> {
  const response = await request<{ response: Post }>(ctx, {
    method: 'PUT',
    url: `/api/post/blog?id=${encodeURIComponent(id)}`,
    token: author.token,
    payload: input,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.response;
}

/** Deletes a post, failing the test on anything but a 200. */
export async function deletePost(ctx: ApiContext, author: TestUser, id: string): Promise<void> {
  const response = await request(ctx, {
    method: 'DELETE',
    url: `/api/post/blog/delete?id=${encodeURIComponent(id)}`,
    token: author.token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** GETs one page of a list (posts by default), failing the test on anything but a 200. */
export async function getPage<T = Post>(ctx: ApiContext, url: string, token?: string): Promise<Page<T>> {
  const response = await request<Page<T>>(ctx, { method: 'GET', url, ...(token ? { token } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/**
 * Follows nextCursor to the end of a list (from `startCursor` when given) and returns every item in
 * the order served.
 */
export async function walkPages<T = Post>(
  ctx: ApiContext,
  url: string,
  token?: string,
  startCursor: string | null = null,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = startCursor;
  const separator = url.includes('?') ? '&' : '?';
  for (let guard = 0; guard < 1000; guard += 1) {
    const page: Page<T> = await getPage<T>(
      ctx,
      cursor === null ? url : `${url}${separator}cursor=${encodeURIComponent(cursor)}`,
      token,
    );
    items.push(...page.response);
    if (page.nextCursor === null) return items;
    cursor = page.nextCursor;
  }
  throw new Error('paging did not end');
}

/** Ids in the order a newest-first list must serve them. */
export const newestFirst = (posts: { id: string }[]) => posts.map((post) => post.id).reverse();
