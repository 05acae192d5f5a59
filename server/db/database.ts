import { dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type DialectAdapter,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { createPrivateFileIfMissing, ensurePrivateDirectory } from '../lib/private-files';
import type { DatabaseSchema } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  /** Where the data lives, for logs: a file path or the PostgreSQL URL without its password. */
  location: string;
  close(): Promise<void>;
}

/**
 * Kysely's SQLite adapter takes no migration lock, trusting that one process owns the file. Two
 * instances starting together would both migrate. BEGIN IMMEDIATE takes SQLite's write lock for
 * the whole run (the second instance waits on busy_timeout, then finds nothing left to do).
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`begin immediate`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`commit`.execute(db);
  }
}

class LockingSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }
}

/**
 * Kysely's SQLite driver prepares every statement anew; with a handful of distinct queries, most
 * of that work repeats. better-sqlite3 statements are reusable (and calls are synchronous, so one
 * is never used twice at once), so keep them by their SQL text.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        // Bounded: queries with varying IN-lists must not grow the map forever.
        if (statements.size >= 500) statements.clear();
        statement = sqlite.prepare(sqlText);
        statements.set(sqlText, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

function openSqlite(file: string): Database {
  if (file !== ':memory:') {
    // Created owner-only before SQLite opens it; SQLite gives the -wal and -shm files it creates
    // the same mode as the database file.
    ensurePrivateDirectory(dirname(file));
    createPrivateFileIfMissing(file);
  }
  const sqlite = new SqliteDatabase(file, { timeout: 10_000 });
  // WAL lets readers run while a write commits; NORMAL sync is durable across app crashes in WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DatabaseSchema>({
    dialect: new LockingSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  const location = url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
  return { db, dialect: 'postgres', location, close: () => db.destroy() };
}

export function isPostgresUrl(url: string | undefined): boolean {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

/** DATABASE_URL unset: an SQLite file in the data folder; `postgres://…`: PostgreSQL. */
export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Database {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl && isPostgresUrl(databaseUrl)) return openPostgres(databaseUrl);
  if (databaseUrl === ':memory:') return openSqlite(':memory:');
  const file = databaseUrl?.replace(/^(sqlite|file):(\/\/)?/, '') || join(dataDir, 'inkwell.sqlite');
  return openSqlite(file);
}
