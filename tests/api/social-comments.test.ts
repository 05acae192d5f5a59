import { describe, expect, it } from 'vitest';
import type { Comment } from '../../contracts/comments';
import type { Post } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import {
  describeEachDatabase,
  request,
  signUpUser,
  type ApiContext,
  type TestUser,
  handleOf,
} from './support/harness';
import { createPost, getPage, walkPages } from './support/posts';

const REQUIRED = 'Comment is required';

const postComment = (ctx: ApiContext, payload: unknown, token?: string) =>
  request<{ response: Comment }>(ctx, {
    method: 'POST',
    url: '/api/post/comments',
    payload: payload as Record<string, unknown>,
    ...(token ? { token } : {}),
  });

async function addComment(
  ctx: ApiContext,
  postId: string,
  user: TestUser,
  body = 'A thought',
): Promise<Comment> {
  const response = await postComment(ctx, { postId, body }, user.token);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.response;
}

const deleteComment = (ctx: ApiContext, id: string, token?: string) =>
  request(ctx, {
    method: 'DELETE',
    url: `/api/post/comments?id=${encodeURIComponent(id)}`,
    ...(token ? { token } : {}),
  });

const commentsUrl = (postId: string, query = '') => `/api/post/comments?postId=${postId}${query}`;

async function commentCount(ctx: ApiContext, postId: string): Promise<number> {
  const response = await request<{ response: Post }>(ctx, {
    method: 'GET',
    url: `/api/post/blog?id=${postId}`,
  });
  return response.body.response.commentCount;
}

describeEachDatabase('discussions (comments) API', (ctx) => {
  describe('POST /api/post/comments', () => {
    it('adds a comment and answers 201 {response: Comment}; the post counts it', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx, { username: 'Reader' });
      const post = await createPost(ctx, author);
      const body = '  **Agreed**, and:\n\n<img src=x onerror=alert(1)>\n';
      const response = await postComment(ctx, { postId: post.id, body }, reader.token);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        response: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          postId: post.id,
          body,
          // Rendered on the server: the author's HTML is shown as text, never run.
          // (A paragraph's leading spaces are not kept, as CommonMark says; a browser shows none.)
          bodyHtml: '<p><strong>Agreed</strong>, and:</p>\n<p>&lt;img src=x onerror=alert(1)&gt;</p>\n',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          author: {
            id: reader.id,
            username: 'Reader',
            handle: await handleOf(ctx, reader.id),
            picture: null,
          },
          // Additions; the fields above stay as they were.
          parentId: null,
          editedAt: null,
          deleted: false,
          // A comment on the whole post quotes no passage.
          anchor: null,
        },
      });
      expect(JSON.stringify(response.body)).not.toContain(reader.email);
      expect(await commentCount(ctx, post.id)).toBe(1);
      const list = await getPage<Comment>(ctx, commentsUrl(post.id));
      expect(list.response).toEqual([{ ...response.body.response, replies: [] }]);
    });

    it('answers 401 without a token and 404 for an unknown post', async () => {
      const user = await signUpUser(ctx);
      const post = await createPost(ctx, user);
      expect((await postComment(ctx, { postId: post.id, body: 'x' })).status).toBe(401);
      const unknown = await postComment(ctx, { postId: uuidv7(), body: 'x' }, user.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Post not found' });
    });

    it.each([
      [{ body: 'x' }, 'postId', 'postId is required'],
      [{ postId: 'p' }, 'body', REQUIRED],
      [{ postId: 'p', body: '' }, 'body', REQUIRED],
      [{ postId: 'p', body: ' \n ' }, 'body', REQUIRED],
      [{ postId: 'p', body: 7 }, 'body', 'Comment must be text'],
      [{ postId: 'p', body: 'x'.repeat(5001) }, 'body', 'Comment must be at most 5,000 characters'],
    ])('answers 400 with the field message for %#', async (payload, field, message) => {
      const user = await signUpUser(ctx);
      const response = await postComment(ctx, payload, user.token);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message, errors: { [field]: [message] } });
    });

    it('accepts a comment of exactly 5,000 characters', async () => {
      const user = await signUpUser(ctx);
      const post = await createPost(ctx, user);
      const comment = await addComment(ctx, post.id, user, 'y'.repeat(5000));
      expect(comment.body).toHaveLength(5000);
    });
  });

  describe('GET /api/post/comments', () => {
    it('walks a discussion oldest first in pages, each comment once', async () => {
      const author = await signUpUser(ctx);
      const readers = [await signUpUser(ctx), await signUpUser(ctx)];
      const post = await createPost(ctx, author);
      const written: Comment[] = [];
      for (let index = 0; index < 25; index += 1) {
        written.push(await addComment(ctx, post.id, readers[index % 2] as TestUser, `Comment ${index + 1}`));
      }
      const first = await getPage<Comment>(ctx, commentsUrl(post.id, '&limit=10'));
      expect(first.response.map((comment) => comment.body)).toEqual(
        written.slice(0, 10).map((comment) => comment.body),
      );
      const all = await walkPages<Comment>(ctx, commentsUrl(post.id, '&limit=10'));
      expect(all.map((comment) => comment.id)).toEqual(written.map((comment) => comment.id));
      expect(await commentCount(ctx, post.id)).toBe(25);
      // Twenty by default.
      expect((await getPage<Comment>(ctx, commentsUrl(post.id))).response).toHaveLength(20);
    });

    it('keeps pages stable while comments are added: later comments come later, none repeats', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const older: Comment[] = [];
      for (let index = 0; index < 6; index += 1)
        older.push(await addComment(ctx, post.id, author, `Old ${index}`));
      const first = await getPage<Comment>(ctx, commentsUrl(post.id, '&limit=4'));
      const newer = await addComment(ctx, post.id, author, 'New');
      const rest = await walkPages<Comment>(
        ctx,
        commentsUrl(post.id, '&limit=4'),
        undefined,
        first.nextCursor,
      );
      expect([...first.response, ...rest].map((comment) => comment.id)).toEqual([
        ...older.map((comment) => comment.id),
        newer.id,
      ]);
    });

    it('answers an empty page for a quiet post, 404 for an unknown post, 400 for bad input', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      expect(await getPage<Comment>(ctx, commentsUrl(post.id))).toEqual({ response: [], nextCursor: null });
      const unknown = await request(ctx, { method: 'GET', url: commentsUrl(uuidv7()) });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Post not found' });
      const missing = await request(ctx, { method: 'GET', url: '/api/post/comments' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'postId is required' });
      expect((await request(ctx, { method: 'GET', url: commentsUrl(post.id, '&cursor=zzz') })).status).toBe(
        400,
      );
      expect((await request(ctx, { method: 'GET', url: commentsUrl(post.id, '&limit=500') })).status).toBe(
        400,
      );
    });
  });

  describe('DELETE /api/post/comments', () => {
    it("lets the comment's author delete it", async () => {
      const author = await signUpUser(ctx);
      const commenter = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const comment = await addComment(ctx, post.id, commenter);
      const kept = await addComment(ctx, post.id, author);
      const response = await deleteComment(ctx, comment.id, commenter.token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Comment deleted' });
      const list = await walkPages<Comment>(ctx, commentsUrl(post.id));
      expect(list.map((item) => item.id)).toEqual([kept.id]);
      expect(await commentCount(ctx, post.id)).toBe(1);
    });

    it("lets the post's author delete someone else's comment on their post", async () => {
      const author = await signUpUser(ctx);
      const commenter = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const comment = await addComment(ctx, post.id, commenter);
      expect((await deleteComment(ctx, comment.id, author.token)).status).toBe(200);
      expect(await commentCount(ctx, post.id)).toBe(0);
    });

    it('answers 403 for anyone else, and keeps the comment', async () => {
      const author = await signUpUser(ctx);
      const commenter = await signUpUser(ctx);
      const bystander = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const comment = await addComment(ctx, post.id, commenter);
      const response = await deleteComment(ctx, comment.id, bystander.token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        message: 'You can only delete your own comments or comments on your posts',
      });
      expect(await commentCount(ctx, post.id)).toBe(1);
    });

    it('answers 401 without a token, 404 for an unknown comment, 400 without an id', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const comment = await addComment(ctx, post.id, author);
      expect((await deleteComment(ctx, comment.id)).status).toBe(401);
      const unknown = await deleteComment(ctx, uuidv7(), author.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Comment not found' });
      const missing = await request(ctx, {
        method: 'DELETE',
        url: '/api/post/comments',
        token: author.token,
      });
      expect(missing.status).toBe(400);
      expect((await deleteComment(ctx, comment.id, author.token)).status).toBe(200);
      expect((await deleteComment(ctx, comment.id, author.token)).status).toBe(404);
    });
  });

  it('goes with its post: deleting the post leaves no comment rows, and the discussion is a 404', async () => {
    const author = await signUpUser(ctx);
    const reader = await signUpUser(ctx);
    const post = await createPost(ctx, author);
    await addComment(ctx, post.id, reader);
    await addComment(ctx, post.id, author);
    const deleted = await request(ctx, {
      method: 'DELETE',
      url: `/api/post/blog/delete?id=${post.id}`,
      token: author.token,
    });
    expect(deleted.status).toBe(200);
    const rows = await ctx.database.db
      .selectFrom('comments')
      .select('id')
      .where('post_id', '=', post.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await request(ctx, { method: 'GET', url: commentsUrl(post.id) })).status).toBe(404);
  });
});
