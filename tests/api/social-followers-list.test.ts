import { afterAll, expect, it } from 'vitest';
import type { SocialFollowers } from '../../contracts/social-web';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, request, signUpUser, type ApiContext } from './support/harness';
import { FakeMastodon, type RemoteAccount } from './support/fake-mastodon';
import { federationForTests } from './support/social-web';

/*
 * What the writer's screen of followers on the social web needs of GET /api/user/social-followers
 * (decision 0086): each request's and follower's picture, profile page and the account standing
 * for it here, which the ordinary block takes.
 */

const PUBLIC_URL = 'http://inkwell.test';
const AS = 'https://www.w3.org/ns/activitystreams';

const mastodon = await FakeMastodon.start();
afterAll(async () => {
  await mastodon.close();
});

async function follow(ctx: ApiContext, account: RemoteAccount, writerId: string) {
  const body = JSON.stringify({
    '@context': AS,
    id: `${account.id}#follows/${uuidv7()}`,
    type: 'Follow',
    actor: account.id,
    object: `${PUBLIC_URL}/ap/users/${writerId}`,
  });
  const headers = mastodon.sign(account, new URL(`${PUBLIC_URL}/ap/inbox`), body);
  const answer = await request(ctx, { method: 'POST', url: '/ap/inbox', headers, payload: body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
}

async function listed(ctx: ApiContext, token: string): Promise<SocialFollowers> {
  const answer = await request<{ response: SocialFollowers }>(ctx, {
    method: 'GET',
    url: '/api/user/social-followers',
    token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.response;
}

describeEachDatabase(
  'the writer’s followers on the social web, as their screen shows them',
  (ctx) => {
    it('names each request’s and follower’s picture, profile page and account; a block of that account ends its follow', async () => {
      const writer = await signUpUser(ctx);
      const approval = await request(ctx, {
        method: 'PUT',
        url: '/api/user/social-followers/settings',
        token: writer.token,
        payload: { approveFollowers: true },
      });
      expect(approval.status).toBe(200);
      const ivy = mastodon.account(`ivy_list_${ctx.dialect}`);
      const jon = mastodon.account(`jon_list_${ctx.dialect}`);
      await follow(ctx, ivy, writer.id);
      await follow(ctx, jon, writer.id);

      const requests = await listed(ctx, writer.token);
      const ivyLine = requests.followers.find((line) => line.actor === ivy.id);
      expect(ivyLine).toMatchObject({
        state: 'pending',
        handle: `@${ivy.username}@${new URL(mastodon.origin).host}`,
        name: `${ivy.username} on Mastodon`,
        pictureUrl: `https://files.example/${ivy.username}.png`,
        profileUrl: `${mastodon.origin}/@${ivy.username}`,
      });
      expect(ivyLine?.accountId).toMatch(/^[0-9a-f-]{36}$/);

      const accepted = await request(ctx, {
        method: 'POST',
        url: `/api/user/social-followers/accept?actor=${encodeURIComponent(ivy.id)}`,
        token: writer.token,
      });
      expect(accepted.status).toBe(200);
      const after = await listed(ctx, writer.token);
      expect(after.followers.map((line) => [line.actor, line.state])).toEqual([
        [jon.id, 'pending'],
        [ivy.id, 'accepted'],
      ]);

      // Block, by the account the list names: the follow ends, the list says so, and Ivy's server is
      // told with a signed Reject(Follow), so it no longer shows her the writer's posts.
      const blocked = await request<{ response: { blocked: boolean } }>(ctx, {
        method: 'POST',
        url: `/api/user/block?userId=${ivyLine?.accountId ?? ''}`,
        token: writer.token,
      });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      expect((await listed(ctx, writer.token)).followers.map((line) => line.actor)).toEqual([jon.id]);
      const rejected = await mastodon.waitForDelivery((delivery) => {
        const json = JSON.parse(delivery.body) as { type?: string; object?: { actor?: string } };
        return json.type === 'Reject' && json.object?.actor === ivy.id;
      });
      expect(rejected.path).toBe(new URL(ivy.inbox).pathname);
    });

    it('answers a follow older than the accounts standing for followers with nulls, and never a non-web profile address', async () => {
      const writer = await signUpUser(ctx);
      const now = new Date().toISOString();
      // As a row written before remote followers became accounts (decision 0084) would be.
      await ctx.database.db
        .insertInto('federation_followers')
        .values({
          actor: `/ap/users/${writer.id}`,
          follower: 'https://old.example/users/kim',
          inbox: 'https://old.example/users/kim/inbox',
          shared_inbox: null,
          follow_id: 'https://old.example/follows/1',
          handle: 'kim@old.example',
          name: 'Kim',
          created_at: now,
          state: 'accepted',
        })
        .execute();
      const list = await listed(ctx, writer.token);
      expect(list.followers).toEqual([
        {
          actor: 'https://old.example/users/kim',
          handle: '@kim@old.example',
          name: 'Kim',
          state: 'accepted',
          since: now,
          accountId: null,
          pictureUrl: null,
          profileUrl: 'https://old.example/users/kim',
        },
      ]);
    });
  },
  {
    config: { publicUrl: PUBLIC_URL, federation: federationForTests },
  },
);
