import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { addComment, listComments } from './support/conversation';
import { FakeMastodon, type Delivery, type RemoteAccount } from './support/fake-mastodon';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { deletePost } from './support/posts';
import {
  byNote,
  deliver as deliverTo,
  replyOf,
  signedActivity,
  write,
  type Json,
  federationForTests,
} from './support/social-web';

const PUBLIC_URL = 'http://inkwell.test';
const AS_JSON = 'application/activity+json';
const LD_JSON = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

const mastodon = await FakeMastodon.start();
afterAll(async () => {
  await mastodon.close();
});

const deliver = (ctx: ApiContext, account: RemoteAccount, activity: Json) =>
  deliverTo(ctx, mastodon, PUBLIC_URL, account, activity);

const noteId = (commentId: string) => `${PUBLIC_URL}/ap/comments/${commentId}`;

/** The activities of one type the fake server received about a reply of ours. */
const receivedAbout = (commentId: string, type: string): Delivery[] =>
  mastodon.received.filter((delivery) => {
    const json = JSON.parse(delivery.body) as Json;
    const object = json.object as Json | string | undefined;
    const id = typeof object === 'string' ? object : object?.id;
    return json.type === type && id === noteId(commentId);
  });

async function waitFor(commentId: string, type: string, count = 1): Promise<Delivery> {
  await mastodon.waitForDelivery(() => receivedAbout(commentId, type).length >= count);
  const found = receivedAbout(commentId, type)[count - 1];
  if (!found) throw new Error('no delivery');
  return found;
}

const document = (ctx: ApiContext, commentId: string, accept = AS_JSON) =>
  request<Json>(ctx, { method: 'GET', url: `/ap/comments/${commentId}`, headers: { accept } });

describeEachDatabase(
  'the social web: a writer’s replies are edited and deleted there too, and answer at their own address',
  (ctx) => {
    let alice: TestUser;
    let bob: RemoteAccount;
    const alicePath = () => `/ap/users/${alice.id}`;

    beforeAll(async () => {
      alice = await signUpUser(ctx);
      bob = mastodon.account(`bob_replies_${ctx.dialect}`);
    });

    /** A remote comment on `post`, and the writer's answer to it, sent out as a Create. */
    async function conversation(post: Post, answer: string) {
      const { note, create } = replyOf(
        mastodon,
        bob,
        `${PUBLIC_URL}/ap/posts/${post.id}`,
        '<p>A question?</p>',
      );
      expect((await deliver(ctx, bob, create)).status).toBe(202);
      const remote = byNote(await listComments(ctx, post.id), note.id);
      expect(remote).toBeDefined();
      const reply = await addComment(ctx, alice, post.id, answer, remote?.id);
      await waitFor(reply.id, 'Create');
      return { note, remote, reply };
    }

    it('answers the Note of a reply that went out, in either ActivityStreams type, and 404 for any other comment', async () => {
      const post = await write(ctx, alice, 'A post with a reply');
      const { note, remote, reply } = await conversation(post, 'An **answer**.');
      for (const accept of [AS_JSON, LD_JSON]) {
        const answer = await document(ctx, reply.id, accept);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.headers['content-type']).toMatch(/^application\/activity\+json/);
        expect(answer.body).toMatchObject({
          type: 'Note',
          id: noteId(reply.id),
          attributedTo: `${PUBLIC_URL}${alicePath()}`,
          inReplyTo: note.id,
          cc: bob.id,
          url: `${PUBLIC_URL}/readblog?id=${post.id}#discussion`,
        });
        expect(String(answer.body.content)).toContain('<strong>answer</strong>');
        expect(JSON.stringify(answer.body.tag)).toContain(bob.id);
      }
      // The same Note went out in the Create.
      const created = await signedActivity(ctx, await waitFor(reply.id, 'Create'), alicePath());
      expect((created.object as Json).url).toBe(`${PUBLIC_URL}/readblog?id=${post.id}#discussion`);

      // A comment that never went out (another reader's, a remote one), a malformed id: 404.
      const reader = await signUpUser(ctx);
      const other = await addComment(ctx, reader, post.id, 'Me too', remote?.id);
      for (const id of [other.id, remote?.id ?? '', 'not-an-id']) {
        const answer = await document(ctx, id);
        expect(answer.status, id).toBe(404);
        expect(typeof answer.body.message).toBe('string');
      }
    });

    it('sends the writer’s edit as a signed Update(Note), and the document shows it', async () => {
      const post = await write(ctx, alice, 'A post whose reply is edited');
      const { note, reply } = await conversation(post, 'First answer.');
      const edit = await request(ctx, {
        method: 'PUT',
        url: `/api/post/comments?id=${reply.id}`,
        token: alice.token,
        payload: { body: 'A *better* answer.' },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const delivery = await waitFor(reply.id, 'Update');
      expect(delivery.path).toBe('/inbox');
      const update = await signedActivity(ctx, delivery, alicePath());
      expect(update).toMatchObject({ type: 'Update', actor: `${PUBLIC_URL}${alicePath()}`, cc: bob.id });
      const object = update.object as Json;
      expect(object).toMatchObject({ type: 'Note', id: noteId(reply.id), inReplyTo: note.id });
      expect(String(object.content)).toContain('<em>better</em>');
      expect(typeof object.updated).toBe('string');
      const answer = await document(ctx, reply.id);
      expect(String(answer.body.content)).toContain('<em>better</em>');

      // Another reader's edit of their own comment sends nothing.
      const reader = await signUpUser(ctx);
      const remote = byNote(await listComments(ctx, post.id), note.id);
      const theirs = await addComment(ctx, reader, post.id, 'Mine', remote?.id);
      const edited = await request(ctx, {
        method: 'PUT',
        url: `/api/post/comments?id=${theirs.id}`,
        token: reader.token,
        payload: { body: 'Mine, edited' },
      });
      expect(edited.status).toBe(200);
      const queued = await ctx.database.db
        .selectFrom('federation_deliveries')
        .select('activity_id')
        .where('activity_id', 'like', `%/ap/comments/${theirs.id}%`)
        .execute();
      expect(queued).toEqual([]);
    });

    it('answers 404 while the post is not public, and the Note again once it is', async () => {
      const post = await write(ctx, alice, 'A post taken back');
      const { reply } = await conversation(post, 'Still here.');
      const draft = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${post.id}`,
        token: alice.token,
        payload: { title: 'A post taken back', content: 'Some words worth answering.', status: 'draft' },
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(200);
      expect((await document(ctx, reply.id)).status).toBe(404);
      const again = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${post.id}`,
        token: alice.token,
        payload: { title: 'A post taken back', content: 'Some words worth answering.', status: 'published' },
      });
      expect(again.status).toBe(200);
      expect((await document(ctx, reply.id)).status).toBe(200);
    });

    it('sends the deletion as a signed Delete(Tombstone) once, and then answers 410', async () => {
      const post = await write(ctx, alice, 'A post whose reply is deleted');
      const { reply } = await conversation(post, 'Soon gone.');
      const removed = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/comments?id=${reply.id}`,
        token: alice.token,
      });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      const delivery = await waitFor(reply.id, 'Delete');
      expect(delivery.path).toBe('/inbox');
      const deleted = await signedActivity(ctx, delivery, alicePath());
      expect(deleted).toMatchObject({
        type: 'Delete',
        actor: `${PUBLIC_URL}${alicePath()}`,
        cc: bob.id,
        object: { type: 'Tombstone', id: noteId(reply.id) },
      });
      const gone = await document(ctx, reply.id);
      expect(gone.status).toBe(410);
      expect(gone.body).toMatchObject({ type: 'Tombstone', id: noteId(reply.id) });
      const twice = await request(ctx, {
        method: 'DELETE',
        url: `/api/post/comments?id=${reply.id}`,
        token: alice.token,
      });
      expect(twice.status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receivedAbout(reply.id, 'Delete')).toHaveLength(1);
    });

    it('sends a Delete of each reply that went out when its post is deleted, by its writer or an operator', async () => {
      const post = await write(ctx, alice, 'A post deleted with its discussion');
      const { reply } = await conversation(post, 'Going with the post.');
      await deletePost(ctx, alice, post.id);
      const deleted = await signedActivity(ctx, await waitFor(reply.id, 'Delete'), alicePath());
      expect(deleted.object).toMatchObject({ type: 'Tombstone', id: noteId(reply.id) });
      expect((await document(ctx, reply.id)).status).toBe(410);

      // Alice signed up first: she is the operator here. Her deletion of the comment answered
      // takes the reply under it, and its Delete goes out.
      const other = await write(ctx, alice, 'A post whose remote comment an operator deletes');
      const second = await conversation(other, 'Under a comment soon deleted.');
      const moderated = await request(ctx, {
        method: 'DELETE',
        url: `/api/admin/comments/${second.remote?.id}`,
        token: alice.token,
      });
      expect(moderated.status, JSON.stringify(moderated.body)).toBe(200);
      await waitFor(second.reply.id, 'Delete');
      expect((await document(ctx, second.reply.id)).status).toBe(410);
    });
  },
  {
    config: {
      publicUrl: PUBLIC_URL,
      federation: federationForTests,
    },
  },
);
