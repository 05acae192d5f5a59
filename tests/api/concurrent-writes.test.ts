import { expect, it } from 'vitest';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPosts } from './support/posts';
import { uniqueName } from './support/conversation';

const RENAMES = 40;
const READERS = 12;

type Call = () => Promise<{ status: number; what: string; body: unknown }>;

const call = (ctx: ApiContext, what: string, options: Parameters<typeof request>[1]) => async () => {
  const response = await request(ctx, options);
  return { status: response.status, what, body: response.body };
};

/**
 * Writers rename themselves while readers favorite, unfavorite, comment on and follow them, all at
 * once. On PostgreSQL a rename locks the account and then, through the search index's trigger, its
 * posts; a favorite or a comment locks the post (its counter) and then the author's account (the
 * notification's foreign key): the opposite order, so some pairs deadlock and PostgreSQL aborts one
 * of them. Every request must still get its answer: none may be a 5xx.
 */
describeEachDatabase('concurrent writes that lock the same rows in opposite orders', (ctx) => {
  it('renames while others favorite, comment and follow: every request answered, none a 5xx', async () => {
    const writers: TestUser[] = [];
    for (let index = 0; index < 2; index += 1) writers.push(await signUpUser(ctx));
    const readers: TestUser[] = [];
    for (let index = 0; index < READERS; index += 1) readers.push(await signUpUser(ctx));
    const posts = (await Promise.all(writers.map((writer) => createPosts(ctx, writer, 4)))).flat();

    const calls: Call[] = [];
    for (let round = 0; round < RENAMES; round += 1) {
      const writer = writers[round % writers.length] as TestUser;
      calls.push(
        call(ctx, 'rename', {
          method: 'PUT',
          url: '/api/user/userupdate',
          token: writer.token,
          payload: { username: uniqueName('renamed') },
        }),
      );
      for (let index = 0; index < 3; index += 1) {
        const reader = readers[(round * 3 + index) % readers.length] as TestUser;
        const post = posts[(round + index) % posts.length];
        const target = `id=${post?.id}`;
        const kind = (round + index) % 4;
        if (kind === 0) {
          calls.push(
            call(ctx, 'favorite', {
              method: 'POST',
              url: `/api/post/favorite?${target}`,
              token: reader.token,
            }),
          );
        } else if (kind === 1) {
          calls.push(
            call(ctx, 'unfavorite', {
              method: 'DELETE',
              url: `/api/post/favorite?${target}`,
              token: reader.token,
            }),
          );
        } else if (kind === 2) {
          calls.push(
            call(ctx, 'comment', {
              method: 'POST',
              url: '/api/post/comments',
              token: reader.token,
              payload: { postId: post?.id, body: `Comment ${round}` },
            }),
          );
        } else {
          calls.push(
            call(ctx, 'follow', {
              method: 'POST',
              url: `/api/user/follow?userId=${post?.authorId}`,
              token: reader.token,
            }),
          );
        }
      }
    }

    // All at once, as many as the connection pool takes and more waiting for it.
    const answers = await Promise.all(calls.map((run) => run()));
    const failed = answers.filter((answer) => answer.status >= 500);
    expect(failed, `${failed.length} of ${answers.length}: ${JSON.stringify(failed.slice(0, 5))}`).toEqual(
      [],
    );
    expect(answers.filter((answer) => answer.status >= 400)).toEqual([]);

    // The renames took: each writer's posts are found under their latest name.
    for (const writer of writers) {
      const me = await request<{ response: { username: string } }>(ctx, {
        method: 'GET',
        url: '/api/user/me',
        token: writer.token,
      });
      expect(me.body.response.username).toMatch(/^renamed/);
    }
  }, 60_000);
});
