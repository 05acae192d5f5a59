import { describe, expect, it } from 'vitest';
import type { Comment } from '../../contracts/comments';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, request, signUpUser, type ApiContext, handleOf } from './support/harness';
import { createPost, deletePost } from './support/posts';
import {
  addComment,
  block,
  listComments,
  notificationsOf,
  postComment,
  uniqueName,
} from './support/conversation';

const editComment = (ctx: ApiContext, id: string, body: unknown, token?: string) =>
  request<{ response: Comment }>(ctx, {
    method: 'PUT',
    url: `/api/post/comments?id=${id}`,
    payload: { body } as Record<string, unknown>,
    ...(token ? { token } : {}),
  });

const deleteComment = (ctx: ApiContext, id: string, token: string) =>
  request(ctx, { method: 'DELETE', url: `/api/post/comments?id=${id}`, token });

describeEachDatabase('conversation: threads, edits, mentions, blocks', (ctx) => {
  describe('threads', () => {
    it('lists replies under their top-level comment, oldest first; top level pages stay top level', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const first = await addComment(ctx, reader, post.id, 'First');
      const second = await addComment(ctx, author, post.id, 'Second');
      const reply = await addComment(ctx, author, post.id, 'A reply', first.id);
      expect(reply).toMatchObject({ parentId: first.id, editedAt: null, deleted: false });
      const answer = await addComment(ctx, reader, post.id, 'Another reply', first.id);
      const listed = await listComments(ctx, post.id);
      expect(listed.map((comment) => comment.id)).toEqual([first.id, second.id]);
      expect(listed[0]?.replies?.map((comment) => comment.id)).toEqual([reply.id, answer.id]);
      expect(listed[0]).toMatchObject({ parentId: null, author: { id: reader.id } });
      expect(listed[1]?.replies).toEqual([]);
    });

    it('attaches a reply to a reply to its top-level comment (one level deep)', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const top = await addComment(ctx, author, post.id, 'Top');
      const reply = await addComment(ctx, author, post.id, 'Reply', top.id);
      const nested = await addComment(ctx, author, post.id, 'Reply to the reply', reply.id);
      expect(nested.parentId).toBe(top.id);
      const listed = await listComments(ctx, post.id);
      expect(listed).toHaveLength(1);
      expect(listed[0]?.replies?.map((comment) => comment.body)).toEqual(['Reply', 'Reply to the reply']);
    });

    it('answers 404 for a parent that does not exist or belongs to another post', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const other = await createPost(ctx, author);
      const elsewhere = await addComment(ctx, author, other.id, 'Elsewhere');
      for (const parentId of [uuidv7(), elsewhere.id, 'nope']) {
        const response = await postComment(ctx, { postId: post.id, body: 'x', parentId }, author.token);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ message: 'Comment not found' });
      }
    });

    it('keeps a deleted comment with replies as "[deleted]": no author, no text; replies read on', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const top = await addComment(ctx, reader, post.id, 'Secret words');
      const reply = await addComment(ctx, author, post.id, 'Answer', top.id);
      expect((await deleteComment(ctx, top.id, reader.token)).status).toBe(200);
      const listed = await listComments(ctx, post.id);
      expect(listed).toEqual([
        expect.objectContaining({ id: top.id, deleted: true, author: null, body: '', bodyHtml: '' }),
      ]);
      expect(JSON.stringify(listed)).not.toContain('Secret words');
      expect(JSON.stringify(listed)).not.toContain(reader.username);
      expect(listed[0]?.replies?.map((comment) => comment.id)).toEqual([reply.id]);
      // No new replies to a deleted comment, no edits, no second delete.
      const late = await postComment(ctx, { postId: post.id, body: 'late', parentId: top.id }, author.token);
      expect(late.status).toBe(409);
      expect((await editComment(ctx, top.id, 'again', reader.token)).status).toBe(404);
      expect((await deleteComment(ctx, top.id, reader.token)).status).toBe(404);
      // Once its last reply goes, the placeholder has nothing to hold and goes too.
      expect((await deleteComment(ctx, reply.id, author.token)).status).toBe(200);
      expect(await listComments(ctx, post.id)).toEqual([]);
    });

    it('removes a comment without replies for good, and a post takes its whole discussion with it', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const lone = await addComment(ctx, author, post.id, 'Lone');
      const top = await addComment(ctx, author, post.id, 'Top');
      await addComment(ctx, author, post.id, 'Reply', top.id);
      expect((await deleteComment(ctx, lone.id, author.token)).status).toBe(200);
      expect((await listComments(ctx, post.id)).map((comment) => comment.id)).toEqual([top.id]);
      await deletePost(ctx, author, post.id);
      const count = await ctx.database.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('post_id', '=', post.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });
  });

  describe('editing', () => {
    it('lets the author edit their comment, marked with editedAt; others get 403, strangers 401', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const comment = await addComment(ctx, reader, post.id, 'Frist');
      const edited = await editComment(ctx, comment.id, '**First**', reader.token);
      expect(edited.status).toBe(200);
      expect(edited.body.response).toMatchObject({
        id: comment.id,
        body: '**First**',
        bodyHtml: '<p><strong>First</strong></p>\n',
        editedAt: expect.stringMatching(/^\d{4}-/),
        createdAt: comment.createdAt,
      });
      expect((await listComments(ctx, post.id))[0]).toMatchObject({
        body: '**First**',
        editedAt: edited.body.response.editedAt,
      });
      // Even the post's author, who may delete it, may not put words in the reader's mouth.
      const forbidden = await editComment(ctx, comment.id, 'Mine now', author.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ message: 'You can only edit your own comments' });
      expect((await editComment(ctx, comment.id, 'x')).status).toBe(401);
      const blank = await editComment(ctx, comment.id, '  ', reader.token);
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ message: 'Comment is required' });
      expect((await editComment(ctx, uuidv7(), 'x', reader.token)).status).toBe(404);
    });

    it('GET /api/post/comment answers one comment with its Markdown', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const comment = await addComment(ctx, author, post.id, '_hi_');
      const response = await request<{ response: Comment }>(ctx, {
        method: 'GET',
        url: `/api/post/comment?id=${comment.id}`,
      });
      expect(response.status).toBe(200);
      expect(response.body.response).toMatchObject({ id: comment.id, body: '_hi_' });
      expect((await request(ctx, { method: 'GET', url: `/api/post/comment?id=${uuidv7()}` })).status).toBe(
        404,
      );
    });
  });

  describe('mentions', () => {
    it('links @name to the profile (any case), never inside code, and escapes what it links', async () => {
      const author = await signUpUser(ctx);
      const name = uniqueName('ada');
      const ada = await signUpUser(ctx, { username: name });
      const post = await createPost(ctx, author);
      const comment = await addComment(
        ctx,
        author,
        post.id,
        `Thanks @${name.toUpperCase()}. Also \`@${name}\` and mail@${name} and @nobody${name}`,
      );
      expect(comment.bodyHtml).toContain(
        `<a class="mention" href="/@${await handleOf(ctx, ada.id)}">@${name.toUpperCase()}</a>.`,
      );
      expect(comment.bodyHtml).toContain(`<code>@${name}</code>`);
      expect(comment.bodyHtml).toContain(`mail@${name}`);
      expect(comment.bodyHtml.match(/class="mention"/g)).toHaveLength(1);
      expect((await listComments(ctx, post.id))[0]?.bodyHtml).toBe(comment.bodyHtml);
    });

    // Names are unique without regard to case, so a mention can no longer be ambiguous.
    it('has no two accounts with one name to choose between: the second sign-up is refused', async () => {
      const author = await signUpUser(ctx);
      const name = uniqueName('twin');
      const first = await signUpUser(ctx, { username: name });
      await expect(signUpUser(ctx, { username: name.toUpperCase() })).rejects.toThrow(/409/);
      const post = await createPost(ctx, author);
      const mentioned = await addComment(ctx, author, post.id, `Hello @${name}`);
      expect(mentioned.bodyHtml).toContain(`href="/@${await handleOf(ctx, first.id)}"`);
    });

    it('notifies the person mentioned, once, and a mention added by an edit only once', async () => {
      const author = await signUpUser(ctx);
      const name = uniqueName('bo');
      const bo = await signUpUser(ctx, { username: name });
      const post = await createPost(ctx, author);
      const comment = await addComment(ctx, author, post.id, `Hi @${name} @${name}`);
      let mine = await notificationsOf(ctx, bo);
      expect(mine.response).toEqual([
        expect.objectContaining({
          kind: 'mention',
          actor: { id: author.id, username: author.username, handle: await handleOf(ctx, author.id) },
          post: expect.objectContaining({ id: post.id }),
          comment: { id: comment.id, excerpt: `Hi @${name} @${name}` },
        }),
      ]);
      await editComment(ctx, comment.id, `Hi again @${name}`, author.token);
      mine = await notificationsOf(ctx, bo);
      expect(mine.response).toHaveLength(1);
      const other = await addComment(ctx, author, post.id, 'No names');
      await editComment(ctx, other.id, `Now @${name}`, author.token);
      expect((await notificationsOf(ctx, bo)).response).toHaveLength(2);
    });
  });

  describe('blocks', () => {
    it("hides a blocked user's comments and replies from the blocker only", async () => {
      const author = await signUpUser(ctx);
      const troll = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const mine = await addComment(ctx, author, post.id, 'Mine');
      await addComment(ctx, troll, post.id, 'Troll top');
      await addComment(ctx, troll, post.id, 'Troll reply', mine.id);
      await block(ctx, author, troll);
      const seen = await listComments(ctx, post.id, author.token);
      expect(seen.map((comment) => comment.body)).toEqual(['Mine']);
      expect(seen[0]?.replies).toEqual([]);
      expect((await listComments(ctx, post.id, reader.token)).map((comment) => comment.body)).toEqual([
        'Mine',
        'Troll top',
      ]);
      expect((await listComments(ctx, post.id)).length).toBe(2);
    });

    it('refuses a reply to the blocker (403) and drops mentions of the blocker, with no notification', async () => {
      const author = await signUpUser(ctx);
      const name = uniqueName('cy');
      const cy = await signUpUser(ctx, { username: name });
      const troll = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const cyComment = await addComment(ctx, cy, post.id, 'Thoughts');
      await block(ctx, cy, troll);
      const reply = await postComment(
        ctx,
        { postId: post.id, body: 'Ha', parentId: cyComment.id },
        troll.token,
      );
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ message: 'You cannot reply to this comment' });
      const mention = await addComment(ctx, troll, post.id, `Hey @${name}`);
      expect(mention.bodyHtml).not.toContain('class="mention"');
      expect((await notificationsOf(ctx, cy)).response).toEqual([]);
    });

    it('answers 400 for blocking oneself, 404 for an unknown user, and unblocks', async () => {
      const user = await signUpUser(ctx);
      const other = await signUpUser(ctx);
      const self = await request(ctx, {
        method: 'POST',
        url: `/api/user/block?userId=${user.id}`,
        token: user.token,
      });
      expect(self.status).toBe(400);
      const unknown = await request(ctx, {
        method: 'POST',
        url: `/api/user/block?userId=${uuidv7()}`,
        token: user.token,
      });
      expect(unknown.status).toBe(404);
      expect((await request(ctx, { method: 'POST', url: `/api/user/block?userId=${other.id}` })).status).toBe(
        401,
      );
      await block(ctx, user, other);
      const list = await request<{ response: { id: string }[] }>(ctx, {
        method: 'GET',
        url: '/api/user/blocks',
        token: user.token,
      });
      expect(list.body.response.map((entry) => entry.id)).toEqual([other.id]);
      const undone = await request(ctx, {
        method: 'DELETE',
        url: `/api/user/block?userId=${other.id}`,
        token: user.token,
      });
      expect(undone.body).toEqual({ response: { blocked: false } });
    });
  });
});

describeEachDatabase(
  'conversation: rate limits',
  (ctx) => {
    it('answers 429 with Retry-After past the comment allowance; replies count too', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      const top = await addComment(ctx, author, post.id, 'One');
      await addComment(ctx, author, post.id, 'Two', top.id);
      await addComment(ctx, author, post.id, 'Three');
      const fourth = await postComment(
        ctx,
        { postId: post.id, body: 'Four', parentId: top.id },
        author.token,
      );
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      expect(fourth.body).toEqual({ message: 'You are commenting too fast. Please wait a moment.' });
      // Someone else is not held back.
      const other = await signUpUser(ctx);
      await addComment(ctx, other, post.id, 'Mine');
    });

    it('answers 429 past the mention allowance, counted per person mentioned', async () => {
      const author = await signUpUser(ctx);
      const names = [uniqueName('m'), uniqueName('m'), uniqueName('m')];
      for (const username of names) await signUpUser(ctx, { username });
      const post = await createPost(ctx, author);
      await addComment(ctx, author, post.id, `@${names[0]} @${names[1]}`);
      const over = await postComment(ctx, { postId: post.id, body: `@${names[2]}` }, author.token);
      expect(over.status).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
    });
  },
  {
    config: {
      rateLimits: {
        commentsPerUser: { max: 3, windowMs: 60_000 },
        mentionsPerUser: { max: 2, windowMs: 60_000 },
      },
    },
  },
);
