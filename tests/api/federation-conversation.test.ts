import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Comment } from '../../contracts/comments';
import type { Post } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import { addComment, listComments, notificationsOf } from './support/conversation';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { FakeMastodon, type RemoteAccount, type SigningTweaks } from './support/fake-mastodon';
import { sourcePages, templateWebDir } from './support/pages';
import {
  AS,
  PUBLIC,
  byNote,
  deliver as deliverTo,
  followOf,
  replyOf,
  write,
  type Json,
  federationForTests,
} from './support/social-web';

const PUBLIC_URL = 'http://inkwell.test';
const webDir = templateWebDir();

const mastodon = await FakeMastodon.start();
/** A second server, on another port: the one the operator blocks. */
const spam = await FakeMastodon.start();
afterAll(async () => {
  await mastodon.close();
  await spam.close();
});

/** POSTs `activity` to the shared inbox, signed by `account` as Mastodon (or `server`) signs. */
const deliver = (
  ctx: ApiContext,
  account: RemoteAccount,
  activity: Json,
  tweaks: SigningTweaks = {},
  server = mastodon,
) => deliverTo(ctx, server, PUBLIC_URL, account, activity, tweaks);

/** The local actors a remote account follows. */
async function followersOf(ctx: ApiContext, follower: string): Promise<string[]> {
  const rows = await ctx.database.db
    .selectFrom('federation_followers')
    .select('actor')
    .where('follower', '=', follower)
    .execute();
  return rows.map((row) => row.actor);
}

async function commentCount(ctx: ApiContext, postId: string): Promise<number> {
  const answer = await request<{ response: Post }>(ctx, {
    method: 'GET',
    url: `/api/post/blog?id=${postId}`,
  });
  return answer.body.response.commentCount;
}

describeEachDatabase(
  'the social web: replies from other servers become comments, and the writer answers back',
  (ctx) => {
    let alice: TestUser;
    let post: Post;
    let bob: RemoteAccount;
    const host = () => new URL(mastodon.origin).host;

    beforeAll(async () => {
      alice = await signUpUser(ctx);
      post = await write(ctx, alice, 'A post to answer');
      bob = mastodon.account(`bob_conv_${ctx.dialect}`);
    });

    it('takes a reply to a post as a comment: sanitized, counted, notified, shown with its remote author', async () => {
      const before = await commentCount(ctx, post.id);
      const { note, create } = replyOf(
        mastodon,
        bob,
        `${PUBLIC_URL}/ap/posts/${post.id}`,
        '<p>Lovely <strong>post</strong><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)" onclick="alert(4)">here</a></p>',
      );
      const answer = await deliver(ctx, bob, create);
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);

      const comment = byNote(await listComments(ctx, post.id), note.id);
      expect(comment).toBeDefined();
      expect(comment?.author?.username).toBe(`@${bob.username}@${host()}`);
      expect(comment?.author?.handle).toBeNull();
      expect(comment?.remote).toEqual({
        actor: bob.id,
        handle: `@${bob.username}@${host()}`,
        name: `${bob.username} on Mastodon`,
        profileUrl: `${mastodon.origin}/@${bob.username}`,
        pictureUrl: `https://files.example/${bob.username}.png`,
        url: note.url,
      });
      expect(comment?.bodyHtml).toContain('<strong>post</strong>');
      for (const hostile of ['<script', 'alert(1)', 'onerror', 'onclick', 'javascript:']) {
        expect(comment?.bodyHtml).not.toContain(hostile);
      }
      expect(await commentCount(ctx, post.id)).toBe(before + 1);

      const notes = await notificationsOf(ctx, alice);
      expect(notes.response.some((group) => group.kind === 'comment' && group.post?.id === post.id)).toBe(
        true,
      );

      // The same Create again (a retried delivery) adds nothing.
      expect((await deliver(ctx, bob, create)).status).toBe(202);
      expect(await commentCount(ctx, post.id)).toBe(before + 1);
    });

    it('takes a reply to the read page’s address too, and one to a remote comment as its reply', async () => {
      const first = replyOf(mastodon, bob, `${PUBLIC_URL}/readblog?id=${post.id}`, '<p>By its page</p>');
      expect((await deliver(ctx, bob, first.create)).status).toBe(202);
      const carol = mastodon.account(`carol_conv_${ctx.dialect}`);
      const answer = replyOf(mastodon, carol, first.note.id, '<p>Answering Bob</p>');
      expect((await deliver(ctx, carol, answer.create)).status).toBe(202);
      const comments = await listComments(ctx, post.id);
      const top = byNote(comments, first.note.id);
      expect(top?.replies?.map((reply) => reply.bodyHtml)).toEqual(['<p>Answering Bob</p>\n']);
    });

    it('ignores a Note that answers nothing here, and refuses one attributed to someone else', async () => {
      const elsewhere = replyOf(
        mastodon,
        bob,
        `${mastodon.origin}/users/someone/statuses/1`,
        '<p>Not about you</p>',
      );
      expect((await deliver(ctx, bob, elsewhere.create)).status).toBe(202);
      const forged = replyOf(mastodon, bob, `${PUBLIC_URL}/ap/posts/${post.id}`, '<p>Forged</p>');
      forged.create.object.attributedTo = `${mastodon.origin}/users/victim`;
      expect((await deliver(ctx, bob, forged.create)).status).toBe(400);
      const bodies = (await listComments(ctx, post.id)).map((comment) => comment.body);
      expect(bodies.join(' ')).not.toMatch(/Not about you|Forged/);
    });

    it('sends the writer’s reply to a remote comment back as a signed Create(Note) in reply to it', async () => {
      const { note, create } = replyOf(
        mastodon,
        bob,
        `${PUBLIC_URL}/ap/posts/${post.id}`,
        '<p>A question?</p>',
      );
      expect((await deliver(ctx, bob, create)).status).toBe(202);
      const remote = byNote(await listComments(ctx, post.id), note.id);
      expect(remote).toBeDefined();
      const reply = await addComment(ctx, alice, post.id, 'An **answer**.', remote?.id);

      const delivery = await mastodon.waitForDelivery((received) => {
        const json = JSON.parse(received.body) as Json;
        return json.type === 'Create' && (json.object as Json).inReplyTo === note.id;
      });
      expect(delivery.path).toBe('/inbox');
      const activity = JSON.parse(delivery.body) as Json;
      const object = activity.object as Json;
      expect(activity.actor).toBe(`${PUBLIC_URL}/ap/users/${alice.id}`);
      expect(object).toMatchObject({
        type: 'Note',
        id: `${PUBLIC_URL}/ap/comments/${reply.id}`,
        attributedTo: `${PUBLIC_URL}/ap/users/${alice.id}`,
        cc: bob.id,
      });
      expect(['as:Public', PUBLIC]).toContain(object.to);
      expect(String(object.content)).toContain('<strong>answer</strong>');
      expect(JSON.stringify(object.tag)).toContain(bob.id);
      const actor = await request<{ publicKey: { publicKeyPem: string } }>(ctx, {
        method: 'GET',
        url: `/ap/users/${alice.id}`,
        headers: { accept: 'application/activity+json' },
      });
      expect(FakeMastodon.signatureProblem(delivery, actor.body.publicKey.publicKeyPem)).toBeUndefined();

      // Another reader's reply stays here: only the writer answers for the post on the social web.
      const reader = await signUpUser(ctx);
      const other = await addComment(ctx, reader, post.id, 'Me too', remote?.id);
      const queued = await ctx.database.db
        .selectFrom('federation_deliveries')
        .select('activity_id')
        .where('activity_id', 'like', `%/ap/comments/${other.id}%`)
        .execute();
      expect(queued).toEqual([]);
    });

    it('edits the comment on Update(Note) and removes it on Delete, from its own actor only', async () => {
      const { note, create } = replyOf(
        mastodon,
        bob,
        `${PUBLIC_URL}/ap/posts/${post.id}`,
        '<p>First thought</p>',
      );
      expect((await deliver(ctx, bob, create)).status).toBe(202);
      const update = {
        '@context': AS,
        id: `${note.id}#updates/1`,
        type: 'Update',
        actor: bob.id,
        object: { ...note, content: '<p>Second thought</p>' },
      };
      expect((await deliver(ctx, bob, update)).status).toBe(202);
      const edited = byNote(await listComments(ctx, post.id), note.id);
      expect(edited?.bodyHtml).toBe('<p>Second thought</p>\n');
      expect(edited?.editedAt).not.toBeNull();

      const mallory = mastodon.account(`mallory_conv_${ctx.dialect}`);
      const foreign = {
        '@context': AS,
        id: `${mallory.id}#deletes/1`,
        type: 'Delete',
        actor: mallory.id,
        object: note.id,
      };
      expect((await deliver(ctx, mallory, foreign)).status).toBe(202);
      expect(byNote(await listComments(ctx, post.id), note.id)).toBeDefined();

      const before = await commentCount(ctx, post.id);
      const remove = {
        '@context': AS,
        id: `${note.id}#delete`,
        type: 'Delete',
        actor: bob.id,
        object: { id: note.id, type: 'Tombstone' },
      };
      expect((await deliver(ctx, bob, remove)).status).toBe(202);
      expect(byNote(await listComments(ctx, post.id), note.id)).toBeUndefined();
      expect(await commentCount(ctx, post.id)).toBe(before - 1);
    });

    it('refuses a reply where comments are closed, and holds a first-time remote commenter for approval', async () => {
      const writer = await signUpUser(ctx);
      const closed = await write(ctx, writer, 'Closed to comments');
      const close = await request(ctx, {
        method: 'PUT',
        url: `/api/post/comments/closed?postId=${closed.id}`,
        token: writer.token,
        payload: { closed: true },
      });
      expect(close.status, JSON.stringify(close.body)).toBe(200);
      const refused = replyOf(mastodon, bob, `${PUBLIC_URL}/ap/posts/${closed.id}`, '<p>Let me in</p>');
      expect((await deliver(ctx, bob, refused.create)).status).toBe(403);
      expect(await commentCount(ctx, closed.id)).toBe(0);

      const settings = await request(ctx, {
        method: 'PUT',
        url: '/api/user/comment-settings',
        token: writer.token,
        payload: { holdFirstComments: true },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      const open = await write(ctx, writer, 'Open but held');
      const held = replyOf(mastodon, bob, `${PUBLIC_URL}/ap/posts/${open.id}`, '<p>Hello, first time</p>');
      expect((await deliver(ctx, bob, held.create)).status).toBe(202);
      expect(await listComments(ctx, open.id)).toEqual([]);
      const queue = await request<{ response: { comment: Comment }[] }>(ctx, {
        method: 'GET',
        url: '/api/user/held-comments',
        token: writer.token,
      });
      expect(queue.body.response.map((held) => held.comment.author?.username)).toContain(
        `@${bob.username}@${host()}`,
      );
    });

    it('refuses replies and follows from a remote account the writer blocked, ends its follow, hides its comments', async () => {
      const dan = mastodon.account(`dan_conv_${ctx.dialect}`);
      expect((await deliver(ctx, dan, followOf(dan, `${PUBLIC_URL}/ap/users/${alice.id}`))).status).toBe(202);
      expect(await followersOf(ctx, dan.id)).toEqual([`/ap/users/${alice.id}`]);
      const first = replyOf(mastodon, dan, `${PUBLIC_URL}/ap/posts/${post.id}`, '<p>Before the block</p>');
      expect((await deliver(ctx, dan, first.create)).status).toBe(202);
      const comment = byNote(await listComments(ctx, post.id), first.note.id);
      expect(comment?.author).not.toBeNull();
      const blocked = await request(ctx, {
        method: 'POST',
        url: `/api/user/block?userId=${comment?.author?.id}`,
        token: alice.token,
      });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      const second = replyOf(mastodon, dan, `${PUBLIC_URL}/ap/posts/${post.id}`, '<p>After the block</p>');
      expect((await deliver(ctx, dan, second.create)).status).toBe(403);
      expect(byNote(await listComments(ctx, post.id, alice.token), first.note.id)).toBeUndefined();
      expect(await followersOf(ctx, dan.id)).toEqual([]);
      const again = await deliver(ctx, dan, followOf(dan, `${PUBLIC_URL}/ap/users/${alice.id}`));
      expect(again.status).toBe(403);
      expect(await followersOf(ctx, dan.id)).toEqual([]);
    });

    it('lets the operator block a whole server: its activities refused, its followers and likes gone, nothing sent to it', async () => {
      // Alice signed up first: she is the operator here (ADMIN_EMAILS is unset).
      const spamAccount = spam.account(`spammer_${ctx.dialect}`);
      const host = new URL(spam.origin).host;
      const liked = await write(ctx, alice, 'A post spam likes');
      spam.inboxStatus = 503;
      expect(
        (
          await deliver(
            ctx,
            spamAccount,
            followOf(spamAccount, `${PUBLIC_URL}/ap/users/${alice.id}`),
            {},
            spam,
          )
        ).status,
      ).toBe(202);
      const like = {
        '@context': AS,
        id: `${spamAccount.id}#likes/${uuidv7()}`,
        type: 'Like',
        actor: spamAccount.id,
        object: `${PUBLIC_URL}/ap/posts/${liked.id}`,
      };
      expect((await deliver(ctx, spamAccount, like, {}, spam)).status).toBe(202);
      expect(await followersOf(ctx, spamAccount.id)).toHaveLength(1);

      const reader = await signUpUser(ctx);
      const refused = await request(ctx, {
        method: 'POST',
        url: '/api/admin/social-web/blocked-servers',
        token: reader.token,
        payload: { host },
      });
      expect(refused.status).toBe(403);
      const malformed = await request(ctx, {
        method: 'POST',
        url: '/api/admin/social-web/blocked-servers',
        token: alice.token,
        payload: { host: 'not a host' },
      });
      expect(malformed.status).toBe(400);
      const blocked = await request(ctx, {
        method: 'POST',
        url: '/api/admin/social-web/blocked-servers',
        token: alice.token,
        payload: { host: spam.origin },
      });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      const list = await request<{ response: { host: string }[] }>(ctx, {
        method: 'GET',
        url: '/api/admin/social-web/blocked-servers',
        token: alice.token,
      });
      expect(list.body.response.map((server) => server.host)).toEqual([host]);

      expect(await followersOf(ctx, spamAccount.id)).toEqual([]);
      const read = await request<{ response: Post & { socialLikes: number } }>(ctx, {
        method: 'GET',
        url: `/api/post/blog?id=${liked.id}`,
      });
      expect(read.body.response.socialLikes).toBe(0);
      // The Accept that was waiting for the server to come back is given up, never sent.
      const waiting = await ctx.database.db
        .selectFrom('federation_deliveries')
        .select(['state', 'last_error'])
        .where('inbox', 'like', `${spam.origin}/%`)
        .execute();
      expect(waiting.length).toBeGreaterThan(0);
      for (const delivery of waiting)
        expect(delivery).toEqual({ state: 'failed', last_error: `${host} is blocked here` });

      const reply = replyOf(spam, spamAccount, `${PUBLIC_URL}/ap/posts/${liked.id}`, '<p>Spam</p>');
      const answer = await deliver(ctx, spamAccount, reply.create, {}, spam);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Your server is blocked here');
      expect(await listComments(ctx, liked.id)).toEqual([]);

      const unblocked = await request(ctx, {
        method: 'DELETE',
        url: `/api/admin/social-web/blocked-servers?host=${encodeURIComponent(host)}`,
        token: alice.token,
      });
      expect(unblocked.status, JSON.stringify(unblocked.body)).toBe(200);
      expect((await deliver(ctx, spamAccount, reply.create, {}, spam)).status).toBe(202);
      const again = await request(ctx, {
        method: 'DELETE',
        url: `/api/admin/social-web/blocked-servers?host=${encodeURIComponent(host)}`,
        token: alice.token,
      });
      expect(again.status).toBe(404);
    });

    it('lets readers report a remote comment', async () => {
      const { note, create } = replyOf(
        mastodon,
        bob,
        `${PUBLIC_URL}/ap/posts/${post.id}`,
        '<p>Buy cheap pills</p>',
      );
      expect((await deliver(ctx, bob, create)).status).toBe(202);
      const comment = byNote(await listComments(ctx, post.id), note.id);
      const reader = await signUpUser(ctx);
      const report = await request(ctx, {
        method: 'POST',
        url: '/api/reports',
        token: reader.token,
        payload: { target: { kind: 'comment', id: comment?.id }, reason: 'spam' },
      });
      expect(report.status, JSON.stringify(report.body)).toBe(201);
    });

    it('counts likes and boosts once per remote account, and forgets them on Undo', async () => {
      const liked = await write(ctx, alice, 'A post to like');
      const reactions = async () => {
        const answer = await request<{ response: { socialLikes: number; socialReposts: number } }>(ctx, {
          method: 'GET',
          url: `/api/post/blog?id=${liked.id}`,
        });
        const { socialLikes, socialReposts } = answer.body.response;
        return { socialLikes, socialReposts };
      };
      const readPage = async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/readblog?id=${liked.id}`,
            headers: { accept: 'text/html' },
          })
        ).body;
      // Read once first: the answers are cached, and a like must not leave them stale.
      expect(await reactions()).toEqual({ socialLikes: 0, socialReposts: 0 });
      const quiet = await readPage();
      expect(quiet).toContain('A post to like');
      expect(quiet).not.toContain('social-reactions');
      const object = `${PUBLIC_URL}/ap/posts/${liked.id}`;
      const like = { '@context': AS, id: `${bob.id}#likes/${uuidv7()}`, type: 'Like', actor: bob.id, object };
      expect((await deliver(ctx, bob, like)).status).toBe(202);
      expect((await deliver(ctx, bob, { ...like, id: `${bob.id}#likes/${uuidv7()}` })).status).toBe(202);
      const fay = mastodon.account(`fay_conv_${ctx.dialect}`);
      const boost = {
        '@context': AS,
        id: `${fay.id}/statuses/${uuidv7()}/activity`,
        type: 'Announce',
        actor: fay.id,
        object: `${PUBLIC_URL}/readblog?id=${liked.id}`,
        to: [PUBLIC],
      };
      expect((await deliver(ctx, fay, boost)).status).toBe(202);
      const fayLike = { ...like, id: `${fay.id}#likes/${uuidv7()}`, actor: fay.id };
      expect((await deliver(ctx, fay, fayLike)).status).toBe(202);
      expect(await reactions()).toEqual({ socialLikes: 2, socialReposts: 1 });
      // The read page says so, rendered on the server with the post.
      expect(await readPage()).toMatch(
        /<span class="social-reactions">From the social web: (<!-- -->)?2 likes · 1 boost<\/span>/,
      );

      // Someone else cannot undo Bob's like.
      const forged = {
        '@context': AS,
        id: `${fay.id}#undo/${uuidv7()}`,
        type: 'Undo',
        actor: fay.id,
        object: { ...like, id: `${bob.id}#likes/x` },
      };
      expect((await deliver(ctx, fay, forged)).status).toBe(202);
      expect(await reactions()).toEqual({ socialLikes: 2, socialReposts: 1 });

      const undoLike = {
        '@context': AS,
        id: `${bob.id}#undo/${uuidv7()}`,
        type: 'Undo',
        actor: bob.id,
        object: like,
      };
      expect((await deliver(ctx, bob, undoLike)).status).toBe(202);
      const undoBoost = {
        '@context': AS,
        id: `${fay.id}#undo/${uuidv7()}`,
        type: 'Undo',
        actor: fay.id,
        object: boost.id,
      };
      expect((await deliver(ctx, fay, undoBoost)).status).toBe(202);
      expect(await reactions()).toEqual({ socialLikes: 1, socialReposts: 0 });
    });

    it('lets a writer approve followers by hand: a Follow waits, Accept or Reject is sent signed', async () => {
      const writer = await signUpUser(ctx);
      const writerActor = `${PUBLIC_URL}/ap/users/${writer.id}`;
      const setting = await request(ctx, {
        method: 'PUT',
        url: '/api/user/social-followers/settings',
        token: writer.token,
        payload: { approveFollowers: true },
      });
      expect(setting.status, JSON.stringify(setting.body)).toBe(200);
      const actor = await request<Json>(ctx, {
        method: 'GET',
        url: `/ap/users/${writer.id}`,
        headers: { accept: 'application/activity+json' },
      });
      expect(actor.body.manuallyApprovesFollowers).toBe(true);

      const gus = mastodon.account(`gus_conv_${ctx.dialect}`);
      const hal = mastodon.account(`hal_conv_${ctx.dialect}`);
      const gusFollow = followOf(gus, writerActor);
      const halFollow = followOf(hal, writerActor);
      expect((await deliver(ctx, gus, gusFollow)).status).toBe(202);
      expect((await deliver(ctx, hal, halFollow)).status).toBe(202);
      // Nothing answers a request until the writer does, and it is no follower yet.
      const answered = await ctx.database.db
        .selectFrom('federation_deliveries')
        .select('payload')
        .where('actor', '=', `/ap/users/${writer.id}`)
        .execute();
      expect(answered).toEqual([]);
      const listed = async () => {
        const answer = await request<{
          response: {
            approveFollowers: boolean;
            followers: { actor: string; handle: string; state: string }[];
          };
        }>(ctx, { method: 'GET', url: '/api/user/social-followers', token: writer.token });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.body.response;
      };
      const before = await listed();
      expect(before.approveFollowers).toBe(true);
      expect(before.followers.map((follower) => [follower.actor, follower.state]).sort()).toEqual(
        [
          [gus.id, 'pending'],
          [hal.id, 'pending'],
        ].sort(),
      );
      const count = async () =>
        (
          await request<{ totalItems: number }>(ctx, {
            method: 'GET',
            url: `/ap/users/${writer.id}/followers`,
            headers: { accept: 'application/activity+json' },
          })
        ).body.totalItems;
      expect(await count()).toBe(0);

      const accept = await request(ctx, {
        method: 'POST',
        url: `/api/user/social-followers/accept?actor=${encodeURIComponent(gus.id)}`,
        token: writer.token,
      });
      expect(accept.status, JSON.stringify(accept.body)).toBe(200);
      const accepted = await mastodon.waitForDelivery((delivery) => {
        const json = JSON.parse(delivery.body) as Json;
        return json.type === 'Accept' && (json.object as Json).id === gusFollow.id;
      });
      expect(accepted.path).toBe(new URL(gus.inbox).pathname);
      expect(JSON.parse(accepted.body)).toMatchObject({ actor: writerActor });
      const key = await request<{ publicKey: { publicKeyPem: string } }>(ctx, {
        method: 'GET',
        url: `/ap/users/${writer.id}`,
        headers: { accept: 'application/activity+json' },
      });
      expect(FakeMastodon.signatureProblem(accepted, key.body.publicKey.publicKeyPem)).toBeUndefined();
      expect(await count()).toBe(1);

      const reject = await request(ctx, {
        method: 'POST',
        url: `/api/user/social-followers/reject?actor=${encodeURIComponent(hal.id)}`,
        token: writer.token,
      });
      expect(reject.status, JSON.stringify(reject.body)).toBe(200);
      const rejected = await mastodon.waitForDelivery((delivery) => {
        const json = JSON.parse(delivery.body) as Json;
        return json.type === 'Reject' && (json.object as Json).id === halFollow.id;
      });
      expect(rejected.path).toBe(new URL(hal.inbox).pathname);
      const after = await listed();
      expect(after.followers.map((follower) => [follower.actor, follower.state])).toEqual([
        [gus.id, 'accepted'],
      ]);
      expect(await count()).toBe(1);

      const again = await request(ctx, {
        method: 'POST',
        url: `/api/user/social-followers/accept?actor=${encodeURIComponent(hal.id)}`,
        token: writer.token,
      });
      expect(again.status).toBe(404);
    });

    it('removes a deleted actor’s comments: its Delete is believed unsigned only when its server says it is gone', async () => {
      const erin = mastodon.account(`erin_conv_${ctx.dialect}`);
      const { note, create } = replyOf(
        mastodon,
        erin,
        `${PUBLIC_URL}/ap/posts/${post.id}`,
        '<p>Soon gone</p>',
      );
      expect((await deliver(ctx, erin, create)).status).toBe(202);
      const selfDelete = {
        '@context': AS,
        id: `${erin.id}#delete`,
        type: 'Delete',
        actor: erin.id,
        object: erin.id,
        to: [PUBLIC],
      };
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      // Still there: a Delete whose signature does not check out is refused.
      expect((await deliver(ctx, erin, selfDelete, { privateKey })).status).toBe(401);
      expect(byNote(await listComments(ctx, post.id), note.id)).toBeDefined();

      mastodon.remove(erin);
      // Its key went with it: nothing can check the signature, but its server answers 404.
      expect((await deliver(ctx, erin, selfDelete, { privateKey })).status).toBe(202);
      expect(byNote(await listComments(ctx, post.id), note.id)).toBeUndefined();
    });
  },
  {
    pages: sourcePages,
    config: {
      webDir,
      publicUrl: PUBLIC_URL,
      federation: federationForTests,
    },
  },
);
