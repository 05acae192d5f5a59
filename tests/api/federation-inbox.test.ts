import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { FakeMastodon, type RemoteAccount, type SigningTweaks } from './support/fake-mastodon';
import { createPublication } from './support/publications';
import { federationForTests, followOf } from './support/social-web';

const PUBLIC_URL = 'http://inkwell.test';
const AS = 'application/activity+json';

const mastodon = await FakeMastodon.start();
afterAll(() => mastodon.close());

type Json = Record<string, unknown>;

/** POSTs `activity` to an inbox here, signed by `account` (with the tweaks a test wants). */
async function post(
  ctx: ApiContext,
  path: string,
  account: RemoteAccount,
  activity: unknown,
  tweaks: SigningTweaks = {},
) {
  const body = typeof activity === 'string' ? activity : JSON.stringify(activity);
  const headers = mastodon.sign(account, new URL(`${PUBLIC_URL}${path}`), body, tweaks);
  return request<Json>(ctx, { method: 'POST', url: path, headers, payload: tweaks.sentBody ?? body });
}

const followersOf = (ctx: ApiContext, actorPath: string) =>
  ctx.database.db.selectFrom('federation_followers').selectAll().where('actor', '=', actorPath).execute();

async function followerCount(ctx: ApiContext, actorPath: string): Promise<number> {
  const answer = await request<{ totalItems: number }>(ctx, {
    method: 'GET',
    url: `${actorPath}/followers`,
    headers: { accept: AS },
  });
  return answer.body.totalItems;
}

describeEachDatabase(
  'the social web: inboxes, signatures and follows from another server',
  (ctx) => {
    let alice: TestUser;
    let aliceActor: string;
    let alicePath: string;
    let bob: RemoteAccount;

    beforeAll(async () => {
      alice = await signUpUser(ctx);
      alicePath = `/ap/users/${alice.id}`;
      aliceActor = `${PUBLIC_URL}${alicePath}`;
      bob = mastodon.account(`bob_${ctx.dialect}`);
    });

    it('takes a signed Follow: stores the follower and delivers a signed Accept to its inbox', async () => {
      const follow = followOf(bob, aliceActor);
      const answer = await post(ctx, '/ap/inbox', bob, follow);
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);

      const rows = await followersOf(ctx, alicePath);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        follower: bob.id,
        inbox: bob.inbox,
        shared_inbox: `${mastodon.origin}/inbox`,
        follow_id: follow.id,
        handle: `${bob.username}@${new URL(mastodon.origin).host}`,
      });
      expect(await followerCount(ctx, alicePath)).toBe(1);

      const delivery = await mastodon.waitForDelivery(
        (received) => received.path === new URL(bob.inbox).pathname,
      );
      expect(delivery.path).toBe(new URL(bob.inbox).pathname);
      expect(delivery.headers['content-type']).toBe(AS);
      const accept = JSON.parse(delivery.body) as Json;
      expect(accept).toMatchObject({ type: 'Accept', actor: aliceActor });
      expect((accept.object as Json).id).toBe(follow.id);
      // Checked as Mastodon checks it, with the key Alice's actor document publishes.
      const actor = await request<{ publicKey: { id: string; publicKeyPem: string } }>(ctx, {
        method: 'GET',
        url: alicePath,
        headers: { accept: AS },
      });
      expect(delivery.headers.signature).toContain(`keyId="${actor.body.publicKey.id}"`);
      expect(FakeMastodon.signatureProblem(delivery, actor.body.publicKey.publicKeyPem)).toBeUndefined();
      const row = await ctx.database.db
        .selectFrom('federation_deliveries')
        .selectAll()
        .where('activity_id', '=', String(accept.id))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'delivered', attempts: 1, last_status: 202 });
    });

    it('takes the same Follow again without a second follower, and at the actor’s own inbox', async () => {
      const again = await post(ctx, `${alicePath}/inbox`, bob, followOf(bob, aliceActor));
      expect(again.status).toBe(202);
      expect(await followersOf(ctx, alicePath)).toHaveLength(1);
    });

    it('ends the follow on Undo(Follow), embedded or named by its id', async () => {
      const carol = mastodon.account(`carol_${ctx.dialect}`);
      const follow = followOf(carol, aliceActor);
      expect((await post(ctx, '/ap/inbox', carol, follow)).status).toBe(202);
      expect(await followersOf(ctx, alicePath)).toHaveLength(2);

      const byId = await post(ctx, '/ap/inbox', carol, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${carol.id}#undo/${uuidv7()}`,
        type: 'Undo',
        actor: carol.id,
        object: follow.id,
      });
      expect(byId.status).toBe(202);
      expect((await followersOf(ctx, alicePath)).map((row) => row.follower)).toEqual([bob.id]);

      const embedded = followOf(carol, aliceActor);
      await post(ctx, '/ap/inbox', carol, embedded);
      const undo = await post(ctx, `${alicePath}/inbox`, carol, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${carol.id}#undo/${uuidv7()}`,
        type: 'Undo',
        actor: carol.id,
        object: { id: embedded.id, type: 'Follow', actor: carol.id, object: aliceActor },
      });
      expect(undo.status).toBe(202);
      expect((await followersOf(ctx, alicePath)).map((row) => row.follower)).toEqual([bob.id]);
      expect(await followerCount(ctx, alicePath)).toBe(1);
    });

    it('does not let one actor undo another’s follow', async () => {
      const mallory = mastodon.account(`mallory_${ctx.dialect}`);
      const answer = await post(ctx, '/ap/inbox', mallory, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${mallory.id}#undo/${uuidv7()}`,
        type: 'Undo',
        actor: mallory.id,
        object: { id: `${bob.id}#follows/x`, type: 'Follow', actor: bob.id, object: aliceActor },
      });
      expect(answer.status).toBe(202);
      expect(await followersOf(ctx, alicePath)).toHaveLength(1);
    });

    describe('refuses, with 401, and never acts on', () => {
      const refusedFollow = async (tweaks: SigningTweaks, who?: RemoteAccount, actor?: RemoteAccount) => {
        const signer = who ?? mastodon.account(`eve_${ctx.dialect}`);
        const follow = followOf(actor ?? signer, aliceActor);
        const answer = await post(ctx, '/ap/inbox', signer, follow, tweaks);
        const stored = await ctx.database.db
          .selectFrom('federation_followers')
          .select('follower')
          .where('follow_id', '=', follow.id)
          .execute();
        expect(stored).toEqual([]);
        return answer;
      };

      it('an unsigned activity', async () => {
        const answer = await request<Json>(ctx, {
          method: 'POST',
          url: '/ap/inbox',
          headers: { 'content-type': AS },
          payload: JSON.stringify(followOf(bob, aliceActor)),
        });
        expect(answer.status).toBe(401);
        expect(answer.body.message).toMatch(/not signed/);
      });

      it('a signature made with another key than the actor’s', async () => {
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const answer = await refusedFollow({ privateKey });
        expect(answer.status).toBe(401);
        expect(answer.body.message).toBe('The signature does not check out');
      });

      it('a Date more than 12 hours off', async () => {
        const answer = await refusedFollow({ date: new Date(Date.now() - 13 * 3_600_000) });
        expect(answer.status).toBe(401);
      });

      it('a body changed after it was signed', async () => {
        const eve = mastodon.account(`eve_${ctx.dialect}`);
        const answer = await refusedFollow({ sentBody: JSON.stringify(followOf(eve, aliceActor)) }, eve);
        expect(answer.status).toBe(401);
      });

      it('an activity whose actor is not the key’s owner', async () => {
        const eve = mastodon.account(`eve_${ctx.dialect}`);
        const answer = await refusedFollow({}, eve, mastodon.account(`victim_${ctx.dialect}`));
        expect(answer.status).toBe(401);
        expect(answer.body.message).toBe("The signature's key is not the activity's actor's");
      });

      it('a signature in the older rsa-sha256 form that does not verify either', async () => {
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        expect((await refusedFollow({ privateKey, algorithm: 'rsa-sha256' })).status).toBe(401);
      });
    });

    it('accepts the older rsa-sha256 form when it verifies', async () => {
      const dan = mastodon.account(`dan_${ctx.dialect}`);
      const answer = await post(ctx, '/ap/inbox', dan, followOf(dan, aliceActor), {
        algorithm: 'rsa-sha256',
      });
      expect(answer.status).toBe(202);
      await post(ctx, '/ap/inbox', dan, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${dan.id}#undo/${uuidv7()}`,
        type: 'Undo',
        actor: dan.id,
        object: (await followersOf(ctx, alicePath)).find((row) => row.follower === dan.id)?.follow_id,
      });
      expect((await followersOf(ctx, alicePath)).map((row) => row.follower)).toEqual([bob.id]);
    });

    it('checks a signature made with a new key against the actor fetched again, not the key it kept', async () => {
      const gina = mastodon.account(`gina_${ctx.dialect}`);
      expect((await post(ctx, '/ap/inbox', gina, followOf(gina, aliceActor))).status).toBe(202);
      const rotated = mastodon.rotateKey(gina);
      const again = followOf(rotated, aliceActor);
      expect((await post(ctx, '/ap/inbox', rotated, again)).status).toBe(202);
      const row = (await followersOf(ctx, alicePath)).find((follower) => follower.follower === gina.id);
      expect(row?.follow_id).toBe(again.id);
      // The old key no longer works.
      expect((await post(ctx, '/ap/inbox', gina, followOf(gina, aliceActor))).status).toBe(401);
      expect(
        (
          await post(ctx, '/ap/inbox', rotated, {
            ...again,
            id: `${gina.id}#undo/1`,
            type: 'Undo',
            object: again.id,
          })
        ).status,
      ).toBe(202);
    });

    it('follows team publications too, and refuses a Follow of nobody here or of another inbox’s actor', async () => {
      const team = await createPublication(ctx, alice, `inbox-${ctx.dialect}`);
      const teamPath = `/ap/publications/${team.id}`;
      expect(
        (await post(ctx, `${teamPath}/inbox`, bob, followOf(bob, `${PUBLIC_URL}${teamPath}`))).status,
      ).toBe(202);
      expect(await followersOf(ctx, teamPath)).toHaveLength(1);
      expect(await followerCount(ctx, teamPath)).toBe(1);

      const nobody = await post(ctx, '/ap/inbox', bob, followOf(bob, `${PUBLIC_URL}/ap/users/${uuidv7()}`));
      expect(nobody.status).toBe(404);
      const elsewhere = await post(ctx, '/ap/inbox', bob, followOf(bob, 'https://elsewhere.example/users/x'));
      expect(elsewhere.status).toBe(404);
      const mismatch = await post(ctx, `${teamPath}/inbox`, bob, followOf(bob, aliceActor));
      expect(mismatch.status).toBe(400);
      const unknownInbox = await post(ctx, `/ap/users/${uuidv7()}/inbox`, bob, followOf(bob, aliceActor));
      expect(unknownInbox.status).toBe(404);
    });

    it('accepts activities it does not act on yet, and answers bad input with a clear 4xx, never a 500', async () => {
      const like = {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${bob.id}#likes/1`,
        type: 'Like',
        actor: bob.id,
        object: `${PUBLIC_URL}/ap/posts/${uuidv7()}`,
      };
      expect((await post(ctx, '/ap/inbox', bob, like)).status).toBe(202);
      const cases: [string, unknown, number][] = [
        ['not JSON', '{"type": "Follow", ', 400],
        ['a JSON array', '[1, 2]', 400],
        ['a JSON string', '"Follow"', 400],
        ['an unloadable context', { ...like, '@context': 'http://127.0.0.1:1/context.jsonld' }, 400],
        ['a context that is a number', { ...like, '@context': 5 }, 400],
        ['a type that is an object', { ...like, type: { nested: true } }, 400],
        [
          'no actor',
          { '@context': 'https://www.w3.org/ns/activitystreams', type: 'Follow', object: aliceActor },
          401,
        ],
      ];
      for (const [what, body, status] of cases) {
        const answer = await post(ctx, '/ap/inbox', bob, body);
        expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
        expect(typeof answer.body.message, what).toBe('string');
      }
    });

    it('refuses other media types (415) and bodies over 256 KB (413)', async () => {
      const body = JSON.stringify(followOf(bob, aliceActor));
      const plain = await request<Json>(ctx, {
        method: 'POST',
        url: '/ap/inbox',
        headers: {
          ...mastodon.sign(bob, new URL(`${PUBLIC_URL}/ap/inbox`), body),
          'content-type': 'text/plain',
        },
        payload: body,
      });
      expect(plain.status).toBe(415);
      expect(typeof plain.body.message).toBe('string');
      const form = await request<Json>(ctx, {
        method: 'POST',
        url: '/ap/inbox',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      });
      expect(form.status).toBe(415);
      const huge = JSON.stringify({ ...followOf(bob, aliceActor), padding: 'x'.repeat(300 * 1024) });
      const tooLarge = await post(ctx, '/ap/inbox', bob, huge);
      expect(tooLarge.status).toBe(413);
      expect(typeof tooLarge.body.message).toBe('string');
      const ld = await post(ctx, '/ap/inbox', bob, followOf(bob, aliceActor));
      expect(ld.status).toBe(202);
    });

    it('retries a delivery while the other server is down, and delivers once it is back', async () => {
      mastodon.inboxStatus = 503;
      const erin = mastodon.account(`erin_${ctx.dialect}`);
      const follow = followOf(erin, aliceActor);
      try {
        expect((await post(ctx, '/ap/inbox', erin, follow)).status).toBe(202);
        const failedOnce = async () =>
          ctx.database.db
            .selectFrom('federation_deliveries')
            .selectAll()
            .where('inbox', '=', erin.inbox)
            .executeTakeFirst();
        const until = Date.now() + 5_000;
        let row = await failedOnce();
        while ((row?.attempts ?? 0) < 2 && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          row = await failedOnce();
        }
        expect(row).toMatchObject({ state: 'pending', last_status: 503 });
        expect(row?.attempts).toBeGreaterThanOrEqual(2);
      } finally {
        mastodon.inboxStatus = 202;
      }
      const accept = await mastodon.waitForDelivery(
        (delivery) => delivery.path === new URL(erin.inbox).pathname,
      );
      expect((JSON.parse(accept.body) as { object?: { id?: string } }).object?.id).toBe(follow.id);
    });
  },
  { config: { publicUrl: PUBLIC_URL, federation: federationForTests } },
);

describeEachDatabase(
  'the social web: the private-network guard and the per-server limit',
  (ctx) => {
    it('never fetches an actor on a private address unless allowed, so its Follow is refused', async () => {
      const alice = await signUpUser(ctx);
      const frank = mastodon.account(`frank_${ctx.dialect}`);
      const follow = followOf(frank, `${PUBLIC_URL}/ap/users/${alice.id}`);
      const answer = await post(ctx, '/ap/inbox', frank, follow);
      expect(answer.status).toBe(401);
      expect(await followersOf(ctx, `/ap/users/${alice.id}`)).toEqual([]);
      // Two more tries from the same server reach the limit of three a minute; the fourth is a 429.
      await post(ctx, '/ap/inbox', frank, follow);
      await post(ctx, '/ap/inbox', frank, follow);
      const limited = await post(ctx, '/ap/inbox', frank, follow);
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  },
  {
    config: {
      publicUrl: PUBLIC_URL,
      federation: { ...federationForTests, allowPrivateNetworks: false },
      rateLimits: { inboxPerServer: { max: 3, windowMs: 60_000 } },
    },
  },
);

describeEachDatabase(
  'the social web: a queued activity outliving its actor',
  (ctx) => {
    it('drops a queued activity of an account deleted meanwhile, rather than sign it with a new key', async () => {
      const writer = await signUpUser(ctx);
      const writerPath = `/ap/users/${writer.id}`;
      const hal = mastodon.account(`hal_${ctx.dialect}`);
      const row = async () =>
        ctx.database.db
          .selectFrom('federation_deliveries')
          .selectAll()
          .where('actor', '=', writerPath)
          .executeTakeFirstOrThrow();
      const waitFor = async (done: (delivery: Awaited<ReturnType<typeof row>>) => boolean) => {
        const until = Date.now() + 5_000;
        while (!done(await row()) && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 25));
        return row();
      };
      mastodon.inboxStatus = 503;
      try {
        expect((await post(ctx, '/ap/inbox', hal, followOf(hal, `${PUBLIC_URL}${writerPath}`))).status).toBe(
          202,
        );
        // The first attempt fails; the next is a minute away.
        expect(
          await waitFor((delivery) => delivery.attempts === 1 && delivery.locked_until === null),
        ).toMatchObject({
          state: 'pending',
          last_status: 503,
        });
      } finally {
        mastodon.inboxStatus = 202;
      }
      const deleted = await request(ctx, {
        method: 'POST',
        url: '/api/user/delete',
        token: writer.token,
        payload: { password: writer.password, content: 'delete' },
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      // Due now: the worker's next look takes it, after the account is gone.
      await ctx.database.db
        .updateTable('federation_deliveries')
        .set({ next_attempt_at: new Date().toISOString() })
        .where('actor', '=', writerPath)
        .execute();
      expect(await waitFor((delivery) => delivery.state !== 'pending')).toMatchObject({
        state: 'failed',
        attempts: 2,
        last_error: `${writerPath} no longer exists here`,
      });
      expect(mastodon.received.some((delivery) => delivery.path === new URL(hal.inbox).pathname)).toBe(false);
      const keys = await ctx.database.db
        .selectFrom('actor_keys')
        .select('actor')
        .where('actor', '=', writerPath)
        .execute();
      expect(keys).toHaveLength(1);
    });
  },
  // A minute between attempts: the test decides when the second one comes.
  {
    config: {
      publicUrl: PUBLIC_URL,
      federation: { ...federationForTests, backoffBaseMs: 60_000, backoffMaxMs: 60_000 },
    },
  },
);
