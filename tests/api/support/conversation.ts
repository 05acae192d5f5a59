import { expect } from 'vitest';
import type { Comment } from '../../../contracts/comments';
import type { NotificationGroup } from '../../../contracts/notifications';
import type { Page } from '../../../contracts/posts';
import { request, type ApiContext, type TestUser } from './harness';

/** A name no other test in the same database uses. */
export const uniqueName = (stem: string) => `${stem}${Math.random().toString(36).slice(2, 8)}`;

export const postComment = (ctx: ApiContext, payload: Record<string, unknown>, token?: string) =>
  request<{ response: Comment; message?: string }>(ctx, {
    method: 'POST',
    url: '/api/post/comments',
    payload,
    ...(token ? { token } : {}),
  });

export async function addComment(
  ctx: ApiContext,
  user: TestUser,
  postId: string,
  body: string,
  parentId?: string,
): Promise<Comment> {
  const response = await postComment(ctx, { postId, body, ...(parentId ? { parentId } : {}) }, user.token);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.response;
}

export async function listComments(ctx: ApiContext, postId: string, token?: string): Promise<Comment[]> {
  const response = await request<Page<Comment>>(ctx, {
    method: 'GET',
    url: `/api/post/comments?postId=${postId}`,
    ...(token ? { token } : {}),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.response;
}

export async function notificationsOf(
  ctx: ApiContext,
  user: TestUser,
  query = '',
): Promise<Page<NotificationGroup>> {
  const response = await request<Page<NotificationGroup>>(ctx, {
    method: 'GET',
    url: `/api/notifications${query}`,
    token: user.token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function unreadOf(ctx: ApiContext, user: TestUser): Promise<number> {
  const response = await request<{ response: { unread: number } }>(ctx, {
    method: 'GET',
    url: '/api/notifications/unread',
    token: user.token,
  });
  expect(response.status).toBe(200);
  return response.body.response.unread;
}

export async function block(ctx: ApiContext, blocker: TestUser, blocked: TestUser): Promise<void> {
  const response = await request(ctx, {
    method: 'POST',
    url: `/api/user/block?userId=${blocked.id}`,
    token: blocker.token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}
