import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import * as counterMigration from '../../server/db/migrations/2026-11-25-0002-post-counters';
import { countDriftedPosts, repairPostCounters } from '../../server/db/post-counters';
import { addComment } from './support/conversation';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost } from './support/posts';

const readPost = async (ctx: ApiContext, id: string): Promise<Post> => {
  const response = await request<{ response: Post }>(ctx, { method: 'GET', url: `/api/post/blog?id=${id}` });
  expect(response.status).toBe(200);
  return response.body.response;
};

/** The truth the stored counts must match: the rows themselves. */
async function rowsOf(ctx: ApiContext, postId: string): Promise<{ comments: number; favorites: number }> {
  const count = async (table: 'comments' | 'favorites') =>
    (await ctx.database.db.selectFrom(table).select('post_id').where('post_id', '=', postId).execute())
      .length;
  return { comments: await count('comments'), favorites: await count('favorites') };
}

async function expectCountsMatchRows(
  ctx: ApiContext,
  postId: string,
  expected?: { comments: number; favorites: number },
) {
  const rows = await rowsOf(ctx, postId);
  if (expected) expect(rows).toEqual(expected);
  const post = await readPost(ctx, postId);
  expect({ comments: post.commentCount, favorites: post.favoriteCount }).toEqual(rows);
  expect(await countDriftedPosts(ctx.database.db)).toBe(0);
}

const favorite = (ctx: ApiContext, method: 'POST' | 'DELETE', postId: string, user: TestUser) =>
  request<{ response: { favorited: boolean; favoriteCount: number } }>(ctx, {
    method,
    url: `/api/post/favorite?id=${postId}`,
    token: user.token,
  });

async function signUpMany(ctx: ApiContext, count: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, () => signUpUser(ctx)));
}

describeEachDatabase('post counters', (ctx) => {
  it('stay exact under concurrent favorites, repeated favorites and unfavorites', async () => {
    const author = await signUpUser(ctx);
    const post = await createPost(ctx, author);
    const readers = await signUpMany(ctx, 24);
    // Every reader favorites twice at once: the second insert finds the row and counts nothing.
    const answers = await Promise.all(
      readers.flatMap((reader) => [
        favorite(ctx, 'POST', post.id, reader),
        favorite(ctx, 'POST', post.id, reader),
      ]),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await expectCountsMatchRows(ctx, post.id, { comments: 0, favorites: 24 });

    // Half take theirs back (twice at once) while the others favorite again.
    await Promise.all(
      readers.flatMap((reader, index) =>
        index % 2 === 0
          ? [favorite(ctx, 'DELETE', post.id, reader), favorite(ctx, 'DELETE', post.id, reader)]
          : [favorite(ctx, 'POST', post.id, reader)],
      ),
    );
    await expectCountsMatchRows(ctx, post.id, { comments: 0, favorites: 12 });
    const last = await favorite(ctx, 'POST', post.id, readers[0]!);
    expect(last.body.response).toEqual({ favorited: true, favoriteCount: 13 });
  });

  it('stay exact under concurrent comments, replies and deletions', async () => {
    const author = await signUpUser(ctx);
    const post = await createPost(ctx, author);
    const readers = await signUpMany(ctx, 12);
    const comments = await Promise.all(
      readers.map((reader, index) => addComment(ctx, reader, post.id, `Comment ${index}`)),
    );
    const replies = await Promise.all(
      readers.map((reader, index) =>
        addComment(ctx, reader, post.id, `Reply ${index}`, comments[(index + 1) % comments.length]!.id),
      ),
    );
    await expectCountsMatchRows(ctx, post.id, { comments: 24, favorites: 0 });

    // Deleting a comment with replies keeps it as "[deleted]" (a row, so still counted); deleting
    // replies removes their rows, and a deleted parent whose last reply goes may go with it.
    const deletions = await Promise.all([
      ...readers.slice(0, 6).map((reader, index) =>
        request(ctx, {
          method: 'DELETE',
          url: `/api/post/comments?id=${comments[index]!.id}`,
          token: reader.token,
        }),
      ),
      ...readers.slice(0, 8).map((reader, index) =>
        request(ctx, {
          method: 'DELETE',
          url: `/api/post/comments?id=${replies[index]!.id}`,
          token: reader.token,
        }),
      ),
    ]);
    expect(deletions.map((answer) => answer.status)).toEqual(deletions.map(() => 200));
    await expectCountsMatchRows(ctx, post.id);
    expect((await rowsOf(ctx, post.id)).comments).toBeLessThan(24);
  });

  it('follow the rows when an account is deleted and its comments and favorites cascade', async () => {
    const author = await signUpUser(ctx);
    const post = await createPost(ctx, author);
    const leaving = await signUpUser(ctx);
    const staying = await signUpUser(ctx);
    for (const reader of [leaving, staying]) {
      await favorite(ctx, 'POST', post.id, reader);
      const comment = await addComment(ctx, reader, post.id, 'Hello');
      await addComment(ctx, author, post.id, 'Thanks', comment.id);
    }
    await expectCountsMatchRows(ctx, post.id, { comments: 4, favorites: 2 });

    const deleted = await request(ctx, {
      method: 'POST',
      url: '/api/user/delete',
      token: leaving.token,
      payload: { password: leaving.password, content: 'delete' },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    // The leaving reader's comment goes with its account, and the reply to it with the comment.
    await expectCountsMatchRows(ctx, post.id, { comments: 2, favorites: 1 });

    // Deleting the post takes its rows with it, and no other post's counts move.
    const other = await createPost(ctx, author);
    await favorite(ctx, 'POST', other.id, staying);
    const removed = await request(ctx, {
      method: 'DELETE',
      url: `/api/post/blog/delete?id=${post.id}`,
      token: author.token,
    });
    expect(removed.status).toBe(200);
    await expectCountsMatchRows(ctx, other.id, { comments: 0, favorites: 1 });
  });

  it('are set from the rows again by the repair, which changes only the posts that drifted', async () => {
    const author = await signUpUser(ctx);
    const reader = await signUpUser(ctx);
    const [kept, broken] = [await createPost(ctx, author), await createPost(ctx, author)];
    for (const post of [kept, broken]) {
      await favorite(ctx, 'POST', post.id, reader);
      await addComment(ctx, reader, post.id, 'Counted');
    }
    expect(await countDriftedPosts(ctx.database.db)).toBe(0);
    expect(await repairPostCounters(ctx.database.db)).toBe(0);

    // A hand edit that bypasses the triggers.
    await sql`update posts set comment_count = 40, favorite_count = 0 where id = ${broken.id}`.execute(
      ctx.database.db,
    );
    expect(await countDriftedPosts(ctx.database.db)).toBe(1);
    expect(await readPost(ctx, broken.id)).toMatchObject({ commentCount: 40, favoriteCount: 0 });

    expect(await repairPostCounters(ctx.database.db)).toBe(1);
    expect(await countDriftedPosts(ctx.database.db)).toBe(0);
    for (const post of [kept, broken])
      expect(await readPost(ctx, post.id)).toMatchObject({ commentCount: 1, favoriteCount: 1 });
  });

  it('are counted from the rows already there when the migration runs', async () => {
    const author = await signUpUser(ctx);
    const readers = await signUpMany(ctx, 3);
    const post = await createPost(ctx, author);
    await counterMigration.down(ctx.database.db);
    try {
      // Written while the columns and triggers do not exist, as on a database made before them.
      for (const reader of readers) {
        await favorite(ctx, 'POST', post.id, reader);
        await addComment(ctx, reader, post.id, 'Before the counters');
      }
    } finally {
      await counterMigration.up(ctx.database.db);
    }
    await expectCountsMatchRows(ctx, post.id, { comments: 3, favorites: 3 });
  });
});
