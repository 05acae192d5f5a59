import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import type { Profile } from '../../contracts/auth';
import type { Post } from '../../contracts/posts';
import type { Comment } from '../../contracts/comments';
import type {
  SocialFollowers,
  SocialFollowing,
  SocialTimelineItem,
  SocialTimelineReply,
} from '../../contracts/social-web';
import { freePort } from './support/ports';
import { eventually } from './support/eventually';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';

/*
 * Two Inkwell instances on loopback, each its own server process and database, following each
 * other's writers (decision 0090): a reader on B follows a writer on A by `@handle@host`; A
 * accepts; what A's writer publishes, edits and deletes reaches B's reader's timeline; a draft
 * never does; what A's writer published before the follow is read back from A's outbox once A
 * accepts; unfollowing ends A's follower. B's reader likes, boosts and replies to A's post, A's
 * writer answers the reply, and each is undone (decision 0094). A writer's block of B's reader and
 * the operator's block of B's server each stop what crosses (decision 0084); B down for a while gets
 * A's post through A's delivery queue's retry once it is up again (decision 0070). Every wait polls
 * with a deadline; what must not cross is checked once the queue that would carry it has settled.
 */

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What `find` answers once it answers something, within 30 s unless told (two servers and their queues). */
const until = <T>(find: () => Promise<T | undefined>, what: string, ms = 30_000) =>
  eventually(find, what, ms);

async function call<T>(
  server: ServerProcess,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function signUp(server: ServerProcess, username: string): Promise<{ id: string; token: string }> {
  const answer = await call<{ jwt: string; userId: string }>(server, '/api/user/signup', {
    method: 'POST',
    body: { username, email: `${username}@example.com`, password: 'correct horse battery' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.userId, token: answer.body.jwt };
}

/** A running instance, with what it needs to be started again after an outage. */
interface Instance extends ServerProcess {
  /** Its environment: the same data directory and (on PostgreSQL) database. */
  env: Record<string, string>;
  port: number;
}

/** One instance: its own server process, data directory and (on PostgreSQL) database. */
async function start(dialect: 'sqlite' | 'postgres', name: string): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `inkwell-follow-${name}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Both are on loopback: the explicit allowance an operator's own network needs.
    FEDERATION_ALLOW_PRIVATE_NETWORKS: '1',
    FEDERATION_POLL_INTERVAL_MS: '100',
    LOG_LEVEL: 'warn',
  };
  if (dialect === 'postgres') {
    const database = await createEmptyPostgresDatabase(`inkwell_follow_${name}`);
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url;
  }
  const server = await startServerProcess(env, { port });
  cleanups.push(() => server.stop());
  return { ...server, env, port };
}

/** The instance started again, as its operator would after an outage: same port, data, database. */
async function restart(instance: Instance): Promise<Instance> {
  const server = await startServerProcess(instance.env, { port: instance.port });
  cleanups.push(() => server.stop());
  return { ...server, env: instance.env, port: instance.port };
}

/**
 * An instance's database, read beside it as its operator could: its delivery queue and what it
 * sent of each post. No API tells another server's answer, and what must not cross is only
 * known not to once the row that would carry it was answered, or was never queued.
 */
function databaseOf(instance: Instance) {
  const database = openDatabase({
    databaseUrl: instance.env.DATABASE_URL,
    dataDir: instance.env.DATA_DIR ?? '',
  });
  cleanups.push(() => database.close());
  return {
    /** Deliveries queued to `to`'s inboxes, oldest first. */
    deliveriesTo: (to: ServerProcess) =>
      database.db
        .selectFrom('federation_deliveries')
        .select(['inbox', 'payload', 'state', 'attempts', 'locked_until', 'last_status', 'last_error'])
        .where('inbox', 'like', `${to.url}/%`)
        .orderBy('created_at')
        .execute(),
    /** What the post publisher recorded once it queued (or had no one to queue) the post's activity. */
    sentPost: (postId: string) =>
      database.db
        .selectFrom('federation_posts')
        .select('state')
        .where('post_id', '=', postId)
        .executeTakeFirst(),
  };
}

/**
 * Ada writes on A, Bea reads on B: Bea follows Ada by `@handle@host` and waits until both sides say
 * the follow is accepted; `before`, Ada publishes it first. Answers what the tests read on each side.
 */
async function followAcross(a: ServerProcess, b: ServerProcess, before?: Record<string, unknown>) {
  const writer = await signUp(a, 'Ada');
  const reader = await signUp(b, 'Bea');
  const write = async (body: Record<string, unknown>) => {
    const answer = await call<{ response: Post }>(a, '/api/post/blog', {
      method: 'POST',
      token: writer.token,
      body,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.response;
  };
  if (before) await write(before);
  const profile = await call<{ response: Profile }>(a, `/api/user/profile?userId=${writer.id}`);
  const handle = `@${profile.body.response.handle}@${new URL(a.url).host}`;
  const readerActor = `${b.url}/ap/users/${reader.id}`;
  const writerActor = `${a.url}/ap/users/${writer.id}`;

  const followed = await call<{ response: SocialFollowing }>(b, '/api/user/social-following', {
    method: 'POST',
    token: reader.token,
    body: { account: handle },
  });
  expect(followed.status, JSON.stringify(followed.body)).toBe(201);
  expect(followed.body.response).toMatchObject({ actor: writerActor, state: 'pending' });

  const followersOnA = async () =>
    (
      await call<{ response: SocialFollowers }>(a, '/api/user/social-followers', {
        token: writer.token,
      })
    ).body.response.followers;
  const followerOnA = await until(
    async () => (await followersOnA()).find((row) => row.actor === readerActor),
    "B's reader among A's writer's followers",
  );
  expect(followerOnA.state).toBe('accepted');
  await until(async () => {
    const rows = (
      await call<{ response: SocialFollowing[] }>(b, '/api/user/social-following', {
        token: reader.token,
      })
    ).body.response;
    return rows.find((row) => row.actor === writerActor && row.state === 'accepted');
  }, "A's Accept on B");

  const timeline = async () =>
    (
      await call<{ response: SocialTimelineItem[] }>(b, '/api/user/social-timeline', {
        token: reader.token,
      })
    ).body.response;
  return { writer, reader, handle, writerActor, readerActor, followersOnA, timeline, write };
}

describe.each(['sqlite', 'postgres'] as const)(
  'two Inkwell instances following each other [%s]',
  (dialect) => {
    it.skipIf(dialect === 'postgres' && !postgresAvailable)(
      'follow, accept, publish, update, delete, unfollow; a draft never crosses',
      { timeout: 240_000 },
      async () => {
        const [a, b] = await Promise.all([start(dialect, 'a'), start(dialect, 'b')]);

        const { writer, reader, handle, writerActor, followersOnA, timeline, write } = await followAcross(
          a,
          b,
          { title: 'Written before the follow', content: 'Already there.' },
        );
        // Read back from A's outbox once A accepted: the timeline does not wait for a new post.
        await until(
          async () => (await timeline()).find((item) => item.title === 'Written before the follow'),
          'the earlier post back-filled on B',
        );
        const draft = await write({ title: 'Not yet', content: 'Only for Ada.', status: 'draft' });
        const post = await write({ title: 'Letters from A', content: 'Across **two** servers.' });
        const arrived = await until(
          async () => (await timeline()).find((item) => item.title === 'Letters from A'),
          'the post on B',
        );
        expect(arrived).toMatchObject({
          kind: 'Article',
          author: { actor: writerActor, handle },
        });
        expect(arrived.content).toContain('**two**');
        // The draft was written before the post that crossed, and went nowhere.
        expect(draft.status).toBe('draft');
        expect((await timeline()).map((item) => item.title)).toEqual([
          'Letters from A',
          'Written before the follow',
        ]);

        const edited = await call(a, `/api/post/blog?id=${post.id}`, {
          method: 'PUT',
          token: writer.token,
          body: { title: 'Letters from A, revised', content: 'Revised.' },
        });
        expect(edited.status, JSON.stringify(edited.body)).toBe(200);
        await until(
          async () => (await timeline()).find((item) => item.title === 'Letters from A, revised'),
          'the edit on B',
        );

        const removed = await call(a, `/api/post/blog/delete?id=${post.id}`, {
          method: 'DELETE',
          token: writer.token,
        });
        expect(removed.status).toBe(200);
        await until(async () => ((await timeline()).length === 1 ? true : undefined), 'the deletion on B');

        const unfollowed = await call(
          b,
          `/api/user/social-following?actor=${encodeURIComponent(writerActor)}`,
          {
            method: 'DELETE',
            token: reader.token,
          },
        );
        expect(unfollowed.status).toBe(200);
        await until(
          async () => ((await followersOnA()).length === 0 ? true : undefined),
          "A's follower gone",
        );
      },
    );

    it.skipIf(dialect === 'postgres' && !postgresAvailable)(
      'reply both ways, like, boost, undo',
      { timeout: 240_000 },
      async () => {
        const [a, b] = await Promise.all([start(dialect, 'a'), start(dialect, 'b')]);
        const { writer, reader, writerActor, readerActor, timeline, write } = await followAcross(a, b);
        const post = await write({ title: 'Answer me', content: 'What do you think?' });
        const item = await until(
          async () => (await timeline()).find((row) => row.title === 'Answer me'),
          'the post on B',
        );
        const onB = async () => (await timeline()).find((row) => row.id === item.id);
        const reactionsOnA = async () => {
          const read = await call<{ response: { socialLikes: number; socialReposts: number } }>(
            a,
            `/api/post/blog?id=${post.id}`,
          );
          const { socialLikes, socialReposts } = read.body.response;
          return { socialLikes, socialReposts };
        };
        const counted = (likes: number, reposts: number) => async () => {
          const now = await reactionsOnA();
          return now.socialLikes === likes && now.socialReposts === reposts ? now : undefined;
        };
        const act = (method: 'POST' | 'DELETE', what: string, id: string, body?: unknown) =>
          call<{ response: SocialTimelineReply & { liked: boolean; boosted: boolean } }>(
            b,
            `/api/user/social-timeline/${what}?id=${id}`,
            { method, token: reader.token, ...(body === undefined ? {} : { body }) },
          );

        // B's reader likes and boosts A's writer's post: A counts each once.
        expect((await act('POST', 'like', item.id)).status).toBe(200);
        expect((await act('POST', 'boost', item.id)).status).toBe(200);
        expect((await act('POST', 'like', item.id)).status).toBe(409);
        await until(counted(1, 1), 'the like and the boost counted on A');
        expect(await onB()).toMatchObject({ liked: true, boosted: true });

        // B's reader replies: on A it is a comment under the post, by the account standing for them.
        const replied = await act('POST', 'reply', item.id, { body: 'I think **yes**.' });
        expect(replied.status, JSON.stringify(replied.body)).toBe(201);
        const comments = async () =>
          (await call<{ response: Comment[] }>(a, `/api/post/comments?postId=${post.id}`)).body.response;
        const comment = await until(
          async () => (await comments()).find((row) => row.remote?.actor === readerActor),
          'the reply as a comment on A',
        );
        expect(comment.body).toContain('I think **yes**.');

        // A's writer answers it: the answer reaches B's reader, under their reply.
        const answered = await call<{ response: Comment }>(a, '/api/post/comments', {
          method: 'POST',
          token: writer.token,
          body: { postId: post.id, parentId: comment.id, body: 'Glad to hear it.' },
        });
        expect(answered.status, JSON.stringify(answered.body)).toBe(201);
        const thread = await until(async () => {
          const replies = (await onB())?.replies ?? [];
          return replies.length === 2 ? replies : undefined;
        }, "A's writer's answer on B");
        expect(thread.map((row) => [row.mine, row.author?.actor ?? null])).toEqual([
          [true, null],
          [false, writerActor],
        ]);
        expect(thread[1]?.content).toContain('Glad to hear it.');
        expect(thread[1]?.inReplyTo).toBe(replied.body.response.noteId);

        // Undo: the like and the boost go on A; the reply's Delete takes its comment there.
        expect((await act('DELETE', 'like', item.id)).status).toBe(200);
        expect((await act('DELETE', 'boost', item.id)).status).toBe(200);
        await until(counted(0, 0), 'the Undos counted on A');
        expect((await act('DELETE', 'reply', replied.body.response.id)).status).toBe(200);
        await until(async () => {
          const left = (await comments()).find((row) => row.id === comment.id);
          // It has an answer, so it stays as any deleted comment with replies does: no author, no text.
          return left === undefined || left.deleted ? true : undefined;
        }, 'the reply gone from A');
        expect(await onB()).toMatchObject({ liked: false, boosted: false, replies: [] });
      },
    );

    it.skipIf(dialect === 'postgres' && !postgresAvailable)(
      "a writer's block of a reader there: her server is told, her new follow is refused, and the next post does not go to her",
      { timeout: 240_000 },
      async () => {
        const [a, b] = await Promise.all([start(dialect, 'a'), start(dialect, 'b')]);
        const { writer, reader, handle, writerActor, readerActor, followersOnA, timeline, write } =
          await followAcross(a, b);
        await write({ title: 'Before the block', content: 'Read me.' });
        await until(
          async () => (await timeline()).find((row) => row.title === 'Before the block'),
          'the post on B',
        );

        // Ada blocks the account standing for Bea on A: Bea's follow of her ends there (decision 0084).
        const follower = (await followersOnA()).find((row) => row.actor === readerActor);
        expect(follower?.accountId).toBeTruthy();
        const blocked = await call(a, `/api/user/block?userId=${follower?.accountId}`, {
          method: 'POST',
          token: writer.token,
        });
        expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
        expect((await followersOnA()).map((row) => row.actor)).not.toContain(readerActor);

        // And on B: A's signed Reject(Follow) ends Bea's follow there, and Ada's post goes with it.
        const followingOnB = async () =>
          (
            await call<{ response: SocialFollowing[] }>(b, '/api/user/social-following', {
              token: reader.token,
            })
          ).body.response;
        await until(
          async () => ((await followingOnB()).some((row) => row.actor === writerActor) ? undefined : true),
          "A's Reject on B",
        );
        expect(await timeline()).toEqual([]);

        // Bea asks to follow Ada again: her Follow leaves B and A refuses it (403).
        const again = await call(b, '/api/user/social-following', {
          method: 'POST',
          token: reader.token,
          body: { account: handle },
        });
        expect(again.status, JSON.stringify(again.body)).toBe(201);
        const queueOnB = databaseOf(b);
        const answered = await until(async () => {
          const rows = await queueOnB.deliveriesTo(a);
          return rows.find((row) => row.payload.includes('"Follow"') && row.last_status === 403);
        }, "A's refusal of the new Follow");
        expect(answered.last_status).toBe(403);
        expect((await followersOnA()).map((row) => row.actor)).not.toContain(readerActor);

        // Ada's next post: recorded as sent once its deliveries were queued, and none is for B.
        const queueOnA = databaseOf(a);
        const next = await write({ title: 'After the block', content: 'Not for Bea.' });
        await until(
          async () => ((await queueOnA.sentPost(next.id))?.state === 'created' ? true : undefined),
          'the next post recorded as sent on A',
        );
        const toB = await queueOnA.deliveriesTo(b);
        expect(toB.filter((row) => row.payload.includes(`/ap/posts/${next.id}`))).toEqual([]);
        expect(await timeline()).toEqual([]);
      },
    );

    it.skipIf(dialect === 'postgres' && !postgresAvailable)(
      "the operator's block of the other server: its like and reply are refused, and nothing goes to it",
      { timeout: 240_000 },
      async () => {
        const [a, b] = await Promise.all([start(dialect, 'a'), start(dialect, 'b')]);
        const { writer, reader, readerActor, followersOnA, timeline, write } = await followAcross(a, b);
        const first = await write({ title: 'Before the block', content: 'Read me.' });
        const item = await until(
          async () => (await timeline()).find((row) => row.title === 'Before the block'),
          'the post on B',
        );

        // ADMIN_EMAILS is unset: Ada signed up first on A, so she is its operator.
        const host = new URL(b.url).host;
        const blocked = await call(a, '/api/admin/social-web/blocked-servers', {
          method: 'POST',
          token: writer.token,
          body: { host },
        });
        expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
        // Its followers go with the block.
        expect((await followersOnA()).map((row) => row.actor)).not.toContain(readerActor);

        // Bea likes and replies; A refuses both at its inbox: 403, nothing counted, no comment.
        const like = await call(b, `/api/user/social-timeline/like?id=${item.id}`, {
          method: 'POST',
          token: reader.token,
        });
        expect(like.status, JSON.stringify(like.body)).toBe(200);
        const replied = await call<{ response: SocialTimelineReply }>(
          b,
          `/api/user/social-timeline/reply?id=${item.id}`,
          { method: 'POST', token: reader.token, body: { body: 'Let me in.' } },
        );
        expect(replied.status, JSON.stringify(replied.body)).toBe(201);
        const queueOnB = databaseOf(b);
        const answers = await until(async () => {
          const rows = await queueOnB.deliveriesTo(a);
          const like = rows.find((row) => JSON.parse(row.payload).type === 'Like');
          const reply = rows.find((row) => row.payload.includes(replied.body.response.noteId));
          return like?.last_status != null && reply?.last_status != null
            ? [like.last_status, reply.last_status]
            : undefined;
        }, "A's answers to the like and the reply");
        expect(answers).toEqual([403, 403]);
        const read = await call<{ response: { socialLikes: number } }>(a, `/api/post/blog?id=${first.id}`);
        expect(read.body.response.socialLikes).toBe(0);
        const comments = await call<{ response: Comment[] }>(a, `/api/post/comments?postId=${first.id}`);
        expect(comments.body.response.filter((row) => row.remote?.actor === readerActor)).toEqual([]);

        // Ada's next post: recorded as sent once its deliveries were queued, and none is for B.
        const queueOnA = databaseOf(a);
        const next = await write({ title: 'After the block', content: 'Not for B.' });
        await until(
          async () => ((await queueOnA.sentPost(next.id))?.state === 'created' ? true : undefined),
          'the next post recorded as sent on A',
        );
        const toB = await queueOnA.deliveriesTo(b);
        expect(toB.filter((row) => row.payload.includes(`/ap/posts/${next.id}`))).toEqual([]);
        expect((await timeline()).map((row) => row.title)).toEqual(['Before the block']);
      },
    );

    it.skipIf(dialect === 'postgres' && !postgresAvailable)(
      "B down for a while, then up: the post arrives through the retry of A's delivery queue",
      { timeout: 240_000 },
      async () => {
        const [a, b] = await Promise.all([start(dialect, 'a'), start(dialect, 'b')]);
        const { timeline, write } = await followAcross(a, b);
        const queueOnA = databaseOf(a);

        expect(await b.stop()).toBe(0);
        const post = await write({ title: 'While B was away', content: 'Kept for later.' });
        const carries = (row: { payload: string }) => row.payload.includes(`/ap/posts/${post.id}`);
        // A's first attempt fails (nothing listens on B's port) and is kept for a retry.
        const failed = await until(async () => {
          const row = (await queueOnA.deliveriesTo(b)).find(carries);
          // Counted when claimed; settled once its lease is let go with the attempt's record.
          return row && row.attempts >= 1 && row.locked_until === null ? row : undefined;
        }, "A's first attempt at B");
        expect(failed).toMatchObject({ state: 'pending', attempts: 1, last_status: null });
        expect(failed.last_error).toBeTruthy();

        // B comes back. The retry is the product's own backoff (1 min, each wait between half and
        // all of it, config.federation): no setting shortens it, so this waits up to that long.
        await restart(b);
        await until(
          async () => (await timeline()).find((row) => row.title === 'While B was away'),
          'the post on B through the retry',
          120_000,
        );
        const delivered = (await queueOnA.deliveriesTo(b)).find(carries);
        expect(delivered).toMatchObject({ state: 'delivered', attempts: 2, last_status: 202 });
      },
    );
  },
);
