import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from '../../contracts/posts';
import type { SocialFollowing, SocialTimelineItem, SocialTimelineReply } from '../../contracts/social-web';
import { uuidv7 } from '../../server/lib/ids';
import { FakeMastodon, type RemoteAccount } from './support/fake-mastodon';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import {
  AS,
  deliver,
  federationForTests,
  noteOf,
  PUBLIC,
  signedActivity,
  type Json,
} from './support/social-web';

/*
 * A reader here likes, boosts and replies to a followed account's post (decision 0094), against a
 * fake Mastodon on loopback: each goes signed by the reader's actor through the delivery queue
 * (Like, Announce, their Undo, Create(Note) and Delete of it), the timeline shows what the reader
 * did, and an answer to the reader's reply comes back under it.
 */

const PUBLIC_URL = 'http://inkwell.test';
/** The Public collection, as Fedify's compacted JSON-LD names it (Mastodon reads both). */
const PUBLIC_SENT = 'as:Public';
const mastodon = await FakeMastodon.start();
afterAll(async () => {
  await mastodon.close();
});

/** The reader follows `account`, accepted, and `account` posts one Note: its timeline item. */
async function followedPost(ctx: ApiContext, reader: TestUser, account: RemoteAccount) {
  const host = new URL(mastodon.origin).host;
  const followed = await request<{ response: SocialFollowing }>(ctx, {
    method: 'POST',
    url: '/api/user/social-following',
    payload: { account: `@${account.username}@${host}` },
    token: reader.token,
  });
  expect(followed.status, JSON.stringify(followed.body)).toBe(201);
  const sent = await mastodon.waitForDelivery(
    (delivery) =>
      delivery.body.includes('"Follow"') &&
      delivery.body.includes(`${PUBLIC_URL}/ap/users/${reader.id}#follows/`) &&
      delivery.body.includes(account.id),
  );
  const { '@context': _context, ...follow } = JSON.parse(sent.body) as Json;
  const accept = {
    '@context': AS,
    id: `${account.id}#a/${uuidv7()}`,
    type: 'Accept',
    actor: account.id,
    object: follow,
  };
  expect((await deliver(ctx, mastodon, PUBLIC_URL, account, accept)).status).toBe(202);
  const { note, create } = noteOf(mastodon, account, '<p>Worth answering</p>');
  expect((await deliver(ctx, mastodon, PUBLIC_URL, account, create)).status).toBe(202);
  const [item] = await timeline(ctx, reader);
  expect(item?.objectId).toBe(note.id);
  return item as SocialTimelineItem;
}

async function timeline(ctx: ApiContext, reader: TestUser): Promise<SocialTimelineItem[]> {
  const page = await request<Page<SocialTimelineItem>>(ctx, {
    method: 'GET',
    url: '/api/user/social-timeline',
    token: reader.token,
  });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.response;
}

const act = (
  ctx: ApiContext,
  reader: TestUser,
  method: 'POST' | 'DELETE',
  what: string,
  id: string,
  body?: Json,
) =>
  request<{ response?: unknown; message?: string }>(ctx, {
    method,
    url: `/api/user/social-timeline/${what}?id=${encodeURIComponent(id)}`,
    token: reader.token,
    ...(body === undefined ? {} : { payload: body }),
  });

/** The activity of `type` the reader's actor sent about `about`, checked to be signed by it. */
async function sent(ctx: ApiContext, reader: TestUser, type: string, about: string): Promise<Json> {
  const actorPath = `/ap/users/${reader.id}`;
  const delivery = await mastodon.waitForDelivery(
    (candidate) =>
      candidate.body.includes(`"type":"${type}"`) &&
      candidate.body.includes(about) &&
      candidate.body.includes(`${PUBLIC_URL}${actorPath}`),
  );
  return signedActivity(ctx, delivery, actorPath);
}

describeEachDatabase(
  'liking, boosting and replying to the social web',
  (ctx) => {
    describe('POST and DELETE /api/user/social-timeline/like and /boost', () => {
      it('sends a signed Like and Announce, shows them, and undoes each once', async () => {
        const reader = await signUpUser(ctx);
        const alice = mastodon.account(`alice_acts_${ctx.dialect}`);
        const item = await followedPost(ctx, reader, alice);
        expect(item).toMatchObject({ liked: false, boosted: false, replies: [] });

        const liked = await act(ctx, reader, 'POST', 'like', item.id);
        expect(liked.status, JSON.stringify(liked.body)).toBe(200);
        expect(liked.body.response).toEqual({ liked: true, boosted: false });
        const like = await sent(ctx, reader, 'Like', item.objectId);
        expect(like).toMatchObject({ actor: `${PUBLIC_URL}/ap/users/${reader.id}`, object: item.objectId });
        const again = await act(ctx, reader, 'POST', 'like', item.id);
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({ message: 'You already liked this post' });

        expect((await act(ctx, reader, 'POST', 'boost', item.id)).body.response).toEqual({
          liked: true,
          boosted: true,
        });
        const announce = await sent(ctx, reader, 'Announce', item.objectId);
        expect(announce).toMatchObject({
          object: item.objectId,
          to: PUBLIC_SENT,
          cc: expect.arrayContaining([alice.id]),
        });
        expect((await timeline(ctx, reader))[0]).toMatchObject({ liked: true, boosted: true });
        // Another reader's timeline is theirs: nothing of this shows there, nor may they undo it.
        const other = await signUpUser(ctx);
        expect((await act(ctx, other, 'DELETE', 'like', item.id)).status).toBe(404);
        expect((await act(ctx, other, 'POST', 'like', item.id)).status).toBe(404);

        const unliked = await act(ctx, reader, 'DELETE', 'like', item.id);
        expect(unliked.body.response).toEqual({ liked: false, boosted: true });
        expect(await sent(ctx, reader, 'Undo', String(like.id))).toMatchObject({
          type: 'Undo',
          object: { type: 'Like', id: like.id, object: item.objectId },
        });
        expect((await act(ctx, reader, 'DELETE', 'like', item.id)).status).toBe(404);
        expect((await act(ctx, reader, 'DELETE', 'boost', item.id)).body.response).toEqual({
          liked: false,
          boosted: false,
        });
        expect(await sent(ctx, reader, 'Undo', String(announce.id))).toMatchObject({
          object: { type: 'Announce', id: announce.id },
        });
        expect((await timeline(ctx, reader))[0]).toMatchObject({ liked: false, boosted: false });
      });

      it('answers bad requests with honest statuses and clear messages', async () => {
        const reader = await signUpUser(ctx);
        const cases: [string, string, number, string][] = [
          [
            'POST',
            '/api/user/social-timeline/like?id=nope',
            400,
            'id must be the id of a post in your social-web timeline',
          ],
          [
            'POST',
            '/api/user/social-timeline/like',
            400,
            'id must be the id of a post in your social-web timeline',
          ],
          [
            'POST',
            `/api/user/social-timeline/boost?id=${uuidv7()}`,
            404,
            'No such post in your social-web timeline',
          ],
          ['DELETE', `/api/user/social-timeline/boost?id=${uuidv7()}`, 404, 'You have not boosted this post'],
          [
            'DELETE',
            '/api/user/social-timeline/reply?id=nope',
            400,
            'id must be the id of one of your replies',
          ],
          ['DELETE', `/api/user/social-timeline/reply?id=${uuidv7()}`, 404, 'No such reply of yours'],
        ];
        for (const [method, url, status, message] of cases) {
          const answer = await request(ctx, { method: method as 'POST', url, token: reader.token });
          expect([url, answer.status, answer.body]).toMatchObject([url, status, { message }]);
        }
        const empty = await request(ctx, {
          method: 'POST',
          url: `/api/user/social-timeline/reply?id=${uuidv7()}`,
          token: reader.token,
          payload: { body: '  ' },
        });
        expect(empty.status).toBe(400);
        expect(JSON.stringify(empty.body)).toContain('Write your reply');
        const anonymous = await request(ctx, {
          method: 'POST',
          url: `/api/user/social-timeline/like?id=${uuidv7()}`,
        });
        expect(anonymous.status).toBe(401);
      });
    });

    describe('POST and DELETE /api/user/social-timeline/reply', () => {
      it('sends a public Create(Note) mentioning the author; an answer to it shows under it; Delete retracts it', async () => {
        const reader = await signUpUser(ctx);
        const bob = mastodon.account(`bob_acts_${ctx.dialect}`);
        const item = await followedPost(ctx, reader, bob);

        const replied = await act(ctx, reader, 'POST', 'reply', item.id, { body: 'So **true**.' });
        expect(replied.status, JSON.stringify(replied.body)).toBe(201);
        const reply = replied.body.response as SocialTimelineReply;
        expect(reply).toMatchObject({
          mine: true,
          author: null,
          content: 'So **true**.',
          inReplyTo: item.objectId,
        });
        expect(reply.noteId).toBe(`${PUBLIC_URL}/ap/notes/${reply.id}`);
        const create = await sent(ctx, reader, 'Create', reply.noteId);
        expect(create).toMatchObject({
          actor: `${PUBLIC_URL}/ap/users/${reader.id}`,
          to: PUBLIC_SENT,
          cc: bob.id,
          object: {
            type: 'Note',
            id: reply.noteId,
            attributedTo: `${PUBLIC_URL}/ap/users/${reader.id}`,
            inReplyTo: item.objectId,
            tag: { type: 'Mention', href: bob.id },
          },
        });
        expect(JSON.stringify(create)).toContain('<strong>true</strong>');
        // Its address answers the same Note, for a server that fetches it.
        const noteAt = (path: string) =>
          request<Json>(ctx, { method: 'GET', url: path, headers: { accept: 'application/activity+json' } });
        const served = await noteAt(new URL(reply.noteId).pathname);
        expect(served.status).toBe(200);
        const { '@context': _noteContext, ...sentNote } = create.object as Json;
        expect(served.body).toMatchObject(sentNote);
        expect((await noteAt(`/ap/notes/${uuidv7()}`)).status).toBe(404);

        // Bob answers the reader's reply: it shows under it, in the reader's timeline only.
        const answerId = `${bob.id}/statuses/${uuidv7()}`;
        const answer = {
          id: answerId,
          type: 'Note',
          attributedTo: bob.id,
          inReplyTo: reply.noteId,
          content: '<p>Thank you <script>alert(1)</script></p>',
          url: `${mastodon.origin}/@${bob.username}/1`,
          published: new Date().toISOString(),
          to: [PUBLIC],
        };
        const answerCreate = {
          '@context': AS,
          id: `${answerId}/activity`,
          type: 'Create',
          actor: bob.id,
          object: answer,
        };
        expect((await deliver(ctx, mastodon, PUBLIC_URL, bob, answerCreate)).status).toBe(202);
        await deliver(ctx, mastodon, PUBLIC_URL, bob, answerCreate);
        const [shown] = await timeline(ctx, reader);
        expect(shown?.replies.map((row) => [row.mine, row.noteId, row.author?.actor ?? null])).toEqual([
          [true, reply.noteId, null],
          [false, answerId, bob.id],
        ]);
        expect(shown?.replies[1]?.content).toBe('Thank you');
        expect(shown?.replies[0]?.contentHtml).toContain('<strong>true</strong>');

        // Only Bob may take his answer back.
        const mallory = mastodon.account(`mallory_acts_${ctx.dialect}`);
        const forged = {
          '@context': AS,
          id: `${mallory.id}#d/${uuidv7()}`,
          type: 'Delete',
          actor: mallory.id,
          object: answerId,
        };
        await deliver(ctx, mastodon, PUBLIC_URL, mallory, forged);
        expect((await timeline(ctx, reader))[0]?.replies.length).toBe(2);
        const removal = {
          '@context': AS,
          id: `${bob.id}#d/${uuidv7()}`,
          type: 'Delete',
          actor: bob.id,
          object: { id: answerId, type: 'Tombstone' },
        };
        expect((await deliver(ctx, mastodon, PUBLIC_URL, bob, removal)).status).toBe(202);
        expect((await timeline(ctx, reader))[0]?.replies.map((row) => row.id)).toEqual([reply.id]);

        const deleted = await act(ctx, reader, 'DELETE', 'reply', reply.id);
        expect(deleted.status).toBe(200);
        expect(await sent(ctx, reader, 'Delete', reply.noteId)).toMatchObject({
          object: { type: 'Tombstone', id: reply.noteId },
          cc: bob.id,
        });
        expect((await timeline(ctx, reader))[0]?.replies).toEqual([]);
        expect((await act(ctx, reader, 'DELETE', 'reply', reply.id)).status).toBe(404);
        expect((await noteAt(new URL(reply.noteId).pathname)).status).toBe(404);
      });
    });
  },
  { config: { publicUrl: PUBLIC_URL, federation: federationForTests } },
);
