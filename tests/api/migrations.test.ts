import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrations } from '../../server/db/migrations';
import { POSTGRES_ADMIN_URL, postgresAvailable } from './support/test-databases';

const run = promisify(execFile);
const ALL = Object.keys(migrations);

/** Two instances starting together: both succeed, each migration is applied exactly once. */
async function migrateTwiceAtOnce(env: Record<string, string>): Promise<string[][]> {
  // Both processes load first, then start migrating at the same instant.
  const startAt = String(Date.now() + 2500);
  const start = () =>
    run(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
      env: { ...process.env, ...env, MIGRATE_START_AT: startAt },
    }).then(
      ({ stdout }) => (JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { applied: string[] }).applied,
    );
  return Promise.all([start(), start()]);
}

describe('migrations under a lock', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('SQLite: two processes migrating one file apply every migration once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkwell-migrate-'));
    dirs.push(dir);
    const results = await migrateTwiceAtOnce({ DATA_DIR: dir, DATABASE_URL: '', JWT_SECRET: 'x'.repeat(40) });
    expect(results.flat().sort()).toEqual([...ALL].sort());
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir });
    const rows = await database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    await database.close();
    expect(rows).toHaveLength(ALL.length);
  });

  it.skipIf(!postgresAvailable)(
    'PostgreSQL: two processes migrating one database apply every migration once',
    async () => {
      const name = `inkwell_migrate_${process.pid}_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(POSTGRES_ADMIN_URL);
        url.pathname = `/${name}`;
        const results = await migrateTwiceAtOnce({
          DATABASE_URL: url.toString(),
          JWT_SECRET: 'x'.repeat(40),
        });
        expect(results.flat().sort()).toEqual([...ALL].sort());
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
