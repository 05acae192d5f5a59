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

async function adminQuery(statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * pg-pool's end() resolves once it has asked its clients to close, not once they have: a forced
 * drop can then terminate a closing client, whose FATAL 57P01 surfaces as an unhandled error.
 * Waiting (briefly) for the backends to leave makes the forced drop a last resort.
 */
async function waitForConnectionsToClose(name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const result = await adminQuery('select count(*) as n from pg_stat_activity where datname = $1', [name]);
    if (Number(result.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * An empty PostgreSQL database of its own (no migrations), for tests that start processes or
 * several connections on it. `drop` waits for every connection to leave before dropping it.
 */
export async function createEmptyPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await waitForConnectionsToClose(name);
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
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
      await waitForConnectionsToClose(name);
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
