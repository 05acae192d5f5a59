import { beforeAll, describe, expect, it } from 'vitest';
import type { CommentSettings, HeldComment } from '../../contracts/author-moderation';
import type { Comment } from '../../contracts/comments';
import { articleSlug } from '../../contracts/conduit';
import type { Page, Post } from '../../contracts/posts';
import {
  addComment,
  block,
  listComments,
  notificationsOf,
  postComment,
  uniqueName,
} from './support/conversation';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost } from './support/posts';
import { loadWebhooksConfig } from '../../server/config';

const OPERATOR_EMAIL = 'operator-am@example.com';

const moderate = (ctx: ApiContext, user: TestUser | null, id: string, payload: unknown) =>
  request(ctx, {
    method: 'POST',
    url: `/api/post/comments/moderate?id=${id}`,
    ...(user ? { token: user.token } : {}),
    payload: payload as Record<string, unknown>,
  });

const setClosed = (ctx: ApiContext, user: TestUser, postId: string, payload: unknown) =>
  request<{ response: { closed: boolean } }>(ctx, {
    method: 'PUT',
    url: `/api/post/comments/closed?postId=${postId}`,
    token: user.token,
    payload: payload as Record<string, unknown>,
  });

const settings = (ctx: ApiContext, user: TestUser, payload: Partial<CommentSettings>) =>
  request<{ response: CommentSettings }>(ctx, {
    method: 'PUT',
    url: '/api/user/comment-settings',
    token: user.token,
    payload,
  });

async function postOf(ctx: ApiContext, id: string): Promise<Post> {
  const read = await request<{ response: Post }>(ctx, { method: 'GET', url: `/api/post/blog?id=${id}` });
  expect(read.status).toBe(200);
  return read.body.response;
}

async function heldOf(ctx: ApiContext, user: TestUser): Promise<HeldComment[]> {
  const page = await request<Page<HeldComment>>(ctx, {
    method: 'GET',
    url: '/api/user/held-comments',
    token: user.token,
  });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.response;
}

/** Every path a reader (or nobody) reads comments by: is `words` in any of them? */
async function seenAnywhere(ctx: ApiContext, post: Post, commentId: string, words: string, user?: TestUser) {
  const token = user ? { token: user.token } : {};
  const list = await request(ctx, { method: 'GET', url: `/api/post/comments?postId=${post.id}`, ...token });
  const passages = await request(ctx, {
    method: 'GET',
    url: `/api/post/passages?postId=${post.id}`,
    ...token,
  });
  const one = await request(ctx, { method: 'GET', url: `/api/post/comment?id=${commentId}`, ...token });
  const conduit = await request(ctx, {
    method: 'GET',
    url: `/api/articles/${articleSlug(post.title, post.id)}/comments`,
    ...(user ? { headers: { authorization: `Token ${user.token}` } } : {}),
  });
  const page = await request(ctx, { method: 'GET', url: `/readblog?id=${post.id}` });
  return {
    list: JSON.stringify(list.body).includes(words),
    passages: JSON.stringify(passages.body).includes(words),
    one: one.status === 200,
    conduit: JSON.stringify(conduit.body).includes(words),
    page: user ? false : page.raw.body.includes(words),
  };
}
const nowhere = { list: false, passages: false, one: false, conduit: false, page: false };

/**
 * Webhook deliveries queued about a comment (the receiver is never reached: only the queue counts);
 * a comment's delivery is filed under its post.
 */
async function hooksAbout(ctx: ApiContext, postId: string, commentId: string): Promise<string[]> {
  const rows = await ctx.database.db
    .selectFrom('webhook_deliveries')
    .select(['event', 'payload'])
    .where('subject_id', '=', postId)
    .execute();
  return rows.filter((row) => row.payload.includes(commentId)).map((row) => row.event);
}

/** docs/specification.md §2's discussion, and the author's own moderation of it (decision 0077). */
describeEachDatabase(
  "the author's own moderation",
  (ctx) => {
    let author: TestUser;
    let reader: TestUser;
    let stranger: TestUser;
    let operator: TestUser;

    beforeAll(async () => {
      author = await signUpUser(ctx, { username: uniqueName('author') });
      reader = await signUpUser(ctx, { username: uniqueName('reader') });
      stranger = await signUpUser(ctx, { username: uniqueName('stranger') });
      operator = await signUpUser(ctx, { username: uniqueName('op'), email: OPERATOR_EMAIL });
    });

    describe('closing comments', () => {
      it('closes and opens one post: a closed post takes no new comments, keeps its own', async () => {
        const post = await createPost(ctx, author);
        const kept = await addComment(ctx, reader, post.id, 'Before closing.');
        const closed = await setClosed(ctx, author, post.id, { closed: true });
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);
        expect((await postOf(ctx, post.id)).commentsClosed).toBe(true);
        const refused = await postComment(ctx, { postId: post.id, body: 'After.' }, reader.token);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ message: 'Comments are closed on this post' });
        // A reply and an in-line comment are comments too.
        const reply = await postComment(
          ctx,
          { postId: post.id, body: 'Re.', parentId: kept.id },
          reader.token,
        );
        expect(reply.status).toBe(403);
        const inLine = await postComment(
          ctx,
          { postId: post.id, body: 'On these words.', anchor: { quote: 'Markdown content' } },
          reader.token,
        );
        expect(inLine.status).toBe(403);
        expect(inLine.body).toEqual({ message: 'Comments are closed on this post' });
        expect((await listComments(ctx, post.id)).map((comment) => comment.id)).toEqual([kept.id]);
        // The author still answers on their own post.
        await addComment(ctx, author, post.id, 'Closing now, thanks all.');

        expect((await setClosed(ctx, author, post.id, { closed: false })).status).toBe(200);
        expect((await postOf(ctx, post.id)).commentsClosed).toBeUndefined();
        await addComment(ctx, reader, post.id, 'Open again.');
      });

      it('closes new posts by the writer’s default, and only new ones', async () => {
        const writer = await signUpUser(ctx, { username: uniqueName('closer') });
        const before = await createPost(ctx, writer);
        const saved = await settings(ctx, writer, { closeCommentsOnNewPosts: true });
        expect(saved.body.response).toEqual({ holdFirstComments: false, closeCommentsOnNewPosts: true });
        const after = await createPost(ctx, writer);
        expect((await postOf(ctx, after.id)).commentsClosed).toBe(true);
        expect((await postOf(ctx, before.id)).commentsClosed).toBeUndefined();
        expect((await postComment(ctx, { postId: after.id, body: 'Hi' }, reader.token)).status).toBe(403);
      });
    });

    describe('holding first-time commenters', () => {
      it('holds a first comment: invisible everywhere but to its writer, counted nowhere, then approved', async () => {
        const writer = await signUpUser(ctx, { username: uniqueName('holder') });
        const newcomer = await signUpUser(ctx, { username: uniqueName('newcomer') });
        expect((await settings(ctx, writer, { holdFirstComments: true })).status).toBe(200);
        const hook = await request(ctx, {
          method: 'POST',
          url: '/api/webhooks',
          token: writer.token,
          payload: { url: 'http://127.0.0.1:9/hook', events: ['comment.created'] },
        });
        expect(hook.status, JSON.stringify(hook.body)).toBe(201);
        const post = await createPost(ctx, writer, {
          title: uniqueName('Held '),
          content: 'The quiet passage here.',
        });
        const words = uniqueName('wombat');
        const added = await postComment(
          ctx,
          {
            postId: post.id,
            body: `The ${words} says hi @${reader.username}.`,
            anchor: { quote: 'quiet passage' },
          },
          newcomer.token,
        );
        expect(added.status, JSON.stringify(added.body)).toBe(201);
        const held = (added.body as { response: Comment }).response;
        expect(held.withheld).toBe('held');

        for (const who of [undefined, reader, writer, operator]) {
          expect(await seenAnywhere(ctx, post, held.id, words, who)).toEqual(nowhere);
        }
        expect((await postOf(ctx, post.id)).commentCount).toBe(0);
        expect(await hooksAbout(ctx, post.id, held.id)).toEqual([]);
        // Its writer sees it, marked as awaiting approval, on the discussion and in-line.
        const own = await listComments(ctx, post.id, newcomer.token);
        expect(own.map((comment) => [comment.id, comment.withheld])).toEqual([[held.id, 'held']]);
        expect((await seenAnywhere(ctx, post, held.id, words, newcomer)).passages).toBe(true);
        // No one may reply to it yet.
        const reply = await postComment(
          ctx,
          { postId: post.id, body: 'Re', parentId: held.id },
          reader.token,
        );
        expect(reply.status).toBe(404);

        // The person it mentions hears nothing yet; the author is told once that a comment waits.
        expect(
          (await notificationsOf(ctx, reader)).response.filter((group) => group.post?.id === post.id),
        ).toEqual([]);
        const told = (await notificationsOf(ctx, writer)).response;
        expect(told.map((group) => group.kind)).toEqual(['held']);
        const queue = await heldOf(ctx, writer);
        expect(queue.map((line) => [line.comment.id, line.post.id])).toEqual([[held.id, post.id]]);
        expect(await heldOf(ctx, reader)).toEqual([]);

        // Strangers may not approve; the author does.
        expect((await moderate(ctx, stranger, held.id, { action: 'approve' })).status).toBe(403);
        expect((await moderate(ctx, null, held.id, { action: 'approve' })).status).toBe(401);
        const approved = await moderate(ctx, writer, held.id, { action: 'approve' });
        expect(approved.status, JSON.stringify(approved.body)).toBe(200);
        expect(await seenAnywhere(ctx, post, held.id, words)).toEqual({
          ...nowhere,
          list: true,
          passages: true,
          one: true,
          conduit: true,
        });
        expect((await postOf(ctx, post.id)).commentCount).toBe(1);
        expect(await hooksAbout(ctx, post.id, held.id)).toEqual(['comment.created']);
        expect(await heldOf(ctx, writer)).toEqual([]);
        // The "awaits approval" line went with the approval; the mention is told now.
        expect((await notificationsOf(ctx, writer)).response.map((group) => group.kind)).toEqual([]);
        const mentioned = (await notificationsOf(ctx, reader)).response.filter(
          (group) => group.post?.id === post.id,
        );
        expect(mentioned.map((group) => [group.kind, group.comment?.id])).toEqual([['mention', held.id]]);
        expect((await moderate(ctx, writer, held.id, { action: 'approve' })).status).toBe(409);

        // No longer a first-timer: the next comment is shown at once.
        const next = await addComment(ctx, newcomer, post.id, 'Again.');
        expect(next.withheld).toBeUndefined();
      });

      it('rejects a held comment: it is gone', async () => {
        const writer = await signUpUser(ctx, { username: uniqueName('rejecter') });
        const newcomer = await signUpUser(ctx, { username: uniqueName('spam') });
        await settings(ctx, writer, { holdFirstComments: true });
        const post = await createPost(ctx, writer);
        const held = await addComment(ctx, newcomer, post.id, 'Buy things.');
        expect(held.withheld).toBe('held');
        expect((await moderate(ctx, writer, held.id, { action: 'hide' })).status).toBe(409);
        expect((await moderate(ctx, writer, held.id, { action: 'reject' })).status).toBe(200);
        expect(await listComments(ctx, post.id, newcomer.token)).toEqual([]);
        expect(await heldOf(ctx, writer)).toEqual([]);
        expect((await notificationsOf(ctx, writer)).response).toEqual([]);
        expect((await moderate(ctx, writer, held.id, { action: 'reject' })).status).toBe(404);
      });

      it('keeps an operator-hidden comment hidden when the author approves it', async () => {
        const writer = await signUpUser(ctx, { username: uniqueName('writer') });
        const newcomer = await signUpUser(ctx, { username: uniqueName('troll') });
        await settings(ctx, writer, { holdFirstComments: true });
        const post = await createPost(ctx, writer);
        const words = uniqueName('rudeness');
        const held = await addComment(ctx, newcomer, post.id, `Some ${words}.`);
        const hidden = await request(ctx, {
          method: 'POST',
          url: `/api/admin/comments/${held.id}/hide`,
          token: operator.token,
          payload: { reason: 'Spam' },
        });
        expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
        // The operator's now: out of the author's queue; approving it changes nothing anyone sees.
        expect(await heldOf(ctx, writer)).toEqual([]);
        expect((await moderate(ctx, writer, held.id, { action: 'approve' })).status).toBe(200);
        for (const who of [undefined, reader, writer]) {
          expect(await seenAnywhere(ctx, post, held.id, words, who)).toEqual(nowhere);
        }
        expect((await postOf(ctx, post.id)).commentCount).toBe(0);
      });
    });

    describe('hiding, deleting and blocking', () => {
      it('hides and shows a comment; its writer still sees it, marked', async () => {
        const post = await createPost(ctx, author, { title: uniqueName('Hide ') });
        const words = uniqueName('okapi');
        const comment = await addComment(ctx, reader, post.id, `An ${words}.`);
        expect((await postOf(ctx, post.id)).commentCount).toBe(1);
        expect((await moderate(ctx, stranger, comment.id, { action: 'hide' })).status).toBe(403);
        expect((await moderate(ctx, author, comment.id, { action: 'hide' })).status).toBe(200);
        for (const who of [undefined, stranger, author]) {
          expect(await seenAnywhere(ctx, post, comment.id, words, who)).toEqual(nowhere);
        }
        expect((await postOf(ctx, post.id)).commentCount).toBe(0);
        const own = await listComments(ctx, post.id, reader.token);
        expect(own.map((one) => one.withheld)).toEqual(['hidden']);
        // The author finds it again in their list of hidden comments; no one else does.
        const hiddenBy = async (who: TestUser) => {
          const answer = await request<{ response: HeldComment[] }>(ctx, {
            method: 'GET',
            url: '/api/user/hidden-comments',
            token: who.token,
          });
          expect(answer.status).toBe(200);
          return answer.body.response.map((line) => [line.comment.id, line.post.id]);
        };
        expect(await hiddenBy(author)).toContainEqual([comment.id, post.id]);
        expect(await hiddenBy(stranger)).not.toContainEqual([comment.id, post.id]);
        expect(await hiddenBy(reader)).not.toContainEqual([comment.id, post.id]);
        expect((await request(ctx, { method: 'GET', url: '/api/user/hidden-comments' })).status).toBe(401);
        expect((await moderate(ctx, author, comment.id, { action: 'show' })).status).toBe(200);
        expect((await seenAnywhere(ctx, post, comment.id, words)).list).toBe(true);
        expect((await postOf(ctx, post.id)).commentCount).toBe(1);
        expect(await hiddenBy(author)).not.toContainEqual([comment.id, post.id]);
      });

      it("lets a publication's editor moderate its posts, and a writer of it not", async () => {
        const owner = await signUpUser(ctx, { username: uniqueName('owner') });
        const created = await request<{ response: { slug: string; id: string } }>(ctx, {
          method: 'POST',
          url: '/api/publications',
          token: owner.token,
          payload: { name: uniqueName('Team '), slug: uniqueName('team') },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const post = await request<{ response: Post }>(ctx, {
          method: 'POST',
          url: '/api/post/blog',
          token: owner.token,
          payload: { title: 'Team post', content: 'Words.', publication: created.body.response.slug },
        });
        expect(post.status, JSON.stringify(post.body)).toBe(201);
        const comment = await addComment(ctx, reader, post.body.response.id, 'Hello team.');
        expect((await moderate(ctx, author, comment.id, { action: 'hide' })).status).toBe(403);
        expect((await moderate(ctx, owner, comment.id, { action: 'hide' })).status).toBe(200);
        expect((await setClosed(ctx, owner, post.body.response.id, { closed: true })).status).toBe(200);
        expect((await setClosed(ctx, stranger, post.body.response.id, { closed: false })).status).toBe(403);
      });

      it('deletes any comment under the author’s post', async () => {
        const post = await createPost(ctx, author);
        const comment = await addComment(ctx, reader, post.id, 'Delete me.');
        const bad = await request(ctx, {
          method: 'DELETE',
          url: `/api/post/comments?id=${comment.id}`,
          token: stranger.token,
        });
        expect(bad.status).toBe(403);
        const gone = await request(ctx, {
          method: 'DELETE',
          url: `/api/post/comments?id=${comment.id}`,
          token: author.token,
        });
        expect(gone.status).toBe(200);
        expect(await listComments(ctx, post.id)).toEqual([]);
      });

      it('blocks a reader from commenting on all the author’s posts (the existing block)', async () => {
        const blocker = await signUpUser(ctx, { username: uniqueName('blocker') });
        const pest = await signUpUser(ctx, { username: uniqueName('pest') });
        const one = await createPost(ctx, blocker);
        const two = await createPost(ctx, blocker);
        await block(ctx, blocker, pest);
        for (const post of [one, two]) {
          const refused = await postComment(ctx, { postId: post.id, body: 'Hi' }, pest.token);
          expect(refused.status).toBe(403);
          expect(refused.body).toEqual({ message: "The post's author does not take your comments" });
        }
        // Elsewhere they comment as before.
        await addComment(ctx, pest, (await createPost(ctx, author)).id, 'Hello.');
      });
    });

    describe('bad input', () => {
      it('answers clear errors, never 500', async () => {
        const post = await createPost(ctx, author);
        const comment = await addComment(ctx, reader, post.id, 'Fine.');
        const cases = [
          await moderate(ctx, author, comment.id, { action: 'smash' }),
          await moderate(ctx, author, comment.id, {}),
          await moderate(ctx, author, 'not-an-id', { action: 'hide' }),
          await moderate(ctx, author, '0192f3a4-5b6c-7d8e-9f01-23456789abcd', { action: 'hide' }),
          await setClosed(ctx, author, post.id, { closed: 'yes' }),
          await setClosed(ctx, author, '0192f3a4-5b6c-7d8e-9f01-23456789abcd', { closed: true }),
          await settings(ctx, author, { holdFirstComments: 'on' } as unknown as CommentSettings),
          await request(ctx, { method: 'GET', url: '/api/user/held-comments?limit=0', token: author.token }),
          await request(ctx, { method: 'GET', url: '/api/user/held-comments' }),
        ];
        expect(cases.map((answer) => answer.status)).toEqual([400, 400, 404, 404, 400, 404, 400, 400, 401]);
        for (const answer of cases)
          expect(typeof (answer.body as { message?: unknown }).message).toBe('string');
      });
    });
  },
  {
    config: {
      adminEmails: [OPERATOR_EMAIL],
      // A hook at a local address nothing answers, tried rarely: the test reads what was queued.
      webhooks: { ...loadWebhooksConfig({}), allowPrivateNetworks: true, pollIntervalMs: 3_600_000 },
    },
  },
);
