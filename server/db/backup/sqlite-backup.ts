import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { createPrivateFileIfMissing, ensurePrivateDirectory } from '../../lib/private-files';
import { BackupError, writeWhole } from './backup-file';

/** better-sqlite3 copies this many pages per step at most: all of them, in one step. */
const ALL_PAGES = 0x7fffffff;

/**
 * SQLite's online backup API restarts a copy whenever another connection (the running server)
 * writes between two steps, so a copy in small steps might never finish under steady writes.
 * After the first step, each step copies every remaining page, inside one read transaction: a
 * snapshot of the database as of that step, holding every transaction committed before it.
 * In WAL mode that read never blocks the server's writes.
 */
function copyAllPages(): number {
  return ALL_PAGES;
}

function checkIntegrity(file: string, what: string): void {
  const copy = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const result = copy.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`${what} ${file} is damaged: ${String(result)}`);
    const hasMigrations = copy
      .prepare('select 1 from sqlite_master where type = ? and name = ?')
      .get('table', DEFAULT_MIGRATION_TABLE);
    if (!hasMigrations) throw new BackupError(`${what} ${file} is not an Inkwell database`);
  } finally {
    copy.close();
  }
}

/** Tables in an SQLite file; 0 when the file does not exist or is empty. */
export function sqliteTableCount(file: string): number {
  if (!existsSync(file)) return 0;
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    return Number(database.prepare("select count(*) from sqlite_master where type = 'table'").pluck().get());
  } finally {
    database.close();
  }
}

/**
 * A consistent copy of a live SQLite database, taken while the server runs, through SQLite's
 * online backup API (better-sqlite3's backup()). The copy is checked (quick_check) and switched
 * out of WAL mode, so it is one self-contained file.
 */
export async function backupSqlite(sourceFile: string, destination: string): Promise<void> {
  if (!existsSync(sourceFile)) throw new BackupError(`There is no SQLite database at ${sourceFile}`);
  await writeWhole(destination, async (temporary) => {
    const source = new SqliteDatabase(sourceFile, { fileMustExist: true, timeout: 10_000 });
    try {
      await source.backup(temporary, { progress: copyAllPages });
    } finally {
      source.close();
    }
    const copy = new SqliteDatabase(temporary);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    checkIntegrity(temporary, 'The new backup');
  });
}

/**
 * Loads a backup into the configured SQLite file through the same backup API, run the other way:
 * SQLite writes the pages in one transaction and keeps the target's journal consistent (a stale
 * -wal file beside the target is never replayed over the restored pages). Refuses a target that
 * holds any table unless `force`.
 */
export async function restoreSqlite(
  backupFile: string,
  targetFile: string,
  options: { force: boolean },
): Promise<void> {
  checkIntegrity(backupFile, 'The backup');
  const tables = sqliteTableCount(targetFile);
  if (tables > 0 && !options.force) {
    throw new BackupError(
      `Refusing to overwrite ${targetFile}: it holds ${tables} tables. ` +
        'Stop the server, then run the restore again with --force to replace them.',
    );
  }
  ensurePrivateDirectory(dirname(targetFile));
  createPrivateFileIfMissing(targetFile);
  const backup = new SqliteDatabase(backupFile, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(targetFile, { progress: copyAllPages });
  } finally {
    backup.close();
  }
  checkIntegrity(targetFile, 'The restored database');
}
