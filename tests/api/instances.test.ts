import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { testConfig } from './support/harness';
import { freePort } from './support/ports';
import { createEmptyPostgresDatabase, createTestDatabase, postgresAvailable } from './support/test-databases';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function probeRedis(): Promise<boolean> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const redisAvailable = await probeRedis();
if (!redisAvailable && process.env.CI)
  throw new Error(`Redis is required in CI but did not answer at ${REDIS_URL}`);
const skip = !postgresAvailable || !redisAvailable;

interface Instance {
  app: FastifyInstance;
  database: Database;
  url: string;
}

interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

async function call<T = Record<string, unknown>>(
  instance: Instance,
  path: string,
  options: { method?: string; token?: string; body?: unknown; ip?: string } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${instance.url}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}

let userCounter = 0;
async function signUp(
  instance: Instance,
): Promise<{ id: string; token: string; email: string; password: string }> {
  userCounter += 1;
  const email = `instances-${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const answer = await call<{ jwt: string; userId: string }>(instance, '/api/user/signup', {
    method: 'POST',
    body: { username: `reader${userCounter}`, email, password },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.userId, token: answer.body.jwt, email, password };
}

/**
 * Two instances as an operator runs them behind a balancer: separate processes' worth of state
 * (each its own pool of connections, response cache and Redis connections), one PostgreSQL
 * database and one Redis, under a key prefix of this run's own.
 */
describe.skipIf(skip)(
  `two instances on one PostgreSQL and one Redis${skip ? ' (not reachable, skipped)' : ''}`,
  () => {
    const keyPrefix = `inkwell-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
    let drop: (() => Promise<void>) | undefined;
    const instances: Instance[] = [];
    const a = () => instances[0]!;
    const b = () => instances[1]!;

    beforeAll(async () => {
      const created = await createEmptyPostgresDatabase('inkwell_instances');
      drop = created.drop;
      const config = testConfig({
        databaseUrl: created.url,
        redisUrl: REDIS_URL,
        redisKeyPrefix: keyPrefix,
        // Far longer than the test runs: only the invalidation message can empty B's cache in time.
        responseCacheTtlMs: 600_000,
        rateLimits: {
          signInFailuresPerEmail: { max: 5, windowMs: 60_000 },
          signInAttemptsPerIp: { max: 1_000, windowMs: 60_000 },
          signUpsPerIp: { max: 1_000, windowMs: 60_000 },
          passwordChangesPerUser: { max: 1_000, windowMs: 60_000 },
          requestsPerApiKey: { max: 6, windowMs: 60_000 },
          postsPerUser: { max: 4, windowMs: 60_000 },
          followsPerUser: { max: 1_000, windowMs: 60_000 },
          favoritesPerUser: { max: 1_000, windowMs: 60_000 },
        },
      });
      for (let index = 0; index < 2; index += 1) {
        const database = openDatabase({ databaseUrl: created.url, dataDir: '.tmp' });
        await migrateToLatest(database);
        const app = await buildApp({ config, database });
        const address = await app.listen({ port: 0, host: '127.0.0.1' });
        instances.push({ app, database, url: address });
      }
    });

    afterAll(async () => {
      for (const { app, database } of instances) {
        await app.close();
        await database.close();
      }
      await drop?.();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('reports Redis in /readyz on both', async () => {
      for (const instance of instances) {
        const answer = await call<{ status: string; checks: Record<string, { ok: boolean }> }>(
          instance,
          '/readyz',
        );
        expect(answer.status).toBe(200);
        expect(answer.body.checks.redis?.ok).toBe(true);
      }
    });

    it('shows a write through A to anonymous readers of B within 200 ms', async () => {
      const author = await signUp(a());
      // B answers the list from its cache. The sign-up above also empties B's cache, through Redis,
      // a moment later; B is read until that has passed and its answer is kept (bounded: 5 s).
      const cachedBy = performance.now() + 5_000;
      let cache: string | null = null;
      while (cache !== 'hit' && performance.now() < cachedBy) {
        cache = (await call(b(), '/api/post/blog/all')).headers.get('x-cache');
      }
      expect(cache).toBe('hit');

      const created = await call<{ response: Post }>(a(), '/api/post/blog', {
        method: 'POST',
        token: author.token,
        body: { title: 'Written through A', content: 'Read through B.' },
      });
      expect(created.status).toBe(201);
      const acknowledged = performance.now();
      // When, after the acknowledgement, the first read through B that showed the post was sent.
      let seenByReadSentAt: number | undefined;
      while (seenByReadSentAt === undefined && performance.now() - acknowledged < 5_000) {
        const sentAt = performance.now() - acknowledged;
        const list = await call<{ response: Post[] }>(b(), '/api/post/blog/all');
        if (list.body.response.some((post) => post.id === created.body.response.id))
          seenByReadSentAt = sentAt;
      }
      expect(seenByReadSentAt).toBeDefined();
      expect(seenByReadSentAt).toBeLessThan(200);
    });

    it("stops a key revoked through A at once on B, and counts a key's requests across both", async () => {
      const owner = await signUp(a());
      const created = await call<{ response: { id: string; token: string } }>(a(), '/api/user/keys', {
        method: 'POST',
        token: owner.token,
        body: { name: 'balanced', scope: 'read' },
      });
      expect(created.status).toBe(201);
      const key = created.body.response;
      // Six requests allowed per key, three through each instance; the seventh is refused on either.
      for (let sent = 0; sent < 6; sent += 1) {
        expect(
          (await call(sent % 2 === 0 ? a() : b(), '/api/post/drafts', { token: key.token })).status,
        ).toBe(200);
      }
      expect((await call(b(), '/api/post/drafts', { token: key.token })).status).toBe(429);

      const other = await call<{ response: { id: string; token: string } }>(b(), '/api/user/keys', {
        method: 'POST',
        token: owner.token,
        body: { name: 'revoked soon', scope: 'read' },
      });
      expect((await call(b(), '/api/post/drafts', { token: other.body.response.token })).status).toBe(200);
      const revoked = await call(a(), `/api/user/keys?id=${other.body.response.id}`, {
        method: 'DELETE',
        token: owner.token,
      });
      expect(revoked.status).toBe(204);
      expect((await call(b(), '/api/post/drafts', { token: other.body.response.token })).status).toBe(401);
    });

    it('shares the failed sign-in budget: 20 simultaneous guesses through both get 5 × 401 and 15 × 429', async () => {
      const owner = await signUp(a());
      const guesses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          call(index % 2 === 0 ? a() : b(), '/api/user/signin', {
            method: 'POST',
            body: { email: owner.email, password: `wrong password ${index}` },
          }),
        ),
      );
      expect(guesses.map((guess) => guess.status).sort()).toEqual([
        ...Array<number>(5).fill(401),
        ...Array<number>(15).fill(429),
      ]);
      for (const instance of instances) {
        const answer = await call(instance, '/api/user/signin', {
          method: 'POST',
          body: { email: owner.email, password: owner.password },
        });
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });

    it('revokes on B the token a password change through A replaced', async () => {
      const user = await signUp(a());
      expect((await call(b(), '/api/user/me', { token: user.token })).status).toBe(200);
      const changed = await call<{ jwt: string }>(a(), '/api/user/userupdate', {
        method: 'PUT',
        token: user.token,
        body: { password: 'a brand new password', currentPassword: user.password },
      });
      expect(changed.status).toBe(200);
      expect((await call(b(), '/api/user/me', { token: user.token })).status).toBe(401);
      expect((await call(b(), '/api/user/me', { token: changed.body.jwt })).status).toBe(200);
    });

    it("shares a writer's post allowance: 4 posts through A and B at once, then 429 on both", async () => {
      const writer = await signUp(a());
      const create = (instance: Instance, index: number) =>
        call(instance, '/api/post/blog', {
          method: 'POST',
          token: writer.token,
          body: { title: `Allowance ${index}`, content: 'Counted once, wherever it lands.' },
        });
      const first = await Promise.all(
        [a(), b(), a(), b(), a(), b()].map((instance, index) => create(instance, index)),
      );
      expect(first.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 429, 429]);
      for (const instance of instances) {
        const over = await create(instance, 9);
        expect(over.status).toBe(429);
        expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });

    it('counts favorites made through both at once exactly', async () => {
      const author = await signUp(a());
      const post = await call<{ response: Post }>(b(), '/api/post/blog', {
        method: 'POST',
        token: author.token,
        body: { title: 'Favorite me', content: 'From both sides.' },
      });
      const readers = await Promise.all(
        Array.from({ length: 12 }, (_, index) => signUp(index % 2 ? a() : b())),
      );
      // Each reader favorites through both instances at the same moment, twice over.
      await Promise.all(
        readers.flatMap((reader) =>
          [a(), b(), a(), b()].map((instance) =>
            call(instance, `/api/post/favorite?id=${post.body.response.id}`, {
              method: 'POST',
              token: reader.token,
            }),
          ),
        ),
      );
      for (const instance of instances) {
        const read = await call<{ response: Post }>(instance, `/api/post/blog?id=${post.body.response.id}`);
        expect(read.body.response.favoriteCount).toBe(readers.length);
      }
    });
  },
);

describe('an instance whose Redis does not answer', () => {
  it('still starts and signs people in, and /readyz stays ready, saying Redis is degraded', async () => {
    const { database, dispose } = await createTestDatabase('sqlite');
    const closedPort = await freePort();
    const app = await buildApp({
      config: testConfig({
        redisUrl: `redis://127.0.0.1:${closedPort}`,
        redisKeyPrefix: 'inkwell-test-down:',
      }),
      database,
    });
    try {
      const instance = { app, database, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
      const ready = await call<{ checks: Record<string, { ok: boolean; degraded?: boolean }> }>(
        instance,
        '/readyz',
      );
      expect(ready.status).toBe(200);
      expect(ready.body.checks.redis).toMatchObject({ ok: false, degraded: true });
      expect(ready.body.checks.database?.ok).toBe(true);
      // The memory limiter insures the Redis one: sign-ups and sign-ins are still counted and served.
      const user = await signUp(instance);
      const signedIn = await call(instance, '/api/user/signin', {
        method: 'POST',
        body: { email: user.email, password: user.password },
      });
      expect(signedIn.status).toBe(200);
    } finally {
      await app.close();
      await dispose();
    }
  });
});
