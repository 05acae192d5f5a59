import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { describeEachDatabase, request, testConfig } from './support/harness';
import { createEmptyPostgresDatabase, postgresAvailable, POSTGRES_ADMIN_URL } from './support/test-databases';

interface Readiness {
  status?: string;
  message?: string;
  checks: Record<string, { ok: boolean; ms: number; reason?: string }>;
}

const lastMigration = Object.keys(migrations).at(-1) ?? '';

describeEachDatabase('health and readiness', (ctx) => {
  it('/healthz answers that the process lives, never from a cache', async () => {
    const response = await request<{ status: string; uptimeSeconds: number }>(ctx, { url: '/healthz' });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz is ready when the database answers and holds every migration', async () => {
    const response = await request<Readiness>(ctx, { url: '/readyz' });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ready');
    expect(response.body.checks.database?.ok).toBe(true);
    expect(response.body.checks.migrations?.ok).toBe(true);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz is 503 and names the migration when one is not applied', async () => {
    await sql`delete from kysely_migration where name = ${lastMigration}`.execute(ctx.database.db);
    try {
      const response = await request<Readiness>(ctx, { url: '/readyz' });
      expect(response.status).toBe(503);
      expect(response.body.message).toBe(`Not ready: migrations (1 pending: ${lastMigration})`);
      expect(response.body.checks.database?.ok).toBe(true);
      expect(response.body.checks.migrations).toMatchObject({
        ok: false,
        reason: `1 pending: ${lastMigration}`,
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${lastMigration}, ${new Date().toISOString()})`.execute(
        ctx.database.db,
      );
    }
    expect((await request(ctx, { url: '/readyz' })).status).toBe(200);
  });
});

/** A Redis address nothing listens on: port 1 (tcpmux) is closed on any machine that runs these tests. */
const REDIS_DOWN = { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'inkwell-test-redis-down:' };

describeEachDatabase(
  'readiness while the optional Redis is down',
  (ctx) => {
    it('/readyz stays 200 and reports Redis as degraded: every instance serves without it', async () => {
      const response = await request<Readiness>(ctx, { url: '/readyz' });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.status).toBe('degraded');
      expect(response.body.checks.redis).toMatchObject({ ok: false, degraded: true });
      expect(response.body.checks.database).toEqual({ ok: true, ms: expect.any(Number) });
      expect(response.body.checks.migrations?.ok).toBe(true);
    });

    it('/readyz still fails on the database: a missing migration is a 503 that names it, not Redis', async () => {
      await sql`delete from kysely_migration where name = ${lastMigration}`.execute(ctx.database.db);
      try {
        const response = await request<Readiness>(ctx, { url: '/readyz' });
        expect(response.status).toBe(503);
        expect(response.body.message).toBe(`Not ready: migrations (1 pending: ${lastMigration})`);
        expect(response.body.checks.redis).toMatchObject({ ok: false, degraded: true });
      } finally {
        await sql`insert into kysely_migration (name, timestamp) values (${lastMigration}, ${new Date().toISOString()})`.execute(
          ctx.database.db,
        );
      }
    });
  },
  { config: REDIS_DOWN },
);

describe('readiness with the database stopped', () => {
  let app: FastifyInstance | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    await app?.close();
    app = undefined;
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(database: Database, config: Partial<AppConfig> = {}): Promise<FastifyInstance> {
    await migrateToLatest(database);
    app = await buildApp({ config: testConfig(config), database });
    await app.ready();
    return app;
  }

  const readiness = async (server: FastifyInstance) => {
    const response = await server.inject({ url: '/readyz' });
    return { status: response.statusCode, body: response.json<Readiness>() };
  };

  /**
   * /readyz asked as a load balancer does, again and again, until it says `status` (within 10 s):
   * the end of a session reaches the pool's sockets a moment after the server ended it, and a
   * connection found dead on the first probe after the database is back is dropped for the next.
   */
  const readinessBecomes = async (server: FastifyInstance, status: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await readiness(server);
      if (answer.status === status || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('SQLite: a closed database handle makes /readyz 503 naming the database; /healthz stays 200', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkwell-ready-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir });
    const server = await start(database);
    expect((await readiness(server)).status).toBe(200);

    await database.close();
    const stopped = await readiness(server);
    expect(stopped.status).toBe(503);
    expect(stopped.body.message).toMatch(/^Not ready: database \(did not answer\)/);
    expect(stopped.body.checks.database).toMatchObject({ ok: false, reason: 'did not answer' });
    // Nothing about the driver's internals reaches the answer.
    expect(JSON.stringify(stopped.body)).not.toMatch(/sqlite|kysely|destroy/i);
    expect((await server.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('SQLite: with Redis down too, a closed database still makes /readyz 503', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkwell-ready-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir });
    const server = await start(database, REDIS_DOWN);
    expect((await readiness(server)).body.status).toBe('degraded');

    await database.close();
    const stopped = await readiness(server);
    expect(stopped.status).toBe(503);
    expect(stopped.body.message).toMatch(/^Not ready: database \(did not answer\)/);
    expect(stopped.body.message).not.toContain('redis');
    expect(stopped.body.checks.redis).toMatchObject({ ok: false, degraded: true });
  });

  it.skipIf(!postgresAvailable)(
    'PostgreSQL: with its connections ended and refused, /readyz is 503; once allowed again, 200',
    async () => {
      const created = await createEmptyPostgresDatabase('inkwell_ready');
      const name = new URL(created.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      const database = openDatabase({ databaseUrl: created.url, dataDir: '.tmp' });
      cleanups.push(
        () => created.drop(),
        () => admin.end(),
        () => admin.query(`alter database ${name} allow_connections true`).then(() => undefined),
        () => database.close(),
      );
      const server = await start(database);
      expect((await readiness(server)).status).toBe(200);

      // The database "stops": every session is ended and no new one is let in.
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      const stopped = await readinessBecomes(server, 503);
      expect(stopped.status).toBe(503);
      expect(stopped.body.checks.database).toMatchObject({ ok: false, reason: 'did not answer' });
      expect(stopped.body.message).toContain('database (did not answer)');
      expect(JSON.stringify(stopped.body)).not.toContain(name);
      expect((await server.inject({ url: '/healthz' })).statusCode).toBe(200);

      // It comes back: the pool opens new connections and the instance is ready again.
      await admin.query(`alter database ${name} allow_connections true`);
      expect((await readinessBecomes(server, 200)).status).toBe(200);
    },
  );
});
