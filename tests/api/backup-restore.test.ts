import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { multipartBody, photo } from './support/media';
import { lastJsonLine, runNode, startServerProcess, type ServerProcess } from './support/server-process';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';

const WRITERS = 4;
/** Bounds on the load, whatever happens: writes in all, and seconds. */
const MAX_WRITES = 3_000;
const MAX_SECONDS = 90;

interface Acknowledged {
  id: string;
  at: number;
}

/**
 * Writers posting one after another through the real HTTP API, each remembering every post the
 * server acknowledged (201) and when.
 */
async function startWriteLoad(server: ServerProcess) {
  const acknowledged: Acknowledged[] = [];
  const tokens = await Promise.all(
    Array.from({ length: WRITERS }, async (_, index) => {
      const response = await fetch(`${server.url}/api/user/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `loader${index}`,
          email: `loader${index}@example.com`,
          password: 'secret12',
        }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { jwt: string }).jwt;
    }),
  );
  let stopped = false;
  const deadline = Date.now() + MAX_SECONDS * 1000;
  let sent = 0;
  const writers = tokens.map(async (token, writer) => {
    while (!stopped && sent < MAX_WRITES && Date.now() < deadline) {
      sent += 1;
      const response = await fetch(`${server.url}/api/post/blog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: `Load ${writer}.${sent}`, content: 'Written while a backup ran.' }),
      });
      const body = (await response.json()) as { response?: { id: string } };
      if (response.status === 201 && body.response) {
        acknowledged.push({ id: body.response.id, at: performance.now() });
      }
    }
  });
  return {
    acknowledged,
    /** Resolves once `count` writes have been acknowledged (or the load has ended). */
    async waitFor(count: number) {
      while (acknowledged.length < count && !stopped && sent < MAX_WRITES && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(acknowledged.length).toBeGreaterThanOrEqual(count);
    },
    async stop() {
      stopped = true;
      await Promise.all(writers);
    },
  };
}

interface Target {
  /** The environment that points the server, backup and restore at this database. */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkwell-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function target(dialect: 'sqlite' | 'postgres'): Promise<Target> {
  const dataDir = folder();
  if (dialect === 'sqlite') return { env: { DATA_DIR: dataDir }, dispose: async () => undefined };
  const database = await createEmptyPostgresDatabase('inkwell_backup');
  return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url }, dispose: () => database.drop() };
}

const script = (name: string, args: string[]) => ['--import', 'tsx', `scripts/${name}.ts`, ...args];

describe.each(['sqlite', 'postgres'] as const)('backup and restore [%s]', (dialect) => {
  it.skipIf(dialect === 'postgres' && !postgresAvailable)(
    'a backup taken while the server is under write load holds every write acknowledged before it began',
    { timeout: 240_000 },
    async () => {
      const source = await target(dialect);
      cleanups.push(() => source.dispose());
      // A few writers post as fast as they can: more than the per-user limit allows a real writer.
      const server = await startServerProcess({
        ...source.env,
        LOG_LEVEL: 'warn',
        RATE_POSTS_PER_USER: '100000',
      });
      cleanups.push(() => server.stop().then(() => undefined));
      const load = await startWriteLoad(server);
      cleanups.push(() => load.stop());
      await load.waitFor(50);

      // The backup command loads, then, at the same instant, the test notes every write acknowledged
      // so far (each must be in the backup) and the backup begins.
      let began = 0;
      let before: string[] = [];
      const backupFile = join(folder(), `inkwell.${dialect === 'sqlite' ? 'sqlite' : 'dump'}`);
      const backup = await runNode(script('backup', ['--out', backupFile]), source.env, {
        atGo: () => {
          began = performance.now();
          before = load.acknowledged.map((write) => write.id);
        },
      });
      const ended = performance.now();
      expect(before.length).toBeGreaterThanOrEqual(50);
      expect(backup.code, backup.stderr).toBe(0);
      expect(lastJsonLine<{ backup: string; dialect: string }>(backup.stdout)).toMatchObject({
        backup: backupFile,
        dialect,
      });
      await load.stop();
      // The server kept taking writes while the backup ran: it was a backup under load.
      const during = load.acknowledged.filter((write) => write.at > began && write.at < ended);
      expect(during.length).toBeGreaterThan(0);
      expect(await server.stop()).toBe(0);

      const fresh = await target(dialect);
      cleanups.push(() => fresh.dispose());
      const restore = await runNode(script('restore', [backupFile]), fresh.env);
      expect(restore.code, restore.stderr).toBe(0);

      const restored = openDatabase({
        databaseUrl: fresh.env.DATABASE_URL,
        dataDir: fresh.env.DATA_DIR ?? '',
      });
      try {
        const ids = new Set(
          (await restored.db.selectFrom('posts').select('id').execute()).map((row) => row.id),
        );
        const missing = before.filter((id) => !ids.has(id));
        expect(missing, `${missing.length} of ${before.length} acknowledged writes missing`).toEqual([]);
        // Nothing invented either: every restored post is one the server wrote.
        const written = new Set(load.acknowledged.map((write) => write.id));
        const unknown = [...ids].filter((id) => !written.has(id));
        // A post in flight when the snapshot was taken may be committed but not yet acknowledged.
        expect(unknown.length).toBeLessThanOrEqual(WRITERS);
        const users = await restored.db.selectFrom('users').select('username').execute();
        expect(users.map((user) => user.username).sort()).toEqual(
          Array.from({ length: WRITERS }, (_, index) => `loader${index}`),
        );
      } finally {
        await restored.close();
      }

      // The restored database is not empty now: a second restore needs --force.
      const again = await runNode(script('restore', [backupFile]), fresh.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^restore: Refusing to overwrite .*: it holds \d+ tables\. .*--force/m);
      const forced = await runNode(script('restore', [backupFile, '--force']), fresh.env);
      expect(forced.code, forced.stderr).toBe(0);

      // A server on the restored database serves the acknowledged posts.
      const restoredServer = await startServerProcess({ ...fresh.env, LOG_LEVEL: 'warn' });
      cleanups.push(() => restoredServer.stop().then(() => undefined));
      const last = before.at(-1) ?? '';
      const read = await fetch(`${restoredServer.url}/api/post/blog?id=${last}`);
      expect(read.status).toBe(200);
      expect((await fetch(`${restoredServer.url}/readyz`)).status).toBe(200);
    },
  );
});

describe.each(['sqlite', 'postgres'] as const)('pictures in backup and restore [%s]', (dialect) => {
  it.skipIf(dialect === 'postgres' && !postgresAvailable)(
    'a backup of an instance storing pictures on disk holds them, and restore serves them again byte for byte',
    { timeout: 120_000 },
    async () => {
      const source = await target(dialect);
      cleanups.push(() => source.dispose());
      const server = await startServerProcess({ ...source.env, LOG_LEVEL: 'warn' });
      cleanups.push(() => server.stop().then(() => undefined));
      const signUp = await fetch(`${server.url}/api/user/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'painter', email: 'painter@example.com', password: 'secret12' }),
      });
      expect(signUp.status).toBe(201);
      const { jwt } = (await signUp.json()) as { jwt: string };
      const { payload, headers } = multipartBody(await photo(1200, 800));
      const uploaded = await fetch(`${server.url}/api/media`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${jwt}` },
        body: new Uint8Array(payload),
      });
      expect(uploaded.status).toBe(201);
      const { srcset } = ((await uploaded.json()) as { response: { srcset: string } }).response;
      // Every width the picture was stored at, and the bytes the server served for each.
      const urls = srcset.split(', ').map((candidate) => candidate.split(' ')[0] ?? '');
      expect(urls.length).toBeGreaterThanOrEqual(2);
      const original = new Map<string, Buffer>();
      for (const url of urls) {
        const served = await fetch(`${server.url}${url}`);
        expect(served.status, url).toBe(200);
        original.set(url, Buffer.from(await served.arrayBuffer()));
      }

      // Taken while the server runs, as an operator's timer would.
      const backupFile = join(folder(), `inkwell.${dialect === 'sqlite' ? 'sqlite' : 'dump'}`);
      const backup = await runNode(script('backup', ['--out', backupFile]), source.env);
      expect(backup.code, backup.stderr).toBe(0);
      const mediaFolder = join(backupFile, '..', 'inkwell.media');
      expect(lastJsonLine<{ media: unknown }>(backup.stdout).media).toEqual({
        folder: mediaFolder,
        files: urls.length,
        bytes: [...original.values()].reduce((sum, data) => sum + data.length, 0),
      });
      // The database file and its pictures folder, nothing half-written beside them.
      expect(readdirSync(join(backupFile, '..')).sort()).toEqual(
        [basename(backupFile), 'inkwell.media'].sort(),
      );
      expect(readdirSync(mediaFolder, { recursive: true, encoding: 'utf8' })).toHaveLength(urls.length + 1);

      // The instance is gone: server stopped, its data folder (database file, pictures) removed.
      expect(await server.stop()).toBe(0);
      rmSync(source.env.DATA_DIR ?? '', { recursive: true, force: true });
      await source.dispose();

      const fresh = await target(dialect);
      cleanups.push(() => fresh.dispose());
      const restore = await runNode(script('restore', [backupFile]), fresh.env);
      expect(restore.code, restore.stderr).toBe(0);
      expect(lastJsonLine<{ media: unknown }>(restore.stdout).media).toMatchObject({
        folder: mediaFolder,
        files: urls.length,
      });
      const restoredServer = await startServerProcess({ ...fresh.env, LOG_LEVEL: 'warn' });
      cleanups.push(() => restoredServer.stop().then(() => undefined));
      for (const [url, bytes] of original) {
        const served = await fetch(`${restoredServer.url}${url}`);
        expect(served.status, url).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(bytes), url).toBe(true);
      }
      expect(await restoredServer.stop()).toBe(0);

      // With pictures in an S3 bucket, the backup says plainly that they are not in it.
      const s3Backup = join(folder(), `inkwell.${dialect === 'sqlite' ? 'sqlite' : 'dump'}`);
      const withS3 = await runNode(script('backup', ['--out', s3Backup]), {
        ...fresh.env,
        MEDIA_S3_BUCKET: 'inkwell-pictures',
      });
      expect(withS3.code, withS3.stderr).toBe(0);
      expect(withS3.stdout).toContain(
        'Pictures are stored in the S3 bucket "inkwell-pictures" and are NOT in this backup',
      );
      expect(lastJsonLine<{ media: unknown }>(withS3.stdout).media).toEqual({
        bucket: 'inkwell-pictures',
        copied: false,
      });
      expect(readdirSync(join(s3Backup, '..'))).toEqual([basename(s3Backup)]);
    },
  );
});

describe('restore refuses what it cannot restore', () => {
  it('a file that is not a backup, or a backup of the other database', async () => {
    const dir = folder();
    const notBackup = join(dir, 'notes.txt');
    await import('node:fs').then((fs) => fs.writeFileSync(notBackup, 'hello'));
    const wrong = await runNode(script('restore', [notBackup]), { DATA_DIR: dir, DATABASE_URL: '' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('is neither an SQLite backup nor a pg_dump custom-format backup');

    const pgLike = join(dir, 'inkwell.dump');
    await import('node:fs').then((fs) => fs.writeFileSync(pgLike, 'PGDMP\x01\x0f\x00'));
    const mismatch = await runNode(script('restore', [pgLike]), { DATA_DIR: dir, DATABASE_URL: '' });
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toContain('is a PostgreSQL backup, but the configured database is SQLite');

    const usage = await runNode(script('restore', []), { DATA_DIR: dir, DATABASE_URL: '' });
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run restore -- FILE [--force]');
  });
});
