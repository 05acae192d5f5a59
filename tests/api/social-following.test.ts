import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from '../../contracts/posts';
import type { SocialFollowing, SocialTimelineItem } from '../../contracts/social-web';
import { uuidv7 } from '../../server/lib/ids';
import { FakeMastodon, type RemoteAccount } from './support/fake-mastodon';
import {
  describeEachDatabase,
  handleOf,
  request,
  signUpUser,
  type ApiContext,
  type TestUser,
} from './support/harness';
import { walkPages } from './support/posts';
import { AS, deliver, federationForTests, PUBLIC, signedActivity, type Json } from './support/social-web';

/*
 * A reader here following accounts on other servers, and their timeline (decision 0090), against
 * a fake Mastodon on loopback: WebFinger, the signed Follow through the delivery queue, its Accept
 * or Reject, the posts kept and what is refused.
 */

const PUBLIC_URL = 'http://inkwell.test';
const mastodon = await FakeMastodon.start();
afterAll(async () => {
  await mastodon.close();
});

const followRemote = (ctx: ApiContext, user: TestUser | undefined, account: string) =>
  request<{ response: SocialFollowing; message?: string }>(ctx, {
    method: 'POST',
    url: '/api/user/social-following',
    payload: { account },
    ...(user ? { token: user.token } : {}),
  });

const unfollowRemote = (ctx: ApiContext, user: TestUser, actor: string) =>
  request<{ message: string }>(ctx, {
    method: 'DELETE',
    url: `/api/user/social-following?actor=${encodeURIComponent(actor)}`,
    token: user.token,
  });

async function following(ctx: ApiContext, user: TestUser): Promise<SocialFollowing[]> {
  const answer = await request<{ response: SocialFollowing[] }>(ctx, {
    method: 'GET',
    url: '/api/user/social-following',
    token: user.token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.response;
}

const timeline = (ctx: ApiContext, user: TestUser) =>
  walkPages<SocialTimelineItem>(ctx, '/api/user/social-timeline?limit=2', user.token);

/** The Follow the reader's actor sent to the account's inbox, checked to be signed by that actor. */
async function followSent(ctx: ApiContext, user: TestUser, account: RemoteAccount): Promise<Json> {
  const actorPath = `/ap/users/${user.id}`;
  const delivery = await mastodon.waitForDelivery(
    (candidate) =>
      candidate.path === new URL(account.inbox).pathname &&
      candidate.body.includes('"Follow"') &&
      candidate.body.includes(`${PUBLIC_URL}${actorPath}#follows/`) &&
      !candidate.body.includes('"Undo"'),
  );
  return signedActivity(ctx, delivery, actorPath);
}

const answerOf = (account: RemoteAccount, type: 'Accept' | 'Reject', follow: Json) => {
  const { '@context': _context, ...embedded } = follow;
  return {
    '@context': AS,
    id: `${account.id}#answers/${uuidv7()}`,
    type,
    actor: account.id,
    object: embedded,
  };
};

const postOf = (
  account: RemoteAccount,
  type: 'Article' | 'Note',
  fields: { name?: string; summary?: string; content: string; inReplyTo?: string; published?: string },
) => {
  const id = `${account.id}/statuses/${uuidv7()}`;
  const object = {
    id,
    type,
    attributedTo: account.id,
    url: `${mastodon.origin}/@${account.username}/${id.split('/').pop()}`,
    published: fields.published ?? new Date().toISOString(),
    to: [PUBLIC],
    ...fields,
  };
  return {
    object,
    activity: (kind: 'Create' | 'Update') => ({
      '@context': AS,
      id: `${id}#${kind.toLowerCase()}/${uuidv7()}`,
      type: kind,
      actor: account.id,
      to: [PUBLIC],
      object,
    }),
  };
};

async function accepted(ctx: ApiContext, reader: TestUser, account: RemoteAccount): Promise<void> {
  const host = new URL(mastodon.origin).host;
  const answer = await followRemote(ctx, reader, `@${account.username}@${host}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const follow = await followSent(ctx, reader, account);
  expect(
    (await deliver(ctx, mastodon, PUBLIC_URL, account, answerOf(account, 'Accept', follow))).status,
  ).toBe(202);
}

async function stored(ctx: ApiContext, objectId: string): Promise<number> {
  const rows = await ctx.database.db
    .selectFrom('federation_timeline')
    .select('id')
    .where('object_id', '=', objectId)
    .execute();
  return rows.length;
}

describeEachDatabase(
  'following accounts on the social web',
  (ctx) => {
    describe('POST, GET and DELETE /api/user/social-following', () => {
      it('finds @name@host by WebFinger, sends a signed Follow, and is accepted only by that account', async () => {
        const reader = await signUpUser(ctx);
        const alice = mastodon.account(`alice_${ctx.dialect}`);
        const mallory = mastodon.account(`mallory_${ctx.dialect}`);
        const host = new URL(mastodon.origin).host;
        const answer = await followRemote(ctx, reader, `@${alice.username}@${host}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        expect(answer.body.response).toMatchObject({
          actor: alice.id,
          handle: `@${alice.username}@${host}`,
          name: `${alice.username} on Mastodon`,
          pictureUrl: `https://files.example/${alice.username}.png`,
          profileUrl: `${mastodon.origin}/@${alice.username}`,
          state: 'pending',
        });
        const follow = await followSent(ctx, reader, alice);
        expect(follow).toMatchObject({
          type: 'Follow',
          actor: `${PUBLIC_URL}/ap/users/${reader.id}`,
          object: alice.id,
        });
        const count = async () =>
          (
            await request<{ totalItems: number }>(ctx, {
              method: 'GET',
              url: `/ap/users/${reader.id}/following`,
              headers: { accept: 'application/activity+json' },
            })
          ).body.totalItems;
        expect(await count()).toBe(0);

        // Another account may not accept a Follow that went to Alice.
        await deliver(ctx, mastodon, PUBLIC_URL, mallory, answerOf(mallory, 'Accept', follow));
        expect((await following(ctx, reader)).map((row) => row.state)).toEqual(['pending']);

        const accept = await deliver(ctx, mastodon, PUBLIC_URL, alice, answerOf(alice, 'Accept', follow));
        expect(accept.status).toBe(202);
        expect((await following(ctx, reader)).map((row) => [row.actor, row.state])).toEqual([
          [alice.id, 'accepted'],
        ]);
        expect(await count()).toBe(1);

        // Unfollowing sends Undo(Follow) naming the same Follow.
        const gone = await unfollowRemote(ctx, reader, alice.id);
        expect(gone.status).toBe(200);
        const undo = await mastodon.waitForDelivery(
          (delivery) => delivery.body.includes('"Undo"') && delivery.body.includes(String(follow.id)),
        );
        expect(await signedActivity(ctx, undo, `/ap/users/${reader.id}`)).toMatchObject({
          type: 'Undo',
          object: { type: 'Follow', id: follow.id, object: alice.id },
        });
        expect(await following(ctx, reader)).toEqual([]);
        expect(await count()).toBe(0);
        expect((await unfollowRemote(ctx, reader, alice.id)).status).toBe(404);
      });

      it('follows by the actor’s address; a Reject ends the follow', async () => {
        const reader = await signUpUser(ctx);
        const bob = mastodon.account(`bob_${ctx.dialect}`);
        expect((await followRemote(ctx, reader, bob.id)).status).toBe(201);
        const follow = await followSent(ctx, reader, bob);
        await deliver(ctx, mastodon, PUBLIC_URL, bob, answerOf(bob, 'Reject', follow));
        expect(await following(ctx, reader)).toEqual([]);
      });

      it('answers bad requests with honest statuses and clear messages', async () => {
        const reader = await signUpUser(ctx);
        const host = new URL(mastodon.origin).host;
        const carol = mastodon.account(`carol_${ctx.dialect}`);
        const cases: [string | undefined, string, number, string][] = [
          [undefined, `@${carol.username}@${host}`, 401, 'Authentication required'],
          [reader.token, 'not a handle', 400, 'Give the account as @name@host, or its address'],
          [reader.token, `@nobody_${ctx.dialect}@${host}`, 404, 'There is no such account on that server'],
          [reader.token, `${mastodon.origin}/users/nobody`, 404, 'There is no such account on that server'],
          [reader.token, '@someone@127.0.0.1:1', 422, 'That server did not answer: try again later'],
          [
            reader.token,
            `@${await handleOf(ctx, reader.id)}@inkwell.test`,
            400,
            'You cannot follow yourself',
          ],
          [reader.token, `${PUBLIC_URL}/ap/users/${reader.id}`, 400, 'You cannot follow yourself'],
          [
            reader.token,
            `${PUBLIC_URL}/ap/users/${uuidv7()}`,
            400,
            'That account is on this server: follow it here, from its profile',
          ],
        ];
        for (const [token, account, status, message] of cases) {
          const answer = await request(ctx, {
            method: 'POST',
            url: '/api/user/social-following',
            payload: { account },
            ...(token ? { token } : {}),
          });
          expect([account, answer.status, answer.body]).toMatchObject([account, status, { message }]);
        }
        expect((await followRemote(ctx, reader, `@${carol.username}@${host}`)).status).toBe(201);
        const twice = await followRemote(ctx, reader, carol.id);
        expect(twice.status).toBe(409);
        expect(twice.body).toMatchObject({ message: 'You already follow this account' });
        expect((await following(ctx, reader)).length).toBe(1);
        const bad = await request(ctx, {
          method: 'GET',
          url: '/api/user/social-timeline?cursor=nope',
          token: reader.token,
        });
        expect(bad.status).toBe(400);
        expect((await request(ctx, { method: 'GET', url: '/api/user/social-timeline' })).status).toBe(401);
        const noActor = await request(ctx, {
          method: 'DELETE',
          url: '/api/user/social-following?actor=nope',
          token: reader.token,
        });
        expect(noActor.status).toBe(400);
      });
    });

    describe('GET /api/user/social-timeline', () => {
      it('keeps the followed accounts’ posts once, sanitized, newest first in pages; updates and deletes them', async () => {
        const reader = await signUpUser(ctx);
        const other = await signUpUser(ctx);
        const dana = mastodon.account(`dana_${ctx.dialect}`);
        const stranger = mastodon.account(`stranger_${ctx.dialect}`);
        await accepted(ctx, reader, dana);

        const article = postOf(dana, 'Article', {
          name: 'On gardens',
          content:
            '<p>Roses <script>alert(1)</script><strong>bloom</strong><img src="x" onerror="alert(2)"></p>',
          summary: 'About roses',
          published: '2026-11-01T10:00:00.000Z',
        });
        const note = postOf(dana, 'Note', {
          content: '<p>A short note</p>',
          published: '2026-11-02T10:00:00.000Z',
        });
        const later = postOf(dana, 'Note', {
          content: '<p>Later still</p>',
          published: '2026-11-03T10:00:00.000Z',
        });
        const reply = postOf(dana, 'Note', {
          content: '<p>A reply elsewhere</p>',
          inReplyTo: `${mastodon.origin}/users/x/statuses/1`,
        });
        for (const post of [article, note, later, reply]) {
          expect((await deliver(ctx, mastodon, PUBLIC_URL, dana, post.activity('Create'))).status).toBe(202);
        }
        // The same Create again (a retried delivery) is kept once.
        await deliver(ctx, mastodon, PUBLIC_URL, dana, article.activity('Create'));
        expect(await stored(ctx, article.object.id)).toBe(1);
        expect(await stored(ctx, reply.object.id)).toBe(0);

        // Nobody follows the stranger: what it sends is not kept.
        const unasked = postOf(stranger, 'Note', { content: '<p>Hello?</p>' });
        expect((await deliver(ctx, mastodon, PUBLIC_URL, stranger, unasked.activity('Create'))).status).toBe(
          202,
        );
        expect(await stored(ctx, unasked.object.id)).toBe(0);

        const items = await timeline(ctx, reader);
        expect(items.map((item) => item.objectId)).toEqual([
          later.object.id,
          note.object.id,
          article.object.id,
        ]);
        const first = items[2] as SocialTimelineItem;
        expect(first).toMatchObject({
          kind: 'Article',
          title: 'On gardens',
          summary: 'About roses',
          url: article.object.url,
          publishedAt: '2026-11-01T10:00:00.000Z',
          author: {
            actor: dana.id,
            handle: `@${dana.username}@${new URL(mastodon.origin).host}`,
            name: `${dana.username} on Mastodon`,
            profileUrl: `${mastodon.origin}/@${dana.username}`,
          },
        });
        expect(first.content).toContain('**bloom**');
        expect(first.content).not.toMatch(/script|alert|onerror/);
        // Another reader follows nobody: their timeline is empty.
        expect(await timeline(ctx, other)).toEqual([]);

        const edited = { ...article.object, name: 'On gardens, again', content: '<p>Tulips</p>' };
        const update = { ...article.activity('Update'), object: edited };
        expect((await deliver(ctx, mastodon, PUBLIC_URL, dana, update)).status).toBe(202);
        // Only its own actor may change it.
        const forged = {
          ...update,
          id: `${stranger.id}#u/${uuidv7()}`,
          actor: stranger.id,
          object: { ...edited, name: 'Forged' },
        };
        await deliver(ctx, mastodon, PUBLIC_URL, stranger, forged);
        expect(
          (await timeline(ctx, reader)).find((item) => item.objectId === article.object.id),
        ).toMatchObject({
          title: 'On gardens, again',
          content: 'Tulips',
        });

        const remove = {
          '@context': AS,
          id: `${dana.id}#delete/${uuidv7()}`,
          type: 'Delete',
          actor: dana.id,
          object: { id: note.object.id, type: 'Tombstone' },
        };
        expect((await deliver(ctx, mastodon, PUBLIC_URL, dana, remove)).status).toBe(202);
        expect((await timeline(ctx, reader)).map((item) => item.objectId)).toEqual([
          later.object.id,
          article.object.id,
        ]);

        // The account deleted: its posts and the follow go.
        const removeActor = {
          '@context': AS,
          id: `${dana.id}#delete/${uuidv7()}`,
          type: 'Delete',
          actor: dana.id,
          object: dana.id,
        };
        expect((await deliver(ctx, mastodon, PUBLIC_URL, dana, removeActor)).status).toBe(202);
        expect(await timeline(ctx, reader)).toEqual([]);
        expect(await following(ctx, reader)).toEqual([]);
        expect(await stored(ctx, later.object.id)).toBe(0);
      });

      it('shows a followed account’s boosts at the boost’s time, the post read from its server', async () => {
        const reader = await signUpUser(ctx);
        const fay = mastodon.account(`fay_${ctx.dialect}`);
        const gus = mastodon.account(`gus_${ctx.dialect}`);
        await accepted(ctx, reader, fay);
        const own = postOf(fay, 'Note', { content: '<p>Mine</p>', published: '2026-11-05T10:00:00.000Z' });
        await deliver(ctx, mastodon, PUBLIC_URL, fay, own.activity('Create'));
        // Gus, whom nobody here follows, wrote it; his server serves it.
        const boosted = postOf(gus, 'Article', {
          name: 'Worth a boost',
          content: '<p>Read this</p>',
          published: '2026-11-01T10:00:00.000Z',
        });
        mastodon.serve(boosted.object);
        const announce = {
          '@context': AS,
          id: `${fay.id}/statuses/${uuidv7()}/activity`,
          type: 'Announce',
          actor: fay.id,
          published: '2026-11-06T10:00:00.000Z',
          to: [PUBLIC],
          // Named by its id, as Mastodon sends a boost: the post is read from Gus's server.
          object: boosted.object.id,
        };
        expect((await deliver(ctx, mastodon, PUBLIC_URL, fay, announce)).status).toBe(202);
        await deliver(ctx, mastodon, PUBLIC_URL, fay, announce);
        const items = await timeline(ctx, reader);
        expect(items.map((item) => [item.objectId, item.boostedBy?.actor ?? null])).toEqual([
          [boosted.object.id, fay.id],
          [own.object.id, null],
        ]);
        expect(items[0]).toMatchObject({
          title: 'Worth a boost',
          boostedAt: '2026-11-06T10:00:00.000Z',
          author: { actor: gus.id, name: `${gus.username} on Mastodon` },
          boostedBy: { handle: `@${fay.username}@${new URL(mastodon.origin).host}` },
        });
        // The reader may like what was boosted to them; another reader, who follows nobody, may not.
        const id = items[0]?.id ?? '';
        const like = await request(ctx, {
          method: 'POST',
          url: `/api/user/social-timeline/like?id=${id}`,
          token: reader.token,
        });
        expect(like.status, JSON.stringify(like.body)).toBe(200);
        const other = await signUpUser(ctx);
        const refused = await request(ctx, {
          method: 'POST',
          url: `/api/user/social-timeline/like?id=${id}`,
          token: other.token,
        });
        expect(refused.status).toBe(404);

        // Undone, the boost goes, and the post with it: nothing else keeps it here.
        const { '@context': _context, ...embedded } = announce;
        const undo = {
          '@context': AS,
          id: `${fay.id}#undo/${uuidv7()}`,
          type: 'Undo',
          actor: fay.id,
          object: embedded,
        };
        expect((await deliver(ctx, mastodon, PUBLIC_URL, fay, undo)).status).toBe(202);
        expect((await timeline(ctx, reader)).map((item) => item.objectId)).toEqual([own.object.id]);
        expect(await stored(ctx, boosted.object.id)).toBe(0);

        // Boosted again, then unfollowed: the boost and the post go once nobody follows Fay.
        await deliver(ctx, mastodon, PUBLIC_URL, fay, { ...announce, id: `${announce.id}/again` });
        expect(await stored(ctx, boosted.object.id)).toBe(1);
        expect((await unfollowRemote(ctx, reader, fay.id)).status).toBe(200);
        expect(await stored(ctx, boosted.object.id)).toBe(0);
      });

      it('forgets an account’s posts once nobody here follows it', async () => {
        const reader = await signUpUser(ctx);
        const erin = mastodon.account(`erin_${ctx.dialect}`);
        await accepted(ctx, reader, erin);
        const note = postOf(erin, 'Note', { content: '<p>Hi</p>' });
        await deliver(ctx, mastodon, PUBLIC_URL, erin, note.activity('Create'));
        expect(await stored(ctx, note.object.id)).toBe(1);
        expect((await unfollowRemote(ctx, reader, erin.id)).status).toBe(200);
        expect(await stored(ctx, note.object.id)).toBe(0);
        const page = await request<Page<SocialTimelineItem>>(ctx, {
          method: 'GET',
          url: '/api/user/social-timeline',
          token: reader.token,
        });
        expect(page.body).toEqual({ response: [], nextCursor: null });
      });
    });
  },
  { config: { publicUrl: PUBLIC_URL, federation: federationForTests } },
);
