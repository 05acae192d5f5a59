import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DialectName } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Probed once per test file; CI must not quietly skip half the suite, so there it is an error. */
export const postgresAvailable = await probePostgres();
if (!postgresAvailable && process.env.CI) {
  throw new Error(`PostgreSQL is required in CI but did not answer at ${POSTGRES_ADMIN_URL}`);
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on PostgreSQL, drops the database this run created. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database of the given dialect: an in-memory SQLite database, or a PostgreSQL
 * database with a unique name so parallel runs never collide.
 */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const database = openDatabase({ databaseUrl: ':memory:', dataDir: '.tmp' });
    await migrateToLatest(database);
    return { database, dispose: () => database.close() };
  }
  const name = `inkwell_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), dataDir: '.tmp' });
  await migrateToLatest(database);
  return {
    database,
    dispose: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
