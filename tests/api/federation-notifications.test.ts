import { afterAll, beforeAll, expect, it } from 'vitest';
import { notificationText, type NotificationGroup } from '../../contracts/notifications';
import type { Post } from '../../contracts/posts';
import { notificationsOf, unreadOf } from './support/conversation';
import { FakeMastodon, type RemoteAccount } from './support/fake-mastodon';
import {
  describeEachDatabase,
  request,
  signUpUser,
  testConfig,
  type ApiContext,
  type TestUser,
} from './support/harness';
import {
  AS,
  deliver as deliverTo,
  followOf,
  reactionOf,
  undoOf,
  write,
  type Json,
} from './support/social-web';

const PUBLIC_URL = 'http://inkwell.test';

const mastodon = await FakeMastodon.start();
afterAll(async () => {
  await mastodon.close();
});

const deliver = (ctx: ApiContext, account: RemoteAccount, activity: Json) =>
  deliverTo(ctx, mastodon, PUBLIC_URL, account, activity);

/** The writer's lines of one kind. */
async function linesOf(ctx: ApiContext, user: TestUser, kind: NotificationGroup['kind']) {
  return (await notificationsOf(ctx, user)).response.filter((group) => group.kind === kind);
}

async function rowsOf(ctx: ApiContext, user: TestUser, kind: NotificationGroup['kind']): Promise<number> {
  const rows = await ctx.database.db
    .selectFrom('notifications')
    .select('id')
    .where('recipient_id', '=', user.id)
    .where('kind', '=', kind)
    .execute();
  return rows.length;
}

describeEachDatabase(
  'the social web in notifications: likes, boosts, followers and follow requests',
  (ctx) => {
    let alice: TestUser;
    let post: Post;
    let bob: RemoteAccount;
    let carol: RemoteAccount;
    const host = () => new URL(mastodon.origin).host;
    const object = () => `${PUBLIC_URL}/ap/posts/${post.id}`;

    beforeAll(async () => {
      alice = await signUpUser(ctx);
      post = await write(ctx, alice, 'A post to like');
      bob = mastodon.account(`bob_notes_${ctx.dialect}`);
      carol = mastodon.account(`carol_notes_${ctx.dialect}`);
    });

    it('tells the writer of likes and boosts by name, grouped per post, and takes back what an Undo undoes', async () => {
      const like = reactionOf(bob, 'Like', object());
      expect((await deliver(ctx, bob, like)).status).toBe(202);
      const [line] = await linesOf(ctx, alice, 'social-like');
      expect(line).toMatchObject({
        kind: 'social-like',
        unread: true,
        others: 0,
        actor: { username: `@${bob.username}@${host()}`, handle: null },
        remote: {
          handle: `@${bob.username}@${host()}`,
          name: `${bob.username} on Mastodon`,
          profileUrl: `${mastodon.origin}/@${bob.username}`,
          pictureUrl: `https://files.example/${bob.username}.png`,
        },
        post: { id: post.id, title: 'A post to like' },
        comment: null,
        publication: null,
      });
      expect(line && notificationText(line)).toBe(
        `${bob.username} on Mastodon liked “A post to like” on the social web`,
      );
      // The same like again (Mastodon resends one it saw no answer to): no second notification.
      expect((await deliver(ctx, bob, { ...like, id: `${bob.id}#likes/again` })).status).toBe(202);
      expect(await rowsOf(ctx, alice, 'social-like')).toBe(1);

      expect((await deliver(ctx, carol, reactionOf(carol, 'Like', object()))).status).toBe(202);
      const boost = reactionOf(bob, 'Announce', `${PUBLIC_URL}/readblog?id=${post.id}`);
      expect((await deliver(ctx, bob, boost)).status).toBe(202);
      const lines = (await notificationsOf(ctx, alice)).response;
      expect(lines.map((group) => group.kind)).toEqual(['social-repost', 'social-like']);
      expect(lines[1]).toMatchObject({ others: 1, actor: { username: `@${carol.username}@${host()}` } });
      expect(lines[1] && notificationText(lines[1])).toBe(
        `${carol.username} on Mastodon and 1 other liked “A post to like” on the social web`,
      );
      expect(lines[0] && notificationText(lines[0])).toBe(
        `${bob.username} on Mastodon boosted “A post to like” on the social web`,
      );
      expect(await unreadOf(ctx, alice)).toBe(2);

      // Undone by its id alone, and embedded: what is unread of them goes.
      expect((await deliver(ctx, carol, undoOf(carol, `${carol.id}#likes/none`))).status).toBe(202);
      expect((await deliver(ctx, bob, undoOf(bob, `${bob.id}#likes/again`))).status).toBe(202);
      expect((await deliver(ctx, bob, undoOf(bob, boost))).status).toBe(202);
      const after = (await notificationsOf(ctx, alice)).response;
      expect(after.map((group) => [group.kind, group.others, group.actor.username])).toEqual([
        ['social-like', 0, `@${carol.username}@${host()}`],
      ]);
    });

    it('names nobody for a like of a post that is not here, and never answers a 500 to odd input', async () => {
      const accounts = async () =>
        (await ctx.database.db.selectFrom('federation_remote_accounts').select('user_id').execute()).length;
      const before = await accounts();
      const dave = mastodon.account(`dave_notes_${ctx.dialect}`);
      const missing = reactionOf(dave, 'Like', `${PUBLIC_URL}/ap/posts/0190d0a0-0000-7000-8000-000000000000`);
      expect((await deliver(ctx, dave, missing)).status).toBe(202);
      expect(await accounts()).toBe(before);
      const odd: Json[] = [
        { '@context': AS, id: `${dave.id}#l1`, type: 'Like', actor: dave.id },
        { '@context': AS, id: `${dave.id}#l2`, type: 'Like', actor: dave.id, object: 12 },
        { '@context': AS, id: `${dave.id}#l3`, type: 'Like', actor: dave.id, object: { id: 'not a url' } },
        { '@context': AS, type: 'Announce', actor: dave.id, object: `${PUBLIC_URL}/ap/posts/${post.id}` },
        { '@context': AS, id: `${dave.id}#u1`, type: 'Undo', actor: dave.id, object: { type: 'Like' } },
        { '@context': AS, id: `${dave.id}#f1`, type: 'Follow', actor: dave.id, object: ['a', 'b'] },
      ];
      for (const activity of odd) {
        const answer = await deliver(ctx, dave, activity);
        expect(answer.status, JSON.stringify([activity, answer.body])).toBeLessThan(500);
        if (answer.status >= 400) expect(typeof answer.body.message).toBe('string');
      }
    });

    it('tells the writer of a new follower on the social web once, and forgets it on Undo(Follow)', async () => {
      const writer = await signUpUser(ctx);
      const follow = followOf(bob, `${PUBLIC_URL}/ap/users/${writer.id}`);
      expect((await deliver(ctx, bob, follow)).status).toBe(202);
      const [line] = await linesOf(ctx, writer, 'social-follow');
      expect(line).toMatchObject({ post: null, remote: { handle: `@${bob.username}@${host()}` } });
      expect(line && notificationText(line)).toBe(
        `${bob.username} on Mastodon started following you on the social web`,
      );
      // Followed again (a Follow resent): no news.
      expect((await deliver(ctx, bob, { ...follow, id: `${bob.id}#follows/again` })).status).toBe(202);
      expect(await rowsOf(ctx, writer, 'social-follow')).toBe(1);
      expect((await deliver(ctx, bob, undoOf(bob, `${bob.id}#follows/again`))).status).toBe(202);
      expect(await linesOf(ctx, writer, 'social-follow')).toEqual([]);
    });

    it('tells a writer who approves followers by hand of each request, and forgets it once answered', async () => {
      const writer = await signUpUser(ctx);
      const setting = await request(ctx, {
        method: 'PUT',
        url: '/api/user/social-followers/settings',
        token: writer.token,
        payload: { approveFollowers: true },
      });
      expect(setting.status, JSON.stringify(setting.body)).toBe(200);
      const actor = `${PUBLIC_URL}/ap/users/${writer.id}`;
      expect((await deliver(ctx, bob, followOf(bob, actor))).status).toBe(202);
      expect((await deliver(ctx, carol, followOf(carol, actor))).status).toBe(202);
      const [line] = await linesOf(ctx, writer, 'follow-request');
      expect(line).toMatchObject({ others: 1, actor: { username: `@${carol.username}@${host()}` } });
      expect(line && notificationText(line)).toBe(
        `${carol.username} on Mastodon and 1 other asked to follow you on the social web`,
      );
      expect(await linesOf(ctx, writer, 'social-follow')).toEqual([]);

      const accept = await request(ctx, {
        method: 'POST',
        url: `/api/user/social-followers/accept?actor=${encodeURIComponent(bob.id)}`,
        token: writer.token,
      });
      expect(accept.status, JSON.stringify(accept.body)).toBe(200);
      const reject = await request(ctx, {
        method: 'POST',
        url: `/api/user/social-followers/reject?actor=${encodeURIComponent(carol.id)}`,
        token: writer.token,
      });
      expect(reject.status, JSON.stringify(reject.body)).toBe(200);
      expect(await linesOf(ctx, writer, 'follow-request')).toEqual([]);
      // Accepting is the writer's own doing: no "started following you" for it.
      expect(await linesOf(ctx, writer, 'social-follow')).toEqual([]);
    });

    it('tells a writer nothing of a remote account they blocked', async () => {
      const erin = mastodon.account(`erin_notes_${ctx.dialect}`);
      const writer = await signUpUser(ctx);
      const liked = await write(ctx, writer, 'Liked by a blocked one');
      expect((await deliver(ctx, erin, followOf(erin, `${PUBLIC_URL}/ap/users/${writer.id}`))).status).toBe(
        202,
      );
      const [line] = await linesOf(ctx, writer, 'social-follow');
      expect(line).toBeDefined();
      const blocked = await request(ctx, {
        method: 'POST',
        url: `/api/user/block?userId=${line?.actor.id}`,
        token: writer.token,
      });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      const like = reactionOf(erin, 'Like', `${PUBLIC_URL}/ap/posts/${liked.id}`);
      expect((await deliver(ctx, erin, like)).status).toBe(202);
      expect(await linesOf(ctx, writer, 'social-like')).toEqual([]);
    });
  },
  {
    config: {
      publicUrl: PUBLIC_URL,
      // The fake server is on 127.0.0.1: the explicit allowance tests need.
      federation: { ...testConfig().federation, allowPrivateNetworks: true, pollIntervalMs: 50 },
    },
  },
);
