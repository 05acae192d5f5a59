import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { DIALECTS } from './support/harness';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';

/** A migration that landed after a later-named one (post versions after post settings). */
const LANDED_LATE = '2026-11-29-1101-create-post-versions';

describe('migrations that land out of name order', () => {
  for (const dialect of DIALECTS) {
    describe.skipIf(dialect === 'postgres' && !postgresAvailable)(dialect, () => {
      const cleanups: (() => Promise<void>)[] = [];
      afterAll(async () => {
        for (const cleanup of cleanups.reverse()) await cleanup();
      });

      it('runs one a database has not seen, though it already ran later-named ones', async () => {
        let database: Database;
        if (dialect === 'sqlite') {
          database = openDatabase({ databaseUrl: ':memory:', dataDir: '.tmp' });
        } else {
          const empty = await createEmptyPostgresDatabase('inkwell_unordered');
          database = openDatabase({ databaseUrl: empty.url, dataDir: '.tmp' });
          cleanups.push(empty.drop);
        }
        cleanups.push(() => database.close());
        // A database migrated before the late one landed: every other migration is applied.
        const before = Object.fromEntries(
          Object.entries(migrations).filter(([name]) => name !== LANDED_LATE),
        );
        const { error } = await new Migrator({
          db: database.db,
          provider: { getMigrations: async () => before },
        }).migrateToLatest();
        expect(error).toBeUndefined();

        expect(await migrateToLatest(database)).toEqual([LANDED_LATE]);
        const tables = await database.db.introspection.getTables();
        expect(tables.map((table) => table.name)).toContain('post_versions');
      });
    });
  }
});
