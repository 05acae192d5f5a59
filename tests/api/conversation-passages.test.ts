import { beforeAll, describe, expect, it } from 'vitest';
import {
  PASSAGE_COMMENTS_MAX,
  PASSAGE_NOT_IN_POST_MESSAGE,
  PASSAGE_ON_REPLY_MESSAGE,
  PASSAGE_REQUIRED_MESSAGE,
  type Comment,
} from '../../contracts/comments';
import { notificationText } from '../../contracts/notifications';
import type { PassageAnchor } from '../../contracts/passage-anchor';
import { nowIso } from '../../server/lib/clock';
import { uuidv7 } from '../../server/lib/ids';
import { NUL_MESSAGE } from '../../server/lib/validation';
import {
  describeEachDatabase,
  request,
  signUpUser,
  type ApiContext,
  type TestUser,
  handleOf,
} from './support/harness';
import { addComment, block, listComments, notificationsOf, postComment } from './support/conversation';
import { createPost, updatePost } from './support/posts';

const POST =
  'Ink dries **slowly** in the cold.\n\n' +
  'The river was quiet that morning, and the light fell on the water.\n\n' +
  'A writer needs patience more than talent, and a quiet room.';

/** The passage about the light, as the read page would send it (context from the text a reader sees). */
const LIGHT: PassageAnchor = {
  quote: 'the light fell on the water',
  prefix: 'The river was quiet that morning, and ',
  suffix: '. A writer needs patience',
};

async function addPassageComment(
  ctx: ApiContext,
  user: TestUser,
  postId: string,
  anchor: Partial<PassageAnchor>,
  body = 'On this passage',
): Promise<Comment> {
  const response = await postComment(ctx, { postId, body, anchor }, user.token);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.response;
}

async function passagesOf(ctx: ApiContext, postId: string, token?: string): Promise<Comment[]> {
  const response = await request<{ response: Comment[] }>(ctx, {
    method: 'GET',
    url: `/api/post/passages?postId=${postId}`,
    ...(token ? { token } : {}),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.response;
}

const getComment = (ctx: ApiContext, id: string) =>
  request<{ response: Comment }>(ctx, { method: 'GET', url: `/api/post/comment?id=${id}` });

const deleteComment = (ctx: ApiContext, id: string, token: string) =>
  request(ctx, { method: 'DELETE', url: `/api/post/comments?id=${id}`, token });

describeEachDatabase('conversation: in-line comments on passages', (ctx) => {
  describe('POST /api/post/comments with an anchor', () => {
    it('stores the passage and answers it, found, in every Comment the API returns', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author, { content: POST });
      // A passage across the post's Markdown emphasis: quoted as the reader sees it.
      const across = { quote: 'slowly in the cold', prefix: 'Ink dries ', suffix: '. The river was' };
      const comment = await addPassageComment(ctx, reader, post.id, across, 'So true');
      expect(comment).toMatchObject({
        postId: post.id,
        parentId: null,
        body: 'So true',
        anchor: { ...across, found: true },
      });
      const plain = await addComment(ctx, reader, post.id, 'On the whole post');
      expect(plain.anchor).toBeNull();

      const listed = await listComments(ctx, post.id);
      expect(listed.map((item) => item.anchor)).toEqual([{ ...across, found: true }, null]);
      expect((await getComment(ctx, comment.id)).body.response.anchor).toEqual({ ...across, found: true });
      const edited = await request<{ response: Comment }>(ctx, {
        method: 'PUT',
        url: `/api/post/comments?id=${comment.id}`,
        token: reader.token,
        payload: { body: 'So very true' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.response).toMatchObject({
        body: 'So very true',
        anchor: { ...across, found: true },
      });
      // A reply answers its comment; it quotes nothing of its own.
      const reply = await addComment(ctx, author, post.id, 'Thanks', comment.id);
      expect(reply.anchor).toBeNull();
    });

    it('stores the quote with its white space collapsed and trimmed, and 48 characters of context', async () => {
      const author = await signUpUser(ctx);
      const before = 'Preamble words. '.repeat(10);
      const post = await createPost(ctx, author, {
        content: `${before}\n\nThe river was quiet that morning.\n\n${'Closing words. '.repeat(10)}`,
      });
      const comment = await addPassageComment(ctx, author, post.id, {
        quote: '  The river\n\n was   quiet\tthat morning. ',
        prefix: `${before}\n\n`,
        suffix: `\n\n${'Closing words. '.repeat(10)}`,
      });
      const expected = {
        quote: 'The river was quiet that morning.',
        prefix: 'Preamble words. '.repeat(10).slice(-48),
        suffix: ` ${'Closing words. '.repeat(10)}`.slice(0, 48),
        found: true,
      };
      expect(expected.prefix).toHaveLength(48);
      expect(comment.anchor).toEqual(expected);
      expect((await listComments(ctx, post.id))[0]?.anchor).toEqual(expected);
      // Context may be left out: the quote alone is an anchor.
      const bare = await addPassageComment(ctx, author, post.id, { quote: 'quiet that morning' });
      expect(bare.anchor).toEqual({ quote: 'quiet that morning', prefix: '', suffix: '', found: true });
    });

    it('keeps no half of a character the context was clipped through, so what it answers is what it stored', async () => {
      const author = await signUpUser(ctx);
      const smiles = '😀'.repeat(30);
      const post = await createPost(ctx, author, { content: `x${smiles} the quoted words here` });
      // Clipping `x` and 30 two-unit smileys and a space to 48 units starts inside a smiley.
      const comment = await addPassageComment(ctx, author, post.id, {
        quote: 'the quoted words',
        prefix: `x${smiles} `,
      });
      expect(comment.anchor?.prefix).toBe(`${'😀'.repeat(23)} `);
      expect((await listComments(ctx, post.id))[0]?.anchor).toEqual(comment.anchor);
    });

    it('refuses a malformed anchor with 400 and the field message, and accepts a 1,000-character quote', async () => {
      const author = await signUpUser(ctx);
      const long = 'a'.repeat(1_000);
      const post = await createPost(ctx, author, { content: `${long}b and more` });
      const top = await addComment(ctx, author, post.id, 'Top');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ anchor: { quote: '' } }, 'anchor.quote', PASSAGE_REQUIRED_MESSAGE],
        [{ anchor: { quote: ' \n\t ' } }, 'anchor.quote', PASSAGE_REQUIRED_MESSAGE],
        [{ anchor: {} }, 'anchor.quote', PASSAGE_REQUIRED_MESSAGE],
        [
          { anchor: { quote: `${long}b` } },
          'anchor.quote',
          'Quoted passage must be at most 1,000 characters',
        ],
        [{ anchor: { quote: 'and more' }, parentId: top.id }, 'anchor', PASSAGE_ON_REPLY_MESSAGE],
        [{ anchor: { quote: 'and\u0000more' } }, 'anchor.quote', NUL_MESSAGE],
        [{ anchor: { quote: 'and more', prefix: 'b\u0000' } }, 'anchor.prefix', NUL_MESSAGE],
      ];
      for (const [extra, field, message] of cases) {
        const response = await postComment(ctx, { postId: post.id, body: 'x', ...extra }, author.token);
        expect(response.status, JSON.stringify(extra)).toBe(400);
        expect(response.body, JSON.stringify(extra)).toMatchObject({ errors: { [field]: [message] } });
      }
      for (const anchor of ['and more', 7, ['and more'], null]) {
        const response = await postComment(ctx, { postId: post.id, body: 'x', anchor }, author.token);
        expect(response.status, JSON.stringify(anchor)).toBe(400);
        expect(Object.keys((response.body as { errors?: object }).errors ?? {})).toEqual(['anchor']);
      }
      expect(await listComments(ctx, post.id)).toHaveLength(1);
      const exact = await addPassageComment(ctx, author, post.id, { quote: long });
      expect(exact.anchor?.quote).toHaveLength(1_000);
    });

    it('refuses with 400 a passage the post does not hold, and 404 a post readers cannot see', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author, { title: 'Cold ink', content: POST });
      for (const quote of [
        'words that were never written here',
        // The title is not the post's text: only the body is quoted.
        'Cold ink',
      ]) {
        const response = await postComment(
          ctx,
          { postId: post.id, body: 'x', anchor: { quote } },
          reader.token,
        );
        expect(response.status, quote).toBe(400);
        expect(response.body).toEqual({
          message: PASSAGE_NOT_IN_POST_MESSAGE,
          errors: { anchor: [PASSAGE_NOT_IN_POST_MESSAGE] },
        });
      }
      expect(await listComments(ctx, post.id)).toEqual([]);
      expect((await notificationsOf(ctx, author)).response).toEqual([]);

      const draft = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: author.token,
        payload: { title: 'Draft', content: POST, status: 'draft' },
      });
      for (const postId of [draft.body.response.id, uuidv7()]) {
        const response = await postComment(ctx, { postId, body: 'x', anchor: LIGHT }, reader.token);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: 'Post not found' });
      }
    });
  });

  describe('after the post is edited', () => {
    it('finds a passage that moved, or changed a little; a removed one is no longer found', async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author, { title: 'Edited', content: POST });
      const light = await addPassageComment(ctx, reader, post.id, LIGHT);
      const patience = await addPassageComment(ctx, reader, post.id, {
        quote: 'A writer needs patience more than talent',
        prefix: 'the light fell on the water. ',
        suffix: ', and a quiet room.',
      });
      const found = async () =>
        Object.fromEntries(
          (await passagesOf(ctx, post.id)).map((comment) => [comment.id, comment.anchor?.found]),
        );
      const foundInList = async () =>
        Object.fromEntries(
          (await listComments(ctx, post.id)).map((comment) => [comment.id, comment.anchor?.found]),
        );

      await updatePost(ctx, author, post.id, {
        title: 'Edited',
        content: `A new opening paragraph about winter.\n\n${POST}`,
      });
      expect(await found()).toEqual({ [light.id]: true, [patience.id]: true });

      await updatePost(ctx, author, post.id, {
        title: 'Edited',
        content: POST.replace('the light fell on the water', 'the light fell upon the water'),
      });
      expect(await found()).toEqual({ [light.id]: true, [patience.id]: true });
      expect(await foundInList()).toEqual({ [light.id]: true, [patience.id]: true });

      await updatePost(ctx, author, post.id, {
        title: 'Edited',
        content: POST.replace('The river was quiet that morning, and the light fell on the water.', 'Rain.'),
      });
      expect(await found()).toEqual({ [light.id]: false, [patience.id]: true });
      expect(await foundInList()).toEqual({ [light.id]: false, [patience.id]: true });
      const lost = (await getComment(ctx, light.id)).body.response;
      // The comment keeps its passage: the page shows it as "on an earlier version".
      expect(lost.anchor).toEqual({ ...LIGHT, found: false });
    });
  });

  describe('GET /api/post/passages', () => {
    it("answers the post's in-line comments, oldest first, without plain comments, replies or deleted ones", async () => {
      const author = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author, { content: POST });
      const first = await addPassageComment(ctx, reader, post.id, LIGHT, 'First');
      await addComment(ctx, reader, post.id, 'On the whole post');
      const second = await addPassageComment(ctx, author, post.id, { quote: 'a quiet room' }, 'Second');
      const gone = await addPassageComment(ctx, reader, post.id, { quote: 'Ink dries' }, 'Gone');
      const kept = await addPassageComment(
        ctx,
        reader,
        post.id,
        { quote: 'in the cold' },
        'Kept for replies',
      );
      await addComment(ctx, author, post.id, 'A reply', first.id);
      await addComment(ctx, author, post.id, 'Another reply', kept.id);
      expect((await deleteComment(ctx, gone.id, reader.token)).status).toBe(200);
      expect((await deleteComment(ctx, kept.id, reader.token)).status).toBe(200);

      const passages = await passagesOf(ctx, post.id);
      expect(passages.map((comment) => comment.body)).toEqual(['First', 'Second']);
      expect(passages[0]).toEqual({
        id: first.id,
        postId: post.id,
        body: 'First',
        bodyHtml: '<p>First</p>\n',
        createdAt: first.createdAt,
        author: {
          id: reader.id,
          username: reader.username,
          handle: await handleOf(ctx, reader.id),
          picture: null,
        },
        parentId: null,
        editedAt: null,
        deleted: false,
        anchor: { ...LIGHT, found: true },
      });
      // The deleted comment kept for its reply shows nothing of itself, not even its passage.
      const listed = await listComments(ctx, post.id);
      const tombstone = listed.find((comment) => comment.id === kept.id);
      expect(tombstone).toMatchObject({ deleted: true, author: null, body: '', anchor: null });
      expect(JSON.stringify(listed)).not.toContain('"quote":"in the cold"');
      expect((await getComment(ctx, second.id)).body.response.anchor).toMatchObject({ found: true });
    });

    it(`answers at most ${PASSAGE_COMMENTS_MAX}, the oldest`, async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author, { content: POST });
      const rows = Array.from({ length: PASSAGE_COMMENTS_MAX + 1 }, (_, index) => ({
        id: uuidv7(),
        post_id: post.id,
        author_id: author.id,
        body: `Comment ${index + 1}`,
        created_at: nowIso(),
        anchor_quote: 'a quiet room',
        anchor_prefix: '',
        anchor_suffix: '',
      }));
      await ctx.database.db.insertInto('comments').values(rows).execute();
      const passages = await passagesOf(ctx, post.id);
      expect(passages).toHaveLength(PASSAGE_COMMENTS_MAX);
      expect(passages[0]?.body).toBe('Comment 1');
      expect(passages.at(-1)?.body).toBe(`Comment ${PASSAGE_COMMENTS_MAX}`);
      expect(passages.every((comment) => comment.anchor?.found === true)).toBe(true);
    });

    it('leaves out, for a signed-in reader only, the comments of people they blocked', async () => {
      const author = await signUpUser(ctx);
      const troll = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const post = await createPost(ctx, author, { content: POST });
      await addPassageComment(ctx, author, post.id, LIGHT, 'Mine');
      await addPassageComment(ctx, troll, post.id, { quote: 'a quiet room' }, 'Troll');
      await block(ctx, author, troll);
      expect((await passagesOf(ctx, post.id, author.token)).map((comment) => comment.body)).toEqual(['Mine']);
      expect((await passagesOf(ctx, post.id, reader.token)).map((comment) => comment.body)).toEqual([
        'Mine',
        'Troll',
      ]);
      expect(await passagesOf(ctx, post.id)).toHaveLength(2);
    });

    it('answers [] for a post without in-line comments, 404 for a post readers cannot see, 400 without postId', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author, { content: POST });
      await addComment(ctx, author, post.id, 'Not on a passage');
      expect(await passagesOf(ctx, post.id)).toEqual([]);
      const draft = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: author.token,
        payload: { title: 'Draft', content: POST, status: 'draft' },
      });
      for (const postId of [uuidv7(), 'nope', draft.body.response.id]) {
        const response = await request(ctx, {
          method: 'GET',
          url: `/api/post/passages?postId=${postId}`,
          token: author.token,
        });
        expect(response.status, postId).toBe(404);
        expect(response.body).toEqual({ message: 'Post not found' });
      }
      // A post taken back to a draft takes its in-line comments out of sight with it.
      const unpublished = await createPost(ctx, author, { title: 'Later a draft', content: POST });
      await addPassageComment(ctx, author, unpublished.id, LIGHT);
      await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${unpublished.id}`,
        token: author.token,
        payload: { title: 'Later a draft', content: POST, status: 'draft' },
      });
      expect(
        (await request(ctx, { method: 'GET', url: `/api/post/passages?postId=${unpublished.id}` })).status,
      ).toBe(404);
      const missing = await request(ctx, { method: 'GET', url: '/api/post/passages' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'postId is required' });
    });
  });

  describe('notifications', () => {
    it("tells the post's author of in-line comments on a line of their own, and nobody of their own", async () => {
      const author = await signUpUser(ctx);
      const ada = await signUpUser(ctx);
      const bo = await signUpUser(ctx);
      const post = await createPost(ctx, author, { title: 'On ink', content: POST });
      await addPassageComment(ctx, author, post.id, LIGHT, 'A note to myself');
      expect((await notificationsOf(ctx, author)).response).toEqual([]);

      await addComment(ctx, ada, post.id, 'On the whole');
      await addPassageComment(ctx, ada, post.id, LIGHT, 'Lovely **light**');
      const latest = await addPassageComment(ctx, bo, post.id, { quote: 'a quiet room' }, 'Quiet indeed');
      const lines = (await notificationsOf(ctx, author)).response;
      expect(lines.map((line) => line.kind)).toEqual(['passage', 'comment']);
      expect(lines[0]).toMatchObject({
        kind: 'passage',
        actor: { id: bo.id, username: bo.username },
        others: 1,
        post: { id: post.id, title: 'On ink' },
        comment: { id: latest.id, excerpt: 'Quiet indeed' },
      });
      expect(lines[0] && notificationText(lines[0])).toBe(
        `${bo.username} and 1 other commented on a passage of “On ink”`,
      );
      const rows = await ctx.database.db
        .selectFrom('notifications')
        .select(['kind', 'group_key'])
        .where('recipient_id', '=', author.id)
        .where('kind', '=', 'passage')
        .execute();
      expect(rows).toEqual([
        { kind: 'passage', group_key: `passage:${post.id}` },
        { kind: 'passage', group_key: `passage:${post.id}` },
      ]);
      // The commenters hear nothing of each other's in-line comments.
      expect((await notificationsOf(ctx, ada)).response).toEqual([]);
    });
  });

  describe('response cache', () => {
    let base = '';
    beforeAll(async () => {
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('keeps an anonymous GET /api/post/passages, and shows a new in-line comment at once', async () => {
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author, { content: POST });
      const get = async (query = '') => {
        const response = await fetch(`${base}/api/post/passages?postId=${post.id}${query}`);
        return {
          cache: response.headers.get('x-cache'),
          body: (await response.json()) as { response: Comment[] },
        };
      };
      expect((await get()).cache).toBe('miss');
      const hit = await get('&junk=1');
      expect(hit.cache).toBe('hit');
      expect(hit.body.response).toEqual([]);
      await addPassageComment(ctx, author, post.id, LIGHT, 'Fresh');
      const after = await get();
      expect(after.cache).toBe('miss');
      expect(after.body.response.map((comment) => comment.body)).toEqual(['Fresh']);
      const signedIn = await fetch(`${base}/api/post/passages?postId=${post.id}`, {
        headers: { authorization: `Bearer ${author.token}` },
      });
      expect(signedIn.headers.get('x-cache')).toBeNull();
    });
  });
});
