import { describe, expect, it } from 'vitest';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost } from './support/posts';

const JSON_TYPE = { 'content-type': 'application/json' };

/** A request as many API clients send it: the JSON type on every call, whatever the method. */
const withEmptyJsonBody = (ctx: ApiContext, method: 'DELETE' | 'POST' | 'PUT', url: string, user: TestUser) =>
  request<{ message?: string; errors?: Record<string, string[]> }>(ctx, {
    method,
    url,
    token: user.token,
    headers: JSON_TYPE,
    payload: '',
  });

describeEachDatabase('an empty body under a JSON type is no body (RFC 9110 §8.6)', (ctx) => {
  describe('routes that take no body', () => {
    it('delete a post (specification §7 DELETE /api/post/blog/delete) sent with Content-Type: application/json', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const deleted = await withEmptyJsonBody(ctx, 'DELETE', `/api/post/blog/delete?id=${post.id}`, author);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect((await request(ctx, { method: 'GET', url: `/api/post/blog?id=${post.id}` })).status).toBe(404);
    });

    it('favorite and unfavorite (a bodiless POST and DELETE) sent with Content-Type: application/json', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const favorite = await withEmptyJsonBody(ctx, 'POST', `/api/post/favorite?id=${post.id}`, reader);
      expect(favorite.status, JSON.stringify(favorite.body)).toBe(200);
      const unfavorite = await withEmptyJsonBody(ctx, 'DELETE', `/api/post/favorite?id=${post.id}`, reader);
      expect(unfavorite.status, JSON.stringify(unfavorite.body)).toBe(200);
    });
  });

  describe('routes that take a body', () => {
    it('answer an empty JSON body with the same 400 as a missing body', async () => {
      const author = await signUpUser(ctx);
      const empty = await withEmptyJsonBody(ctx, 'POST', '/api/post/blog', author);
      const missing = await request(ctx, { method: 'POST', url: '/api/post/blog', token: author.token });
      expect(missing.status).toBe(400);
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual(missing.body);
      expect(empty.body.errors).toBeDefined();
    });

    it('still refuse a body that is not JSON', async () => {
      const author = await signUpUser(ctx);
      const malformed = await request<{ message: string }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: author.token,
        headers: JSON_TYPE,
        payload: '{"title": ',
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ message: 'Malformed JSON in request body' });
    });
  });
});
