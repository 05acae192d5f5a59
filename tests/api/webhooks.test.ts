import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_READ_ONLY_MESSAGE } from '../../contracts/api-keys';
import type { Post } from '../../contracts/posts';
import {
  WEBHOOK_DUPLICATE_MESSAGE,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMIT_MESSAGE,
  WEBHOOK_NOT_FOUND_MESSAGE,
  WEBHOOKS_PER_USER_MAX,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
} from '../../contracts/webhooks';
import { buildApp } from '../../server/app';
import { loadWebhooksConfig, type WebhooksConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { systemResolver, type HostResolver } from '../../server/lib/network-guard';
import { verifySignature } from '../../server/modules/webhooks/webhook-signature';
import { TOO_MANY_TEST_EVENTS_MESSAGE } from '../../server/modules/webhooks/webhooks-service';
import {
  DIALECTS,
  describeEachDatabase,
  request,
  signUpUser,
  testConfig,
  type ApiContext,
  type TestUser,
} from './support/harness';
import { createTestDatabase, postgresAvailable } from './support/test-databases';
import { freePort } from './support/ports';
import { eventually } from './support/eventually';
import { WebhookReceiver } from './support/webhook-receiver';

/** Fast polling and short waits, so retries happen within a test. */
function fastWebhooks(overrides: Partial<WebhooksConfig> = {}): WebhooksConfig {
  return {
    ...loadWebhooksConfig({}),
    allowPrivateNetworks: true,
    pollIntervalMs: 25,
    timeoutMs: 2_000,
    maxAttempts: 3,
    backoffBaseMs: 40,
    backoffMaxMs: 200,
    ...overrides,
  };
}

/** Names the tests control, like a DNS server would answer them; anything else the system resolves. */
const PUBLIC_ADDRESS = '93.184.216.34';
const testResolver: HostResolver = async (hostname) => {
  if (hostname === 'hooks.example.com') return [{ address: PUBLIC_ADDRESS, family: 4 }];
  if (hostname === 'internal.example.com') return [{ address: '10.1.2.3', family: 4 }];
  // One public answer and one private: the private one is what a rebinding attack would use.
  if (hostname === 'mixed.example.com') {
    return [
      { address: PUBLIC_ADDRESS, family: 4 },
      { address: '192.168.1.10', family: 4 },
    ];
  }
  if (hostname === 'metadata.example.com') return [{ address: 'fd00:ec2::254', family: 6 }];
  if (hostname === 'receiver.test') return [{ address: '127.0.0.1', family: 4 }];
  return systemResolver(hostname);
};

const createHook = (ctx: ApiContext, user: TestUser, payload: unknown) =>
  request<{ response: CreatedWebhook; message?: string; errors?: Record<string, string[]> }>(ctx, {
    method: 'POST',
    url: '/api/webhooks',
    token: user.token,
    payload: payload as Record<string, unknown>,
  });

const deliveries = async (ctx: ApiContext, user: TestUser, hookId: string) =>
  (
    await request<{ response: WebhookDelivery[] }>(ctx, {
      method: 'GET',
      url: `/api/webhooks/${hookId}/deliveries`,
      token: user.token,
    })
  ).body.response;

const sendTest = (ctx: ApiContext, user: TestUser, hookId: string) =>
  request<{ response: WebhookDelivery; message?: string }>(ctx, {
    method: 'POST',
    url: `/api/webhooks/${hookId}/test`,
    token: user.token,
  });

const writePost = (ctx: ApiContext, user: TestUser, payload: Record<string, unknown>, id?: string) =>
  request<{ response: Post }>(ctx, {
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/post/blog?id=${id}` : '/api/post/blog',
    token: user.token,
    payload,
  });

/** The delivery once it is no longer pending. */
const settled = (ctx: ApiContext, user: TestUser, hookId: string, deliveryId: string, timeoutMs = 15_000) =>
  eventually(
    async () =>
      (await deliveries(ctx, user, hookId)).find((d) => d.id === deliveryId && d.state !== 'pending'),
    `delivery ${deliveryId} to settle`,
    timeoutMs,
  );

describeEachDatabase(
  'webhooks: registering and managing hooks',
  (ctx) => {
    it('needs a signed-in user', async () => {
      expect((await request(ctx, { method: 'GET', url: '/api/webhooks' })).status).toBe(401);
      const created = await request(ctx, {
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: 'https://hooks.example.com/in', events: ['post.published'] },
      });
      expect(created.status).toBe(401);
    });

    it('creates a hook, shows its secret once, lists, updates and deletes it', async () => {
      const writer = await signUpUser(ctx);
      const created = await createHook(ctx, writer, {
        url: 'https://hooks.example.com/in',
        events: ['comment.created', 'post.published'],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const hook = created.body.response;
      expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      // Stored in the catalogue's order, whatever order they were sent in.
      expect(hook).toMatchObject({
        url: 'https://hooks.example.com/in',
        events: ['post.published', 'comment.created'],
        active: true,
      });

      const listed = await request<{ response: Webhook[] }>(ctx, {
        method: 'GET',
        url: '/api/webhooks',
        token: writer.token,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.response).toEqual([
        { id: hook.id, url: hook.url, events: hook.events, active: true, createdAt: hook.createdAt },
      ]);
      expect(JSON.stringify(listed.body)).not.toContain(hook.secret);

      const updated = await request<{ response: Webhook }>(ctx, {
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        token: writer.token,
        payload: { url: 'https://hooks.example.com/other', events: [...WEBHOOK_EVENTS], active: false },
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.response).toMatchObject({
        url: 'https://hooks.example.com/other',
        events: [...WEBHOOK_EVENTS],
        active: false,
      });

      const removed = await request(ctx, {
        method: 'DELETE',
        url: `/api/webhooks/${hook.id}`,
        token: writer.token,
      });
      expect(removed.status).toBe(200);
      const again = await request(ctx, {
        method: 'DELETE',
        url: `/api/webhooks/${hook.id}`,
        token: writer.token,
      });
      expect(again).toMatchObject({ status: 404, body: { message: WEBHOOK_NOT_FOUND_MESSAGE } });
      expect(
        (
          await request<{ response: Webhook[] }>(ctx, {
            method: 'GET',
            url: '/api/webhooks',
            token: writer.token,
          })
        ).body.response,
      ).toEqual([]);
    });

    it('says what is wrong with the form, field by field', async () => {
      const writer = await signUpUser(ctx);
      const cases: [unknown, string][] = [
        [{ events: ['post.published'] }, 'url'],
        [{ url: 'not a url', events: ['post.published'] }, 'url'],
        [{ url: 'ftp://hooks.example.com/in', events: ['post.published'] }, 'url'],
        [{ url: 'javascript:alert(1)', events: ['post.published'] }, 'url'],
        [{ url: 'https://user:pass@hooks.example.com/in', events: ['post.published'] }, 'url'],
        [{ url: `https://hooks.example.com/${'a'.repeat(2100)}`, events: ['post.published'] }, 'url'],
        [{ url: 'https://hooks.example.com/in', events: [] }, 'events'],
        [{ url: 'https://hooks.example.com/in' }, 'events'],
        [{ url: 'https://hooks.example.com/in', events: ['post.exploded'] }, 'events.0'],
      ];
      for (const [payload, field] of cases) {
        const answer = await createHook(ctx, writer, payload);
        expect(answer.status, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(payload)).toContain(field);
      }
      expect(
        (
          await request(ctx, {
            method: 'POST',
            url: '/api/webhooks',
            token: writer.token,
            payload: 'x',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(400);
      // The same rules when a hook is changed; hostile shapes are 400s, never 500s.
      const hook = (
        await createHook(ctx, writer, { url: 'https://hooks.example.com/form', events: ['post.published'] })
      ).body.response;
      for (const payload of [
        { url: '' },
        { url: 42 },
        { url: 'https://hooks.example.com/\u0000' },
        { events: 'post.published' },
        { events: [] },
        { active: 'yes' },
        [],
      ]) {
        const answer = await request(ctx, {
          method: 'PATCH',
          url: `/api/webhooks/${hook.id}`,
          token: writer.token,
          payload: payload as Record<string, unknown>,
        });
        expect(answer.status, JSON.stringify(payload)).toBe(400);
      }
    });

    it('lets a read-only API key list hooks but not change them (403)', async () => {
      const writer = await signUpUser(ctx);
      const key = await request<{ response: { token: string } }>(ctx, {
        method: 'POST',
        url: '/api/user/keys',
        token: writer.token,
        payload: { name: 'dashboard', scope: 'read' },
      });
      expect(key.status, JSON.stringify(key.body)).toBe(201);
      const readOnly = { ...writer, token: key.body.response.token };
      expect(
        (await request(ctx, { method: 'GET', url: '/api/webhooks', token: readOnly.token })).status,
      ).toBe(200);
      const refused = await createHook(ctx, readOnly, {
        url: 'https://hooks.example.com/key',
        events: ['post.published'],
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(API_KEY_READ_ONLY_MESSAGE);
    });

    it("treats another writer's hooks as absent: 404 for every action", async () => {
      const owner = await signUpUser(ctx);
      const stranger = await signUpUser(ctx);
      const hook = (
        await createHook(ctx, owner, { url: 'https://hooks.example.com/mine', events: ['post.published'] })
      ).body.response;
      const attempts = [
        request(ctx, {
          method: 'PATCH',
          url: `/api/webhooks/${hook.id}`,
          token: stranger.token,
          payload: { active: false },
        }),
        request(ctx, { method: 'DELETE', url: `/api/webhooks/${hook.id}`, token: stranger.token }),
        request(ctx, { method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, token: stranger.token }),
        request(ctx, { method: 'POST', url: `/api/webhooks/${hook.id}/test`, token: stranger.token }),
        request(ctx, { method: 'GET', url: '/api/webhooks/not-a-uuid/deliveries', token: owner.token }),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect(answer).toMatchObject({ status: 404, body: { message: WEBHOOK_NOT_FOUND_MESSAGE } });
      }
      const list = await request<{ response: Webhook[] }>(ctx, {
        method: 'GET',
        url: '/api/webhooks',
        token: stranger.token,
      });
      expect(list.body.response).toEqual([]);
      // Still there, untouched.
      const mine = await request<{ response: Webhook[] }>(ctx, {
        method: 'GET',
        url: '/api/webhooks',
        token: owner.token,
      });
      expect(mine.body.response).toMatchObject([{ id: hook.id, active: true }]);
    });

    it('refuses the same address twice (409) and more than the cap of hooks (409)', async () => {
      const writer = await signUpUser(ctx);
      const first = await createHook(ctx, writer, {
        url: 'https://hooks.example.com/0',
        events: ['post.published'],
      });
      expect(first.status).toBe(201);
      const twice = await createHook(ctx, writer, {
        url: 'https://hooks.example.com/0',
        events: ['post.updated'],
      });
      expect(twice).toMatchObject({ status: 409, body: { message: WEBHOOK_DUPLICATE_MESSAGE } });
      for (let index = 1; index < WEBHOOKS_PER_USER_MAX; index += 1) {
        const answer = await createHook(ctx, writer, {
          url: `https://hooks.example.com/${index}`,
          events: ['post.published'],
        });
        expect(answer.status).toBe(201);
      }
      const over = await createHook(ctx, writer, {
        url: 'https://hooks.example.com/over',
        events: ['post.published'],
      });
      expect(over).toMatchObject({ status: 409, body: { message: WEBHOOK_LIMIT_MESSAGE } });
      // Another writer has a cap of their own, and may use the same address.
      expect(
        (
          await createHook(ctx, await signUpUser(ctx), {
            url: 'https://hooks.example.com/0',
            events: ['post.published'],
          })
        ).status,
      ).toBe(201);
    });

    it("goes with its writer's account, deliveries included", async () => {
      const writer = await signUpUser(ctx);
      const hook = (
        await createHook(ctx, writer, { url: 'https://hooks.example.com/gone', events: ['post.published'] })
      ).body.response;
      // Paused, so its test event stays queued.
      await request(ctx, {
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        token: writer.token,
        payload: { active: false },
      });
      expect((await sendTest(ctx, writer, hook.id)).status).toBe(202);
      const deleted = await request(ctx, {
        method: 'POST',
        url: '/api/user/delete',
        token: writer.token,
        payload: { password: writer.password, content: 'delete' },
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      const db = ctx.database.db;
      expect(await db.selectFrom('webhooks').select('id').where('id', '=', hook.id).execute()).toEqual([]);
      expect(
        await db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', hook.id).execute(),
      ).toEqual([]);
    });
  },
  { config: { webhooks: fastWebhooks({ allowPrivateNetworks: false, resolve: testResolver }) } },
);

describeEachDatabase(
  'webhooks: refusing server-side request forgery',
  (ctx) => {
    it('refuses literal private, loopback, link-local and other inside addresses at registration', async () => {
      const writer = await signUpUser(ctx);
      const inside = [
        'http://127.0.0.1:8080/hook',
        'http://127.1/hook',
        'http://2130706433/hook', // 127.0.0.1 written as one number
        'http://0x7f.0.0.1/hook',
        'http://10.0.0.5/hook',
        'http://172.16.4.4/hook',
        'http://192.168.0.1/hook',
        'http://169.254.169.254/latest/meta-data/',
        'http://100.64.0.1/hook', // carrier-grade NAT
        'http://0.0.0.0/hook',
        'http://224.0.0.1/hook',
        'http://[::1]/hook',
        'http://[::ffff:127.0.0.1]/hook',
        'http://[::ffff:a9fe:a9fe]/hook', // 169.254.169.254, IPv4-mapped
        'http://[fe80::1]/hook',
        'http://[fd12:3456::1]/hook',
        'http://[::]/hook',
        'http://[64:ff9b::a00:1]/hook', // NAT64 of 10.0.0.1
      ];
      for (const url of inside) {
        const answer = await createHook(ctx, writer, { url, events: ['post.published'] });
        expect(answer.status, url).toBe(400);
        expect(answer.body.errors?.url?.[0], url).toMatch(/private, loopback or link-local/);
      }
      // The same form with a public address is accepted: the refusals above are about the address.
      expect(
        (await createHook(ctx, writer, { url: `http://${PUBLIC_ADDRESS}/hook`, events: ['post.published'] }))
          .status,
      ).toBe(201);
      expect(
        (
          await createHook(ctx, writer, {
            url: 'https://[2606:4700:4700::1111]/hook',
            events: ['post.published'],
          })
        ).status,
      ).toBe(201);
    });

    it('refuses names that resolve to inside addresses, even when only one of them does', async () => {
      const writer = await signUpUser(ctx);
      for (const url of [
        'http://localhost:3000/hook',
        'http://hooks.localhost/hook', // *.localhost resolves to loopback here (system resolver)
        'http://internal.example.com/hook',
        'http://mixed.example.com/hook',
        'https://metadata.example.com/hook',
      ]) {
        const answer = await createHook(ctx, writer, { url, events: ['post.published'] });
        expect(answer.status, url).toBe(400);
        expect(answer.body.message, url).toMatch(/resolves to .* private, loopback or link-local/);
      }
      const unknown = await createHook(ctx, writer, {
        url: 'https://no-such-host.invalid/hook',
        events: ['post.published'],
      });
      expect(unknown).toMatchObject({
        status: 400,
        body: { message: 'no-such-host.invalid could not be resolved' },
      });
      expect(
        (await createHook(ctx, writer, { url: 'https://hooks.example.com/hook', events: ['post.published'] }))
          .status,
      ).toBe(201);
    });

    it('refuses an inside address when the URL is changed too', async () => {
      const writer = await signUpUser(ctx);
      const hook = (
        await createHook(ctx, writer, { url: 'https://hooks.example.com/moving', events: ['post.published'] })
      ).body.response;
      const moved = await request<{ errors?: Record<string, string[]> }>(ctx, {
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        token: writer.token,
        payload: { url: 'http://169.254.169.254/latest/meta-data/' },
      });
      expect(moved.status).toBe(400);
      expect(Object.keys(moved.body.errors ?? {})).toEqual(['url']);
    });

    it('limits test events per writer (429)', async () => {
      const writer = await signUpUser(ctx);
      const hook = (
        await createHook(ctx, writer, { url: 'https://hooks.example.com/pings', events: ['post.published'] })
      ).body.response;
      // Paused: nothing leaves the machine in this test.
      await request(ctx, {
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        token: writer.token,
        payload: { active: false },
      });
      expect((await sendTest(ctx, writer, hook.id)).status).toBe(202);
      expect((await sendTest(ctx, writer, hook.id)).status).toBe(202);
      const third = await sendTest(ctx, writer, hook.id);
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(TOO_MANY_TEST_EVENTS_MESSAGE);
      expect(Number(third.raw.headers['retry-after'])).toBeGreaterThan(0);
    });
  },
  {
    config: {
      webhooks: fastWebhooks({
        allowPrivateNetworks: false,
        resolve: testResolver,
      }),
      rateLimits: { webhookTestsPerUser: { max: 2, windowMs: 60_000 } },
    },
  },
);

describeEachDatabase(
  'webhooks: delivering signed events',
  (ctx) => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
    });
    afterAll(() => receiver.close());

    it('signs each delivery with the hook secret (t=…,v1=HMAC-SHA256 of "t.body")', async () => {
      const writer = await signUpUser(ctx);
      const hook = (
        await createHook(ctx, writer, { url: receiver.url('/signed'), events: ['post.published'] })
      ).body.response;
      const queued = await sendTest(ctx, writer, hook.id);
      expect(queued.status).toBe(202);
      // Queued; the worker may already be sending it by the time the answer is read.
      expect(queued.body.response).toMatchObject({ event: 'ping', lastError: null });
      const got = await eventually(
        () => receiver.received.find((hit) => hit.headers['inkwell-delivery'] === queued.body.response.id),
        'the ping',
      );
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['user-agent']).toBe('Inkwell-Webhooks');
      expect(got.headers['inkwell-event']).toBe('ping');
      const signature = String(got.headers['inkwell-signature']);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(Math.abs(Number(/^t=(\d+)/.exec(signature)?.[1]) - Date.now() / 1000)).toBeLessThan(60);
      expect(verifySignature(hook.secret, got.body, signature)).toBe(true);
      // The signature covers the secret, the body and the time: change any and it fails.
      expect(verifySignature(`${hook.secret}x`, got.body, signature)).toBe(false);
      expect(verifySignature(hook.secret, got.body.replace('ping', 'pong'), signature)).toBe(false);
      expect(
        verifySignature(hook.secret, got.body, signature, { nowSeconds: Date.now() / 1000 + 3600 }),
      ).toBe(false);
      expect(JSON.parse(got.body)).toMatchObject({
        id: queued.body.response.id,
        event: 'ping',
        data: { webhook: { id: hook.id, url: hook.url, events: ['post.published'] } },
      });
      const logged = await settled(ctx, writer, hook.id, queued.body.response.id);
      expect(logged).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200, lastError: null });
      expect(logged.deliveredAt).not.toBeNull();
    });

    it('sends each event on the action that causes it, to the post author’s subscribed hooks', async () => {
      const writer = await signUpUser(ctx);
      const reader = await signUpUser(ctx);
      const all = (await createHook(ctx, writer, { url: receiver.url('/all'), events: [...WEBHOOK_EVENTS] }))
        .body.response;
      const onlyComments = (
        await createHook(ctx, writer, { url: receiver.url('/comments'), events: ['comment.created'] })
      ).body.response;
      // The reader's own hook hears nothing of the writer's post, nor of the reader's comment on it.
      await createHook(ctx, reader, { url: receiver.url('/reader'), events: [...WEBHOOK_EVENTS] });

      const draft = (await writePost(ctx, writer, { title: 'Quiet', content: 'Not yet.', status: 'draft' }))
        .body.response;
      const created = (await writePost(ctx, writer, { title: 'Hello', content: 'World.' })).body.response;
      const published = await eventually(
        () => receiver.events('post.published', created.id)[0],
        'post.published',
      );
      expect(JSON.parse(published.body)).toMatchObject({
        event: 'post.published',
        data: {
          post: {
            id: created.id,
            title: 'Hello',
            content: 'World.',
            status: 'published',
            url: `http://inkwell.test/readblog?id=${created.id}`,
            author: { id: writer.id },
          },
        },
      });
      expect(
        verifySignature(all.secret, published.body, String(published.headers['inkwell-signature'])),
      ).toBe(true);

      await writePost(ctx, writer, { title: 'Hello again', content: 'World.' }, created.id);
      const updated = await eventually(() => receiver.events('post.updated', created.id)[0], 'post.updated');
      expect(JSON.parse(updated.body)).toMatchObject({ data: { post: { title: 'Hello again' } } });

      await writePost(ctx, writer, { title: 'Hello again', content: 'World.', status: 'draft' }, created.id);
      await eventually(() => receiver.events('post.unpublished', created.id)[0], 'post.unpublished');
      await writePost(
        ctx,
        writer,
        { title: 'Hello again', content: 'World.', status: 'published' },
        created.id,
      );
      await eventually(
        () => receiver.events('post.published', created.id).length === 2,
        'post.published again',
      );

      const comment = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/comments',
        token: reader.token,
        payload: { postId: created.id, body: 'Nice one.' },
      });
      expect(comment.status, JSON.stringify(comment.body)).toBe(201);
      const commented = await eventually(
        () =>
          receiver.events('comment.created', comment.body.response.id).length === 2 &&
          receiver.events('comment.created', comment.body.response.id),
        'comment.created to both subscribed hooks',
      );
      expect(commented.map((hit) => hit.path).sort()).toEqual(['/all', '/comments']);
      expect(JSON.parse(commented[0]!.body)).toMatchObject({
        data: {
          comment: { id: comment.body.response.id, body: 'Nice one.', author: { id: reader.id } },
          post: { id: created.id },
        },
      });

      expect(
        (
          await request(ctx, {
            method: 'DELETE',
            url: `/api/post/blog/delete?id=${created.id}`,
            token: writer.token,
          })
        ).status,
      ).toBe(200);
      await eventually(() => receiver.events('post.deleted', created.id)[0], 'post.deleted');
      // A draft deleted is nothing readers saw: no event.
      await request(ctx, {
        method: 'DELETE',
        url: `/api/post/blog/delete?id=${draft.id}`,
        token: writer.token,
      });

      // Everything that went out has settled: count what each hook got.
      await eventually(
        async () => (await deliveries(ctx, writer, all.id)).every((d) => d.state === 'delivered'),
        'all delivered',
      );
      const allLog = await deliveries(ctx, writer, all.id);
      expect(allLog.map((d) => d.event).sort()).toEqual(
        [
          'comment.created',
          'post.deleted',
          'post.published',
          'post.published',
          'post.unpublished',
          'post.updated',
        ].sort(),
      );
      expect((await deliveries(ctx, writer, onlyComments.id)).map((d) => d.event)).toEqual([
        'comment.created',
      ]);
      expect(receiver.received.some((hit) => hit.body.includes(draft.id))).toBe(false);
      expect(receiver.received.filter((hit) => hit.path === '/reader')).toEqual([]);
    });

    it('queues a scheduled post’s post.published for its publication time, and takes it back if unscheduled', async () => {
      const writer = await signUpUser(ctx);
      const hook = (
        await createHook(ctx, writer, { url: receiver.url('/scheduled'), events: ['post.published'] })
      ).body.response;
      const soon = new Date(Date.now() + 2_500).toISOString();
      const later = new Date(Date.now() + 60 * 60_000).toISOString();
      const scheduled = (
        await writePost(ctx, writer, { title: 'Soon', content: 'Wait for it.', publishAt: soon })
      ).body.response;
      const called = (
        await writePost(ctx, writer, { title: 'Later', content: 'Not today.', publishAt: later })
      ).body.response;
      const log = await deliveries(ctx, writer, hook.id);
      expect(log).toHaveLength(2);
      expect(log.map((d) => d.nextAttemptAt).sort()).toEqual([soon, later]);
      expect(receiver.events('post.published', scheduled.id)).toEqual([]);
      // Back to draft before its time: the queued event goes too.
      await writePost(ctx, writer, { title: 'Later', content: 'Not today.', status: 'draft' }, called.id);
      const hit = await eventually(
        () => receiver.events('post.published', scheduled.id)[0],
        'the scheduled publication',
      );
      expect(hit.at).toBeGreaterThanOrEqual(Date.parse(soon));
      expect(JSON.parse(hit.body)).toMatchObject({
        data: { post: { id: scheduled.id, status: 'published' } },
      });
      const published = JSON.parse(hit.body) as { id: string };
      expect(await settled(ctx, writer, hook.id, published.id)).toMatchObject({ state: 'delivered' });
      expect(await deliveries(ctx, writer, hook.id)).toHaveLength(1);
    });

    it('retries failures with growing waits, then delivers; gives up after the maximum attempts', async () => {
      const writer = await signUpUser(ctx);
      const flaky = (
        await createHook(ctx, writer, { url: receiver.url('/flaky'), events: ['post.published'] })
      ).body.response;
      const broken = (
        await createHook(ctx, writer, { url: receiver.url('/broken'), events: ['post.published'] })
      ).body.response;
      const failuresLeft = new Map<string, number>();
      receiver.answer = (hit) => {
        const id = String(hit.headers['inkwell-delivery']);
        if (hit.body.includes(broken.id)) return { status: 500 };
        const left = failuresLeft.get(id) ?? 2;
        failuresLeft.set(id, left - 1);
        return { status: left > 0 ? 503 : 204 };
      };
      try {
        const flakyPing = (await sendTest(ctx, writer, flaky.id)).body.response;
        const brokenPing = (await sendTest(ctx, writer, broken.id)).body.response;

        const delivered = await settled(ctx, writer, flaky.id, flakyPing.id);
        expect(delivered).toMatchObject({
          state: 'delivered',
          attempts: 3,
          lastStatus: 204,
          lastError: null,
        });
        const tries = receiver.received.filter((hit) => hit.headers['inkwell-delivery'] === flakyPing.id);
        expect(tries).toHaveLength(3);
        // The same delivery, body and all, each time; waits of at least half the backoff (jitter).
        expect(new Set(tries.map((hit) => hit.body)).size).toBe(1);
        expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(20);
        expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(40);

        const failed = await settled(ctx, writer, broken.id, brokenPing.id);
        expect(failed).toMatchObject({
          state: 'failed',
          attempts: 3,
          lastStatus: 500,
          lastError: 'Answered 500',
          nextAttemptAt: null,
        });
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(
          receiver.received.filter((hit) => hit.headers['inkwell-delivery'] === brokenPing.id),
        ).toHaveLength(3);
      } finally {
        receiver.answer = () => ({ status: 200 });
      }
    });

    it('does not follow redirects: a 3xx is logged as the answer and its target never called', async () => {
      const writer = await signUpUser(ctx);
      const target = await WebhookReceiver.start();
      try {
        const hook = (
          await createHook(ctx, writer, { url: receiver.url('/redirecting'), events: ['post.published'] })
        ).body.response;
        receiver.answer = (hit) =>
          hit.body.includes(hook.id)
            ? { status: 307, headers: { location: target.url('/inside') } }
            : { status: 200 };
        const ping = (await sendTest(ctx, writer, hook.id)).body.response;
        const logged = await settled(ctx, writer, hook.id, ping.id);
        expect(logged).toMatchObject({ state: 'failed', lastStatus: 307 });
        expect(logged.lastError).toMatch(/redirects are not followed/);
        expect(target.received).toEqual([]);
      } finally {
        receiver.answer = () => ({ status: 200 });
        await target.close();
      }
    });

    it('connects to the address it checked, not to whatever a second lookup says', async () => {
      const writer = await signUpUser(ctx);
      // receiver.test exists only in the injected resolver: a sender that looked the name up again
      // itself would fail with ENOTFOUND instead of reaching the receiver.
      const url = `http://receiver.test:${receiver.port}/pinned`;
      const hook = (await createHook(ctx, writer, { url, events: ['post.published'] })).body.response;
      const ping = (await sendTest(ctx, writer, hook.id)).body.response;
      const logged = await settled(ctx, writer, hook.id, ping.id);
      expect(logged).toMatchObject({ state: 'delivered', lastStatus: 200 });
      const hit = receiver.received.find((h) => h.headers['inkwell-delivery'] === ping.id);
      expect(hit?.headers.host).toBe(`receiver.test:${receiver.port}`);
    });

    it('keeps a paused hook’s deliveries queued until it is active again', async () => {
      const writer = await signUpUser(ctx);
      const hook = (
        await createHook(ctx, writer, { url: receiver.url('/paused'), events: ['post.published'] })
      ).body.response;
      await request(ctx, {
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        token: writer.token,
        payload: { active: false },
      });
      const ping = (await sendTest(ctx, writer, hook.id)).body.response;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received.filter((hit) => hit.headers['inkwell-delivery'] === ping.id)).toEqual([]);
      expect((await deliveries(ctx, writer, hook.id))[0]).toMatchObject({ state: 'pending', attempts: 0 });
      await request(ctx, {
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        token: writer.token,
        payload: { active: true },
      });
      expect(await settled(ctx, writer, hook.id, ping.id)).toMatchObject({ state: 'delivered' });
    });
  },
  { config: { webhooks: fastWebhooks({ resolve: testResolver }) } },
);

/** Two apps on one database, in turn or at once: the queue is the database. */
for (const dialect of DIALECTS) {
  const skip = dialect === 'postgres' && !postgresAvailable;
  (skip ? describe.skip : describe)(`webhooks: the queue across restarts and instances [${dialect}]`, () => {
    let database: Database;
    let dispose: () => Promise<void>;
    const apps: FastifyInstance[] = [];
    const start = async (webhooks: WebhooksConfig) => {
      const app = await buildApp({ config: testConfig({ webhooks }), database });
      await app.ready();
      apps.push(app);
      return { app, database, dialect } satisfies ApiContext;
    };
    /** Closes an instance; one left running would keep taking rows from the next test's queue. */
    const stop = async (instance: ApiContext) => {
      apps.splice(apps.indexOf(instance.app), 1);
      await instance.app.close();
    };
    beforeAll(async () => {
      ({ database, dispose } = await createTestDatabase(dialect));
    });
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close();
    });
    afterAll(() => dispose());

    it('delivers after a restart what was queued while the receiver was down', async () => {
      const port = await freePort();
      // Slow retries and many attempts: however busy the machine, the first instance is stopped
      // long before it could give the delivery up.
      const first = await start(fastWebhooks({ backoffBaseMs: 1_000, backoffMaxMs: 1_000, maxAttempts: 50 }));
      const writer = await signUpUser(first);
      const hook = (
        await createHook(first, writer, { url: `http://127.0.0.1:${port}/later`, events: ['post.published'] })
      ).body.response;
      const ping = (await sendTest(first, writer, hook.id)).body.response;
      const failedOnce = await eventually(
        async () =>
          (await deliveries(first, writer, hook.id)).find((d) => d.attempts === 1 && d.lastError !== null),
        'a failed first attempt',
      );
      expect(failedOnce).toMatchObject({ state: 'pending', lastStatus: null });
      expect(failedOnce.lastError).toMatch(/ECONNREFUSED/);
      await stop(first);

      const receiver = await WebhookReceiver.start(port);
      try {
        const second = await start(fastWebhooks({ maxAttempts: 50 }));
        const logged = await settled(second, writer, hook.id, ping.id);
        expect(logged).toMatchObject({ state: 'delivered', lastStatus: 200 });
        expect(logged.attempts).toBeGreaterThanOrEqual(2);
        expect(receiver.received.map((hit) => hit.headers['inkwell-delivery'])).toEqual([ping.id]);
      } finally {
        await receiver.close();
      }
    });

    it('checks the address again at delivery: a hook an operator no longer allows is refused, not called', async () => {
      const receiver = await WebhookReceiver.start();
      try {
        const open = await start(fastWebhooks());
        const writer = await signUpUser(open);
        const hook = (
          await createHook(open, writer, { url: receiver.url('/was-allowed'), events: ['post.published'] })
        ).body.response;
        await request(open, {
          method: 'PATCH',
          url: `/api/webhooks/${hook.id}`,
          token: writer.token,
          payload: { active: false },
        });
        const ping = (await sendTest(open, writer, hook.id)).body.response;
        await stop(open);

        const strict = await start(fastWebhooks({ allowPrivateNetworks: false }));
        await request(strict, {
          method: 'PATCH',
          url: `/api/webhooks/${hook.id}`,
          token: writer.token,
          payload: { active: true },
        });
        const logged = await settled(strict, writer, hook.id, ping.id);
        // Refused once and for all: no retries of an address that is not allowed.
        expect(logged).toMatchObject({ state: 'failed', attempts: 1, lastStatus: null });
        expect(logged.lastError).toMatch(/127\.0\.0\.1 is a private, loopback or link-local address/);
        expect(receiver.received).toEqual([]);
      } finally {
        await receiver.close();
      }
    });

    it('refuses at delivery a name that resolved to a public address at registration (DNS rebinding)', async () => {
      const receiver = await WebhookReceiver.start();
      let lookups = 0;
      // First answer public (registration), every later one loopback.
      const rebinding: HostResolver = async () => {
        lookups += 1;
        return [{ address: lookups === 1 ? PUBLIC_ADDRESS : '127.0.0.1', family: 4 }];
      };
      try {
        const app = await start(fastWebhooks({ allowPrivateNetworks: false, resolve: rebinding }));
        const writer = await signUpUser(app);
        const hook = (
          await createHook(app, writer, {
            url: `http://rebind.example.com:${receiver.port}/x`,
            events: ['post.published'],
          })
        ).body.response;
        const ping = (await sendTest(app, writer, hook.id)).body.response;
        const logged = await settled(app, writer, hook.id, ping.id);
        expect(logged).toMatchObject({ state: 'failed', lastStatus: null });
        expect(logged.lastError).toMatch(/resolves to 127\.0\.0\.1/);
        expect(receiver.received).toEqual([]);
      } finally {
        await receiver.close();
      }
    });

    it('never sends one delivery twice when two instances poll the same queue', async () => {
      const receiver = await WebhookReceiver.start();
      try {
        const one = await start(fastWebhooks({ pollIntervalMs: 5 }));
        const two = await start(fastWebhooks({ pollIntervalMs: 5 }));
        const writer = await signUpUser(one);
        const hook = (
          await createHook(one, writer, { url: receiver.url('/twice'), events: ['post.published'] })
        ).body.response;
        const ids: string[] = [];
        for (let index = 0; index < 20; index += 1) {
          ids.push((await sendTest(index % 2 ? one : two, writer, hook.id)).body.response.id);
        }
        await eventually(
          async () => (await deliveries(one, writer, hook.id)).every((d) => d.state === 'delivered'),
          'all 20 delivered',
          15_000,
        );
        const sent = receiver.received.map((hit) => String(hit.headers['inkwell-delivery']));
        expect(sent.sort()).toEqual(ids.sort());
      } finally {
        await receiver.close();
      }
    });
  });
}
