import { beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../contracts/comments';
import type { Page, Post } from '../../contracts/posts';
import { addComment, uniqueName } from './support/conversation';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { sourcePages, templateWebDir } from './support/pages';
import { createPost } from './support/posts';

const OPERATOR_EMAIL = 'moderator@example.com';
const webDir = templateWebDir();

/** What each reader gets from the two discussion reads and the post page. */
async function discussionAsSeenBy(ctx: ApiContext, postId: string, commentId: string, user?: TestUser) {
  const token = user ? { token: user.token } : {};
  const list = await request<Page<Comment>>(ctx, {
    method: 'GET',
    url: `/api/post/comments?postId=${postId}`,
    ...token,
  });
  const one = await request<{ response: Comment }>(ctx, {
    method: 'GET',
    url: `/api/post/comment?id=${commentId}`,
    ...token,
  });
  return { list, one };
}

/**
 * Specification §2's read page and the API behind it: a discussion is read under its post's visibility. A post
 * taken down (unpublished by its author, or hidden by an operator) takes its comments with it, for
 * everyone but the post's author, who still sees the post.
 */
describeEachDatabase(
  "comments follow their post's visibility",
  (ctx) => {
    let author: TestUser;
    let reader: TestUser;
    let operator: TestUser;

    beforeAll(async () => {
      author = await signUpUser(ctx, { username: uniqueName('author') });
      reader = await signUpUser(ctx, { username: uniqueName('reader') });
      operator = await signUpUser(ctx, { username: uniqueName('op'), email: OPERATOR_EMAIL });
    });

    /** A public post with a comment and a reply whose words are nowhere else. */
    async function discussedPost() {
      const post = await createPost(ctx, author, { title: uniqueName('Discussed '), content: 'Words.' });
      const words = uniqueName('platypus');
      const comment = await addComment(ctx, reader, post.id, `The ${words} agrees.`);
      await addComment(ctx, author, post.id, `The ${words} replies.`, comment.id);
      // While the post is public, everyone reads its discussion, and the page carries it.
      const open = await discussionAsSeenBy(ctx, post.id, comment.id);
      expect(open.list.status).toBe(200);
      expect(open.one.status).toBe(200);
      const html = (await request(ctx, { method: 'GET', url: `/readblog?id=${post.id}` })).raw.body;
      expect(html).toContain(words);
      return { post, comment, words };
    }

    async function expectTakenDown(post: Post, comment: Comment, words: string) {
      for (const user of [undefined, reader, operator]) {
        const { list, one } = await discussionAsSeenBy(ctx, post.id, comment.id, user);
        expect(list.status, JSON.stringify(list.body)).toBe(404);
        expect(JSON.stringify(list.body)).not.toContain(words);
        expect(one.status, JSON.stringify(one.body)).toBe(404);
        expect(one.body).toEqual({ message: 'Comment not found' });
      }
      const page = await request(ctx, { method: 'GET', url: `/readblog?id=${post.id}` });
      expect(page.status).toBe(404);
      expect(page.raw.body).not.toContain(words);

      // The post's author still reads the post, and so its discussion.
      const own = await discussionAsSeenBy(ctx, post.id, comment.id, author);
      expect(own.list.status).toBe(200);
      expect(own.list.body.response[0]?.body).toBe(`The ${words} agrees.`);
      expect(own.list.body.response[0]?.replies?.[0]?.body).toBe(`The ${words} replies.`);
      expect(own.one.status).toBe(200);
      expect(own.one.body.response.id).toBe(comment.id);
    }

    describe('GET /api/post/comments, GET /api/post/comment and the read page', () => {
      it('answer 404 without the comments once the author unpublishes the post', async () => {
        const { post, comment, words } = await discussedPost();
        const unpublished = await request<{ response: Post }>(ctx, {
          method: 'PUT',
          url: `/api/post/blog?id=${post.id}`,
          token: author.token,
          payload: { title: post.title, content: post.content, status: 'draft' },
        });
        expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
        expect(unpublished.body.response.status).toBe('draft');
        await expectTakenDown(post, comment, words);
      });

      it('answer 404 without the comments once an operator hides the post', async () => {
        const { post, comment, words } = await discussedPost();
        const hidden = await request(ctx, {
          method: 'POST',
          url: `/api/admin/posts/${post.id}/hide`,
          token: operator.token,
          payload: { reason: 'Spam' },
        });
        expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
        await expectTakenDown(post, comment, words);
      });
    });
  },
  { config: { webDir, adminEmails: [OPERATOR_EMAIL] }, pages: sourcePages },
);
