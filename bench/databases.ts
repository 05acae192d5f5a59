import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DialectName } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

/** A fresh, migrated database that exists only for one benchmark run. */
export interface BenchDatabase {
  dialect: DialectName;
  /** What the server child gets as DATABASE_URL: an SQLite file path or a PostgreSQL URL. */
  url: string;
  /** A scratch folder for the server's DATA_DIR (its JWT secret) and the baseline's files. */
  scratchDir: string;
  dispose(): Promise<void>;
}

let created = 0;

/** Runs one statement on the server named by `url`, from its own database or, if that is missing, `postgres`. */
async function adminQuery(url: string, statement: string): Promise<void> {
  const attempt = async (connectionString: string) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await attempt(url);
  } catch (error) {
    // 3D000: the database in DATABASE_URL does not exist; any database on the server will do.
    if ((error as { code?: unknown }).code !== '3D000') throw error;
    const fallback = new URL(url);
    fallback.pathname = '/postgres';
    await attempt(fallback.toString());
  }
}

/**
 * SQLite: a new file in a temporary folder. PostgreSQL: a new database on the server that
 * DATABASE_URL names (the database in the URL itself is never written to), dropped at the end.
 * Either way migrated by the product's own migrations.
 */
export async function createBenchDatabase(postgresUrl: string | undefined): Promise<BenchDatabase> {
  created += 1;
  const scratchDir = mkdtempSync(join(tmpdir(), 'inkwell-bench-'));
  let url: string;
  let drop: () => Promise<void>;
  if (postgresUrl === undefined) {
    url = join(scratchDir, 'bench.sqlite');
    drop = async () => undefined;
  } else {
    const name = `inkwell_bench_${process.pid}_${created}`;
    await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
    await adminQuery(postgresUrl, `create database ${name}`);
    const target = new URL(postgresUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = () => adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
  }
  const database = openDatabase({ databaseUrl: url, dataDir: scratchDir });
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
  return {
    dialect: database.dialect,
    url,
    scratchDir,
    dispose: async () => {
      await drop();
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}
