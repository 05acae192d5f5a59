import { expect, it } from 'vitest';
import {
  API_KEY_INVALID_MESSAGE,
  API_KEY_NOT_ALLOWED_MESSAGE,
  API_KEY_NOT_FOUND_MESSAGE,
  API_KEY_RATE_MESSAGE,
  API_KEY_READ_ONLY_MESSAGE,
  API_KEYS_LIMIT_MESSAGE,
  API_KEYS_PER_USER,
  type ApiKey,
  type CreatedApiKey,
} from '../../contracts/api-keys';
import type { Post } from '../../contracts/posts';
import {
  describeEachDatabase,
  request,
  signUpUser,
  testConfig,
  type ApiContext,
  type TestUser,
} from './support/harness';
import { createPost } from './support/posts';

const KEY_REQUESTS = { max: 8, windowMs: 60_000 };

const createKey = (ctx: ApiContext, owner: TestUser, payload: Record<string, unknown>) =>
  request<{ response: CreatedApiKey; message?: string; errors?: Record<string, string[]> }>(ctx, {
    method: 'POST',
    url: '/api/user/keys',
    token: owner.token,
    payload,
  });

async function keyOf(ctx: ApiContext, owner: TestUser, scope: 'read' | 'write', name = `${scope} key`) {
  const created = await createKey(ctx, owner, { name, scope });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.response;
}

const listKeys = (ctx: ApiContext, token: string) =>
  request<{ response: ApiKey[]; message?: string }>(ctx, { method: 'GET', url: '/api/user/keys', token });

const writePost = (ctx: ApiContext, token: string, title = 'Written by a script') =>
  request<{ response: Post; message?: string }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token,
    payload: { title, content: 'Sent with a personal access token.' },
  });

describeEachDatabase(
  'personal access tokens',
  (ctx) => {
    it('shows a new key once, stores only its hash, and lists it without the secret', async () => {
      const owner = await signUpUser(ctx);
      const created = await createKey(ctx, owner, {
        name: '  Static site build  ',
        scope: 'read',
        expiresInDays: 30,
      });
      expect(created.status).toBe(201);
      const key = created.body.response;
      expect(key.token).toMatch(/^ink_[A-Za-z0-9_-]{43}$/);
      expect(key).toMatchObject({ name: 'Static site build', scope: 'read', lastUsedAt: null });
      expect(key.hint).toBe(key.token.slice(0, 10));
      const expiresIn = Date.parse(key.expiresAt ?? '') - Date.parse(key.createdAt);
      expect(expiresIn).toBe(30 * 24 * 60 * 60_000);

      const stored = await ctx.database.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', key.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(key.token);
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

      const listed = await listKeys(ctx, owner.token);
      expect(listed.status).toBe(200);
      const { token: _secret, ...withoutSecret } = key;
      expect(listed.body.response).toEqual([withoutSecret]);
      expect(JSON.stringify(listed.body)).not.toContain(key.token);
      // Keys are a person's own.
      expect((await listKeys(ctx, (await signUpUser(ctx)).token)).body.response).toEqual([]);
    });

    it('refuses bad key requests with field errors', async () => {
      const owner = await signUpUser(ctx);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ scope: 'read' }, 'name', 'Name is required'],
        [{ name: '   ', scope: 'read' }, 'name', 'Name is required'],
        [{ name: 'x'.repeat(61), scope: 'read' }, 'name', 'Name must be at most 60 characters'],
        [{ name: 'k', scope: 'admin' }, 'scope', 'Scope must be "read" or "write"'],
        [{ name: 'k', scope: 'read', expiresInDays: 0 }, 'expiresInDays', 'Expiry must be at least 1 day'],
        [
          { name: 'k', scope: 'read', expiresInDays: 1.5 },
          'expiresInDays',
          'Expiry must be a whole number of days',
        ],
        [
          { name: 'k', scope: 'read', expiresInDays: 9999 },
          'expiresInDays',
          'Expiry must be at most 366 days',
        ],
      ];
      for (const [payload, field, message] of cases) {
        const answer = await createKey(ctx, owner, payload);
        expect(answer.status, JSON.stringify(payload)).toBe(400);
        expect(answer.body.errors?.[field]).toEqual([message]);
      }
      expect(
        (await request(ctx, { method: 'POST', url: '/api/user/keys', payload: { name: 'k', scope: 'read' } }))
          .status,
      ).toBe(401);
      expect((await listKeys(ctx, owner.token)).body.response).toEqual([]);
    });

    it('lets a read key read as its owner and nothing more; a write key writes', async () => {
      const owner = await signUpUser(ctx);
      const draft = await request<{ response: Post }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: owner.token,
        payload: { title: 'Unfinished', content: 'Only mine', status: 'draft' },
      });
      const read = await keyOf(ctx, owner, 'read');
      const drafts = await request<{ response: Post[] }>(ctx, {
        method: 'GET',
        url: '/api/post/drafts',
        token: read.token,
      });
      expect(drafts.status).toBe(200);
      expect(drafts.body.response.map((post) => post.id)).toEqual([draft.body.response.id]);

      const refused = await writePost(ctx, read.token);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(API_KEY_READ_ONLY_MESSAGE);

      const write = await keyOf(ctx, owner, 'write');
      const written = await writePost(ctx, write.token);
      expect(written.status).toBe(201);
      expect(written.body.response.author.id).toBe(owner.id);
    });

    it('never lets a key touch the account: password, email, deletion, sessions or keys', async () => {
      const owner = await signUpUser(ctx);
      const write = await keyOf(ctx, owner, 'write');
      const attempts = [
        { method: 'PUT' as const, url: '/api/user/userupdate', payload: { password: 'a new password' } },
        {
          method: 'POST' as const,
          url: '/api/user/email',
          payload: { email: 'x@example.com', currentPassword: owner.password },
        },
        {
          method: 'POST' as const,
          url: '/api/user/delete',
          payload: { password: owner.password, content: 'delete' },
        },
        { method: 'POST' as const, url: '/api/user/signout-everywhere', payload: {} },
        { method: 'GET' as const, url: '/api/user/keys' },
        { method: 'POST' as const, url: '/api/user/keys', payload: { name: 'another', scope: 'write' } },
        { method: 'DELETE' as const, url: `/api/user/keys?id=${write.id}` },
      ];
      for (const attempt of attempts) {
        const answer = await request<{ message: string }>(ctx, { ...attempt, token: write.token });
        expect(answer.status, attempt.url).toBe(403);
        expect(answer.body.message).toBe(API_KEY_NOT_ALLOWED_MESSAGE);
      }
      // Nothing changed: the password still signs in, the key is still the only one.
      const signIn = await request(ctx, {
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: owner.email, password: owner.password },
      });
      expect(signIn.status).toBe(200);
      expect((await listKeys(ctx, owner.token)).body.response.map((key) => key.id)).toEqual([write.id]);
    });

    it('stops a revoked key at once, and only its owner can revoke it', async () => {
      const owner = await signUpUser(ctx);
      const key = await keyOf(ctx, owner, 'write');
      const stranger = await signUpUser(ctx);
      const byStranger = await request<{ message: string }>(ctx, {
        method: 'DELETE',
        url: `/api/user/keys?id=${key.id}`,
        token: stranger.token,
      });
      expect(byStranger.status).toBe(404);
      expect(byStranger.body.message).toBe(API_KEY_NOT_FOUND_MESSAGE);
      expect((await writePost(ctx, key.token)).status).toBe(201);

      const revoked = await request(ctx, {
        method: 'DELETE',
        url: `/api/user/keys?id=${key.id}`,
        token: owner.token,
      });
      expect(revoked.status).toBe(204);
      const after = await writePost(ctx, key.token);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe(API_KEY_INVALID_MESSAGE);
      expect(
        (await request(ctx, { method: 'DELETE', url: `/api/user/keys?id=${key.id}`, token: owner.token }))
          .status,
      ).toBe(404);
      expect(
        (await request(ctx, { method: 'DELETE', url: '/api/user/keys?id=not-an-id', token: owner.token }))
          .status,
      ).toBe(404);
      // A public read with a dead key is still answered, as for a stale sign-in.
      expect(
        (await request(ctx, { method: 'GET', url: '/api/post/blog/all', token: key.token })).status,
      ).toBe(200);
    });

    it('stops an expired key, and an unknown one', async () => {
      const owner = await signUpUser(ctx);
      const key = await keyOf(ctx, owner, 'read');
      await ctx.database.db
        .updateTable('api_keys')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', key.id)
        .execute();
      const expired = await request<{ message: string }>(ctx, {
        method: 'GET',
        url: '/api/post/drafts',
        token: key.token,
      });
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe(API_KEY_INVALID_MESSAGE);
      const forged = await request<{ message: string }>(ctx, {
        method: 'GET',
        url: '/api/post/drafts',
        token: `ink_${'A'.repeat(43)}`,
      });
      expect(forged.status).toBe(401);
      expect(forged.body.message).toBe(API_KEY_INVALID_MESSAGE);
    });

    it("records a key's last use, at most once a minute", async () => {
      const owner = await signUpUser(ctx);
      const key = await keyOf(ctx, owner, 'read');
      const before = Date.now();
      await request(ctx, { method: 'GET', url: '/api/post/drafts', token: key.token });
      const [first] = (await listKeys(ctx, owner.token)).body.response;
      expect(Date.parse(first?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(before - 1);
      await request(ctx, { method: 'GET', url: '/api/post/drafts', token: key.token });
      const [second] = (await listKeys(ctx, owner.token)).body.response;
      expect(second?.lastUsedAt).toBe(first?.lastUsedAt);
    });

    it('limits requests per key with 429 and Retry-After, each key on its own', async () => {
      const owner = await signUpUser(ctx);
      const key = await keyOf(ctx, owner, 'read');
      for (let sent = 0; sent < KEY_REQUESTS.max; sent += 1) {
        expect(
          (await request(ctx, { method: 'GET', url: '/api/post/drafts', token: key.token })).status,
        ).toBe(200);
      }
      const over = await request<{ message: string }>(ctx, {
        method: 'GET',
        url: '/api/post/drafts',
        token: key.token,
      });
      expect(over.status).toBe(429);
      expect(over.body.message).toBe(API_KEY_RATE_MESSAGE);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another key, and the owner's own sign-in, are not held back.
      const other = await keyOf(ctx, owner, 'read', 'another');
      expect(
        (await request(ctx, { method: 'GET', url: '/api/post/drafts', token: other.token })).status,
      ).toBe(200);
      expect(
        (await request(ctx, { method: 'GET', url: '/api/post/drafts', token: owner.token })).status,
      ).toBe(200);
    });

    it(`holds at most ${API_KEYS_PER_USER} keys per person`, async () => {
      const owner = await signUpUser(ctx);
      for (let made = 0; made < API_KEYS_PER_USER; made += 1) await keyOf(ctx, owner, 'read', `key ${made}`);
      const over = await createKey(ctx, owner, { name: 'one too many', scope: 'read' });
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(API_KEYS_LIMIT_MESSAGE);
    });

    it("goes with its owner's account", async () => {
      const owner = await signUpUser(ctx);
      const key = await keyOf(ctx, owner, 'write');
      await createPost(ctx, owner);
      const deleted = await request(ctx, {
        method: 'POST',
        url: '/api/user/delete',
        token: owner.token,
        payload: { password: owner.password, content: 'delete' },
      });
      expect(deleted.status).toBe(200);
      expect((await writePost(ctx, key.token)).status).toBe(401);
      const rows = await ctx.database.db
        .selectFrom('api_keys')
        .select('id')
        .where('user_id', '=', owner.id)
        .execute();
      expect(rows).toEqual([]);
    });
  },
  { config: { rateLimits: { ...testConfig().rateLimits, requestsPerApiKey: KEY_REQUESTS } } },
);
