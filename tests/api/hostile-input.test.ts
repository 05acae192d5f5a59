import { beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../server/lib/validation';
import { describeEachDatabase, request, signUpUser, type TestUser } from './support/harness';
import { createPost } from './support/posts';

const NUL = '\u0000';

/** Every answer to bad input: an honest 4xx with a JSON {message}, never a 500. */
function expectClientError(response: { status: number; body: unknown }, status: number): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body).toMatchObject({ message: expect.any(String) });
}

describeEachDatabase('hostile input', (ctx) => {
  let user: TestUser;
  let postId: string;
  beforeAll(async () => {
    user = await signUpUser(ctx);
    postId = (await createPost(ctx, user)).id;
  });

  describe('a NUL character is a 400 wherever text is accepted', () => {
    const nulInQuery = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) =>
      request(ctx, {
        method,
        url,
        token: user.token,
        payload: method === 'PUT' ? { title: 't', content: 'c' } : undefined,
      });

    it.each([
      ['GET', '/api/post/blog?id=%00'],
      ['GET', '/api/post/blog/all?cursor=%00'],
      ['GET', '/api/post/profile?userId=%00'],
      ['GET', '/api/post/comments?postId=%00'],
      ['GET', '/api/user/profile?userId=%00'],
      ['POST', '/api/post/favorite?id=%00'],
      ['POST', '/api/user/follow?userId=%00'],
      ['PUT', '/api/post/blog?id=%00'],
      ['DELETE', '/api/post/comments?id=%00'],
      ['GET', '/api/post/blog/all?limit=1%00'],
    ] as const)('%s %s', async (method, url) => {
      const response = await nulInQuery(method, url);
      expectClientError(response, 400);
      expect(response.body).toMatchObject({ message: NUL_MESSAGE });
    });

    it.each([
      [
        'POST',
        '/api/user/signup',
        { username: `a${NUL}b`, email: 'nul@example.com', password: 'secret1' },
        'username',
      ],
      [
        'POST',
        '/api/user/signup',
        { username: 'ab', email: `nul${NUL}@example.com`, password: 'secret1' },
        'email',
      ],
      ['POST', '/api/user/signin', { email: `x${NUL}@example.com`, password: 'secret1' }, 'email'],
      ['POST', '/api/user/signin', { email: 'x@example.com', password: `secret${NUL}1` }, 'password'],
      ['PUT', '/api/user/userupdate', { username: `Name${NUL}` }, 'username'],
      ['POST', '/api/post/blog', { title: `Title${NUL}`, content: 'c' }, 'title'],
      ['POST', '/api/post/blog', { title: 'Title', content: `a${NUL}b` }, 'content'],
      ['POST', '/api/post/comments', { postId: 'later', body: `a${NUL}b` }, 'body'],
      ['POST', '/api/post/blog', { title: 'T', content: 'c', extra: { deep: [`${NUL}`] } }, 'extra.deep.0'],
    ] as const)('%s %s with NUL in %j', async (method, url, payload, field) => {
      const body = { ...payload, ...('postId' in payload ? { postId } : {}) };
      const response = await request(ctx, { method, url, token: user.token, payload: body });
      expectClientError(response, 400);
      expect(response.body).toEqual({ message: NUL_MESSAGE, errors: { [field]: [NUL_MESSAGE] } });
    });

    it('stores nothing when refusing: the post list is unchanged', async () => {
      await request(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: user.token,
        payload: { title: NUL, content: NUL },
      });
      const mine = await request<{ response: { title: string }[] }>(ctx, {
        method: 'GET',
        url: `/api/post/profile?userId=${user.id}`,
      });
      expect(mine.body.response.map((post) => post.title)).not.toContain(NUL);
    });
  });

  describe('an id that is not a UUID is a 404, decided before the database', () => {
    // 37 to 64 characters passed the old schemas but not PostgreSQL's varchar(36).
    const long = 'a'.repeat(37);
    const longer = `${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}-${'x'.repeat(27)}`;

    it.each([
      ['POST', '/api/post/favorite?id=', 'Post not found'],
      ['DELETE', '/api/post/favorite?id=', 'Post not found'],
      ['GET', '/api/post/blog?id=', 'Post not found'],
      ['DELETE', '/api/post/blog/delete?id=', 'Post not found'],
      ['POST', '/api/user/follow?userId=', 'User not found'],
      ['DELETE', '/api/user/follow?userId=', 'User not found'],
      ['GET', '/api/user/profile?userId=', 'User not found'],
      ['GET', '/api/post/profile?userId=', 'User not found'],
      ['GET', '/api/post/comments?postId=', 'Post not found'],
      ['DELETE', '/api/post/comments?id=', 'Comment not found'],
    ] as const)('%s %s<malformed>', async (method, url, message) => {
      for (const id of [long, longer, 'x'.repeat(64), 'not-a-uuid', postId.toUpperCase(), `${postId}0`]) {
        const response = await request(ctx, {
          method,
          url: `${url}${encodeURIComponent(id)}`,
          token: user.token,
        });
        expect(response.status, `${id}: ${JSON.stringify(response.body)}`).toBe(404);
        expect(response.body).toEqual({ message });
      }
    });

    it('POST /api/post/comments with a malformed postId', async () => {
      for (const bad of [long, longer, 'x'.repeat(64)]) {
        const response = await request(ctx, {
          method: 'POST',
          url: '/api/post/comments',
          token: user.token,
          payload: { postId: bad, body: 'Hello' },
        });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: 'Post not found' });
      }
    });

    it('still answers 400 for a missing id, and a real id still works', async () => {
      expectClientError(
        await request(ctx, { method: 'POST', url: '/api/post/favorite', token: user.token }),
        400,
      );
      const favorite = await request(ctx, {
        method: 'POST',
        url: `/api/post/favorite?id=${postId}`,
        token: user.token,
      });
      expect(favorite.status).toBe(200);
    });
  });

  describe('length limits apply to what is stored', () => {
    // 'İ' lower-cases to two characters: 212 characters as typed, 412 in the email_key column.
    const growing = `${'İ'.repeat(200)}@example.com`;

    it('refuses a sign-up whose lower-cased email exceeds 254 characters (400)', async () => {
      const response = await request(ctx, {
        method: 'POST',
        url: '/api/user/signup',
        payload: { username: 'Grows', email: growing, password: 'secret1' },
      });
      expectClientError(response, 400);
      expect(response.body).toMatchObject({ errors: { email: ['Email must be at most 254 characters'] } });
    });

    it('refuses the same email at sign-in with the same message', async () => {
      const response = await request(ctx, {
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: growing, password: 'secret1' },
      });
      expectClientError(response, 400);
    });

    it('accepts an email that is exactly 254 characters once lower-cased', async () => {
      const local = 'İ'.repeat(60) + 'a'.repeat(254 - 120 - '@example.com'.length);
      const email = `${local}@example.com`;
      expect(email.toLowerCase()).toHaveLength(254);
      const response = await request(ctx, {
        method: 'POST',
        url: '/api/user/signup',
        payload: { username: 'Exact', email, password: 'secret1' },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    });
  });
});
