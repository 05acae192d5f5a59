import { dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type DialectAdapter,
  type Driver,
  type LogEvent,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { createPrivateFileIfMissing, ensurePrivateDirectory } from '../lib/private-files';
import { ConstraintTranslatingDriver } from './constraint-errors';
import { LiteralLimits } from './postgres-literal-limits';
import { sendNamedStatements, StatementNames } from './postgres-prepared-statements';
import type { DatabaseSchema } from './schema';
import { startSqliteCheckpointer } from './sqlite-checkpointer';

export type DialectName = 'sqlite' | 'postgres';

/** Connections of a PostgreSQL pool: open, idle among them, and queries waiting for one. */
export interface PoolUsage {
  total: number;
  idle: number;
  waiting: number;
}

export type QueryListener = (event: LogEvent) => void;

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: DialectName;
  /** Where the data lives, for logs: a file path or the PostgreSQL URL without its password. */
  location: string;
  /** PostgreSQL only: how the connection pool is used right now. */
  poolUsage?: () => PoolUsage;
  /** Calls `listener` after every query with its duration (Kysely's log); returns an unsubscribe. */
  observeQueries(listener: QueryListener): () => void;
  close(): Promise<void>;
}

/**
 * Kysely's `log` option, fanned out to whoever observes queries (the metrics). Kysely times a query
 * only when a logger is set; with no listener this costs a timer read and a call per query.
 */
function queryObservers(): Pick<Database, 'observeQueries'> & { log: (event: LogEvent) => void } {
  const listeners = new Set<QueryListener>();
  return {
    log: (event) => {
      for (const listener of listeners) listener(event);
    },
    observeQueries: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
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

  override createDriver(): Driver {
    return new ConstraintTranslatingDriver(super.createDriver());
  }
}

/** PostgreSQL as Kysely speaks it, with constraint errors in our words (db/constraint-errors.ts). */
class TranslatingPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new ConstraintTranslatingDriver(super.createDriver());
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

/**
 * Turns WAL on, waiting its turn. Switching a new file to WAL needs it alone for a moment, and
 * SQLite answers SQLITE_BUSY at once, without its busy timeout, when several processes open the
 * same new file together (instances starting at once on a fresh data folder). Tried again for
 * up to 10 s, like any other lock.
 */
function enableWal(sqlite: SqliteDatabase.Database): void {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      // A synchronous pause: opening the database is synchronous, and this runs only at start-up.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
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
  enableWal(sqlite);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // An in-memory database has no WAL to checkpoint.
  const checkpointer = file === ':memory:' ? undefined : startSqliteCheckpointer(sqlite, file);
  const { log, observeQueries } = queryObservers();
  const db = new Kysely<DatabaseSchema>({
    dialect: new LockingSqliteDialect({ database: withStatementCache(sqlite) }),
    log,
  });
  const close = async () => {
    // The worker's connection goes first, so closing the last one folds the WAL in and removes it.
    await checkpointer?.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', location: file, observeQueries, close };
}

/** PostgreSQL connections per instance unless PG_POOL_MAX says otherwise (pg's own default). */
export const POSTGRES_POOL_DEFAULT = 10;

function openPostgres(url: string, poolMax: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // A connection that dies while idle (the database restarted, an operator ended the session) is
  // dropped by the pool and the next query opens a new one; /readyz reports the outage meanwhile.
  // Without a listener, pg-pool's 'error' event would end the process.
  pool.on('error', () => undefined);
  // The same can happen to a connection that is checked out but between two statements (inside a
  // transaction, say): the pool's listener is not on it then, and the client's own 'error' event
  // would end the process just as well. The statement in flight fails on its own; the dead client
  // is dropped when it goes back to the pool.
  // Each statement with parameters is prepared once a connection (postgres-prepared-statements.ts).
  const names = new StatementNames();
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    sendNamedStatements(client, names);
  });
  const { log, observeQueries } = queryObservers();
  const db = new Kysely<DatabaseSchema>({
    dialect: new TranslatingPostgresDialect({ pool }),
    log,
    plugins: [new LiteralLimits()],
  });
  const location = url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
  return {
    db,
    dialect: 'postgres',
    location,
    poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    observeQueries,
    close: () => db.destroy(),
  };
}

export function isPostgresUrl(url: string | undefined): boolean {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/** Where the data lives: DATABASE_URL unset, an SQLite file in the data folder; `postgres://…`. */
export function databaseTarget(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl && isPostgresUrl(databaseUrl)) return { dialect: 'postgres', url: databaseUrl };
  if (databaseUrl === ':memory:') return { dialect: 'sqlite', file: ':memory:' };
  const file = databaseUrl?.replace(/^(sqlite|file):(\/\/)?/, '') || join(dataDir, 'inkwell.sqlite');
  return { dialect: 'sqlite', file };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PG_POOL_MAX; tests leave it to the default. */
  postgresPoolMax?: number;
}): Database {
  const target = databaseTarget(options);
  return target.dialect === 'postgres'
    ? openPostgres(target.url, options.postgresPoolMax ?? POSTGRES_POOL_DEFAULT)
    : openSqlite(target.file);
}
