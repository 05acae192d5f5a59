import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrations } from '../../server/db/migrations';
import { runAtOnce } from './support/processes';
import { POSTGRES_ADMIN_URL, postgresAvailable } from './support/test-databases';

const ALL = Object.keys(migrations);

/** Three instances starting together: all succeed, each migration is applied exactly once. */
async function migrateAtOnce(env: Record<string, string>): Promise<string[][]> {
  const results = await runAtOnce<{ applied: string[] }>('scripts/migrate.ts', env);
  return results.map((result) => result.applied);
}

describe('migrations under a lock', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('SQLite: three processes migrating one file apply every migration once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkwell-migrate-'));
    dirs.push(dir);
    const results = await migrateAtOnce({ DATA_DIR: dir, DATABASE_URL: '', JWT_SECRET: 'x'.repeat(40) });
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
    'PostgreSQL: three processes migrating one database apply every migration once',
    async () => {
      const name = `inkwell_migrate_${process.pid}_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(POSTGRES_ADMIN_URL);
        url.pathname = `/${name}`;
        const results = await migrateAtOnce({
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
