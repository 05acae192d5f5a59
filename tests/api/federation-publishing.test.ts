import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { postPagePath } from '../../contracts/site';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { FakeMastodon, type Delivery, type RemoteAccount } from './support/fake-mastodon';
import { photo, upload } from './support/media';
import { deletePost, updatePost } from './support/posts';
import { addMember, createPublication } from './support/publications';
import { deliver, federationForTests, followOf } from './support/social-web';

const PUBLIC_URL = 'http://inkwell.test';
const AS = 'application/activity+json';
const PUBLIC = ['as:Public', 'https://www.w3.org/ns/activitystreams#Public'];

const mastodon = await FakeMastodon.start();
afterAll(() => mastodon.close());

type Json = Record<string, unknown>;

/** A remote account follows a local actor through the shared inbox, signed as Mastodon signs. */
async function follow(ctx: ApiContext, account: RemoteAccount, actorPath: string): Promise<void> {
  const answer = await deliver(
    ctx,
    mastodon,
    PUBLIC_URL,
    account,
    followOf(account, `${PUBLIC_URL}${actorPath}`),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
}

async function write(ctx: ApiContext, author: TestUser, payload: Json): Promise<Post> {
  const answer = await request<{ response: Post }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: author.token,
    payload: { title: 'A title', content: 'Some words.', ...payload },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.response;
}

const activity = (delivery: Delivery) => JSON.parse(delivery.body) as Json;
const objectId = (postId: string) => `${PUBLIC_URL}/ap/posts/${postId}`;
/** What `object` names: an embedded object's id, or the address itself. */
const named = (object: unknown) =>
  typeof object === 'string' ? object : String((object as Json | undefined)?.id);

/** Every activity of `type` about the post the fake server received so far. */
const receivedAbout = (postId: string, type: string) =>
  mastodon.received.filter((delivery) => {
    const json = activity(delivery);
    return json.type === type && named(json.object) === objectId(postId);
  });

const waitFor = (postId: string, type: string) =>
  mastodon.waitForDelivery((delivery) => receivedAbout(postId, type).includes(delivery));

/** Deliveries queued about a post, whatever became of them. */
const queuedAbout = (ctx: ApiContext, postId: string) =>
  ctx.database.db
    .selectFrom('federation_deliveries')
    .select(['activity_id', 'inbox'])
    .where('activity_id', 'like', `${objectId(postId)}#%`)
    .execute();

async function publicKeyOf(
  ctx: ApiContext,
  actorPath: string,
): Promise<{ id: string; publicKeyPem: string }> {
  const actor = await request<{ publicKey: { id: string; publicKeyPem: string } }>(ctx, {
    method: 'GET',
    url: actorPath,
    headers: { accept: AS },
  });
  expect(actor.status).toBe(200);
  return actor.body.publicKey;
}

/** Checked as Mastodon checks it, with the key the sending actor's document publishes. */
async function expectSignedBy(ctx: ApiContext, delivery: Delivery, actorPath: string): Promise<void> {
  const key = await publicKeyOf(ctx, actorPath);
  expect(delivery.headers.signature).toContain(`keyId="${key.id}"`);
  expect(FakeMastodon.signatureProblem(delivery, key.publicKeyPem)).toBeUndefined();
}

describeEachDatabase(
  'the social web: publishing to followers on other servers',
  (ctx) => {
    let operator: TestUser;
    let alice: TestUser;
    let alicePath: string;
    let bob: RemoteAccount;
    let carol: RemoteAccount;
    let dora: RemoteAccount;

    beforeAll(async () => {
      // ADMIN_EMAILS is unset here: the first account is the operator, who hides posts.
      operator = await signUpUser(ctx);
      alice = await signUpUser(ctx);
      alicePath = `/ap/users/${alice.id}`;
      // Two followers on one server (one shared inbox), and one whose server has none.
      bob = mastodon.account(`bob_pub_${ctx.dialect}`);
      carol = mastodon.account(`carol_pub_${ctx.dialect}`);
      dora = mastodon.account(`dora_pub_${ctx.dialect}`, { sharedInbox: false });
      for (const account of [bob, carol, dora]) await follow(ctx, account, alicePath);
    });

    it('delivers a published post as a signed Create(Article), once per server’s shared inbox', async () => {
      const cover = await upload(ctx, alice.token, await photo(640, 480));
      expect(cover.status, JSON.stringify(cover.body)).toBe(201);
      const post = await write(ctx, alice, {
        title: 'Hello, followers',
        content: 'Words with **weight**.\n\n![a cat](https://pictures.example/cat.jpg)',
        tags: ['Machine Learning', 'notes'],
        coverId: cover.body.response.id,
      });

      // The two deliveries go out at once, in either order.
      const arrivedAt = (path: string) =>
        mastodon.waitForDelivery((delivery) =>
          receivedAbout(post.id, 'Create').some((found) => found === delivery && found.path === path),
        );
      const shared = await arrivedAt('/inbox');
      await arrivedAt(new URL(dora.inbox).pathname);
      // Bob and Carol share a server: one delivery there, not two.
      expect((await queuedAbout(ctx, post.id)).map((row) => row.inbox).sort()).toEqual(
        [`${mastodon.origin}/inbox`, dora.inbox].sort(),
      );
      expect(shared.headers['content-type']).toBe(AS);
      await expectSignedBy(ctx, shared, alicePath);

      const create = activity(shared);
      const actor = `${PUBLIC_URL}${alicePath}`;
      expect(create).toMatchObject({ type: 'Create', actor, cc: `${actor}/followers` });
      expect(PUBLIC).toContain(create.to);
      const article = create.object as Json;
      expect(article).toMatchObject({
        id: objectId(post.id),
        type: 'Article',
        name: 'Hello, followers',
        attributedTo: actor,
        url: `${PUBLIC_URL}${postPagePath(post.id)}`,
        summary: expect.stringContaining('Words with weight'),
        cc: `${actor}/followers`,
      });
      expect(PUBLIC).toContain(article.to);
      expect(Date.parse(String(article.published))).toBe(Date.parse(String(post.publishedAt)));
      expect(article.content).toContain('<strong>weight</strong>');
      expect(article.tag).toEqual([
        expect.objectContaining({ type: 'Hashtag', name: '#MachineLearning' }),
        expect.objectContaining({ type: 'Hashtag', name: '#notes' }),
      ]);
      const coverUrl = `${PUBLIC_URL}${String(post.cover?.url)}`;
      expect(article.image).toMatchObject({ type: 'Image', url: coverUrl });
      // What Mastodon shows under the post: the cover, then the body's pictures.
      expect(article.attachment).toEqual([
        expect.objectContaining({ type: 'Document', url: coverUrl, mediaType: 'image/webp' }),
        expect.objectContaining({ type: 'Document', url: 'https://pictures.example/cat.jpg', name: 'a cat' }),
      ]);
      // The same Article the post's own address answers.
      const fetched = await request<Json>(ctx, {
        method: 'GET',
        url: `/ap/posts/${post.id}`,
        headers: { accept: AS },
      });
      const { '@context': _context, ...dereferenced } = fetched.body;
      expect(article).toEqual(dereferenced);
    });

    it('delivers an edit as Update, then unpublishing and deleting as Delete(Tombstone)', async () => {
      const post = await write(ctx, alice, { title: 'First words' });
      await waitFor(post.id, 'Create');

      await updatePost(ctx, alice, post.id, { title: 'Better words', content: 'Changed.' });
      const updated = await waitFor(post.id, 'Update');
      await expectSignedBy(ctx, updated, alicePath);
      expect(activity(updated)).toMatchObject({
        actor: `${PUBLIC_URL}${alicePath}`,
        object: { type: 'Article', id: objectId(post.id), name: 'Better words' },
      });
      expect(receivedAbout(post.id, 'Create')).toHaveLength(2);

      // Back to a draft: followers are told it is gone.
      const unpublished = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${post.id}`,
        token: alice.token,
        payload: { title: 'Better words', content: 'Changed.', status: 'draft' },
      });
      expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
      const withdrawn = await waitFor(post.id, 'Delete');
      await expectSignedBy(ctx, withdrawn, alicePath);
      expect(activity(withdrawn)).toMatchObject({
        type: 'Delete',
        actor: `${PUBLIC_URL}${alicePath}`,
        object: { type: 'Tombstone', id: objectId(post.id) },
      });
      const gone = await request<Json>(ctx, {
        method: 'GET',
        url: `/ap/posts/${post.id}`,
        headers: { accept: AS },
      });
      expect(gone.status).toBe(410);
      expect(gone.body).toMatchObject({ type: 'Tombstone', id: objectId(post.id) });

      // Published again, then deleted.
      const again = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${post.id}`,
        token: alice.token,
        payload: { title: 'Better words', content: 'Changed.', status: 'published' },
      });
      expect(again.status).toBe(200);
      await mastodon.waitForDelivery(() => receivedAbout(post.id, 'Create').length === 4);
      await deletePost(ctx, alice, post.id);
      await mastodon.waitForDelivery(() => receivedAbout(post.id, 'Delete').length === 4);
      const deleted = await request<Json>(ctx, {
        method: 'GET',
        url: `/readblog?id=${post.id}`,
        headers: { accept: AS },
      });
      expect(deleted.status).toBe(410);
      expect(deleted.body).toMatchObject({ type: 'Tombstone', id: objectId(post.id) });
    });

    it('delivers Delete(Tombstone) when an operator hides a post', async () => {
      const post = await write(ctx, alice, { title: 'Reported' });
      await waitFor(post.id, 'Create');
      const hidden = await request(ctx, {
        method: 'POST',
        url: `/api/admin/posts/${post.id}/hide`,
        token: operator.token,
        payload: {},
      });
      expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
      const withdrawn = await waitFor(post.id, 'Delete');
      await expectSignedBy(ctx, withdrawn, alicePath);
      expect(activity(withdrawn)).toMatchObject({ object: { type: 'Tombstone', id: objectId(post.id) } });
    });

    it('never delivers drafts, scheduled posts before their time or email-only posts', async () => {
      const draft = await write(ctx, alice, { status: 'draft' });
      const scheduled = await write(ctx, alice, {
        publishAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      const emailOnly = await write(ctx, alice, { newsletter: 'email-only' });
      // Edited, each stays where it was.
      await updatePost(ctx, alice, draft.id, { title: 'Still a draft', content: 'More.' });
      await updatePost(ctx, alice, scheduled.id, { title: 'Still later', content: 'More.' });
      await updatePost(ctx, alice, emailOnly.id, { title: 'Still email only', content: 'More.' });
      // A post published after them arrives: anything queued before it would be in the queue.
      const marker = await write(ctx, alice, { title: 'Out now' });
      await waitFor(marker.id, 'Create');
      for (const post of [draft, scheduled, emailOnly]) {
        expect(await queuedAbout(ctx, post.id)).toEqual([]);
        expect(mastodon.received.filter((delivery) => delivery.body.includes(post.id))).toEqual([]);
      }
    });

    it('delivers a scheduled post when its time comes', async () => {
      const publishAt = new Date(Date.now() + 1_500).toISOString();
      const post = await write(ctx, alice, { title: 'On time', publishAt });
      expect(await queuedAbout(ctx, post.id)).toEqual([]);
      const created = await waitFor(post.id, 'Create');
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
      await expectSignedBy(ctx, created, alicePath);
      const article = activity(created).object as Json;
      expect(article).toMatchObject({ id: objectId(post.id), name: 'On time' });
      expect(Date.parse(String(article.published))).toBe(Date.parse(publishAt));
      // Once, though the poll comes round again.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receivedAbout(post.id, 'Create')).toHaveLength(2);
    });

    it('sends a team publication’s posts from its Group actor, to the publication’s followers', async () => {
      const team = await createPublication(ctx, alice, `gazette-${ctx.dialect}`);
      const editor = await signUpUser(ctx);
      await addMember(ctx, alice, team.slug, editor, 'editor');
      const groupPath = `/ap/publications/${team.id}`;
      const erin = mastodon.account(`erin_pub_${ctx.dialect}`, { sharedInbox: false });
      await follow(ctx, erin, groupPath);

      const post = await write(ctx, editor, { title: 'From the desk', publication: team.slug });
      const created = await waitFor(post.id, 'Create');
      expect(created.path).toBe(new URL(erin.inbox).pathname);
      await expectSignedBy(ctx, created, groupPath);
      const group = `${PUBLIC_URL}${groupPath}`;
      expect(activity(created)).toMatchObject({
        actor: group,
        cc: `${group}/followers`,
        object: { attributedTo: group, name: 'From the desk' },
      });
      // Alice's followers do not follow the publication.
      expect(receivedAbout(post.id, 'Create')).toHaveLength(1);
    });

    it('moves a post between a writer’s blog and a team publication as a Delete from one actor and a Create from the other', async () => {
      const team = await createPublication(ctx, alice, `quarterly-${ctx.dialect}`);
      const groupPath = `/ap/publications/${team.id}`;
      const fay = mastodon.account(`fay_pub_${ctx.dialect}`, { sharedInbox: false });
      await follow(ctx, fay, groupPath);
      const post = await write(ctx, alice, { title: 'Moving house' });
      await waitFor(post.id, 'Create');

      const moved = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${post.id}`,
        token: alice.token,
        payload: { title: 'Moving house', content: 'Some words.', publication: team.slug },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const withdrawn = await waitFor(post.id, 'Delete');
      expect(activity(withdrawn).actor).toBe(`${PUBLIC_URL}${alicePath}`);
      await expectSignedBy(ctx, withdrawn, alicePath);
      const created = await mastodon.waitForDelivery((delivery) =>
        receivedAbout(post.id, 'Create').some(
          (found) => found === delivery && found.path === new URL(fay.inbox).pathname,
        ),
      );
      await expectSignedBy(ctx, created, groupPath);
      expect(activity(created)).toMatchObject({
        actor: `${PUBLIC_URL}${groupPath}`,
        object: { attributedTo: `${PUBLIC_URL}${groupPath}` },
      });
      // Never an Update: Mastodon would refuse one from an actor it did not have the post from.
      expect(receivedAbout(post.id, 'Update')).toEqual([]);
    });
  },
  {
    config: {
      publicUrl: PUBLIC_URL,
      federation: federationForTests,
    },
  },
);
