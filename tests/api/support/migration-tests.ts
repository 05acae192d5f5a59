import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database';
import { migrations } from '../../../server/db/migrations';
import { DIALECTS } from './harness';
import { createEmptyPostgresDatabase, postgresAvailable } from './test-databases';

const migrator = (database: Database) =>
  new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });

/** The migration that runs just before `name` (the first one's: none, ''). */
function migrationBefore(name: string): string {
  const names = Object.keys(migrations).sort();
  const index = names.indexOf(name);
  if (index < 0) throw new Error(`No migration named ${name}`);
  return names[index - 1] ?? '';
}

async function settled(result: Promise<{ error?: unknown }>): Promise<void> {
  const { error } = await result;
  if (error) throw error;
}

export interface MigrationTestOptions {
  /** The migration under test. */
  migration: string;
  /** Rows as they could exist before it, written to a database migrated up to just before it. */
  seed(database: Database): Promise<void>;
  /** Migrate to the migration itself (the default) or to the latest, once seeded. */
  until?: 'migration' | 'latest';
}

/**
 * What a migration does to rows that existed before it, on each database: for SQLite (in memory)
 * and PostgreSQL (a database of its own, dropped afterwards), migrates to just before
 * `options.migration`, seeds, migrates on, then runs `suite` with the migrated database.
 */
export function describeMigration(
  title: string,
  options: MigrationTestOptions,
  suite: (database: () => Database) => void,
): void {
  for (const dialect of DIALECTS) {
    const skip = dialect === 'postgres' && !postgresAvailable;
    describe.skipIf(skip)(`${title} [${dialect}]`, () => {
      let database: Database | undefined;
      let drop: (() => Promise<void>) | undefined;

      beforeAll(async () => {
        if (dialect === 'sqlite') {
          database = openDatabase({ databaseUrl: ':memory:', dataDir: '.tmp' });
        } else {
          const empty = await createEmptyPostgresDatabase('inkwell_migration');
          drop = empty.drop;
          database = openDatabase({ databaseUrl: empty.url, dataDir: '.tmp' });
        }
        await settled(migrator(database).migrateTo(migrationBefore(options.migration)));
        await options.seed(database);
        await settled(
          options.until === 'latest'
            ? migrator(database).migrateToLatest()
            : migrator(database).migrateTo(options.migration),
        );
      });
      afterAll(async () => {
        await database?.close();
        await drop?.();
      });

      suite(() => {
        if (!database) throw new Error('The migration test has no database');
        return database;
      });
    });
  }
}

/**
 * An account row as older schemas held it: `username_key` only where given (the column came
 * with names made unique), a password unless it is a former member's.
 */
export function legacyUser(row: {
  id: string;
  username: string;
  at: string;
  usernameKey?: string | null;
  email?: string;
  signsIn?: boolean;
}): Record<string, unknown> {
  const email = row.email ?? `${row.id}@example.com`;
  return {
    id: row.id,
    username: row.username,
    ...(row.usernameKey !== undefined ? { username_key: row.usernameKey } : {}),
    email,
    email_key: email,
    password_hash: row.signsIn === false ? null : 'x',
    created_at: row.at,
    updated_at: row.at,
  };
}

/** An account deleted with its writing kept: "former member", no name key, cannot sign in. */
export function formerMember(id: string, at: string, withKey = true): Record<string, unknown> {
  return legacyUser({
    id,
    username: 'former member',
    at,
    ...(withKey ? { usernameKey: null } : {}),
    email: `deleted-${id}@invalid`,
    signsIn: false,
  });
}
