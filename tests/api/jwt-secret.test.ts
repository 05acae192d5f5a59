import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { resolveJwtSecret } from '../../server/modules/instance/jwt-secret';
import { createTestDatabase, postgresAvailable } from './support/test-databases';

describe('the generated JWT secret', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkwell-secret-'));
    dirs.push(dir);
    return dir;
  };

  it('is JWT_SECRET itself when set', async () => {
    const { database, dispose } = await createTestDatabase('sqlite');
    const configured = 'c'.repeat(40);
    expect(await resolveJwtSecret({ configured, database, dataDir: scratch() })).toBe(configured);
    await dispose();
  });

  it.skipIf(!postgresAvailable)(
    'PostgreSQL: instances asking at the same instant all get the one secret stored in the database',
    async () => {
      const { database, dispose } = await createTestDatabase('postgres');
      const url = database.location.replace(':***@', '@');
      const others = [0, 1, 2].map(() => openDatabase({ databaseUrl: url, dataDir: '.tmp' }));
      try {
        await Promise.all(others.map((other) => migrateToLatest(other)));
        const secrets = await Promise.all(
          [database, ...others].map((instance) =>
            resolveJwtSecret({ configured: undefined, database: instance, dataDir: scratch() }),
          ),
        );
        expect(new Set(secrets).size).toBe(1);
        expect(secrets[0]?.length).toBeGreaterThanOrEqual(32);
        // A restart reads it back rather than making a new one.
        expect(await resolveJwtSecret({ configured: undefined, database, dataDir: scratch() })).toBe(
          secrets[0],
        );
      } finally {
        await Promise.all(others.map((other) => other.close()));
        await dispose();
      }
    },
  );

  it('SQLite: kept in the data folder, readable by its owner only, and read back on the next start', async () => {
    const dataDir = join(scratch(), `fresh-${randomBytes(2).toString('hex')}`);
    const { database, dispose } = await createTestDatabase('sqlite');
    const secret = await resolveJwtSecret({ configured: undefined, database, dataDir });
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(secret);
    expect(await resolveJwtSecret({ configured: undefined, database, dataDir })).toBe(secret);
    await dispose();
  });
});
