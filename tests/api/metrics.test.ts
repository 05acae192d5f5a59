import type { FastifyInstance } from 'fastify';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadWebhooksConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { describeEachDatabase, request, signUpUser, testConfig, type ApiContext } from './support/harness';
import { freePort } from './support/ports';
import { createPost } from './support/posts';
import { parseExposition, sampleValue, type Sample } from './support/prometheus';
import { createTestDatabase } from './support/test-databases';
import { eventually } from './support/eventually';
import { WebhookReceiver } from './support/webhook-receiver';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** Real HTTP: cache hits are answered at the front door, before Fastify, and must be counted too. */
function overHttp(ctx: ApiContext) {
  let base = '';
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
  const scrape = async (): Promise<Sample[]> => {
    const response = await get('/metrics', auth);
    expect(response.status).toBe(200);
    return parseExposition(await response.text());
  };
  return { get, scrape };
}

describe('/metrics without METRICS_TOKEN or METRICS_PORT', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase('sqlite');
    dispose = created.dispose;
    app = await buildApp({ config: testConfig(), database: created.database });
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('is not exposed: a JSON 404, with or without a token', async () => {
    for (const headers of [{}, auth]) {
      const response = await app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found: GET /metrics' });
    }
  });
});

describeEachDatabase(
  'Prometheus metrics behind METRICS_TOKEN',
  (ctx) => {
    const { get, scrape } = overHttp(ctx);

    it('refuses a scrape without the token or with another one', async () => {
      const missing = await get('/metrics');
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await missing.json()).toEqual({ message: 'Metrics need the bearer token set in METRICS_TOKEN' });
      expect((await get('/metrics', { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
      expect((await get('/metrics', { authorization: TOKEN })).status).toBe(401);
      const ok = await get('/metrics', auth);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.headers.get('cache-control')).toBe('no-store');
    });

    it('counts requests by route pattern and status class, cache hits at the front door included', async () => {
      const writer = await signUpUser(ctx);
      const post = await createPost(ctx, writer);
      const before = await scrape();
      const list = { method: 'GET', route: '/api/post/blog/all', status_class: '2xx' };
      const read = { method: 'GET', route: '/api/post/blog', status_class: '2xx' };

      const first = await get('/api/post/blog/all?limit=5');
      const second = await get('/api/post/blog/all?limit=5&junk=1');
      expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['miss', 'hit']);
      await get(`/api/post/blog?id=${post.id}`);
      await get('/api/nothing/here?x=1');
      await get('/api/nothing/else');

      const after = await scrape();
      const moved = (name: string, labels: Record<string, string> = {}) =>
        sampleValue(after, name, labels) - sampleValue(before, name, labels);
      expect(moved('inkwell_http_requests_total', list)).toBe(2);
      expect(moved('inkwell_http_request_duration_seconds_count', list)).toBe(2);
      expect(moved('inkwell_http_requests_total', read)).toBe(1);
      expect(moved('inkwell_http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBe(2);
      expect(moved('inkwell_response_cache_hits_total')).toBe(1);
      expect(moved('inkwell_response_cache_misses_total')).toBe(2);
      expect(sampleValue(after, 'inkwell_response_cache_entries')).toBeGreaterThanOrEqual(2);
      expect(sampleValue(after, 'inkwell_response_cache_bytes')).toBeGreaterThan(1000);
      // Bounded labels: no URL, id or query string ever becomes a route.
      const routes = new Set(after.map((sample) => sample.labels.route).filter(Boolean));
      for (const route of routes) expect(route).not.toMatch(/[?]|nothing|[0-9a-f]{8}-[0-9a-f]{4}/);
    });

    it('times database statements by kind, and shows the argon2 queue and the default process metrics', async () => {
      const before = await scrape();
      const writer = await signUpUser(ctx);
      await createPost(ctx, writer);
      const after = await scrape();
      const moved = (labels: Record<string, string>) =>
        sampleValue(after, 'inkwell_db_query_duration_seconds_count', labels) -
        sampleValue(before, 'inkwell_db_query_duration_seconds_count', labels);
      expect(moved({ operation: 'insert' })).toBeGreaterThanOrEqual(2);
      expect(moved({ operation: 'select' })).toBeGreaterThanOrEqual(1);
      expect(sampleValue(after, 'inkwell_db_query_duration_seconds_sum')).toBeGreaterThan(0);
      const names = new Set(after.map((sample) => sample.name));
      for (const name of [
        'inkwell_password_hash_queue',
        'inkwell_password_hash_rejected_total',
        'process_cpu_user_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
      ]) {
        expect(names, name).toContain(name);
      }
      if (ctx.dialect === 'postgres') {
        expect(sampleValue(after, 'inkwell_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(
          1,
        );
        expect(names).toContain('inkwell_db_pool_connections');
      } else {
        expect(names).not.toContain('inkwell_db_pool_connections');
      }
    });

    it('health, readiness and metrics are never cached and never empty the cache', async () => {
      await get('/api/post/blog/all?limit=3');
      expect((await get('/api/post/blog/all?limit=3')).headers.get('x-cache')).toBe('hit');
      for (const path of ['/healthz', '/readyz', '/metrics', '/healthz', '/readyz', '/metrics']) {
        const response = await get(path, auth);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('x-cache'), path).toBeNull();
      }
      expect((await get('/api/post/blog/all?limit=3')).headers.get('x-cache')).toBe('hit');
    });
  },
  { config: { metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' } } },
);

describe('metrics of failures', () => {
  let app: FastifyInstance;
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase('sqlite');
    database = created.database;
    dispose = created.dispose;
    app = await buildApp({
      config: testConfig({
        metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' },
        passwordHashing: { concurrency: 1, maxWaiting: 1 },
      }),
      database,
    });
    // A route that fails as a bug would, for the unexpected-error counter.
    // A test-only route, left out of the reference like pages are.
    app.get('/api/test/boom', { schema: { hide: true } }, () => {
      throw new Error('boom');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });
  const scrape = async () => parseExposition((await app.inject({ url: '/metrics', headers: auth })).body);

  it('counts unexpected errors by route, apart from the answers a rule gave', async () => {
    expect((await app.inject({ url: '/api/test/boom' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/api/post/blog?id=nope' })).statusCode).toBe(404);
    const samples = await scrape();
    expect(sampleValue(samples, 'inkwell_http_unexpected_errors_total', { route: '/api/test/boom' })).toBe(1);
    expect(sampleValue(samples, 'inkwell_http_unexpected_errors_total')).toBe(1);
    expect(
      sampleValue(samples, 'inkwell_http_requests_total', { route: '/api/test/boom', status_class: '5xx' }),
    ).toBe(1);
    expect(
      sampleValue(samples, 'inkwell_http_requests_total', { route: '/api/post/blog', status_class: '4xx' }),
    ).toBe(1);
  });

  it('shows the argon2 queue filling up and counts the sign-ups it refused', async () => {
    const signUps = Array.from({ length: 6 }, (_, index) =>
      request(
        { app, database, dialect: 'sqlite' },
        {
          method: 'POST',
          url: '/api/user/signup',
          payload: { username: `queued${index}`, email: `queued${index}@example.com`, password: 'secret12' },
        },
      ),
    );
    let settled = false;
    const all = Promise.all(signUps).finally(() => (settled = true));
    let sawWaiting = false;
    while (!settled && !sawWaiting) {
      sawWaiting = sampleValue(await scrape(), 'inkwell_password_hash_queue', { state: 'waiting' }) === 1;
      // inject settles on microtasks alone; let argon2's thread-pool callbacks in between scrapes.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const statuses = (await all).map((response) => response.status);
    expect(sawWaiting).toBe(true);
    const refused = statuses.filter((status) => status === 503).length;
    expect(refused).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 201).length + refused).toBe(6);
    const samples = await scrape();
    expect(sampleValue(samples, 'inkwell_password_hash_rejected_total')).toBe(refused);
    expect(sampleValue(samples, 'inkwell_password_hash_queue', { state: 'waiting' })).toBe(0);
    expect(sampleValue(samples, 'inkwell_password_hash_queue', { state: 'running' })).toBe(0);
  });
});

/** An SMTP server that is down: it hangs up on every connection before saying a word. */
const deadSmtp = createServer((socket) => socket.destroy());
await new Promise<void>((resolve) => deadSmtp.listen(0, '127.0.0.1', resolve));
const deadSmtpPort = (deadSmtp.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => deadSmtp.close(() => resolve())));

describeEachDatabase(
  'the background queues in the metrics',
  (ctx) => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
      // The receiver is down (500) until the test lets it answer.
      receiver.answer = () => ({ status: 500 });
    });
    afterAll(() => receiver.close());
    const scrape = async () =>
      parseExposition((await ctx.app.inject({ url: '/metrics', headers: auth })).body);
    const jobs = (samples: Sample[], queue: 'webhooks' | 'mail', state: 'pending' | 'failed') =>
      sampleValue(samples, 'inkwell_queue_jobs', { queue, state });
    const all = (samples: Sample[]) =>
      (['webhooks', 'mail'] as const).flatMap((queue) =>
        (['pending', 'failed'] as const).map((state) => `${queue} ${state} ${jobs(samples, queue, state)}`),
      );

    it('counts webhook deliveries waiting for a receiver that is down, and none once delivered', async () => {
      const idle = await scrape();
      // Every series is there from the start, at 0: an alert on it never sees "no data".
      expect(idle.filter((sample) => sample.name === 'inkwell_queue_jobs')).toHaveLength(4);
      expect(all(idle)).toEqual([
        'webhooks pending 0',
        'webhooks failed 0',
        'mail pending 0',
        'mail failed 0',
      ]);

      const writer = await signUpUser(ctx);
      const hook = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/webhooks',
        token: writer.token,
        payload: { url: receiver.url('/down'), events: ['post.published'] },
      });
      expect(hook.status).toBe(201);
      const test = await request(ctx, {
        method: 'POST',
        url: `/api/webhooks/${hook.body.response.id}/test`,
        token: writer.token,
      });
      expect(test.status).toBe(202);
      // Tried and refused: the delivery waits for its retry, and the gauge counts it.
      await eventually(() => receiver.received.length >= 1, 'a first attempt');
      expect(jobs(await scrape(), 'webhooks', 'pending')).toBe(1);
      receiver.answer = () => ({ status: 200 });
      await eventually(async () => jobs(await scrape(), 'webhooks', 'pending') === 0, 'the delivery');
      expect(receiver.received.at(-1)?.path).toBe('/down');
      expect(all(await scrape())).toEqual([
        'webhooks pending 0',
        'webhooks failed 0',
        'mail pending 0',
        'mail failed 0',
      ]);
    });

    it('counts an account email that failed for good while SMTP was down, and none once removed', async () => {
      const user = await signUpUser(ctx);
      const forgot = await request(ctx, {
        method: 'POST',
        url: '/api/user/password/forgot',
        payload: { email: user.email },
      });
      expect(forgot.status).toBe(202);
      await eventually(async () => jobs(await scrape(), 'mail', 'failed') === 1, 'the email to fail');
      expect(all(await scrape())).toEqual([
        'webhooks pending 0',
        'webhooks failed 0',
        'mail pending 0',
        'mail failed 1',
      ]);
      // The operator deletes the failed row (decision 45): the gauge follows at the next scrape.
      await ctx.database.db.deleteFrom('mail_outbox').where('state', '=', 'failed').execute();
      expect(jobs(await scrape(), 'mail', 'failed')).toBe(0);
    });
  },
  {
    config: {
      metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' },
      webhooks: {
        ...loadWebhooksConfig({}),
        allowPrivateNetworks: true,
        pollIntervalMs: 25,
        timeoutMs: 2_000,
        // Never failed for good here: retried every 100-200 ms until the receiver answers.
        maxAttempts: 1_000,
        backoffBaseMs: 200,
        backoffMaxMs: 200,
      },
      smtpUrl: `smtp://127.0.0.1:${deadSmtpPort}`,
      // One attempt: the email fails for good as soon as SMTP refuses the connection.
      mailQueue: { pollIntervalMs: 50, maxAttempts: 1 },
    },
  },
);

describe('metrics on METRICS_PORT', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let port = 0;
  beforeAll(async () => {
    const created = await createTestDatabase('sqlite');
    dispose = created.dispose;
    port = await freePort();
    app = await buildApp({
      config: testConfig({ metrics: { token: undefined, port, host: '127.0.0.1' } }),
      database: created.database,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('serves /metrics on its own loopback port, and not on the main one', async () => {
    await app.inject({ url: '/api/post/blog/all' });
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    const samples = parseExposition(await response.text());
    expect(
      sampleValue(samples, 'inkwell_http_requests_total', {
        route: '/api/post/blog/all',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/post/blog/all`)).status).toBe(404);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('stops listening when the app closes', async () => {
    await app.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
